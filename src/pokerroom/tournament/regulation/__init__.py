"""A tournament's regulation (T-3): the TOML file that fixes everything before the first card.

``model`` holds the values, ``parse`` and ``fields``/``levels`` check a document field by field,
``load`` reads files and the shipped examples, ``schedule`` gives the planned timetable.
"""

from pokerroom.tournament.regulation.fields import RegulationError
from pokerroom.tournament.regulation.language import in_regulation_language, regulation_language
from pokerroom.tournament.regulation.load import (
    example_names,
    example_text,
    load_example,
    load_regulation,
    parse_regulation,
)
from pokerroom.tournament.regulation.model import Regulation

__all__ = [
    "Regulation",
    "RegulationError",
    "example_names",
    "example_text",
    "in_regulation_language",
    "load_example",
    "load_regulation",
    "parse_regulation",
    "regulation_language",
]
