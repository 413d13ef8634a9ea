"""A regulation's timetable as scheduled (T-10, T-19): when each level and break starts.

This is the plan printed before a tournament; the running clock (with the director's
pauses and edits, T-20) lives elsewhere and starts from these numbers.

>>> from pokerroom.tournament.regulation import load_example
>>> regulation = load_example("home-sit-and-go")
>>> [round(entry.starts_after) for entry in timetable(regulation)][:3]
[0, 10, 20]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from pokerroom.tournament.regulation.model import GameSpec, Regulation
from pokerroom.tournament.structure import Break, Level


@dataclass(frozen=True, slots=True)
class ScheduledLevel:
    level: Level
    starts_after: float
    """Minutes after the start."""
    game: GameSpec
    smallest_chip: int
    """T-13: the smallest chip in play during this level."""


@dataclass(frozen=True, slots=True)
class ScheduledBreak:
    pause: Break
    starts_after: float


def timetable(regulation: Regulation) -> Iterator[ScheduledLevel | ScheduledBreak]:
    """Every level and break in order, with the minute it starts."""
    elapsed = 0.0
    for level in regulation.levels:
        yield ScheduledLevel(
            level,
            elapsed,
            regulation.game.at_level(level.number),
            regulation.smallest_chip(level.number),
        )
        elapsed += level.minutes
        pause = regulation.break_after(level.number)
        if pause is not None:
            yield ScheduledBreak(pause, elapsed)
            elapsed += pause.minutes


def scheduled_minutes(regulation: Regulation) -> float:
    """Every level and break of the list; past it the last level goes on (T-10)."""
    return sum(level.minutes for level in regulation.levels) + sum(
        pause.minutes for pause in regulation.breaks
    )


def late_registration_closes(regulation: Regulation) -> float:
    """T-19: minutes after the start when late entries stop: when the level after N starts.

    The break right after level N still takes entries; 0 means no late registration.
    """
    return _level_starts(regulation, regulation.late_registration.until_level + 1)


def _level_starts(regulation: Regulation, number: int) -> float:
    if number > len(regulation.levels):
        return scheduled_minutes(regulation)
    return next(
        entry.starts_after
        for entry in timetable(regulation)
        if isinstance(entry, ScheduledLevel) and entry.level.number == number
    )


def clock_time(regulation: Regulation, minutes: float) -> datetime | time | None:
    """The wall-clock moment ``minutes`` after the regulation's start, if it has one."""
    start = regulation.start
    if start is None:
        return None
    if isinstance(start, datetime):
        return start + timedelta(minutes=minutes)
    moment = datetime.combine(datetime(2000, 1, 1), start) + timedelta(minutes=minutes)
    return moment.time().replace(tzinfo=start.tzinfo)


def duration_text(minutes: float) -> str:
    """``h:mm`` for a span of minutes (seconds rounded to the minute)."""
    whole = round(minutes)
    return f"{whole // 60}:{whole % 60:02d}"
