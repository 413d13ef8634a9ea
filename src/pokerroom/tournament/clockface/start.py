"""When a standalone clock starts: the regulation's start if it is still ahead, else now.

A regulation gives a date and time, or a time of day (T-3); either may carry a time zone,
and without one it is the room's local time. A time of day means today. A start already
past (the clock opened late) starts the clock now.

>>> from datetime import datetime, timedelta
>>> from pokerroom.tournament.regulation import load_example
>>> start_moment(load_example("home-sit-and-go"), now=1_000.0)  # no start time given
1000.0
>>> turbo = load_example("turbo-reentry")  # starts 2024-06-07 21:00, local time
>>> ahead = datetime(2024, 6, 7, 20, 48).timestamp()
>>> round(start_moment(turbo, now=ahead) - ahead)
720
>>> start_moment(turbo, now=ahead + 3600) == ahead + 3600
True
"""

from __future__ import annotations

from datetime import datetime

from pokerroom.tournament.regulation.model import Regulation


def start_moment(regulation: Regulation, now: float) -> float:
    """POSIX seconds of the start: the regulation's when it is after ``now``, else ``now``."""
    start = regulation.start
    if start is None:
        return now
    if isinstance(start, datetime):
        moment = start.timestamp()  # a naive date-time is local time
    else:
        today = datetime.fromtimestamp(now, start.tzinfo).date()
        moment = datetime.combine(today, start).timestamp()
    return moment if moment > now else now
