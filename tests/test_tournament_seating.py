"""Seating a tournament: the draw (T-4), balancing as 002 3.1 words it (T-6), breaking (T-7),
the final table (T-8), entries (T-19) and the big blind across tables (H-6, H-12)."""

from __future__ import annotations

import random

import pytest

from pokerroom.errors import UsageError
from pokerroom.table.seating import Blinds, first_blinds, next_blinds, positions
from pokerroom.tournament.seating.draw import draw_seats, table_counts
from pokerroom.tournament.seating.floor import Floor, FloorRules, Hold
from pokerroom.tournament.seating.moves import Move, MoveReason, Seat, render_moves

NINE = FloorRules(table_size=9)


def full(table: str, seats: range | list[int]) -> dict[int, str]:
    return {seat: f"{table}{seat}" for seat in seats}


def test_t4_fewest_tables_counts_within_one() -> None:
    """T-4."""
    assert table_counts(9, 9) == [9]
    assert table_counts(10, 9) == [5, 5]
    assert table_counts(100, 9) == [9] * 4 + [8] * 8  # 12 tables, not 11 of 9 and one of 1
    assert table_counts(101, 10) == [10, 10] + [9] * 9
    with pytest.raises(UsageError, match="2 to 10 seats"):
        table_counts(20, 11)


def test_t4_draw_is_random_and_seats_everyone_once() -> None:
    """T-4: a table and seat at random, every player exactly once."""
    players = [f"p{n}" for n in range(23)]
    draws = [draw_seats(players, 9, random.Random(seed)) for seed in range(30)]
    for seats in draws:
        assert sorted(seats) == sorted(players)
        assert len(set(seats.values())) == 23
        per_table = sorted(sum(1 for s in seats.values() if s.table == t) for t in (1, 2, 3))
        assert per_table == [7, 8, 8]
    assert len({draw["p0"] for draw in draws}) > 10
    with pytest.raises(UsageError, match="entered twice"):
        draw_seats(["a", "a"], 9, random.Random(1))


def test_h6_seating_takes_a_table_size() -> None:
    """H-6 at a 6-max table: the markers wrap after seat 6; a bad size is one clear error."""
    assert next_blinds(Blinds(5, 6, 1), [1, 3, 6], seats=6) == Blinds(6, 1, 3)
    assert first_blinds([2, 6], button=6, seats=6) == Blinds(6, 6, 2)
    assert positions(Blinds(6, 1, 3), [1, 3, 6], seats=6) == [1, 3, 6]
    with pytest.raises(UsageError, match="2 to 10 seats"):
        FloorRules(table_size=1)


def test_t6_big_blind_player_moves_into_the_seat_due_the_big_blind() -> None:
    """002 3.1 / T-6, scenario 1: 9 against 7. The player who would post the next big blind at
    the full table (seat 4) moves to the short table, into the free seat due the big blind."""
    layout = {1: full("a", range(1, 10)), 2: full("b", [1, 2, 3, 4, 6, 7, 8])}
    marks = {1: Blinds(1, 2, 3), 2: Blinds(2, 3, 4)}  # table 2's next big blind: seat 5 (free)
    floor = Floor.from_layout(layout, NINE, random.Random(1), marks)
    start = floor.start_hand(1, level=2)
    assert start.moves == (Move("a4", Seat(1, 4), Seat(2, 5), MoveReason.BALANCE),)
    assert start.blinds == Blinds(2, 3, 5)  # table 1 deals on; nobody there skips the big blind
    second = floor.start_hand(2, level=2)
    assert second.big_blind == "a4"  # he posts the big blind he owed, at his new table


def test_t6_otherwise_the_free_seat_that_reaches_the_big_blind_soonest() -> None:
    """T-6, scenario 2: no free seat is due the big blind (table 2's next is seat 5, occupied);
    of the free seats 8 and 9, seat 8 gets it first."""
    layout = {1: full("a", range(1, 10)), 2: full("b", range(1, 8))}
    marks = {1: Blinds(1, 2, 3), 2: Blinds(2, 3, 4)}
    floor = Floor.from_layout(layout, NINE, random.Random(1), marks)
    start = floor.start_hand(1, level=2)
    assert start.moves == (Move("a4", Seat(1, 4), Seat(2, 8), MoveReason.BALANCE),)


