"""The tournament's event log (issue 11 item 9), T-12 places, and each hand's forced bets."""

from __future__ import annotations

import random

import pytest

from pokerroom.engine import HOLDEM, VARIANTS, Limit, Options
from pokerroom.errors import UsageError
from pokerroom.table.seating import Blinds
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    BustOut,
    EntryKind,
    HandPlayed,
    Paid,
    Seated,
    SeatResult,
)
from pokerroom.tournament.hand_setup import hand_config
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.places import busts_in_hand, place_prize
from pokerroom.tournament.regulation import load_example
from pokerroom.tournament.regulation.model import GameSpec
from pokerroom.tournament.seating.floor import FloorRules
from pokerroom.tournament.seating.moves import Move, MoveReason, Seat
from pokerroom.tournament.structure import Level


def _seated(names: list[str]) -> Tournament:
    tournament = Tournament(load_example("home-sit-and-go"))
    for seat, name in enumerate(names, start=1):
        tournament.enter(name, at=0)
        tournament.record(Seated(0, Move(name, None, Seat(1, seat), MoveReason.DRAW)))
    return tournament


def _hand(number: int, results: list[tuple[int, str, int, int]]) -> HandPlayed:
    seats = tuple(SeatResult(*row) for row in results)
    return HandPlayed(60.0 * number, 60.0 * number - 60, number, 1, 1, 3, 1, 2, seats)


def test_t12_busts_in_one_hand_are_placed_by_their_stacks_before_it() -> None:
    """T-12: the larger stack at the start of the hand places higher."""
    rows = busts_in_hand([("short", 30), ("big", 150)], players_left=5)
    assert [(player, place) for player, place, _first, _tied in rows] == [("big", 4), ("short", 5)]


def test_t12_equal_stacks_share_the_places_money() -> None:
    """T-12: two equal stacks busting together on the bubble share the last prize."""
    rows = busts_in_hand([("Ann", 80), ("Bob", 80)], players_left=4)
    assert rows == [("Ann", 3, 3, 2), ("Bob", 4, 3, 2)]
    prizes = (50, 30, 20)
    money = [place_prize(prizes, place=p, tied_from=f, tied=t, unit=1) for _n, p, f, t in rows]
    assert money == [10, 10]


def test_the_log_rebuilds_the_same_state() -> None:
    tournament = _seated(["Ann", "Bob", "Cy"])
    tournament.record(_hand(1, [(1, "Ann", 200, 400), (2, "Bob", 200, 0), (3, "Cy", 200, 200)]))
    tournament.record(BustOut(60, "Bob", 3, 1, 1, 3))
    rebuilt = Tournament.from_events(tournament.regulation, tournament.events)
    assert rebuilt.state() == tournament.state()
    assert rebuilt.players["Bob"].place == 3
    assert rebuilt.players["Ann"].chips == 400
    assert rebuilt.markers == {1: Blinds(3, 1, 2)}


def test_a_hand_that_creates_chips_is_refused_and_changes_nothing() -> None:
    tournament = _seated(["Ann", "Bob"])
    before = tournament.state()
    with pytest.raises(UsageError, match="turns 400 chips into 500"):
        tournament.record(_hand(1, [(1, "Ann", 200, 300), (2, "Bob", 200, 200)]))
    with pytest.raises(UsageError, match="starts hand 1 with 150 chips, but has 200"):
        tournament.record(_hand(1, [(1, "Ann", 150, 150), (2, "Bob", 200, 200)]))
    assert tournament.state() == before
    assert len(tournament.events) == 4


def test_the_director_undoes_a_mis_entered_bust_out() -> None:
    """Item 9: a bust-out entered by the director by mistake is taken back."""
    tournament = _seated(["Ann", "Bob", "Cy"])
    before = tournament.state()
    tournament.bust("Bob", at=30)
    assert tournament.players["Bob"].place == 3
    assert tournament.chips_removed == 200
    undone = tournament.undo()
    assert isinstance(undone, BustOut) and undone.player == "Bob"
    assert tournament.state() == before
    tournament.bust("Cy", at=31)
    assert tournament.players["Cy"].place == 3


def test_only_the_directors_own_action_can_be_undone() -> None:
    tournament = _seated(["Ann", "Bob"])
    with pytest.raises(UsageError, match="the last event is Seated; only the director's own"):
        tournament.undo()
    tournament.record(_hand(1, [(1, "Ann", 200, 350), (2, "Bob", 200, 50)]))
    with pytest.raises(UsageError, match="the last event is HandPlayed"):
        tournament.undo()


