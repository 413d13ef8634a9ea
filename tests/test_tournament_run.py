"""Whole American tournaments with bots in simulated time (T-5, T-6, T-10, T-12, T-2).

The property test draws small regulations (game, table sizes, stacks, levels with antes
or big-blind antes, re-entry or not, re-buys, an add-on, a colour-up) and fields of
2 … 200, runs each to a winner, and checks at every step what a tournament director
would: chips conserved at every hand boundary (every entry, re-buy, add-on and chip race
counted, T-11, T-13), balance at every hand start after level 1, one place each with no
gaps, prizes adding up to the pool, no table dealing twice in one hand-for-hand round, and
the log rebuilding the same state.
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.engine import HOLDEM, VARIANTS, Limit
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.clock.events import LevelStarted
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    BustOut,
    ChipsRaced,
    Entered,
    EntryKind,
    HandForHandRound,
    HandPlayed,
    Seated,
    TournamentEvent,
)
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.regulation import Regulation, load_example
from pokerroom.tournament.regulation.model import (
    AddOn,
    Game,
    GameSpec,
    LateRegistration,
    Rebuy,
    ReEntry,
)
from pokerroom.tournament.seating.floor import Floor, HandStart
from pokerroom.tournament.structure import Break, Level

GAMES = {
    "holdem": GameSpec(HOLDEM, Limit.NO_LIMIT),
    "omaha": GameSpec(VARIANTS["omaha"], Limit.POT_LIMIT),
    "stud": GameSpec(VARIANTS["stud"], Limit.FIXED_LIMIT),
    "draw": GameSpec(VARIANTS["draw"], Limit.NO_LIMIT),
}


@st.composite
def regulations(draw: st.DrawFn) -> Regulation:
    """A small American regulation: any of four games, 2 … 10 seats, rising levels; maybe
    re-buys, an add-on and a colour-up of the 1s at the break after level 1 (T-11, T-13)."""
    game = draw(st.sampled_from(sorted(GAMES)))
    spec = GAMES[game]
    most = min(10, spec.variant.max_players)
    table_size = draw(st.integers(2, most))
    final = draw(st.integers(2, table_size))
    stack = draw(st.sampled_from([40, 200, 1500]))
    big_blind_ante = draw(st.booleans())
    coloured = draw(st.sampled_from([None, 5, 10]))
    chip = coloured or 1

    def whole(amount: int) -> int:  # from level 2 on, whole chips of the colour-up
        return -(-amount // chip) * chip if number > 1 else amount

    levels = []
    big, number = max(2, stack // 50), 0
    while big < 2 * stack:  # blinds that rise past the stacks, as a real structure does
        number += 1
        ante = 0  # antes from level 2 (Stud: from the start), so pots grow as levels rise
        if spec.variant.stud:
            ante = max(1, big // 5)
        elif number > 1:
            ante = big if big_blind_ante else max(1, big // 8)
        levels.append(
            Level(
                number,
                minutes=draw(st.sampled_from([2.0, 5.0, 15.0])),
                small_blind=whole(big // 2),
                big_blind=whole(big),
                ante=whole(ante),
                big_blind_ante=big_blind_ante,
                bring_in=whole(big // 2),
                small_bet=whole(big),
                big_bet=whole(2 * big),
            )
        )
        big *= 2
    base = load_example("club-freezeout")
    re_entry = draw(st.sampled_from([None, ReEntry(per_player=1, until_level=2, chips=stack)]))
    rebuy = draw(
        st.sampled_from(
            [None]
            + [
                Rebuy(1000, 0, stack, per_player, until_level=2, stack_at_most=at_most)
                for per_player in (0, 1)
                for at_most in (0, stack // 2)
            ]
        )
    )
    add_on = draw(st.sampled_from([None, AddOn(price=500, fee=0, chips=stack, at_break=1)]))
    pause = Break(1, 5.0, color_up=1 if coloured else None)
    return dataclasses.replace(
        base,
        game=Game((spec,)),
        table_size=table_size,
        final_table_size=final,
        starting_stack=stack,
        levels=tuple(levels),
        breaks=(pause,) if coloured or add_on else (),
        re_entry=re_entry,
        rebuy=rebuy,
        add_on=add_on,
        late_registration=LateRegistration(0),
        chips=(1, chip) if coloured else (1,),
    )


def _check_balance(start: HandStart, floor: Floor, level: int) -> None:
    """T-6: at a hand start after level 1 no two tables differ by more than two, and the
    dealing table differs from the others by at most the tolerance (two when a move had to
    wait for a player in a hand; the breaking table not counted)."""
    if level == 1:
        return
    every = floor.counts().values()  # 002 3.1: no hand starts while any two differ by three
    assert max(every) - min(every) <= 2
    breaking = floor.breaking
    others = [c for n, c in floor.counts().items() if n not in (start.table, breaking)]
    mine = len(start.players)
    if others:
        assert max(others) - mine <= (2 if start.deferred else floor.rules.tolerance)
        assert mine - min(others) <= floor.rules.tolerance


def _run(
    regulation: Regulation, field: int, seed: int, kinds: tuple[str, ...] = ("random",)
) -> tuple[Tournament, list[str]]:
    """Random bots: calling stations among themselves only check and call, and drift."""
    players = entrant_names(regulation, field)
    tournament_of: list[Tournament] = []

    def listen(event: TournamentEvent) -> None:
        if isinstance(event, HandPlayed):  # chips conserved at every hand boundary
            tournament = tournament_of[0]
            assert tournament.chips_in_play == tournament.chips_accounted
            assert sum(s.before for s in event.seats) == sum(s.after for s in event.seats)

    run = AmericanRun(
        regulation,
        players,
        BotPlayers(kinds, players, seed),
        random.Random(seed),
        listener=listen,
        on_deal=_check_balance,
    )
    tournament_of.append(run.tournament)
    return run.run(max_hands=100 * field + 5_000), players


def _check_places(tournament: Tournament, players: list[str]) -> None:
    """T-12: every entrant exactly one place, 1 … N without gaps; busts in one hand placed
    by their stacks at its start, equal stacks sharing."""
    places = sorted(tournament.players[p].place or 0 for p in players)
    assert places == list(range(1, len(players) + 1))
    before: dict[tuple[int, str], int] = {}
    busts: dict[tuple[str, int], list[BustOut]] = defaultdict(list)
    round_ = None  # the bust-outs right after a hand-for-hand round are placed together
    for event in tournament.events:
        if isinstance(event, HandPlayed):
            before.update(((event.number, s.player), s.before) for s in event.seats)
        if isinstance(event, BustOut):
            busts[("round", round_) if round_ else ("hand", event.hand)].append(event)
        round_ = event.round if isinstance(event, HandForHandRound) else round_
        if not isinstance(event, BustOut | HandForHandRound):
            round_ = None
    for out in busts.values():
        for a in out:
            for b in out:
                stack_a, stack_b = before[a.hand, a.player], before[b.hand, b.player]
                if stack_a > stack_b:
                    assert a.place < b.place
                if stack_a == stack_b:
                    assert (a.tied_from, a.tied) == (b.tied_from, b.tied)
                    assert a.tied > 1 or a is b


def _check_rounds(tournament: Tournament) -> None:
    """Hand-for-hand: a round's hands started together, one per table, after the last round."""
    hands = {e.number: e for e in tournament.events if isinstance(e, HandPlayed)}
    last_end = -1.0
    for event in tournament.events:
        if isinstance(event, HandForHandRound):
            dealt = [hands[number] for number in event.hands]
            assert len({hand.table for hand in dealt}) == len(dealt)
            assert {hand.started for hand in dealt} == {event.started}
            assert event.started >= last_end
            last_end = event.at


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(regulations(), st.integers(2, 200), st.integers(0, 2**16))
@example(load_example("club-freezeout"), 2000, 7)  # the top of the 2 … 2,000
def test_random_tournaments_place_everyone_and_conserve_chips(
    regulation: Regulation, field: int, seed: int
) -> None:
    """T-5, T-6, T-10, T-12, T-2 over random regulations and fields of 2 … 200, and 2,000."""
    tournament, players = _run(regulation, field, seed)
    assert tournament.winner is not None
    assert tournament.chips_in_play == tournament.chips_accounted
    assert tournament.players[tournament.winner].chips == tournament.chips_accounted
    raced = [e for e in tournament.events if isinstance(e, ChipsRaced)]
    assert tournament.chips_raced == sum(s.after - s.before for e in raced for s in e.stacks)
    _check_places(tournament, players)
    _check_rounds(tournament)
    pool = prize_pool(regulation, tournament.entries())
    assert sum(r.prize for r in tournament.players.values()) == pool.total  # T-2
    rebuilt = Tournament.from_events(regulation, tournament.events)
    assert rebuilt.state() == tournament.state()


