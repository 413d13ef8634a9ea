"""The tournament layer under the web director's console (T-16, T-20, T-6, T-7, T-19):
the clock's new actions, the floor's hand moves and broken tables, the log's chip
corrections and early end of late registration — each refusal one line, nothing changed."""

from __future__ import annotations

import random

import pytest

from pokerroom.errors import UsageError
from pokerroom.tournament.clock import Clock, Schedule
from pokerroom.tournament.clock.errors import ClockError, LevelFixedError, TimeRemovalError
from pokerroom.tournament.clock.events import AddBreak, ReviseLevel
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.desk_events import ChipsCorrected, LateRegistrationEnded
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.regulation import load_example
from pokerroom.tournament.seating.floor import Floor, FloorRules
from pokerroom.tournament.seating.moves import MoveReason, Seat
from pokerroom.tournament.structure import Break, Level

LEVELS = (Level(1, 20, 25, 50), Level(2, 20, 50, 100), Level(3, 20, 75, 150))


def clock_at(minutes: float) -> tuple[Clock, SimulatedTime]:
    time = SimulatedTime(0)
    clock = Clock(Schedule(LEVELS, (), start_at=0), time)
    time.advance(minutes * 60)
    return clock, time


def test_t16_the_level_in_progress_is_corrected_and_its_length_moves_its_time_left() -> None:
    clock, time = clock_at(5)
    clock.record(ReviseLevel(time.now(), Level(1, 30, 30, 60)))
    state = clock.state()
    assert (state.level.big_blind, state.time_left) == (60, 25 * 60)
    assert clock.level_for_hand_starting_at(time.now()) == Level(1, 30, 30, 60)
    with pytest.raises(TimeRemovalError, match=r"^level 1 has 25:00 left, so it can be that"):
        clock.record(ReviseLevel(time.now(), Level(1, 4, 30, 60)))
    with pytest.raises(LevelFixedError, match=r"^level 2 is not in progress \(level 1 is\)"):
        clock.record(ReviseLevel(time.now(), Level(2, 20, 50, 100)))
    assert clock.state().time_left == 25 * 60


def test_t20_a_break_is_added_after_a_level_not_yet_over() -> None:
    clock, time = clock_at(25)  # level 2 runs
    clock.record(AddBreak(time.now(), Break(2, 10)))
    time.advance(15 * 60)
    state = clock.state()
    assert state.on_break == Break(2, 10) and state.time_left == 10 * 60
    with pytest.raises(LevelFixedError, match=r"^level 1 is over; a new break goes after level 3"):
        clock.record(AddBreak(time.now(), Break(1, 5)))
    clock.record(AddBreak(time.now(), Break(3, 5)))
    with pytest.raises(ClockError, match="two breaks after level 3"):
        clock.record(AddBreak(time.now(), Break(3, 5)))


def floor_of(layout: dict[int, dict[int, str]]) -> Floor:
    return Floor.from_layout(layout, FloorRules(6), random.Random(1))


def test_t6_a_hand_move_keeps_the_tables_within_tolerance() -> None:
    floor = floor_of({1: {1: "A", 2: "B", 3: "C"}, 2: {1: "D", 2: "E", 3: "F", 4: "G"}})
    move = floor.move_by_hand("G", 1, 5, level=2)
    assert (move.source, move.target, move.reason) == (Seat(2, 4), Seat(1, 5), MoveReason.DIRECTOR)
    with pytest.raises(UsageError, match=r"^that leaves tables of 2 to 5 players; the floor"):
        floor.move_by_hand("D", 1, None, level=2)
    with pytest.raises(UsageError, match=r"^seat 1 of table 1 is not free; free seats: 4, 6$"):
        floor.move_by_hand("D", 1, 1, level=1)
    assert floor.counts() == {1: 4, 2: 3}


def test_t7_a_table_broken_by_hand_seats_its_players_at_the_others() -> None:
    floor = floor_of({1: {1: "A", 2: "B"}, 2: {1: "C", 2: "D"}, 3: {1: "E", 2: "F", 3: "G"}})
    moves = floor.break_by_hand(2)
    assert {m.player for m in moves} == {"C", "D"} and not floor.has_table(2)
    assert all(m.target.table in (1, 3) and m.reason is MoveReason.BREAK for m in moves)
    full = floor_of({1: {s: f"P{s}" for s in range(1, 7)}, 2: {1: "X", 2: "Y"}})
    with pytest.raises(UsageError, match=r"^the other tables have 0 free seats for table 2's 2"):
        full.break_by_hand(2)


def test_t16_a_chip_correction_and_t19_late_registration_ended_in_the_log() -> None:
    tournament = Tournament(load_example("home-sit-and-go"))
    for name in ("Ann", "Bob"):
        tournament.enter(name, at=0)
    stack = tournament.players["Ann"].chips
    tournament.record(ChipsCorrected(1, "Ann", stack, stack - 100, "miscounted"))
    assert tournament.players["Ann"].chips == stack - 100
    assert tournament.chips_in_play == tournament.chips_accounted
    with pytest.raises(UsageError, match=rf"^Bob has {stack:,} chips, not 1$"):
        tournament.record(ChipsCorrected(2, "Bob", 1, 5, "x"))
    with pytest.raises(UsageError, match="a chip count correction needs its reason"):
        tournament.record(ChipsCorrected(2, "Bob", stack, 5, " "))
    tournament.record(LateRegistrationEnded(3, 1))
    with pytest.raises(UsageError, match=r"^late registration was ended early by the director"):
        tournament.enter("Cy", at=4)
    rebuilt = Tournament.from_events(tournament.regulation, tournament.events)
    assert rebuilt.state() == tournament.state() and rebuilt.late_ended
