"""The tournament clock: levels and breaks (T-10), the director's control of it (T-20)."""

from __future__ import annotations

import time as real_time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.tournament.clock.errors import (
    AlreadyPausedError,
    AlreadyStartedError,
    ClockError,
    EventOrderError,
    LevelFixedError,
    NothingToUndoError,
    NotPausedError,
    NotStartedError,
    OnBreakError,
    ScheduleError,
    TimeRemovalError,
    UnknownLevelError,
)
from pokerroom.tournament.clock.events import BreakStarted, LevelStarted, Resume
from pokerroom.tournament.clock.render import countdown, render_clock
from pokerroom.tournament.clock.schedule import Schedule
from pokerroom.tournament.clock.state import Clock, ClockState, clock_changes, clock_state
from pokerroom.tournament.clock.timesource import (
    SimulatedTime,
    SystemTime,
    posix_seconds,
    utc_datetime,
)
from pokerroom.tournament.structure import Break, Level

T0 = 1_700_000_000.0  # a real start time: POSIX seconds, as a live tournament has
MIN = 60.0
LEVELS = (
    Level(1, 20, 25, 50),
    Level(2, 20, 50, 100),
    Level(3, 20, 100, 200, ante=25),
)
BREAK = Break(after_level=2, minutes=10, color_up=25)
SCHEDULE = Schedule(LEVELS, (BREAK,), start_at=T0)


def live(minutes: float = 0.0) -> tuple[Clock, SimulatedTime]:
    """A clock on the three-level schedule, its simulated time at ``minutes`` after the start."""
    time = SimulatedTime(T0 + minutes * MIN)
    return Clock(SCHEDULE, time), time


def at(clock: Clock, minutes: float) -> ClockState:
    return clock.state(T0 + minutes * MIN)


# --- T-10: levels and scheduled breaks on one clock -------------------------------------------


def test_t10_levels_and_a_scheduled_break_run_from_the_start_time() -> None:
    """T-10: 20-minute levels, a 10-minute break after level 2, the last level running on."""
    clock, _ = live()
    before = at(clock, -1)
    assert (before.started, before.starts_in, before.level.number) == (False, 60.0, 1)
    assert before.level_for_new_hand is None
    assert (at(clock, 0).level.number, at(clock, 0).time_left) == (1, 20 * MIN)
    assert (at(clock, 19.5).level.number, at(clock, 19.5).time_left) == (1, 30.0)
    assert at(clock, 20).level.number == 2  # the level changes exactly on time
    on_break = at(clock, 45)
    assert on_break.on_break == BREAK and on_break.level.number == 2
    assert on_break.time_left == 5 * MIN and on_break.next_level == LEVELS[2]
    assert on_break.level_for_new_hand is None  # no hand starts during a break
    third = at(clock, 50)
    assert (third.level, third.on_break, third.time_left) == (LEVELS[2], None, 20 * MIN)
    overtime = at(clock, 95)
    assert overtime.level == LEVELS[2] and overtime.time_left is None  # plays on to the end
    assert overtime.level_for_new_hand == LEVELS[2]
    assert (overtime.elapsed, overtime.play_time) == (95 * MIN, 85 * MIN)


def test_t10_next_break_and_next_level_are_announced() -> None:
    """T-10."""
    clock, _ = live()
    state = at(clock, 5)
    assert state.next_level == LEVELS[1]
    assert (state.next_break, state.next_break_in) == (BREAK, 35 * MIN)
    assert at(clock, 45).next_break is None  # the only break is being taken
    assert at(clock, 45).changes_at == T0 + 50 * MIN


def test_t10_blinds_take_effect_from_the_next_hand_dealt() -> None:
    """T-10: a hand dealt at 19:50 plays level 1 to its end; the next hand dealt plays level 2."""
    clock, _ = live()
    hand_dealt_late_in_level_1 = clock.level_for_hand_starting_at(T0 + 19 * MIN + 50)
    assert hand_dealt_late_in_level_1 == LEVELS[0]
    assert clock.level_for_hand_starting_at(T0 + 22 * MIN) == LEVELS[1]
    assert clock.level_for_hand_starting_at(T0 + 41 * MIN) is None  # on the break
    assert clock.level_for_hand_starting_at(T0 - 1) is None  # before the start


