"""The live desk's own events, appended to the tournament log's union (T-20, T-6, beyond the seed).

Each director action at the live desk begins with a :class:`DirectorAction` naming it, so
the action's events (two bust-outs of one hand, the moves of a broken table) are undone
together; the clock's director actions (T-20) go in the same log as :class:`ClockAction`,
after the :class:`ClockStarted` that fixes the schedule's start.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.tournament.clock.events import ClockEvent


@dataclass(frozen=True, slots=True)
class DirectorAction:
    """One action at the live desk begins: what the director did, in his words."""

    at: float
    what: str


@dataclass(frozen=True, slots=True)
class ClockStarted:
    """T-10: the director started the clock; level 1 begins at ``at``."""

    at: float


@dataclass(frozen=True, slots=True)
class ClockAction:
    """T-20: the director acted on the clock (pause, break, time, a future level)."""

    at: float
    action: ClockEvent


@dataclass(frozen=True, slots=True)
class ButtonAt:
    """A live table's dealer button, as the director reports it: on ``seat`` in the hand
    being dealt there now (the software deals no cards, so it only knows what it is told)."""

    at: float
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class DealAgreed:
    """The players left agreed a deal (ICM or chip chop, beyond the seed): each player's
    money in ``amounts``; ``left_to_play`` goes to the winner of the rest."""

    at: float
    method: str
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    amounts: tuple[int, ...]
    left_to_play: int


LIVE_EVENTS = (DirectorAction, ClockStarted, ClockAction, ButtonAt, DealAgreed)
"""The live desk's events: the tournament's own state does not change with them."""
