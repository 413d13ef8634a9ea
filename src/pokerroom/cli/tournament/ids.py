"""A tournament's id as a person types it in ``history`` and ``tournament export``.

Two stores number tournaments: the data directory's database (``tournament run``, the
director's console, older ``tournament play`` saves) and the terminal's own file
(``tournament play``, :mod:`pokerroom.storage.rooms.local_tournaments`). A bare number is
the first's, as it always was; ``p`` and a number (``p3``) is the terminal's tournament 3,
the one ``tournament play --resume 3`` sits down in again.

>>> tournament_ref("4", "ID"), tournament_ref("P3", "ID"), str(tournament_ref("p3", "ID"))
(TournamentRef(number=4, played=False), TournamentRef(number=3, played=True), 'p3')
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.cli.options import MAX_ID
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_

PLAYED = "p"
"""The mark of a tournament played at this terminal."""


@dataclass(frozen=True, slots=True)
class TournamentRef:
    """Tournament ``number`` of the database, or of the terminal's file (``played``)."""

    number: int
    played: bool

    def __str__(self) -> str:
        return f"{PLAYED}{self.number}" if self.played else str(self.number)


def tournament_ref(text: str, what: str) -> TournamentRef:
    """``text`` as an id; anything else is one line naming ``what`` and what it takes."""
    given = text.strip()
    played = given[:1].lower() == PLAYED
    digits = given[1:] if played else given
    if not digits.isdigit() or not 1 <= int(digits) <= MAX_ID:
        problem = N_(
            "{what} takes a tournament's id from pokerroom history --list (4, or p4 for "
            "one played at this terminal), got {given!r}"
        )
        raise UsageError(gettext(problem).format(what=what, given=text))
    return TournamentRef(int(digits), played)


def played_number(text: str) -> str:
    """``tournament play --resume``'s id: ``3`` or, as ``history`` lists it, ``p3``."""
    return text[1:] if text[:1].lower() == PLAYED else text