def test_t6_mover_in_a_hand_difference_two_the_move_waits() -> None:
    """T-6, scenario 3: 9 against 7 and the player due to move (seat 5, next big blind at
    table 1) is in a hand there: the short table deals and the move waits (``deferred``);
    when table 1 comes to its next hand he moves, into the seat due table 2's big blind."""
    layout = {1: full("a", range(1, 10)), 2: full("b", [1, 2, 3, 4, 6, 7, 8])}
    marks = {1: Blinds(1, 2, 3), 2: Blinds(1, 2, 3)}
    floor = Floor.from_layout(layout, NINE, random.Random(1), marks)
    assert floor.start_hand(1, level=1).moves == ()  # the first level tolerates it
    short = floor.start_hand(2, level=2)
    assert short.moves == () and short.deferred and short.blinds == Blinds(2, 3, 4)
    floor.end_hand(1)
    moved = floor.start_hand(1, level=2)
    assert moved.moves == (Move("a5", Seat(1, 5), Seat(2, 5), MoveReason.BALANCE),)
    assert not moved.deferred and floor.counts() == {1: 8, 2: 8}


def test_t6_difference_over_two_the_next_player_clockwise_not_in_a_hand_moves() -> None:
    """T-6, scenario 4 (002 3.1): 9 against 6. At table 1 (in a hand) the player due the big
    blind (seat 5) is in the hand, seat 6 folded: seat 6 moves instead, to a seat no worse
    than his own — his big blind was one hand away, so table 2's free seat 4 (due now) is
    worse, seat 6 (one hand away) is the one."""
    layout = {1: full("a", range(1, 10)), 2: full("b", [1, 2, 3, 5, 7, 8])}
    marks = {1: Blinds(1, 2, 3), 2: Blinds(1, 2, 3)}
    floor = Floor.from_layout(layout, NINE, random.Random(1), marks)
    assert floor.start_hand(1, level=1).blinds == Blinds(2, 3, 4)
    floor.fold("a6")
    start = floor.start_hand(2, level=2)
    assert start.moves == (Move("a6", Seat(1, 6), Seat(2, 6), MoveReason.BALANCE),)
    assert start.blinds is not None and floor.counts() == {1: 8, 2: 7}


def test_t6_nobody_can_move_the_short_table_holds_after_level_one() -> None:
    """T-6, scenario 5: 9 against 6 and everyone at table 1 holds cards: table 2 waits for a
    player after the first level; in the first level larger differences are tolerated."""
    layout = {1: full("a", range(1, 10)), 2: full("b", [1, 2, 3, 5, 7, 9])}
    marks = {1: Blinds(1, 2, 3), 2: Blinds(1, 2, 3)}
    floor = Floor.from_layout(layout, NINE, random.Random(1), marks)
    assert floor.start_hand(1, level=1).moves == ()  # within the first level's tolerance
    waiting = floor.start_hand(2, level=2)
    assert waiting.hold is Hold.SHORT and waiting.moves == ()
    floor.end_hand(1)
    start = floor.start_hand(1, level=2)  # now table 1 gives its player due the big blind
    assert start.moves == (Move("a5", Seat(1, 5), Seat(2, 4), MoveReason.BALANCE),)
    assert floor.counts() == {1: 8, 2: 7}
    relaxed = Floor.from_layout(layout, NINE, random.Random(1), {1: Blinds(1, 2, 3)})
    relaxed.start_hand(1, level=1)
    assert relaxed.start_hand(2, level=1).blinds is not None


def test_t6_two_by_the_directors_option() -> None:
    """T-6, scenario 6: with the director's tolerance of two, 9 against 7 moves nobody."""
    layout = {1: full("a", range(1, 10)), 2: full("b", range(1, 8))}
    loose = Floor.from_layout(layout, FloorRules(9, tolerance=2), random.Random(1))
    assert loose.start_hand(1, level=2).moves == ()
    strict = Floor.from_layout(layout, NINE, random.Random(1))
    assert len(strict.start_hand(1, level=2).moves) == 1


