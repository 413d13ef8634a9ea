"""Which reader a history file needs: named, or told by the file's first line."""

from __future__ import annotations

from pokerroom.errors import UsageError
from pokerroom.history.imports.check import ImportedHand
from pokerroom.history.imports.poker_now import read_poker_now
from pokerroom.history.imports.pokerstars import read_pokerstars
from pokerroom.history.imports.problems import Problem
from pokerroom.i18n import gettext as _

FORMATS = ("pokerstars", "pokernow", "auto")


def _guess(text: str) -> str:
    first = next((line for line in text.lstrip("\ufeff").splitlines() if line.strip()), "")
    if first.replace(" ", "").lower().startswith("entry,at,order"):
        return "pokernow"
    return "pokerstars"


def read_history(
    text: str, format_name: str = "auto", hero: str | None = None
) -> tuple[list[ImportedHand], list[Problem]]:
    """The hands of a history file in ``format_name`` (``auto``: as its first line says).

    ``hero`` names the Poker Now log's downloader (PokerStars names him: "Dealt to")."""
    if format_name not in FORMATS:
        raise UsageError(
            _("unknown history format {name}; allowed: {allowed}").format(
                name=format_name, allowed=", ".join(FORMATS)
            )
        )
    chosen = _guess(text) if format_name == "auto" else format_name
    if chosen == "pokernow":
        return read_poker_now(text, hero)
    return read_pokerstars(text)
