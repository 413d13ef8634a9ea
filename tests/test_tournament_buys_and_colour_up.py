"""Re-buys and add-ons by the run's players (T-11, T-2) and the colour-up chip race at a
scheduled break (T-13, T-18), with split pots to the new smallest chip afterwards (P-3)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pokerroom.deck import Deck
from pokerroom.engine import Hand
from pokerroom.errors import UsageError
from pokerroom.tournament.american import AmericanRun, HandPlayer, entrant_names
from pokerroom.tournament.colour_up import race_table
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    BustOut,
    ChipsRaced,
    Entered,
    EntryKind,
    HandPlayed,
    RacedStack,
)
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.regulation import Regulation
from pokerroom.tournament.regulation.model import AddOn, Rebuy
from pokerroom.tournament.structure import Break
from tests.tournament_scripts import fold_round, shove, small_regulation


def _play(regulation: Regulation, field: int, play: HandPlayer, seed: int = 1) -> Tournament:
    players = entrant_names(regulation, field)
    return AmericanRun(regulation, players, play, random.Random(seed)).run(max_hands=2_000)


def _rebuy(**changes: int) -> Rebuy:
    terms = {"price": 1_000, "fee": 0, "chips": 1_000, "per_player": 1, "until_level": 8}
    return Rebuy(**(terms | {"stack_at_most": 0} | changes))


def test_a_busted_player_re_buys_keeps_his_seat_and_grows_the_pool() -> None:
    """T-11, T-2: the first bust of each player is a re-buy on his own seat, not a place."""
    regulation = small_regulation(rebuy=_rebuy())
    tournament = _play(regulation, 6, shove)
    events = tournament.events
    rebuys = [e for e in events if isinstance(e, Entered) and e.kind is EntryKind.REBUY]
    assert rebuys and all(e.chips == 1_000 for e in rebuys)
    first = rebuys[0]
    at = events.index(first)
    hand = next(e for e in reversed(events[:at]) if isinstance(e, HandPlayed))
    seat = next(s for s in hand.seats if s.player == first.player)
    assert seat.after == 0
    assert not any(isinstance(e, BustOut) and e.player == first.player for e in events[:at])
    replay = Tournament.from_events(regulation, events[: at + 1])
    assert replay.players[first.player].seat is not None
    assert replay.players[first.player].seat.seat == seat.seat  # type: ignore[union-attr]
    assert replay.players[first.player].place is None
    entries = tournament.entries()
    assert entries.rebuys == len(rebuys) and all(r.rebuys <= 1 for r in tournament.players.values())
    pool = prize_pool(regulation, entries)
    assert pool.collected == 1_000 * 6 + 1_000 * len(rebuys)
    assert sum(r.prize for r in tournament.players.values()) == pool.total
    assert tournament.chips_issued == 1_000 * (6 + len(rebuys))
    assert sorted(r.place or 0 for r in tournament.players.values()) == list(range(1, 7))
    assert Tournament.from_events(regulation, events).state() == tournament.state()


def test_a_short_stack_tops_up_between_hands() -> None:
    """T-11: a stack at most ``stack_at_most`` re-buys after the hand; bigger ones do not."""
    regulation = small_regulation(rebuy=_rebuy(stack_at_most=950, until_level=1))
    tournament = _play(regulation, 3, _fold_then_shove(hands=1))
    first = next(e for e in tournament.events if isinstance(e, HandPlayed))
    small_blind = next(s for s in first.seats if s.before - s.after == 50)
    after_first = tournament.events[tournament.events.index(first) + 1]
    assert after_first == Entered(first.at, small_blind.player, EntryKind.REBUY, 1_000)
    second = next(e for e in tournament.events if isinstance(e, HandPlayed) and e.number == 2)
    stacks = {s.player: s.before for s in second.seats}
    assert stacks[small_blind.player] == 950 + 1_000
    assert sorted(stacks.values()) == [1_000, 1_050, 1_950]


def _fold_then_shove(hands: int) -> HandPlayer:
    """Fold to the big blind for the first ``hands`` hands, then shove."""
    dealt = [0]

    def play(hand: Hand, players: Sequence[str]) -> int:
        dealt[0] += 1
        return (fold_round if dealt[0] <= hands else shove)(hand, players)

    return play


def test_every_player_still_in_takes_the_add_on_at_its_break() -> None:
    """T-11, T-2: at the break after level 1 each player with chips takes one add-on."""
    add_on = AddOn(price=500, fee=0, chips=2_000, at_break=1)
    regulation = small_regulation(add_on=add_on, breaks=(Break(1, 10.0),))
    tournament = _play(regulation, 6, _fold_then_shove(hands=40))
    events = tournament.events
    add_ons = [e for e in events if isinstance(e, Entered) and e.kind is EntryKind.ADD_ON]
    assert sorted(e.player for e in add_ons) == entrant_names(regulation, 6)
    assert all(600 <= e.at < 1_200 for e in add_ons)  # during the break after level 1
    entries = tournament.entries()
    assert entries.add_ons == 6
    assert prize_pool(regulation, entries).collected == 6 * 1_000 + 6 * 500
    assert tournament.chips_issued == 6 * (1_000 + 2_000)


def test_a_colour_up_races_each_table_and_later_pots_split_to_the_new_chip() -> None:
    """T-13, T-18, P-3: at the break retiring the 25s every stack becomes whole 100s by a
    race; chips stay accounted; hands after it split to 100, hands before it to 25."""
    regulation = small_regulation(breaks=(Break(1, 10.0, color_up=25),), starting_stack=1_025)
    chips_of_hands: list[tuple[int, int]] = []

    def play(hand: Hand, players: Sequence[str]) -> int:
        """Fold through level 1 (stacks move by 50s from 1,025), shove from level 2."""
        big_blind = max(hand.config.blinds)
        chips_of_hands.append((big_blind, hand.config.options.smallest_chip))
        return (fold_round if big_blind == 100 else shove)(hand, players)

    tournament = _play(regulation, 7, play)
    races = [e for e in tournament.events if isinstance(e, ChipsRaced)]
    assert len(races) == 3  # one per table: 7 players on 3-seat tables
    assert sorted(s.player for race in races for s in race.stacks) == entrant_names(regulation, 7)
    for race in races:
        assert (race.retired, race.smallest) == (25, 100)
        for raced in race.stacks:
            assert raced.after % 100 == 0 and abs(raced.after - raced.before) < 100
            assert raced.won == (raced.after > raced.before - raced.before % 100 > 0)
    raced_total = sum(s.after - s.before for race in races for s in race.stacks)
    assert tournament.chips_raced == raced_total
    assert tournament.players[tournament.winner or ""].chips == 7 * 1_025 + raced_total
    assert {chip for _bb, chip in chips_of_hands[:3]} == {25}
    assert {chip for bb, chip in chips_of_hands if bb >= 200} == {100}  # level 2 on
    assert Tournament.from_events(regulation, tournament.events).state() == tournament.state()


def test_a_table_race_gives_the_expected_stacks() -> None:
    """T-13, C-2: the seeded race of the chip-race example, as the table's event."""
    race = race_table(4, [("ann", 1_075), ("bob", 2_025), ("cy", 25)], 25, 100, Deck(seed=5), 9.0)
    assert race.stacks == (
        RacedStack("ann", 1_075, 1_100, "Js 6c Ks", won=True, kept_in=False),
        RacedStack("bob", 2_025, 2_000, "7h", won=False, kept_in=False),
        RacedStack("cy", 25, 100, "Kc", won=False, kept_in=True),
    )


def test_a_race_needing_more_than_a_deck_rounds_each_stack() -> None:
    """T-13: colouring 25s up to 1,000s at a full table rounds each stack to the nearest."""
    stacks = [(f"p{n}", 1_475 + 25 * n) for n in range(9)]
    race = race_table(1, stacks, 25, 1_000, Deck(seed=1), 0.0)
    assert [s.after for s in race.stacks] == [1_000] + [2_000] * 8
    assert all(s.cards == "" for s in race.stacks)


def test_the_director_refuses_a_race_that_does_not_match_the_stacks() -> None:
    """T-13: a race must start from the player's stack and end on whole new chips."""
    tournament = Tournament(small_regulation())
    tournament.enter("ann", at=0)
    wrong_before = ChipsRaced(1.0, 1, 25, 100, (RacedStack("ann", 900, 900, "", False, False),))
    odd_after = ChipsRaced(1.0, 1, 25, 100, (RacedStack("ann", 1_000, 1_050, "", False, False),))
    for event in (wrong_before, odd_after):
        with pytest.raises(UsageError):
            tournament.record(event)
    assert tournament.chips_in_play == tournament.chips_accounted == 1_000
