"""Hand-for-hand on the bubble (beyond the seed) and the standing the run hands its players.

Busts at different tables in one hand-for-hand round are placed together by their stacks at
the start of their hands (T-12 extended): the shorter stack places lower.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.engine import Hand
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.bubble import HandForHand, entries_closed
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    BustOut,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    HandPlayed,
)
from pokerroom.tournament.places import busts_in_hand
from pokerroom.tournament.regulation.model import ReEntry
from pokerroom.tournament.standing import Standing
from tests.tournament_scripts import shove, small_regulation


def _run(seed: int, field: int = 16) -> Tournament:
    """Heads-up tables of shoving players: every hand busts one player, bar a split pot."""
    regulation = small_regulation(table_size=2, final_table_size=2)
    players = entrant_names(regulation, field)
    return AmericanRun(regulation, players, shove, random.Random(seed)).run(max_hands=500)


def _rounds(tournament: Tournament) -> list[tuple[HandForHandRound, list[BustOut]]]:
    """Each round with the bust-outs logged right after it."""
    rounds: list[tuple[HandForHandRound, list[BustOut]]] = []
    events = tournament.events
    for index, event in enumerate(events):
        if isinstance(event, HandForHandRound):
            busts = []
            for later in events[index + 1 :]:
                if not isinstance(later, BustOut):
                    break
                busts.append(later)
            rounds.append((event, busts))
    return rounds


def test_a_round_places_busts_at_two_tables_by_their_stacks_the_shorter_lower() -> None:
    """T-12: four places paid, five players left on three tables: one hand each, together;
    both busts are placed after the round, the shorter stack 5th, the larger 4th (paid)."""
    found = 0
    for seed in range(20):
        tournament = _run(seed)
        hands = {e.number: e for e in tournament.events if isinstance(e, HandPlayed)}
        for round_, busts in _rounds(tournament):
            tables = {hands[number].table for number in round_.hands}
            assert len(tables) == len(round_.hands)  # one hand per table
            assert {hands[number].started for number in round_.hands} == {round_.started}
            if len(busts) != 2 or len({hands[b.hand].table for b in busts}) != 2:
                continue
            stack = {
                b.player: next(s.before for s in hands[b.hand].seats if s.player == b.player)
                for b in busts
            }
            short, large = sorted(busts, key=lambda b: stack[b.player])
            if stack[short.player] == stack[large.player]:
                assert (short.tied, large.tied) == (2, 2)  # equal stacks share 4th + 5th
                continue
            assert (short.place, large.place) == (5, 4)
            assert tournament.players[large.player].prize > 0
            assert tournament.players[short.player].prize == 0
            found += 1
    assert found >= 2


def test_hand_for_hand_starts_one_bust_from_the_money_and_ends_when_it_bursts() -> None:
    """Called with players left = places paid + 1 on two tables; ended at places paid."""
    tournament = _run(seed=1, field=9)
    started = [e for e in tournament.events if isinstance(e, HandForHandStarted)]
    ended = [e for e in tournament.events if isinstance(e, HandForHandEnded)]
    assert [(e.players_left, e.places_paid) for e in started] == [(4, 3)]
    assert len(ended) == 1 and ended[0].players_left <= 3
    first, last = tournament.events.index(started[0]), tournament.events.index(ended[0])
    inside = [e for e in tournament.events[first:last] if isinstance(e, HandPlayed)]
    in_rounds = {n for round_, _b in _rounds(tournament) for n in round_.hands}
    round_start = min(r.started for r, _b in _rounds(tournament))
    assert {e.number for e in inside if e.started >= round_start} <= in_rounds
    rebuilt = Tournament.from_events(tournament.regulation, tournament.events)
    assert rebuilt.state() == tournament.state()


def test_the_round_orders_ties_by_table_then_clockwise() -> None:
    """Equal stacks at tables 2 and 1 share; the lower table's player takes the higher place."""
    bubble = HandForHand(active=True)
    bubble.open_round(10.0)
    bubble.hands = [7, 8]
    bubble.busts = {2: [("Bob", 300)], 1: [("Ann", 300), ("Cy", 900)]}
    event, busted = bubble.close_round(40.0)
    assert (event.round, event.started, event.hands) == (1, 10.0, (7, 8))
    assert busts_in_hand(busted, players_left=6) == [
        ("Cy", 4, 4, 1),
        ("Ann", 5, 5, 2),
        ("Bob", 6, 5, 2),
    ]


def test_no_hand_for_hand_while_a_bust_can_still_re_enter() -> None:
    """T-19, T-11: while re-entry is open a bust need not be final: tables deal on their own."""
    regulation = small_regulation(re_entry=ReEntry(per_player=1, until_level=8, chips=1_000))
    assert not entries_closed(regulation, 8)
    assert entries_closed(small_regulation(), 1)
    players = entrant_names(regulation, 6)
    tournament = AmericanRun(regulation, players, shove, random.Random(2)).run(max_hands=500)
    assert not any(isinstance(e, HandForHandStarted) for e in tournament.events)


class _Recorder:
    """Plays like ``shove`` and keeps every standing the run hands it."""

    def __init__(self) -> None:
        self.standings: list[Standing] = []

    def see_standing(self, standing: Standing) -> None:
        self.standings.append(standing)

    def __call__(self, hand: Hand, players: Sequence[str]) -> int:
        return shove(hand, players)


def test_the_run_hands_its_player_the_standing_before_every_hand() -> None:
    """Players left, places paid, the average stack and hand-for-hand, before each hand."""
    regulation = small_regulation(table_size=2, final_table_size=2)
    players = entrant_names(regulation, 16)
    on_bubble: list[Standing] = []
    for seed in range(5):
        recorder = _Recorder()
        run = AmericanRun(regulation, players, recorder, random.Random(seed))
        tournament = run.run(max_hands=500)
        assert len(recorder.standings) == tournament.hands
        first = recorder.standings[0]
        assert (first.players_left, first.places_paid, first.average_stack) == (16, 4, 1_000)
        assert first.to_the_money == 12 and not first.hand_for_hand
        assert all(s.average_stack * s.players_left <= 16_000 for s in recorder.standings)
        on_bubble += [s for s in recorder.standings if s.hand_for_hand]
    assert on_bubble and all(s.players_left == 5 and s.to_the_money == 1 for s in on_bubble)
