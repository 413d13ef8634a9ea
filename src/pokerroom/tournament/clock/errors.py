"""Named errors of the tournament clock (T-10, T-20): each refused action changes nothing."""

from __future__ import annotations

from pokerroom.errors import PokerroomError


class ClockError(PokerroomError, ValueError):
    """A director's action or a schedule the clock cannot accept; the message says why."""


class ScheduleError(ClockError):
    """A level list or break list the clock cannot run (numbering, lengths, break places)."""


class EventOrderError(ClockError):
    """An event stamped earlier than the last event in the log: the log only goes forward."""


class NotStartedError(ClockError):
    """An action that needs a running tournament, asked for before the start."""


class AlreadyStartedError(ClockError):
    """Delaying a start that has already happened."""


class AlreadyPausedError(ClockError):
    """Pausing a clock that is already paused."""


class NotPausedError(ClockError):
    """Resuming a clock that is not paused."""


class OnBreakError(ClockError):
    """Calling a break while the tournament is already on one."""


class TimeRemovalError(ClockError):
    """Removing more time than is left in the current level or break."""


class LevelFixedError(ClockError):
    """Changing a level already played or in progress (T-20: only levels to come may change)."""


class UnknownLevelError(ClockError):
    """A level number the schedule does not have."""


class NothingToUndoError(ClockError):
    """Undo asked of a clock whose log holds no director action."""