def test_t10_the_clock_does_not_drift_over_a_day_of_small_queries() -> None:
    """T-10: asked every 7 seconds for 30 hours, the clock agrees with one query at the end."""
    levels = tuple(Level(n, 20, 25 * n, 50 * n) for n in range(1, 40))
    schedule = Schedule(levels, (Break(4, 15), Break(8, 15), Break(12, 15)), start_at=T0)
    clock = Clock(schedule, SimulatedTime(T0))
    for step in range(0, 30 * 3600, 7):
        clock.state(T0 + step + 0.1)
    end = T0 + 30 * 3600 + 0.1
    assert clock.state(end) == clock_state(schedule, (), end)
    assert clock.state(end).level.number == 39 and clock.state(end).time_left is None


def test_t10_clock_changes_list_every_level_and_break_begun() -> None:
    """T-10: the changes the tournament's log records, with their times."""
    clock, _ = live(10)
    clock.call_break(5)
    assert clock_changes(SCHEDULE, clock.log, T0 + 60 * MIN) == (
        LevelStarted(T0, LEVELS[0]),
        BreakStarted(T0 + 10 * MIN, Break(after_level=1, minutes=5), unscheduled=True),
        LevelStarted(T0 + 15 * MIN, LEVELS[0], resumed=True),
        LevelStarted(T0 + 25 * MIN, LEVELS[1]),
        BreakStarted(T0 + 45 * MIN, BREAK),
        LevelStarted(T0 + 55 * MIN, LEVELS[2]),
    )


# --- T-20: the director's control of the clock --------------------------------------------------


def test_t20_pause_five_minutes_and_add_two_then_restart_from_the_log() -> None:
    """T-20: pause at 10:00 for five minutes, add two minutes at 16:00; the log rebuilds it."""
    clock, time = live(10)
    clock.pause()
    time.advance(5 * MIN)
    paused = clock.state()
    assert paused.paused and paused.time_left == 10 * MIN
    assert paused.level_for_new_hand is None  # play stops while the director pauses
    clock.resume()
    time.advance(1 * MIN)
    clock.add_time(2 * MIN)
    assert clock.state().time_left == 11 * MIN
    assert at(clock, 26.5).level.number == 1
    assert at(clock, 27).level.number == 2  # 20 minutes + 5 paused + 2 added
    assert at(clock, 47).on_break == BREAK
    assert at(clock, 57).level == LEVELS[2]
    assert at(clock, 80).play_time == 80 * MIN - 5 * MIN - 10 * MIN
    for minutes in (16, 20.25, 33.3, 49.99, 58, 200):
        restarted = Clock(SCHEDULE, SimulatedTime(T0 + minutes * MIN), clock.log)
        assert restarted.state() == at(clock, minutes)
        assert restarted.state() == clock_state(SCHEDULE, clock.log, T0 + minutes * MIN)


def test_t20_delay_the_start() -> None:
    """T-20 (002 2.1.4): the director may move the start."""
    clock, _ = live(-30)
    clock.delay_start(15)
    assert at(clock, 10).started is False
    assert at(clock, 10).starts_in == 5 * MIN
    assert at(clock, 15).level.number == 1 and at(clock, 35).level.number == 2
    assert at(clock, 35).elapsed == 20 * MIN


def test_t20_unscheduled_break_interrupts_the_level_which_then_resumes() -> None:
    """T-20: a 15-minute break called at 5:00; level 1 resumes with its 15 minutes."""
    clock, time = live(5)
    clock.call_break(15)
    state = clock.state()
    assert state.unscheduled_break and state.on_break == Break(after_level=1, minutes=15)
    assert state.level_for_new_hand is None
    time.advance(15 * MIN)
    back = clock.state()
    assert (back.level, back.on_break, back.time_left) == (LEVELS[0], None, 15 * MIN)
    assert at(clock, 35).level.number == 2
    assert "Unscheduled break after level 1" in render_clock(state)


def test_t20_remove_time_ends_the_level_early() -> None:
    """T-20: removing all that is left starts the next level now."""
    clock, time = live(8)
    clock.remove_time(12 * MIN)
    assert clock.state().level.number == 2 and clock.state().time_left == 20 * MIN
    time.advance(20 * MIN)
    assert clock.state().on_break == BREAK


