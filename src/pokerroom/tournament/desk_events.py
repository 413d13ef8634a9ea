"""The director's own events in a tournament run on a server's tables (T-16, T-19).

A live desk names its actions (:class:`~pokerroom.tournament.live.events.DirectorAction`);
these are the ones that change the tournament or speak to its tables: a chip count
corrected, late registration ended early, an announcement for every table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ChipsCorrected:
    """T-16: the director set ``player``'s stack from ``before`` to ``after`` between his
    hands (a wrong count found), for ``reason``; the chips in play change by the difference."""

    at: float
    player: str
    before: int
    after: int
    reason: str


@dataclass(frozen=True, slots=True)
class LateRegistrationEnded:
    """T-16, T-19: late registration and re-entry closed early, during ``level``."""

    at: float
    level: int


@dataclass(frozen=True, slots=True)
class Announced:
    """The director's announcement, shown at every table of the tournament."""

    at: float
    text: str
