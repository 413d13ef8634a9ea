"""The tournament clock (T-10, T-20): one per tournament, a pure function of its log and the time.

The clock stores only points in time: the schedule's start and the director's timestamped
events. Its whole state at any moment is :func:`clock_state` ``(schedule, events, now)``, so it
never drifts, survives a restart, and can be asked what it showed at any past moment.
:class:`Clock` is the live holder: it stamps the director's actions with its time source,
refuses bad ones with a named error that changes nothing, and undoes the last one.

A level's blinds take effect from the next hand dealt at each table: a table asks
:meth:`ClockState.level_for_new_hand` (or :meth:`Clock.level_for_hand_starting_at`) when it
deals; hands already running keep their level. No hand starts before the start, on a break,
or while the clock is paused.

>>> from pokerroom.tournament.structure import Break, Level
>>> from pokerroom.tournament.clock.timesource import SimulatedTime
>>> levels = (Level(1, 20, 25, 50), Level(2, 20, 50, 100), Level(3, 20, 75, 150))
>>> schedule = Schedule(levels, (Break(after_level=2, minutes=10),), start_at=0)
>>> time = SimulatedTime(0)
>>> clock = Clock(schedule, time)
>>> time.advance(25 * 60)
>>> state = clock.state()
>>> state.level.number, state.time_left
(2, 900.0)
>>> _ = clock.pause()
>>> time.advance(5 * 60)
>>> _ = clock.resume()
>>> _ = clock.add_time(120)
>>> clock.state().time_left
1020.0
>>> clock_state(schedule, clock.log, time.now()) == clock.state()
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pokerroom.i18n import N_
from pokerroom.said import Said
from pokerroom.tournament.clock.errors import NothingToUndoError
from pokerroom.tournament.clock.events import (
    AddTime,
    BreakStarted,
    CallBreak,
    ClockChange,
    ClockEvent,
    DelayStart,
    EditLevel,
    InsertLevel,
    LevelStarted,
    Pause,
    RemoveLevel,
    RemoveTime,
    Resume,
)
from pokerroom.tournament.clock.ledger import (
    MICROS,
    Kind,
    Ledger,
    Segment,
    advance,
    apply,
    micros,
    next_segment,
    replay,
)
from pokerroom.tournament.clock.next_level import next_level_now
from pokerroom.tournament.clock.schedule import Schedule
from pokerroom.tournament.clock.timesource import TimeSource
from pokerroom.tournament.structure import Break, Level

__all__ = ["Clock", "ClockState", "Schedule", "clock_changes", "clock_state"]


@dataclass(frozen=True, slots=True)
class ClockState:
    """What the clock shows at ``now``. Durations are seconds; ``now`` is POSIX seconds."""

    now: float
    schedule: Schedule
    """The schedule as the director has edited it so far (start delayed, levels changed)."""
    started: bool
    starts_in: float
    """Seconds until the start; 0 once started."""
    level: Level
    """The level in force; on a break, the level just played; before the start, level 1."""
    on_break: Break | None
    """The break being taken (an unscheduled one shows as a break after the level it cut)."""
    unscheduled_break: bool
    paused: bool
    time_left: float | None
    """Left in the current level or break; None in the last level once its time is up."""
    next_level: Level | None
    next_break: Break | None
    """The next scheduled break not yet begun, if a level follows it."""
    next_break_in: float | None
    """Clock seconds until that break begins (pauses not counted)."""
    elapsed: float
    """Seconds since the start, pauses and breaks included."""
    play_time: float
    """Seconds the clock has run in levels: pauses and breaks excluded."""

    @property
    def level_for_new_hand(self) -> Level | None:
        """The level a hand dealt now plays; None when no hand may start (break, pause, not yet)."""
        if not self.started or self.paused or self.on_break is not None:
            return None
        return self.level

    @property
    def changes_at(self) -> float | None:
        """When the clock next changes by itself (the start, a level's or break's end); None if
        it will not (paused, or the last level running on)."""
        if not self.started:
            return self.now + self.starts_in
        if self.paused or self.time_left is None:
            return None
        return self.now + self.time_left


def _break_value(ledger: Ledger) -> Break | None:
    segment = ledger.segment
    if segment.kind is Kind.BREAK:
        return ledger.schedule.break_after(segment.level)
    if segment.kind is Kind.CALLED_BREAK:
        return Break(after_level=segment.level, minutes=segment.length / MICROS / 60)
    return None


def _next_break(ledger: Ledger) -> tuple[Break, int] | None:
    """The next scheduled break ahead and the clock time until it begins."""
    schedule = ledger.schedule
    segment, total = ledger.segment, ledger.left
    while (following := next_segment(schedule, segment)) is not None:
        segment, length = following
        if segment.kind is Kind.BREAK:
            pause = schedule.break_after(segment.level)
            assert pause is not None
            return pause, total
        total += length
    return None


def _state(ledger: Ledger, now: float) -> ClockState:
    schedule = ledger.schedule
    start = micros(schedule.start_at)
    at = micros(now)
    current = ledger.segment.level
    overtime = ledger.left == 0 and next_segment(schedule, ledger.segment) is None
    ahead = _next_break(ledger)
    on_break = _break_value(ledger)
    return ClockState(
        now=now,
        schedule=schedule,
        started=ledger.started,
        starts_in=0.0 if ledger.started else (start - at) / MICROS,
        level=schedule.level(current),
        on_break=on_break,
        unscheduled_break=ledger.segment.kind is Kind.CALLED_BREAK,
        paused=ledger.paused,
        time_left=None if overtime else ledger.left / MICROS,
        next_level=schedule.levels[current] if current < len(schedule.levels) else None,
        next_break=None if ahead is None else ahead[0],
        next_break_in=None if ahead is None else ahead[1] / MICROS,
        elapsed=max(at - start, 0) / MICROS,
        play_time=ledger.play_time / MICROS,
    )


def _logged_until(events: Sequence[ClockEvent], now: float) -> list[ClockEvent]:
    return [event for event in events if event.at <= now]


def clock_state(schedule: Schedule, events: Sequence[ClockEvent], now: float) -> ClockState:
    """The clock at ``now`` from its schedule and log; events after ``now`` are not yet counted."""
    ledger = replay(schedule, _logged_until(events, now))
    return _state(advance(ledger, micros(now)), now)


def clock_changes(
    schedule: Schedule, events: Sequence[ClockEvent], until: float
) -> tuple[ClockChange, ...]:
    """Every level and break begun up to ``until``, in order, for the tournament's log."""
    changes: list[ClockChange] = []
    after_called_break = False

    def heard(at: int, segment: Segment, schedule: Schedule) -> None:
        nonlocal after_called_break
        seconds = at / MICROS
        if segment.kind is Kind.LEVEL:
            level = schedule.level(segment.level)
            changes.append(LevelStarted(seconds, level, resumed=after_called_break))
        elif segment.kind is Kind.BREAK:
            pause = schedule.break_after(segment.level)
            assert pause is not None
            changes.append(BreakStarted(seconds, pause))
        else:
            called = Break(after_level=segment.level, minutes=segment.length / MICROS / 60)
            changes.append(BreakStarted(seconds, called, unscheduled=True))
        after_called_break = segment.kind is Kind.CALLED_BREAK

    advance(replay(schedule, _logged_until(events, until), heard), micros(until), heard)
    return tuple(changes)


