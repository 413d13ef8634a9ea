"""The clock's fold (T-10, T-20): the schedule and the director's events replayed to one instant.

All arithmetic is in whole microseconds, so replaying a log, or advancing in many small steps
instead of one, gives exactly the same clock. A ledger is the clock as of its ``at``: the
segment running (a level, a scheduled break, an unscheduled break), the time left in it, and
the time played so far.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from pokerroom.i18n import N_
from pokerroom.said import Said
from pokerroom.tournament.clock.errors import (
    AlreadyPausedError,
    AlreadyStartedError,
    ClockError,
    EventOrderError,
    LevelFixedError,
    NotPausedError,
    NotStartedError,
    OnBreakError,
    ScheduleError,
    TimeRemovalError,
    UnknownLevelError,
)
from pokerroom.tournament.clock.events import (
    AddBreak,
    AddTime,
    CallBreak,
    ClockEvent,
    DelayStart,
    EditLevel,
    InsertLevel,
    Pause,
    RemoveLevel,
    RemoveTime,
    Resume,
    ReviseLevel,
)
from pokerroom.tournament.clock.schedule import Schedule
from pokerroom.tournament.structure import Level

MICROS = 1_000_000


def micros(seconds: float) -> int:
    return round(seconds * MICROS)


def mm_ss(us: int) -> str:
    """A duration as m:ss, seconds rounded up, as a countdown shows it."""
    minutes, secs = divmod(-(-us // MICROS), 60)
    return f"{minutes}:{secs:02d}"


class Kind(enum.Enum):
    LEVEL = "level"
    BREAK = "break"
    CALLED_BREAK = "unscheduled break"


@dataclass(frozen=True, slots=True)
class Segment:
    """What the clock is running: ``level`` is the level in force, or the one just played."""

    kind: Kind
    level: int
    length: int = 0
    """An unscheduled break's length as called."""
    resume_left: int = 0
    """An unscheduled break: the time its interrupted level still had."""


@dataclass(frozen=True, slots=True)
class Ledger:
    schedule: Schedule
    at: int
    started: bool
    segment: Segment
    left: int
    paused: bool
    play_time: int
    logged_at: int | None
    """The time of the last event applied; later events may not be earlier."""

    @property
    def played(self) -> int:
        """The last level already played or in progress: fixed from now on (T-20)."""
        return self.segment.level if self.started else 0


def initial(schedule: Schedule) -> Ledger:
    """The clock before anything happened; its level's time is set when the start comes."""
    start = micros(schedule.start_at)
    return Ledger(schedule, start, False, Segment(Kind.LEVEL, 1), 0, False, 0, None)


def _length(schedule: Schedule, segment: Segment) -> int:
    if segment.kind is Kind.LEVEL:
        return micros(schedule.level(segment.level).minutes * 60)
    pause = schedule.break_after(segment.level)
    assert pause is not None
    return micros(pause.minutes * 60)


def next_segment(schedule: Schedule, segment: Segment) -> tuple[Segment, int] | None:
    """The segment after this one and its full length; None after the last level (it runs on)."""
    if segment.kind is Kind.CALLED_BREAK:
        return Segment(Kind.LEVEL, segment.level), segment.resume_left
    if segment.kind is Kind.BREAK:
        following = Segment(Kind.LEVEL, segment.level + 1)
        return following, _length(schedule, following)
    if segment.level == len(schedule.levels):
        return None
    if schedule.break_after(segment.level) is not None:
        taken = Segment(Kind.BREAK, segment.level)
        return taken, _length(schedule, taken)
    following = Segment(Kind.LEVEL, segment.level + 1)
    return following, _length(schedule, following)


Entered = Callable[[int, Segment, Schedule], None]
"""Hears a segment begun: the moment, the segment, the schedule that names it."""