def test_t7_highest_table_breaks_when_the_others_can_seat_its_players() -> None:
    """T-7: 10 + 8 at 9-max do not fit on one table; after one bust the highest-numbered table
    breaks at its next hand start and its players take random free seats (6.4.10)."""
    layout = {1: full("a", range(1, 9)), 2: full("b", range(1, 10))}
    floor = Floor.from_layout(layout, FloorRules(10, final_table_size=9), random.Random(3))
    assert floor.breaking is None
    floor.start_hand(2, level=2)
    floor.end_hand(2, ["b9"])
    floor.start_hand(2, level=2)
    floor.end_hand(2, ["b8"])  # 8 + 7 = 15: still two tables at 10-max
    assert floor.breaking is None
    floor.start_hand(1, level=2)
    floor.end_hand(1, ["a1", "a2", "a3", "a4", "a5"])  # 3 + 7 = 10: fits one table
    assert floor.breaking == 2
    start = floor.start_hand(2, level=2)
    assert start.hold is Hold.BROKEN
    assert {m.reason for m in start.moves} == {MoveReason.BREAK}
    assert {m.target.table for m in start.moves} == {1}
    assert floor.counts() == {1: 10}


def test_h12_the_last_big_blind_of_a_broken_table_does_not_post_it_again() -> None:
    """H-12: table 2 deals (b2 posts the big blind), two players bust and it breaks; at table 1
    the free seats 4 and 5 both follow the last big blind (3). Whichever seat b2 draws, he
    does not post the big blind in his next hand."""
    for seed in range(30):
        layout = {1: full("a", [1, 2, 3, 6, 7, 8, 9]), 2: full("b", [1, 2, 3, 4])}
        floor = Floor.from_layout(layout, NINE, random.Random(seed), {1: Blinds(1, 2, 3)})
        assert floor.start_hand(2, level=1).big_blind == "b2"
        floor.end_hand(2, ["b3", "b4"])
        assert floor.start_hand(2, level=2).hold is Hold.BROKEN
        assert floor.start_hand(1, level=2).big_blind != "b2"


def test_h12_carried_big_blind_when_every_free_seat_is_due_it() -> None:
    """H-12: b2 posted the big blind in his last hand; his table breaks and every free seat at
    table 1 (seated 3, 4, 5; last big blind 5) is due the big blind. Every marker moves on
    one seat, as if he had posted it here: he posts the small blind, a3 the big blind."""
    layout = {1: full("a", [3, 4, 5]), 2: {2: "b2"}}
    rules = FloorRules(9, final_table_size=3)
    floor = Floor.from_layout(layout, rules, random.Random(2), {1: Blinds(2, 3, 5)}, ["a5", "b2"])
    assert floor.start_hand(2, level=2).hold is Hold.BROKEN
    seat = floor.seat_of("b2").seat
    start = floor.start_hand(1, level=2)
    assert start.blinds == Blinds(5, seat, 3)
    assert start.big_blind == "a3"


def test_t8_final_table_waits_for_the_hands_in_play_then_a_fresh_draw() -> None:
    """T-8: at nine left the tables stop as they finish; then every table breaks and a draw
    seats table 1, button on its highest occupied seat."""
    layout = {1: full("a", range(1, 6)), 2: full("b", range(1, 6))}
    floor = Floor.from_layout(layout, NINE, random.Random(5))
    just_posted = {floor.start_hand(1, level=3).big_blind, floor.start_hand(2, level=3).big_blind}
    floor.end_hand(1, ["a1"])  # nine left, table 2 still in its hand
    assert floor.final_table_due
    assert floor.start_hand(1, level=3).hold is Hold.FINAL_TABLE
    floor.end_hand(2)
    formed = floor.start_hand(2, level=3)
    assert formed.hold is Hold.BROKEN
    assert len(formed.moves) == 9 and {m.reason for m in formed.moves} == {MoveReason.FINAL_TABLE}
    assert floor.counts() == {1: 9} and floor.final_formed
    first = floor.start_hand(1, level=3)
    assert first.big_blind not in just_posted  # H-12
    assert first.blinds is not None
    if dict(first.players)[2] not in just_posted:
        assert first.blinds == Blinds(9, 1, 2)


def test_t19_entries_go_to_the_shortest_table_or_a_new_one() -> None:
    """T-19, 5.19.3: a late entry or re-entry takes a random free seat at a shortest table."""
    layout = {1: full("a", range(1, 10)), 2: full("b", range(1, 9))}
    floor = Floor.from_layout(layout, NINE, random.Random(1))
    move = floor.enter("late")
    assert move.target.table == 2 and move.reason is MoveReason.LATE_ENTRY
    new = floor.enter("again", MoveReason.RE_ENTRY)
    assert new.target.table == 3 and floor.counts() == {1: 9, 2: 9, 3: 1}
    with pytest.raises(UsageError, match="already seated"):
        floor.enter("late")
    with pytest.raises(UsageError, match="late entry or a re-entry"):
        floor.enter("x", MoveReason.BALANCE)