def test_a_bust_with_chips_or_a_taken_place_is_refused() -> None:
    tournament = _seated(["Ann", "Bob", "Cy"])
    with pytest.raises(UsageError, match="still has 200 chips"):
        tournament.record(BustOut(10, "Ann", 3, 1, 1, 3))
    with pytest.raises(UsageError, match="not registered"):
        tournament.bust("Zed", at=10)
    tournament.bust("Ann", at=10)
    with pytest.raises(UsageError, match="Ann' is out"):
        tournament.bust("Ann", at=11)


def test_finish_pays_the_places_and_the_prizes_add_up_to_the_pool() -> None:
    """T-2, T-12: the last player wins; every paid place is paid; prizes sum to the pool."""
    names = [f"P{n}" for n in range(1, 9)]
    tournament = _seated(names)
    for name in names[:0:-1]:
        tournament.bust(name, at=1)
    paid = [e for e in tournament.finish(at=2) if isinstance(e, Paid)]
    assert [(e.player, e.place, e.prize) for e in paid] == [
        ("P1", 1, 40),
        ("P2", 2, 24),
        ("P3", 3, 16),
    ]
    with pytest.raises(UsageError, match="the tournament is over"):
        tournament.enter("late", at=3)


def test_a_re_entry_needs_the_regulations_terms() -> None:
    """T-11: the home sit-and-go offers no re-entry."""
    tournament = _seated(["Ann", "Bob"])
    with pytest.raises(UsageError, match="offers no re-entry"):
        tournament.enter("Ann", at=5, kind=EntryKind.RE_ENTRY)


def test_the_log_gives_back_the_floor() -> None:
    """Resuming: the seats, the last markers and the H-12 history come from the log."""
    tournament = _seated(["Ann", "Bob", "Cy"])
    tournament.record(_hand(1, [(1, "Ann", 200, 250), (2, "Bob", 200, 150), (3, "Cy", 200, 200)]))
    floor = tournament.floor(FloorRules(10), random.Random(1))
    assert floor.table(1).seats == ((1, "Ann"), (2, "Bob"), (3, "Cy"))
    assert floor.table(1).blinds == Blinds(3, 1, 2)
    assert floor.posted_big_blind == {"Bob": True}


HOLDEM_NL = GameSpec(HOLDEM, Limit.NO_LIMIT)


def test_big_blind_ante_is_one_ante_from_the_big_blind() -> None:
    """T-10: a big-blind ante is posted by the big blind only (per-position antes)."""
    level = Level(4, 20, 50, 100, ante=100, big_blind_ante=True)
    config = hand_config(HOLDEM_NL, level, Blinds(5, 1, 3), [1, 3, 5], [900] * 3, Options())
    assert config.blinds == (50, 100, 0)
    assert config.antes == (0, 100, 0)


def test_a_dead_small_blind_posts_nothing() -> None:
    """H-6: the small blind's seat is empty; only the big blind and everyone's ante."""
    level = Level(2, 20, 50, 100, ante=10)
    config = hand_config(HOLDEM_NL, level, Blinds(1, 2, 3), [3, 4, 1], [900] * 3, Options())
    assert config.blinds == (100, 0, 0)
    assert config.antes == (10, 10, 10)


def test_stud_levels_post_antes_and_a_bring_in_with_fixed_bets() -> None:
    """V-5, T-10: Stud plays the level's ante, bring-in, small and big bets."""
    level = Level(1, 30, ante=5, bring_in=10, small_bet=20, big_bet=40)
    stud = GameSpec(VARIANTS["stud"], Limit.FIXED_LIMIT)
    config = hand_config(stud, level, Blinds(1, 2, 3), [2, 3, 1], [500] * 3, Options())
    assert (config.antes, config.blinds, config.bring_in) == ((5, 5, 5), (), 10)
    assert (config.min_bet, config.big_bet_size) == (20, 40)


def test_t1_every_entrant_pays_the_buy_in_and_gets_the_same_starting_stack() -> None:
    """T-1: registration takes the buy-in and gives every entrant the regulation's starting
    stack; the chips are counted, never priced (the pool comes from the buy-ins alone)."""
    regulation = load_example("club-freezeout")
    tournament = Tournament(regulation)
    names = [f"P{n}" for n in range(1, 8)]
    for name in names:
        entered = tournament.enter(name, at=0)
        assert entered.kind is EntryKind.ENTRY and entered.chips == regulation.starting_stack
    assert {tournament.players[name].chips for name in names} == {regulation.starting_stack}
    assert tournament.chips_issued == 7 * regulation.starting_stack
    pool = prize_pool(regulation, tournament.entries())
    assert pool.total == 7 * (1000 - 170) == 5810  # the buy-ins less the fee (T-2)
    with pytest.raises(UsageError, match="already registered"):
        tournament.enter("P1", at=0)
    assert tournament.chips_issued == 7 * regulation.starting_stack