class Clock:
    """The live clock of one tournament: its log, its time source, and the director's controls.

    Every control stamps its event with the time source's ``now``, checks it, logs it and
    returns it; a refused one raises a ClockError and leaves the clock as it was.
    """

    __slots__ = ("_cursor", "_ledger", "_log", "_schedule", "_time")

    def __init__(
        self, schedule: Schedule, time: TimeSource, log: Iterable[ClockEvent] = ()
    ) -> None:
        self._schedule = schedule
        self._time = time
        self._log = tuple(log)
        self._ledger = replay(schedule, self._log)
        self._cursor = self._ledger

    @property
    def log(self) -> tuple[ClockEvent, ...]:
        return self._log

    @property
    def schedule(self) -> Schedule:
        """The schedule as first given (the start of the log's replay)."""
        return self._schedule

    def _at(self, now: float) -> Ledger:
        """The ledger at ``now``: advanced from the last query when it can (exact, so no drift)."""
        at = micros(now)
        logged_at = self._ledger.logged_at
        if logged_at is not None and at < logged_at:
            return advance(replay(self._schedule, _logged_until(self._log, now)), at)
        base = self._cursor if self._cursor.at <= at else self._ledger
        self._cursor = advance(base, at)
        return self._cursor

    def state(self, now: float | None = None) -> ClockState:
        """The clock now (by the time source), or at another moment ``now``."""
        moment = self._time.now() if now is None else now
        return _state(self._at(moment), moment)

    def level_for_hand_starting_at(self, now: float) -> Level | None:
        """The level of a hand dealt at ``now``; None if no hand may start then (T-10)."""
        ledger = self._at(now)
        if not ledger.started or ledger.paused or ledger.segment.kind is not Kind.LEVEL:
            return None
        return ledger.schedule.level(ledger.segment.level)

    def record(self, event: ClockEvent) -> ClockEvent:
        """Log an event already stamped (e.g. read back from storage) after checking it."""
        self._ledger = apply(self._ledger, event)
        self._cursor = self._ledger
        self._log = (*self._log, event)
        return event

    def undo(self) -> ClockEvent:
        """Take back the last director action: the clock is rebuilt from the log without it."""
        if not self._log:
            raise NothingToUndoError(Said(N_("there is no director action to undo")))
        *kept, last = self._log
        self._ledger = replay(self._schedule, kept)
        self._cursor = self._ledger
        self._log = tuple(kept)
        return last

    def delay_start(self, minutes: float) -> ClockEvent:
        return self.record(DelayStart(self._time.now(), minutes))

    def pause(self) -> ClockEvent:
        return self.record(Pause(self._time.now()))

    def resume(self) -> ClockEvent:
        return self.record(Resume(self._time.now()))

    def call_break(self, minutes: float) -> ClockEvent:
        return self.record(CallBreak(self._time.now(), minutes))

    def add_time(self, seconds: float) -> ClockEvent:
        return self.record(AddTime(self._time.now(), seconds))

    def remove_time(self, seconds: float) -> ClockEvent:
        return self.record(RemoveTime(self._time.now(), seconds))

    def next_level_now(self) -> ClockEvent:
        """The level (or break) running ends now: its time left, read at the same instant."""
        return self.record(next_level_now(self.state()))

    def edit_level(self, level: Level) -> ClockEvent:
        return self.record(EditLevel(self._time.now(), level))

    def insert_level(self, level: Level) -> ClockEvent:
        return self.record(InsertLevel(self._time.now(), level))

    def remove_level(self, number: int) -> ClockEvent:
        return self.record(RemoveLevel(self._time.now(), number))
