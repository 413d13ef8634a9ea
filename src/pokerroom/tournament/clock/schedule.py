"""The clock's schedule (T-10): the start time, the levels in order and the breaks between them.

A break belongs to the level it follows: inserting or removing other levels moves it with that
level, so a colour-up (T-13) stays where the blinds no longer need the retired chip. A break
after the last level is taken only once a level is added after it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace

from pokerroom.i18n import N_
from pokerroom.said import Said
from pokerroom.tournament.clock.errors import ScheduleError, UnknownLevelError
from pokerroom.tournament.structure import Break, Level

_AMOUNTS = tuple(
    f.name for f in fields(Level) if f.name not in {"number", "minutes", "big_blind_ante"}
)


def check_level(level: Level, *, number: int) -> None:
    """A level the clock can run: the number expected, a positive length, no negative bet."""
    if level.number != number:
        raise ScheduleError(
            f"level numbered {level.number} is in place {number}; levels are numbered 1, 2, 3 … "
            "in order"
        )
    if not (math.isfinite(level.minutes) and level.minutes > 0):
        raise ScheduleError(
            f"level {number} lasts {level.minutes} minutes; a level lasts more than 0 minutes"
        )
    for name in _AMOUNTS:
        amount = getattr(level, name)
        if amount < 0:
            raise ScheduleError(f"level {number} has {name} {amount}; amounts are 0 or more")


def _check_break(pause: Break, level_count: int) -> None:
    if not 1 <= pause.after_level <= level_count:
        raise ScheduleError(
            f"a break after level {pause.after_level}: the schedule has levels 1 … {level_count}"
        )
    if not (math.isfinite(pause.minutes) and pause.minutes > 0):
        raise ScheduleError(
            f"the break after level {pause.after_level} lasts {pause.minutes} minutes; "
            "a break lasts more than 0 minutes"
        )


def _renumbered(levels: Iterable[Level]) -> tuple[Level, ...]:
    return tuple(replace(level, number=i) for i, level in enumerate(levels, start=1))


@dataclass(frozen=True, slots=True)
class Schedule:
    """When the tournament starts (POSIX seconds) and the levels and breaks it runs through."""

    levels: tuple[Level, ...]
    breaks: tuple[Break, ...]
    start_at: float

    def __post_init__(self) -> None:
        if not self.levels:
            raise ScheduleError("a schedule needs at least one level")
        for place, level in enumerate(self.levels, start=1):
            check_level(level, number=place)
        seen: set[int] = set()
        for pause in self.breaks:
            _check_break(pause, len(self.levels))
            if pause.after_level in seen:
                raise ScheduleError(
                    f"two breaks after level {pause.after_level}; one break at most per level"
                )
            seen.add(pause.after_level)
        if not math.isfinite(self.start_at):
            raise ScheduleError(f"start time {self.start_at} is not a time")
        object.__setattr__(self, "breaks", tuple(sorted(self.breaks, key=lambda b: b.after_level)))

    def level(self, number: int) -> Level:
        if not 1 <= number <= len(self.levels):
            raise UnknownLevelError(
                f"there is no level {number}; the schedule has levels 1 … {len(self.levels)}"
            )
        return self.levels[number - 1]

    def break_after(self, number: int) -> Break | None:
        for pause in self.breaks:
            if pause.after_level == number:
                return pause
        return None

    def delayed(self, seconds: float) -> Schedule:
        return replace(self, start_at=self.start_at + seconds)

    def with_level_edited(self, level: Level) -> Schedule:
        self.level(level.number)
        check_level(level, number=level.number)
        levels = list(self.levels)
        levels[level.number - 1] = level
        return replace(self, levels=tuple(levels))

    def with_break_added(self, pause: Break) -> Schedule:
        """A break after level ``pause.after_level``; one break at most after a level."""
        return Schedule(self.levels, (*self.breaks, pause), self.start_at)

    def with_level_inserted(self, level: Level) -> Schedule:
        place = level.number
        if not 1 <= place <= len(self.levels) + 1:
            raise UnknownLevelError(
                f"cannot insert a level {place}; a new level goes in places 1 … "
                f"{len(self.levels) + 1}"
            )
        check_level(level, number=place)
        levels = list(self.levels)
        levels.insert(place - 1, level)
        breaks = tuple(
            replace(b, after_level=b.after_level + 1) if b.after_level >= place else b
            for b in self.breaks
        )
        return Schedule(_renumbered(levels), breaks, self.start_at)

    def with_level_removed(self, number: int) -> Schedule:
        self.level(number)
        if len(self.levels) == 1:
            raise ScheduleError(
                Said(
                    N_("level {number} is the only level; a schedule keeps at least one"),
                    number=number,
                )
            )
        own = self.break_after(number)
        if own is not None and (number == 1 or self.break_after(number - 1) is not None):
            where = "before level 1" if number == 1 else f"a second break after level {number - 1}"
            raise ScheduleError(
                f"removing level {number} would move its break to {where}; "
                "remove or change the neighbouring level instead"
            )
        levels = [level for level in self.levels if level.number != number]
        breaks = tuple(
            replace(b, after_level=b.after_level - 1) if b.after_level >= number else b
            for b in self.breaks
        )
        return Schedule(_renumbered(levels), breaks, self.start_at)