def advance(ledger: Ledger, at: int, entered: Entered | None = None) -> Ledger:
    """The ledger at ``at`` (not earlier than ``ledger.at``) with no event between.

    ``entered`` hears each segment begun on the way, with the moment it began.
    """
    start = micros(ledger.schedule.start_at)
    if not ledger.started:
        if at < start:
            return replace(ledger, at=at)
        first = Segment(Kind.LEVEL, 1)
        ledger = replace(
            ledger, at=start, started=True, segment=first, left=_length(ledger.schedule, first)
        )
        if entered is not None:
            entered(start, first, ledger.schedule)
    run = 0 if ledger.paused else at - ledger.at
    moment = ledger.at
    segment, left, play = ledger.segment, ledger.left, ledger.play_time
    while True:
        step = min(run, left)
        run -= step
        left -= step
        moment += step
        if segment.kind is Kind.LEVEL:
            play += step
        if left > 0:
            break
        following = next_segment(ledger.schedule, segment)
        if following is None:
            play += run  # the last level runs on until the tournament ends
            break
        segment, left = following
        if entered is not None:
            entered(moment, segment, ledger.schedule)
    return replace(ledger, at=at, segment=segment, left=left, play_time=play)


_SEGMENT_WORDS = {
    Kind.LEVEL: N_("level"),
    Kind.BREAK: N_("break"),
    Kind.CALLED_BREAK: N_("unscheduled break"),
}
"""A segment's kind as a refusal names it (its ``value`` in English)."""


def _positive(amount: float, what: str) -> None:
    if not (math.isfinite(amount) and amount > 0):
        raise ClockError(
            Said(N_("{what} of {amount}: it must be more than 0"), what=Said(what), amount=amount)
        )


def _require_started(ledger: Ledger, action: str) -> None:
    if not ledger.started:
        raise NotStartedError(
            Said(
                N_(
                    "cannot {action}: the tournament has not started yet; delay the start or "
                    "edit the levels instead"
                ),
                action=Said(action),
            )
        )


def _require_future(ledger: Ledger, number: int, action: str) -> None:
    """T-20: levels already played, and the one in progress, are fixed."""
    if number < 1:
        raise UnknownLevelError(
            Said(N_("there is no level {number}; levels are numbered from 1"), number=number)
        )
    if number > ledger.played:
        return
    why = N_("was already played")
    if number == ledger.played and ledger.segment.kind is Kind.LEVEL:
        why = N_("is in progress")
    elif number == ledger.played and ledger.segment.kind is Kind.CALLED_BREAK:
        why = N_("is in progress (interrupted by a break)")
    raise LevelFixedError(
        Said(
            N_(
                "cannot {action} level {number}: it {why}; only levels not yet played "
                "({next} and later) can change (T-20)"
            ),
            action=Said(action),
            number=number,
            why=Said(why),
            next=ledger.played + 1,
        )
    )


def _act(ledger: Ledger, event: ClockEvent) -> Ledger:
    """The director's action on a ledger already advanced to the action's time."""
    schedule = ledger.schedule
    match event:
        case DelayStart(minutes=minutes):
            _positive(minutes, N_("a delay"))
            if ledger.started:
                raise AlreadyStartedError(
                    Said(
                        N_(
                            "cannot delay the start: the tournament has already started; "
                            "pause the clock or call a break instead"
                        )
                    )
                )
            return replace(ledger, schedule=schedule.delayed(minutes * 60))
        case Pause():
            _require_started(ledger, N_("pause the clock"))
            if ledger.paused:
                raise AlreadyPausedError(Said(N_("the clock is already paused; resume it first")))
            return replace(ledger, paused=True)
        case Resume():
            if not ledger.paused:
                raise NotPausedError(
                    Said(N_("the clock is not paused; there is nothing to resume"))
                )
            return replace(ledger, paused=False)
        case CallBreak(minutes=minutes):
            _positive(minutes, N_("a break"))
            _require_started(ledger, N_("call a break"))
            if ledger.paused:
                raise AlreadyPausedError(
                    Said(N_("the clock is paused; resume it before calling a break"))
                )
            if ledger.segment.kind is not Kind.LEVEL:
                raise OnBreakError(
                    Said(
                        N_("the tournament is already on a break; add time to it for a longer one")
                    )
                )
            length = micros(minutes * 60)
            called = Segment(Kind.CALLED_BREAK, ledger.played, length, ledger.left)
            return replace(ledger, segment=called, left=length)
        case AddTime(seconds=seconds):
            _positive(seconds, N_("added time"))
            _require_started(ledger, N_("add time"))
            return replace(ledger, left=ledger.left + micros(seconds))
        case RemoveTime(seconds=seconds):
            _positive(seconds, N_("removed time"))
            _require_started(ledger, N_("remove time"))
            taken = micros(seconds)
            if taken > ledger.left:
                raise TimeRemovalError(
                    Said(
                        N_(
                            "cannot remove {taken}: only {left} is left in the current "
                            "{segment}; remove at most that"
                        ),
                        taken=mm_ss(taken),
                        left=mm_ss(ledger.left),
                        segment=Said(_SEGMENT_WORDS[ledger.segment.kind]),
                    )
                )
            return replace(ledger, left=ledger.left - taken)
        case EditLevel(level=level):
            _require_future(ledger, level.number, N_("change"))
            return replace(ledger, schedule=schedule.with_level_edited(level))
        case InsertLevel(level=level):
            _require_future(ledger, level.number, N_("insert a level in place of"))
            return replace(ledger, schedule=schedule.with_level_inserted(level))
        case RemoveLevel(number=number):
            _require_future(ledger, number, N_("remove"))
            if ledger.segment.kind is Kind.BREAK and number == len(schedule.levels):
                raise ScheduleError(
                    Said(
                        N_(
                            "cannot remove level {number}: it is the only level after this "
                            "break; insert another level first"
                        ),
                        number=number,
                    )
                )
            return replace(ledger, schedule=schedule.with_level_removed(number))
        case ReviseLevel(level=level):
            return _revised(ledger, level)
        case AddBreak(pause=pause):
            _require_break_ahead(ledger, pause.after_level)
            return replace(ledger, schedule=schedule.with_break_added(pause))