def test_t20_time_added_to_a_break_lengthens_it() -> None:
    """T-20."""
    clock, _ = live(42)
    clock.add_time(5 * MIN)
    assert at(clock, 54).on_break == BREAK
    assert at(clock, 55).level == LEVELS[2]


def test_t20_edit_insert_and_remove_levels_still_to_come() -> None:
    """T-20: levels not yet played can change; the break stays with the level it follows."""
    clock, _ = live(5)
    faster = Level(3, 10, 100, 200, ante=50)
    clock.edit_level(faster)
    assert at(clock, 50).level == faster
    assert at(clock, 60).time_left is None  # the 10-minute last level is over
    clock.insert_level(Level(3, 20, 75, 150))
    assert at(clock, 40).on_break == BREAK  # still after level 2
    assert at(clock, 50).level == Level(3, 20, 75, 150)
    assert at(clock, 70).level == replace(faster, number=4)
    clock.remove_level(2)  # level 2's break moves to follow level 1
    assert at(clock, 20).on_break == Break(after_level=1, minutes=10, color_up=25)
    assert at(clock, 30).level == Level(2, 20, 75, 150)


def test_t20_a_level_inserted_after_the_last_one_ends_its_open_time() -> None:
    """T-20: the last level runs on until the director adds another."""
    clock, time = live(80)
    assert clock.state().time_left is None
    clock.insert_level(Level(4, 20, 200, 400, ante=50))
    state = clock.state()
    assert (state.level.number, state.time_left) == (4, 20 * MIN)
    time.advance(20 * MIN)
    assert clock.state().time_left is None


def test_t20_levels_played_or_in_progress_are_fixed() -> None:
    """T-20: the error names the level and why it is fixed."""
    clock, _ = live(25)
    with pytest.raises(LevelFixedError, match=r"level 1: it was already played.*3 and later"):
        clock.edit_level(Level(1, 20, 10, 20))
    with pytest.raises(LevelFixedError, match=r"level 2: it is in progress"):
        clock.remove_level(2)
    with pytest.raises(LevelFixedError, match=r"level 2: it is in progress"):
        clock.insert_level(Level(2, 20, 10, 20))
    on_break, _ = live(45)
    with pytest.raises(LevelFixedError, match=r"level 2: it was already played"):
        on_break.edit_level(Level(2, 20, 10, 20))
    on_break.edit_level(Level(3, 15, 100, 200))  # the level after the break is still to come


def _refused(
    clock: Clock, action: Callable[[], object], error: type[ClockError], message: str
) -> None:
    """The action raises the named error and changes neither the log nor the clock."""
    log, shown = clock.log, clock.state()
    with pytest.raises(error, match=message):
        action()
    assert clock.log == log
    assert clock.state() == shown


def test_t20_bad_actions_are_named_errors_that_change_nothing() -> None:
    """T-20."""
    clock, _ = live(5)
    _refused(clock, clock.resume, NotPausedError, "not paused")
    _refused(clock, lambda: clock.remove_time(16 * MIN), TimeRemovalError, "only 15:00 is left")
    _refused(clock, lambda: clock.delay_start(5), AlreadyStartedError, "already started")
    _refused(clock, lambda: clock.add_time(0), ClockError, "must be more than 0")
    _refused(clock, lambda: clock.edit_level(Level(9, 20)), UnknownLevelError, "no level 9")
    _refused(clock, lambda: clock.remove_level(0), UnknownLevelError, "numbered from 1")
    _refused(clock, lambda: clock.edit_level(Level(3, 0)), ScheduleError, "more than 0 minutes")
    clock.pause()
    _refused(clock, clock.pause, AlreadyPausedError, "already paused")
    _refused(clock, lambda: clock.call_break(10), AlreadyPausedError, "resume it before")
    _refused(clock, lambda: clock.record(Resume(T0)), EventOrderError, "only goes forward")
    clock.resume()
    clock.call_break(10)
    _refused(clock, lambda: clock.call_break(10), OnBreakError, "already on a break")
    early, _ = live(-10)
    _refused(early, early.pause, NotStartedError, "has not started")
    _refused(early, lambda: early.add_time(60), NotStartedError, "has not started")
    _refused(early, early.undo, NothingToUndoError, "no director action")