def test_levels_come_from_the_clock_by_the_time_each_hand_starts() -> None:
    """T-10: every hand plays the level in force when it was dealt, from the next hand on."""
    regulation = load_example("club-freezeout")
    tournament, _players = _run(regulation, 60, seed=3, kinds=("random", "station"))
    starts: list[tuple[float, int]] = []
    for event in tournament.events:
        if isinstance(event, LevelStarted):
            starts.append((event.at, event.level.number))
        elif isinstance(event, HandPlayed):
            in_force = max(number for at, number in starts if at <= event.started)
            assert event.level == in_force
    assert len(starts) > 1


def test_re_entries_count_in_the_pool_and_still_one_place_each() -> None:
    """T-11, T-2: a busted player re-enters while allowed; the entries pay into the pool."""
    regulation = load_example("turbo-reentry")
    tournament, players = _run(regulation, 40, seed=5)
    entries = tournament.entries()
    assert entries.entrants == 40
    assert entries.re_entries > 0
    assert any(isinstance(e, Entered) and e.kind is EntryKind.RE_ENTRY for e in tournament.events)
    _check_places(tournament, players)
    pool = prize_pool(regulation, entries)
    assert pool.collected == 500 * (entries.entries + entries.add_ons)  # the add-on costs 500
    assert sum(r.prize for r in tournament.players.values()) == pool.total
    assert tournament.chips_issued == 10_000 * entries.entries + 15_000 * entries.add_ons


def test_a_big_field_breaks_tables_and_reaches_one_final_table() -> None:
    """T-7, T-8: 200 players on 10-seat tables end on one final table."""
    regulation = load_example("club-freezeout")
    tournament, _players = _run(regulation, 200, seed=11)
    reasons = {e.move.reason.value for e in tournament.events if hasattr(e, "move")}
    assert {"draw", "balance", "break", "final table"} <= reasons
    events = tournament.events
    final = next(
        i
        for i, e in enumerate(events)
        if isinstance(e, Seated) and e.move.reason.value == "final table"
    )
    after = [e for e in events[final:] if isinstance(e, HandPlayed)]
    assert after and {hand.table for hand in after} == {1}