def _revised(ledger: Ledger, level: Level) -> Ledger:
    """T-16: the level in progress corrected; its time left moves by the change in length."""
    _require_started(ledger, N_("change the level in progress"))
    segment, number = ledger.segment, ledger.segment.level
    if segment.kind is Kind.BREAK or level.number != number:
        raise LevelFixedError(
            Said(
                N_(
                    "level {number} is not in progress (the break is); change levels to come "
                    "({next} and later) with an edit instead (T-20)"
                )
                if segment.kind is Kind.BREAK
                else N_(
                    "level {number} is not in progress (level {current} is); change levels to "
                    "come ({next} and later) with an edit instead (T-20)"
                ),
                number=level.number,
                current=number,
                next=ledger.played + 1,
            )
        )
    schedule = ledger.schedule.with_level_edited(level)
    change = micros((level.minutes - ledger.schedule.level(number).minutes) * 60)
    left = segment.resume_left if segment.kind is Kind.CALLED_BREAK else ledger.left
    if left + change < 0:
        shortest = math.ceil(ledger.schedule.level(number).minutes - left / MICROS / 60)
        raise TimeRemovalError(
            Said(
                N_(
                    "level {number} has {left} left, so it can be that much shorter at most: "
                    "give it {shortest} min or more"
                ),
                number=number,
                left=mm_ss(left),
                shortest=shortest,
            )
        )
    if segment.kind is Kind.CALLED_BREAK:
        called = replace(segment, resume_left=left + change)
        return replace(ledger, schedule=schedule, segment=called)
    return replace(ledger, schedule=schedule, left=left + change)


def _require_break_ahead(ledger: Ledger, after: int) -> None:
    """A new break follows a level not yet over (T-20)."""
    on_break = ledger.segment.kind is Kind.BREAK
    if not ledger.started or after > ledger.played or (after == ledger.played and not on_break):
        return
    first = ledger.played + 1 if on_break else ledger.played
    raise LevelFixedError(
        Said(
            N_("level {after} is over; a new break goes after level {first} or later"),
            after=after,
            first=first,
        )
    )


def apply(ledger: Ledger, event: ClockEvent, entered: Entered | None = None) -> Ledger:
    """The ledger after one more event; a refused event raises a ClockError and changes nothing."""
    at = micros(event.at)
    if ledger.logged_at is not None and at < ledger.logged_at:
        raise EventOrderError(
            f"{event.describe()} is stamped before the last logged action; "  # machine words
            "the log only goes forward in time"
        )
    moved = advance(ledger, at, entered)
    acted = _act(moved, event)
    if entered is not None and acted.segment != moved.segment:
        entered(at, acted.segment, acted.schedule)  # an unscheduled break begins now
    return replace(advance(acted, at, entered), logged_at=at)


def replay(
    schedule: Schedule, events: Iterable[ClockEvent], entered: Entered | None = None
) -> Ledger:
    """The ledger after the whole log: the clock rebuilt after a restart."""
    ledger = initial(schedule)
    for event in events:
        ledger = apply(ledger, event, entered)
    return ledger