def test_t20_removing_a_level_never_leaves_two_breaks_in_a_row() -> None:
    """T-20."""
    breaks = (Break(1, 10), Break(2, 10))
    schedule = Schedule(LEVELS, breaks, start_at=T0)
    clock = Clock(schedule, SimulatedTime(T0 - 60))
    with pytest.raises(ScheduleError, match="a second break after level 1"):
        clock.remove_level(2)
    with pytest.raises(ScheduleError, match="before level 1"):
        clock.remove_level(1)
    assert clock.log == ()


def test_t20_undo_takes_back_the_last_action_only() -> None:
    """T-20: undo is the log without its last event."""
    clock, time = live(10)
    clock.pause()
    time.advance(5 * MIN)
    clock.resume()
    paused_five = clock.state()
    clock.add_time(3 * MIN)
    assert clock.undo().describe() == "3:00 added"
    assert clock.state() == paused_five
    clock.undo()  # the resume: the clock is paused again
    assert clock.state().paused and clock.state().time_left == 10 * MIN
    clock.undo()  # the pause: as if it never happened
    assert clock.state() == clock_state(SCHEDULE, (), time.now())
    assert clock.state().time_left == 5 * MIN


def test_t20_every_action_is_logged_with_its_time_and_a_description() -> None:
    """T-20: the log is what the director did, when."""
    clock, time = live(3)
    clock.pause()
    time.advance(90)
    clock.resume()
    clock.add_time(120)
    assert [(e.at - T0, e.describe()) for e in clock.log] == [
        (180.0, "clock paused"),
        (270.0, "clock resumed"),
        (270.0, "2:00 added"),
    ]


def test_t10_time_sources_and_conversions() -> None:
    """T-10: the live source is the machine's time; simulated time only goes forward."""
    assert abs(SystemTime().now() - real_time.time()) < 5
    simulated = SimulatedTime(T0)
    with pytest.raises(ValueError, match="cannot go back"):
        simulated.advance(-1)
    simulated.advance_to(T0 + 90)
    assert simulated.now() == T0 + 90
    start = datetime(2024, 5, 1, 19, 0, tzinfo=timezone(timedelta(hours=3)))
    assert utc_datetime(posix_seconds(start)) == datetime(2024, 5, 1, 16, 0, tzinfo=UTC)
    with pytest.raises(ValueError, match="has no time zone"):
        posix_seconds(datetime(2024, 5, 1, 19, 0))


def test_t10_schedule_errors_name_what_is_wrong() -> None:
    """T-10."""
    with pytest.raises(ScheduleError, match="at least one level"):
        Schedule((), (), T0)
    with pytest.raises(ScheduleError, match="numbered 1, 2, 3"):
        Schedule((Level(2, 20),), (), T0)
    with pytest.raises(ScheduleError, match="levels 1 … 3"):
        Schedule(LEVELS, (Break(4, 10),), T0)
    with pytest.raises(ScheduleError, match="two breaks after level 1"):
        Schedule(LEVELS, (Break(1, 10), Break(1, 5)), T0)
    with pytest.raises(ScheduleError, match="small_blind -5"):
        Schedule((Level(1, 20, -5, 10),), (), T0)


# --- the clock screen ---------------------------------------------------------------------------


def test_t10_clock_screen_text() -> None:
    """T-10: what the clock screen shows in each state."""
    clock, time = live(-2)
    assert render_clock(clock.state()).splitlines()[0] == "Starts in 2:00 · level 1 · blinds 25/50"
    time.advance(2 * MIN + 44 * MIN)
    assert render_clock(clock.state()) == (
        "Break after level 2 · colour-up: the 25 chips go\n"
        "Time left 6:00\n"
        "Next level 3 · blinds 100/200, ante 25\n"
        "Next break: none scheduled\n"
        "Running 0:44:00 · played 0:40:00"
    )
    time.advance(7 * MIN)
    clock.pause()
    text = render_clock(clock.state())
    assert "Level 3 · blinds 100/200, ante 25" in text and "Time left 19:00  PAUSED" in text
    assert "Next level: none (last level)" in text
    time.advance(60 * MIN)
    clock.resume()
    time.advance(30 * MIN)
    assert "Time left --:-- (last level, no time limit)" in render_clock(clock.state())


