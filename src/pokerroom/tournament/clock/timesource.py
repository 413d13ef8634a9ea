"""Where the tournament clock gets the time (T-10): the real clock at the edge, simulated in tests.

Times are POSIX seconds (floats, UTC). The clock model never reads the time itself: it is
handed ``now``, so simulations run a day of levels in a moment and tests stop at any instant.

>>> time = SimulatedTime(1_000.0)
>>> time.advance(90)
>>> time.now()
1090.0
"""

from __future__ import annotations

import time as _time
from datetime import UTC, datetime
from typing import Protocol


class TimeSource(Protocol):
    """Anything that tells the current time in POSIX seconds."""

    def now(self) -> float: ...


class SystemTime:
    """The machine's clock: for a live tournament."""

    def now(self) -> float:
        return _time.time()


class SimulatedTime:
    """A clock moved by hand; it never goes backwards, like the real one."""

    __slots__ = ("_now",)

    def __init__(self, start: float = 0.0) -> None:
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError(f"simulated time cannot go back {-seconds} s; advance by 0 or more")
        self._now += seconds

    def advance_to(self, moment: float) -> None:
        """Jump to ``moment``; it must not be earlier than now."""
        self.advance(moment - self._now)


def posix_seconds(moment: datetime) -> float:
    """A timezone-aware datetime (a regulation's start time) as POSIX seconds."""
    if moment.tzinfo is None:
        raise ValueError(f"{moment.isoformat()} has no time zone; give one, e.g. +03:00 or Z")
    return moment.timestamp()


def utc_datetime(seconds: float) -> datetime:
    """POSIX seconds back as a UTC datetime, for display and storage."""
    return datetime.fromtimestamp(seconds, UTC)
