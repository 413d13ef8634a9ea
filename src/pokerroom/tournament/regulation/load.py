"""Load a tournament's regulation (T-3) from a TOML file, text, or the examples shipped inside.

>>> regulation = load_example("club-freezeout")
>>> regulation.format.value, regulation.game.label, regulation.starting_stack
('american', "No-limit Texas Hold'em", 20000)
>>> try:
...     parse_regulation('name = "x"', source="mine.toml")
... except RegulationError as error:
...     print(error)
mine.toml: game is missing; give [game] with variant and limit
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from pokerroom.i18n import N_
from pokerroom.said import Said, said_in
from pokerroom.tournament.regulation.fields import RegulationError
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.tournament.regulation.parse import regulation_from_document

_EXAMPLES = resources.files("pokerroom.tournament.regulation") / "examples"
_SUFFIX = ".toml"
TOO_DEEP = N_("arrays or tables nested too deeply; a regulation nests them a few levels at most")


def parse_regulation(text: str, *, source: str = "regulation") -> Regulation:
    """Check TOML text; errors start with ``source`` (usually the file's name)."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RegulationError(
            Said(N_("{source}: not valid TOML: {error}"), source=source, error=str(error))
        ) from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise RegulationError(
            Said("{source}: {error}", source=source, error=Said(TOO_DEEP))
        ) from None
    try:
        return regulation_from_document(document)
    except RegulationError as error:
        raise RegulationError(
            Said("{source}: {error}", source=source, error=said_in(error))
        ) from None


def load_regulation(path: Path) -> Regulation:
    """Read and check one regulation file."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RegulationError(
            Said(N_("{path}: not UTF-8 text, so not a TOML regulation"), path=str(path))
        ) from None
    except OSError as error:
        raise RegulationError(f"cannot read {path}: {error.strerror or error}") from None
    return parse_regulation(text, source=path.name)


def example_names() -> tuple[str, ...]:
    """The regulations shipped in the package, by name (the file name without ``.toml``)."""
    return tuple(
        sorted(
            entry.name.removesuffix(_SUFFIX)
            for entry in _EXAMPLES.iterdir()
            if entry.name.endswith(_SUFFIX)
        )
    )


def example_text(name: str) -> str:
    """The TOML text of a shipped example, to read or to copy and edit."""
    names = example_names()
    if name not in names:
        raise RegulationError(
            Said(
                N_("no example named {name}; the examples are {names}"),
                name=repr(name),
                names=", ".join(names),
            )
        )
    return (_EXAMPLES / f"{name}{_SUFFIX}").read_text(encoding="utf-8")


def load_example(name: str) -> Regulation:
    return parse_regulation(example_text(name), source=f"{name}{_SUFFIX}")