def test_countdown_rounds_seconds_up_like_a_clock_screen() -> None:
    """T-10."""
    assert [countdown(s) for s in (0, 0.2, 59.999, 60, 1199.9999999, 75 * 60)] == [
        "0:00",
        "0:01",
        "1:00",
        "1:00",
        "20:00",
        "75:00",
    ]


# --- properties -------------------------------------------------------------------------------


@st.composite
def schedules(draw: st.DrawFn) -> Schedule:
    count = draw(st.integers(1, 6))
    levels = tuple(
        Level(n, draw(st.sampled_from([1, 2.5, 5, 12, 20])), 10 * n, 20 * n)
        for n in range(1, count + 1)
    )
    places = draw(st.sets(st.integers(1, count), max_size=count))
    breaks = tuple(Break(p, draw(st.sampled_from([1, 5, 10]))) for p in sorted(places))
    return Schedule(levels, breaks, start_at=T0)


ACTIONS = st.tuples(
    st.floats(0, 400, allow_nan=False).map(lambda s: round(s, 3)),
    st.sampled_from(
        ["delay", "pause", "resume", "break", "add", "remove", "edit", "insert", "drop", "undo"]
    ),
    st.integers(-1, 2),
    st.floats(0.5, 900, allow_nan=False),
)


def _act(clock: Clock, kind: str, offset: int, amount: float) -> None:
    """One director action; a level action aims at the level ``offset`` after the current one."""
    number = clock.state().level.number + offset
    level = Level(number, max(amount / 60, 0.5), 5, 10)
    match kind:
        case "delay":
            clock.delay_start(amount / 60)
        case "pause":
            clock.pause()
        case "resume":
            clock.resume()
        case "break":
            clock.call_break(amount / 60)
        case "add":
            clock.add_time(amount)
        case "remove":
            clock.remove_time(amount)
        case "edit":
            clock.edit_level(level)
        case "insert":
            clock.insert_level(level)
        case "drop":
            clock.remove_level(number)
        case _:
            clock.undo()


@settings(max_examples=120)
@given(schedules(), st.floats(-900, 300), st.lists(ACTIONS, max_size=30))
def test_t10_t20_replay_equals_the_live_clock_and_time_only_goes_forward(
    schedule: Schedule, offset: float, actions: list[tuple[float, str, int, float]]
) -> None:
    """T-10, T-20: random director actions at random times.

    After every action the live clock equals a replay of its log and a clock restarted from
    the log; play time and elapsed time never decrease; the level never goes back except by
    an undo; a refused action changes nothing.
    """
    time = SimulatedTime(T0 + offset)
    clock = Clock(schedule, time)
    previous = clock.state()
    for gap, kind, number, amount in actions:
        time.advance(gap)
        before_log, before_state = clock.log, clock.state()
        try:
            _act(clock, kind, number, amount)
        except ClockError:
            assert clock.log == before_log and clock.state() == before_state
        state = clock.state()
        assert state == clock_state(schedule, clock.log, time.now())
        assert state == Clock(schedule, SimulatedTime(time.now()), clock.log).state()
        undone = kind == "undo" and len(clock.log) < len(before_log)
        if not undone:
            assert state.play_time >= previous.play_time
            assert state.elapsed >= previous.elapsed
            assert state.level.number >= previous.level.number
        assert state.time_left is None or state.time_left >= 0
        assert (state.level_for_new_hand is None) == (
            not state.started or state.paused or state.on_break is not None
        )
        previous = state


@settings(max_examples=60)
@given(schedules(), st.lists(st.floats(0, 4 * 3600), min_size=1, max_size=8))
def test_t10_untouched_clock_matches_the_schedule_laid_end_to_end(
    schedule: Schedule, moments: list[float]
) -> None:
    """T-10: with no director action, level k starts when levels and breaks before it are over."""
    starts, clock_at = [], 0.0
    for level in schedule.levels:
        starts.append(clock_at)
        clock_at += level.minutes * MIN
        pause = schedule.break_after(level.number)
        if pause is not None and level.number < len(schedule.levels):
            clock_at += pause.minutes * MIN
    clock = Clock(schedule, SimulatedTime(T0))
    for moment in sorted(moments):
        state = clock.state(T0 + moment)
        number = max(n for n, start in enumerate(starts, 1) if start <= moment)
        assert state.level.number == number
        assert state == clock_state(schedule, (), T0 + moment)
