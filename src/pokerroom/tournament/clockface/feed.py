"""Where a clock screen reads the tournament from: a feed it polls a few times a second.

The screen only ever calls :meth:`ClockFeed.poll`; what stands behind it is the feed's
business. :class:`StandaloneFeed` is a clock run at this keyboard from a regulation file
(a home game, or a live room without the director's console). A feed that follows a
tournament saved by the console reads the regulation, the clock's log and the tournament's
events from the database on each poll, and gives the same :class:`FeedReading`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pokerroom.tournament.clock import Clock, ClockState, Schedule
from pokerroom.tournament.clock.timesource import TimeSource
from pokerroom.tournament.clockface.field import Field
from pokerroom.tournament.regulation.model import Regulation


@dataclass(frozen=True, slots=True)
class FeedReading:
    """Everything the screen draws from: the rules, the clock at this moment, the field."""

    regulation: Regulation
    state: ClockState
    field: Field | None
    """None when nobody told the clock the field (a standalone clock without --entrants)."""


class ClockFeed(Protocol):
    """A source of readings; ``poll`` is cheap enough to call several times a second."""

    def poll(self) -> FeedReading: ...


class StandaloneFeed:
    """A regulation's clock driven from this keyboard, with a field that does not change."""

    __slots__ = ("clock", "field", "regulation")

    def __init__(self, regulation: Regulation, clock: Clock, field: Field | None) -> None:
        self.regulation = regulation
        self.clock = clock
        """The clock the keys act on, through its own director methods (T-20)."""
        self.field = field

    @classmethod
    def starting(
        cls, regulation: Regulation, start_at: float, time: TimeSource, field: Field | None
    ) -> StandaloneFeed:
        """A new clock for ``regulation`` starting at ``start_at`` (POSIX seconds)."""
        schedule = Schedule(regulation.levels, regulation.breaks, start_at)
        return cls(regulation, Clock(schedule, time), field)

    def poll(self) -> FeedReading:
        return FeedReading(self.regulation, self.clock.state(), self.field)
