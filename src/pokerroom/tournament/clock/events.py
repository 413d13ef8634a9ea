"""The director's clock actions (T-20) as logged, timestamped, frozen values; the clock's changes.

The log of these events, with the schedule, is the whole clock: nothing else is stored, so the
clock never drifts and a restart rebuilds it exactly. ``at`` is POSIX seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.i18n import _
from pokerroom.tournament.structure import Break, Level


def _duration(seconds: float) -> str:
    whole = round(seconds)
    minutes, secs = divmod(whole, 60)
    return f"{minutes}:{secs:02d}"


@dataclass(frozen=True, slots=True)
class DelayStart:
    """Move a start that has not happened yet later by ``minutes`` (002 2.1.4)."""

    at: float
    minutes: float

    def describe(self) -> str:
        return _("start delayed by {time}").format(time=_duration(self.minutes * 60))


@dataclass(frozen=True, slots=True)
class Pause:
    """Stop the clock: the level's time stands still and no new hand is dealt."""

    at: float

    def describe(self) -> str:
        return _("clock paused")


@dataclass(frozen=True, slots=True)
class Resume:
    """Restart a paused clock where it stopped."""

    at: float

    def describe(self) -> str:
        return _("clock resumed")


@dataclass(frozen=True, slots=True)
class CallBreak:
    """An unscheduled break of ``minutes`` now; the interrupted level resumes after it."""

    at: float
    minutes: float

    def describe(self) -> str:
        return _("unscheduled break of {time}").format(time=_duration(self.minutes * 60))


@dataclass(frozen=True, slots=True)
class AddTime:
    """Give the current level (or break) ``seconds`` more."""

    at: float
    seconds: float

    def describe(self) -> str:
        return _("{time} added").format(time=_duration(self.seconds))


@dataclass(frozen=True, slots=True)
class RemoveTime:
    """Take ``seconds`` off the current level (or break); at most the time left."""

    at: float
    seconds: float

    def describe(self) -> str:
        return _("{time} removed").format(time=_duration(self.seconds))


@dataclass(frozen=True, slots=True)
class EditLevel:
    """Replace the level numbered ``level.number``, which must not have started yet."""

    at: float
    level: Level

    def describe(self) -> str:
        return _("level {number} changed").format(number=self.level.number)


@dataclass(frozen=True, slots=True)
class InsertLevel:
    """Insert ``level`` so that it becomes level ``level.number``; later levels move up one."""

    at: float
    level: Level

    def describe(self) -> str:
        return _("level inserted as level {number}").format(number=self.level.number)


@dataclass(frozen=True, slots=True)
class RemoveLevel:
    """Drop level ``number``, which must not have started yet; later levels move down one."""

    at: float
    number: int

    def describe(self) -> str:
        return _("level {number} removed").format(number=self.number)


@dataclass(frozen=True, slots=True)
class ReviseLevel:
    """T-16: correct the level in progress (a blind typed wrong): its blinds and antes from
    the next hand dealt at each table, its length changed by the difference in minutes."""

    at: float
    level: Level

    def describe(self) -> str:
        return _("level {number} in progress changed").format(number=self.level.number)


@dataclass(frozen=True, slots=True)
class AddBreak:
    """Schedule a break after a level not yet over (T-10, T-20)."""

    at: float
    pause: Break

    def describe(self) -> str:
        return _("break of {time} after level {number}").format(
            time=_duration(self.pause.minutes * 60), number=self.pause.after_level
        )


ClockEvent = (
    DelayStart
    | Pause
    | Resume
    | CallBreak
    | AddTime
    | RemoveTime
    | EditLevel
    | InsertLevel
    | RemoveLevel
    | ReviseLevel
    | AddBreak
)
"""Every director action the clock logs (T-20)."""


@dataclass(frozen=True, slots=True)
class LevelStarted:
    """A level came into force at ``at`` (T-10); ``resumed`` after an unscheduled break."""

    at: float
    level: Level
    resumed: bool = False


@dataclass(frozen=True, slots=True)
class BreakStarted:
    """A break began at ``at``; an unscheduled one is shown as a break after the level it cut."""

    at: float
    pause: Break
    unscheduled: bool = False


ClockChange = LevelStarted | BreakStarted
"""What the clock itself announces as time passes, for the tournament's log."""