def test_moves_render_as_a_directors_list() -> None:
    """Every move names player, from and to, and its reason."""
    moves = [
        Move("Ann", Seat(3, 2), Seat(1, 6), MoveReason.BREAK),
        Move("Bob", None, Seat(2, 1), MoveReason.RE_ENTRY),
    ]
    assert render_moves(moves).splitlines() == [
        "Ann      break         table 3 seat 2 -> table 1 seat 6",
        "Bob      re-entry      -> table 2 seat 1",
    ]


def test_bad_calls_are_one_clear_error_and_change_nothing() -> None:
    floor = Floor.from_layout({1: full("a", range(1, 5))}, NINE, random.Random(1))
    with pytest.raises(UsageError, match="no table 7"):
        floor.start_hand(7, level=1)
    with pytest.raises(UsageError, match="not playing"):
        floor.end_hand(1)
    floor.start_hand(1, level=1)
    with pytest.raises(UsageError, match="still playing"):
        floor.start_hand(1, level=1)
    with pytest.raises(UsageError, match="not seated at table 1"):
        floor.end_hand(1, ["a1", "zed"])
    assert floor.players_left == 4 and floor.table(1).playing
    with pytest.raises(UsageError, match="tolerance"):
        FloorRules(tolerance=3)


def test_t19_a_re_entry_counts_before_he_sits_and_goes_to_the_shorter_table() -> None:
    """T-19 (issue 21): tables of 5 and 5 at 9 seats; b1 busts at table 2 and re-enters. The
    floor counts him among the players (ten do not fit one table), so table 2 is not taken
    for breaking: he sits at the 4, never at the 5, whatever the draw."""
    for seed in range(20):
        layout = {1: full("a", range(1, 6)), 2: full("b", range(1, 6))}
        floor = Floor.from_layout(layout, NINE, random.Random(seed))
        floor.start_hand(2, level=2)
        floor.end_hand(2, ["b1"])
        move = floor.enter("b1", MoveReason.RE_ENTRY)
        assert move.target.table == 2 and floor.counts() == {1: 5, 2: 5}


def test_t6_no_table_deals_while_two_tables_differ_by_three() -> None:
    """T-6, 002 3.1 (issue 21: hand 62 dealt at 8, 8, 7, 10): after level 1 a table whose
    own count is fine still waits while the fullest table, in a hand, is three ahead of the
    shortest; the fullest gives its player at its next hand start and the table deals."""
    layout = {
        1: full("a", range(1, 9)),
        2: full("b", range(1, 9)),
        3: full("c", range(1, 8)),
        4: full("d", range(1, 11)),
    }
    floor = Floor.from_layout(layout, FloorRules(10), random.Random(1))
    assert floor.start_hand(4, level=1).blinds is not None  # level 1 tolerates three
    waiting = floor.start_hand(1, level=2)
    assert waiting.blinds is None and waiting.hold is Hold.UNBALANCED
    floor.end_hand(4)
    given = floor.start_hand(4, level=2)
    assert [(m.source.table, m.target.table) for m in given.moves if m.source] == [(4, 3)]
    assert floor.counts() == {1: 8, 2: 8, 3: 8, 4: 9}
    assert floor.start_hand(1, level=2).blinds is not None


def test_h4_the_first_button_goes_by_the_profile() -> None:
    """H-4: ``club`` puts a table's first button on its last occupied seat, ``home`` at
    random (it differs across seeds), ``sport`` to the high card (a random player too)."""
    players = [f"p{n}" for n in range(1, 7)]

    def buttons(profile: str) -> set[int]:
        found = set()
        for seed in range(30):
            rules = FloorRules(6, first_button=profile)
            floor = Floor.draw(players, rules, random.Random(seed))
            start = floor.start_hand(1, level=1)
            assert start.blinds is not None
            found.add(start.blinds.button)
        return found

    assert buttons("club") == {6}
    assert len(buttons("home")) >= 4
    assert len(buttons("sport")) >= 4
    with pytest.raises(UsageError, match="first button goes by profile home, club, sport"):
        FloorRules(6, first_button="casino")
