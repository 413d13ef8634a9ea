"""The live tournament's clock, rebuilt from its log (T-10, T-20): a restart loses nothing.

The clock is the schedule of the regulation started at the log's :class:`ClockStarted`,
with the director's :class:`ClockAction` values replayed; the time does the rest. The
console and a clock screen in another process read the same log and show the same clock.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.i18n import _, number_text
from pokerroom.tournament.clock import Clock, ClockState, Schedule
from pokerroom.tournament.clock.events import ClockEvent
from pokerroom.tournament.clock.state import clock_state
from pokerroom.tournament.clock.timesource import TimeSource
from pokerroom.tournament.events import TournamentEvent
from pokerroom.tournament.live.events import ClockAction, ClockStarted
from pokerroom.tournament.regulation.model import Regulation


def started_at(events: Sequence[TournamentEvent]) -> float | None:
    """When the director started the clock; None before."""
    return next((e.at for e in events if isinstance(e, ClockStarted)), None)


def schedule_of(regulation: Regulation, start: float) -> Schedule:
    return Schedule(regulation.levels, regulation.breaks, start)


def clock_log(events: Sequence[TournamentEvent]) -> tuple[ClockEvent, ...]:
    """The director's clock actions, in order."""
    return tuple(e.action for e in events if isinstance(e, ClockAction))


def live_clock(
    regulation: Regulation, events: Sequence[TournamentEvent], time: TimeSource
) -> Clock | None:
    """The running clock, to check a new action against; None before the start."""
    start = started_at(events)
    if start is None:
        return None
    return Clock(schedule_of(regulation, start), time, clock_log(events))


def live_clock_state(
    regulation: Regulation, events: Sequence[TournamentEvent], now: float
) -> ClockState | None:
    """The clock at ``now``; None before the director started it."""
    start = started_at(events)
    if start is None:
        return None
    return clock_state(schedule_of(regulation, start), clock_log(events), now)


def colour_up_notice(state: ClockState) -> str | None:
    """T-13: the chip-up notice for the floor: at a colour-up break, or the level before it."""
    pause = state.on_break
    if pause is not None and pause.color_up:
        chip = number_text(pause.color_up)
        return _("Colour-up now: race off the {chip} chips").format(chip=chip)
    coming = state.next_break
    if pause is not None or coming is None or coming.after_level != state.level.number:
        return None
    if not coming.color_up:
        return None
    chip = number_text(coming.color_up)
    return _("Colour-up at the break: the {chip} chips go").format(chip=chip)
