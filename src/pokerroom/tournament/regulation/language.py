"""The language a tournament's own papers speak: its clock screen, seat cards and printouts.

A regulation may fix it (``language = "ru"``): a club prints Russian seat cards while its
director works in Ukrainian. Without it they speak the language of whoever looks. The
words are those of the regulation's rule profile (``home``: seed 001's «Фолд»; else the
club's and the federation's).

>>> from pokerroom.i18n import current_language, gettext, use_language
>>> from pokerroom.tournament.regulation import load_example, parse_regulation, example_text
>>> russian = parse_regulation('language = "ru"\\n' + example_text("club-freezeout"))
>>> with use_language("uk"), in_regulation_language(russian):
...     current_language()
'ru'
>>> with use_language("uk"), in_regulation_language(load_example("club-freezeout")):
...     current_language()
'uk'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from pokerroom.i18n import (
    Language,
    current_language,
    use_language,
    vocabulary_of_profile,
)
from pokerroom.tournament.regulation.model import Regulation


def regulation_language(regulation: Regulation) -> Language:
    """The regulation's ``language``, else the current one (the process's or the viewer's)."""
    return regulation.language or current_language()


@contextmanager
def in_regulation_language(regulation: Regulation) -> Iterator[None]:
    """Word everything inside as the regulation's clock and papers speak."""
    with use_language(regulation_language(regulation), vocabulary_of_profile(regulation.profile)):
        yield
