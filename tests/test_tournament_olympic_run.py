"""Whole Olympic (knock-out) tournaments with bots in simulated time (T-9, T-10, T-12, T-2).

Worked cases: 23 players on 10-seat tables (a semi-final of three tables, a final of three)
and a heads-up bracket with byes. The property test draws small regulations and fields of
2 … 200 (2,000 as an explicit example) and checks what a tournament director would: one
place each with no gaps, earlier stages placed below later ones, chips conserved at every
hand boundary with the restarts counted, each stage seating exactly the last stage's
winners and byes, every stage's clock starting at level 1, prizes adding up to the pool,
and the log rebuilding the same state.
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.errors import UsageError
from pokerroom.tournament.american import entrant_names
from pokerroom.tournament.clock.events import LevelStarted
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    BustOut,
    HandPlayed,
    Seated,
    StackRestart,
    StacksRestarted,
    StageStarted,
    TournamentEvent,
)
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.olympic_run import OlympicRun
from pokerroom.tournament.regulation import Regulation, RegulationError, load_example
from pokerroom.tournament.regulation.model import (
    LateRegistration,
    ReEntry,
    TournamentFormat,
)
from pokerroom.tournament.regulation.parse import regulation_from_document
from pokerroom.tournament.seating.moves import MoveReason
from pokerroom.tournament.seating.olympic import olympic_plan
from tests.test_tournament_regulation import base
from tests.test_tournament_run import regulations

KNOCKOUT = load_example("olympic-knockout")


def _olympic(
    regulation: Regulation, *, table_size: int | None = None, stage_stack: int | None = None
) -> Regulation:
    """The regulation as a knock-out: a fixed field (T-9), one table size throughout."""
    size = regulation.table_size if table_size is None else table_size
    return dataclasses.replace(
        regulation,
        format=TournamentFormat.OLYMPIC,
        table_size=size,
        final_table_size=size,
        stage_stack=stage_stack,
        late_registration=LateRegistration(0),
        re_entry=None,
        rebuy=None,
        add_on=None,
        max_entries=None,
    )


def _run(
    regulation: Regulation, field: int, seed: int, kinds: tuple[str, ...] = ("random",)
) -> tuple[Tournament, list[str]]:
    """Play it out, checking the chips at every hand boundary and every restart."""
    players = entrant_names(regulation, field)
    tournaments: list[Tournament] = []

    def listen(event: TournamentEvent) -> None:
        if isinstance(event, HandPlayed | StacksRestarted):
            tournament = tournaments[0]
            assert tournament.chips_in_play == tournament.chips_accounted
        if isinstance(event, HandPlayed):
            assert sum(s.before for s in event.seats) == sum(s.after for s in event.seats)

    run = OlympicRun(
        regulation, players, BotPlayers(kinds, players, seed), random.Random(seed), listener=listen
    )
    tournaments.append(run.tournament)
    return run.run(max_hands=100 * field + 5_000), players


def _stages(tournament: Tournament) -> list[tuple[StageStarted, dict[int, set[str]], list[str]]]:
    """Each stage: its event, its tables' players (from its draw), and who busted in it."""
    found: list[tuple[StageStarted, dict[int, set[str]], list[str]]] = []
    for event in tournament.events:
        if isinstance(event, StageStarted):
            found.append((event, defaultdict(set), []))
        elif isinstance(event, Seated):
            found[-1][1][event.move.target.table].add(event.move.player)
        elif isinstance(event, BustOut):
            found[-1][2].append(event.player)
    return found


def _check(tournament: Tournament, players: list[str]) -> None:
    """T-9, T-12, T-2, T-10: what the director checks once the final is won."""
    regulation = tournament.regulation
    assert tournament.winner is not None
    places = sorted(tournament.players[p].place or 0 for p in players)
    assert places == list(range(1, len(players) + 1))  # one place each, no gaps
    busts = [e.place for e in tournament.events if isinstance(e, BustOut)]
    assert busts == sorted(busts, reverse=True)  # a later bust places higher, stage by stage
    stages = _stages(tournament)
    plan = olympic_plan(len(players), regulation.table_size)
    assert [(s.name, sorted(s.tables), len(s.byes)) for s, _t, _b in stages] == [
        (s.name, sorted(s.tables), s.byes) for s in plan
    ]
    following = set(players)
    for stage, tables, busted in stages:
        seated = set().union(*tables.values())
        assert seated | set(stage.byes) == following  # the last stage's winners and byes
        assert not seated & set(stage.byes)
        assert sorted(len(t) for t in tables.values()) == sorted(stage.tables)
        winners = [table - set(busted) for table in tables.values()]
        assert all(len(w) == 1 for w in winners)  # each table plays down to one
        following = set().union(*winners) | set(stage.byes)
    assert following == {tournament.winner}
    for event in tournament.events:
        if isinstance(event, StacksRestarted):
            assert {s.after for s in event.stacks} == {regulation.restart_stack}
    _check_clocks(tournament)
    pool = prize_pool(regulation, tournament.entries())
    assert sum(r.prize for r in tournament.players.values()) == pool.total  # T-2
    assert Tournament.from_events(regulation, tournament.events).state() == tournament.state()


def _check_clocks(tournament: Tournament) -> None:
    """T-9, T-10: one clock per stage, at level 1 when the stage starts; a hand plays the
    level of its stage's clock when it was dealt."""
    starts: list[tuple[float, int]] = []
    for event in tournament.events:
        if isinstance(event, StageStarted):
            starts = []
        elif isinstance(event, LevelStarted):
            assert event.level.number == len(starts) + 1
            starts.append((event.at, event.level.number))
        elif isinstance(event, HandPlayed):
            assert event.level == max(number for at, number in starts if at <= event.started)


def test_t9_23_players_at_10_seats_play_a_semi_final_of_three_then_a_final_of_three() -> None:
    """T-9: three semi-final tables (8, 8, 7) each play to one winner; the three winners
    restart at level 1 with the starting stack; places 4 … 23 are the semi-final's."""
    regulation = _olympic(KNOCKOUT, table_size=10)
    tournament, players = _run(regulation, 23, seed=4)
    _check(tournament, players)
    (semi, _tables, semi_busts), (final, final_tables, _busts) = _stages(tournament)
    assert (semi.name, sorted(semi.tables), semi.byes) == ("semi-final", [7, 8, 8], ())
    assert (final.name, final.tables, final.byes) == ("final", (3,), ())
    assert len(semi_busts) == 20
    finalists = final_tables[1]
    assert sorted(tournament.players[p].place or 0 for p in finalists) == [1, 2, 3]
    assert {tournament.stage_reached[p] for p in finalists} == {2}
    assert {tournament.stage_reached[p] for p in semi_busts} == {1}
    restart = next(e for e in tournament.events if isinstance(e, StacksRestarted))
    assert {s.player for s in restart.stacks} == finalists
    assert sum(s.before for s in restart.stacks) == 23 * 3000
    assert tournament.chips_issued - tournament.chips_removed == 3 * 3000
    reasons = {e.move.reason for e in tournament.events if isinstance(e, Seated)}
    assert reasons == {MoveReason.DRAW, MoveReason.STAGE}  # no balance, break, final table
    final_at = tournament.events.index(final)
    hands = [e for e in tournament.events[final_at:] if isinstance(e, HandPlayed)]
    assert {hand.table for hand in hands} == {1} and hands[0].level == 1


def test_t9_a_heads_up_bracket_gives_byes_by_draw_and_never_twice_while_avoidable() -> None:
    """T-9: 5 players heads-up: 1/4 (two matches and a bye), semi-final (one match and a
    bye), final; a bye sits nowhere that stage and goes on with his stack restarted."""
    regulation = _olympic(KNOCKOUT, table_size=2)
    tournament, players = _run(regulation, 5, seed=2)
    _check(tournament, players)
    stages = _stages(tournament)
    assert [(s.name, s.tables, len(s.byes)) for s, _t, _b in stages] == [
        ("1/4", (2, 2), 1),
        ("semi-final", (2,), 1),
        ("final", (2,), 0),
    ]
    first, second = stages[0][0].byes[0], stages[1][0].byes[0]
    assert first != second  # a second bye only when everyone has had one
    assert tournament.players[first].place is not None
    for event in tournament.events:
        if isinstance(event, HandPlayed):
            assert len(event.seats) == 2


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    regulations(),
    st.one_of(*[st.integers(2, 40)] * 4, st.integers(41, 200)),  # small fields likely
    st.integers(0, 2**16),
    st.sampled_from([None, 1, 2]),
)
@example(_olympic(KNOCKOUT, table_size=10), 2_000, 1, None)
def test_t9_t12_random_knock_outs_place_everyone_and_conserve_chips(
    regulation: Regulation, field: int, seed: int, deeper: int | None
) -> None:
    """T-9, T-12, T-10, T-2 over random regulations and fields of 2 … 200, and 2,000."""
    stage_stack = None if deeper is None else deeper * regulation.starting_stack
    olympic = _olympic(regulation, stage_stack=stage_stack)
    tournament, players = _run(olympic, field, seed)
    _check(tournament, players)


def test_t9_the_log_refuses_a_stage_that_does_not_follow_the_last() -> None:
    """T-9: a stage seats exactly the players still in; a restart gives the equal stack."""
    tournament = Tournament(KNOCKOUT)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        tournament.enter(name, at=0)
    with pytest.raises(UsageError, match="seats 3 players, but 4 are in"):
        tournament.record(StageStarted(0, 1, "final", (3,)))
    with pytest.raises(UsageError, match="the next stage is 1"):
        tournament.record(StageStarted(0, 2, "final", (4,)))
    tournament.record(StageStarted(0, 1, "semi-final", (3,), ("Dee",)))
    with pytest.raises(UsageError, match="stage 1 \\(semi-final\\) is not over"):
        tournament.record(StageStarted(0, 2, "final", (2, 2)))
    with pytest.raises(UsageError, match="stacks restart when a stage after the first"):
        tournament.record(StacksRestarted(0, 1, (StackRestart("Ann", 3000, 3000),)))
    before = tournament.state()
    with pytest.raises(UsageError, match="stages are olympic"):
        Tournament(load_example("club-freezeout")).record(StageStarted(0, 1, "final", (2,)))
    assert tournament.state() == before


def test_t9_a_restart_must_give_every_player_the_stage_stack() -> None:
    regulation = dataclasses.replace(KNOCKOUT, stage_stack=6000)
    tournament = Tournament(regulation)
    for name in ("Ann", "Bob", "Cy"):
        tournament.enter(name, at=0)
    tournament.record(StageStarted(0, 1, "semi-final", (2,), ("Cy",)))
    tournament.bust("Bob", at=1)
    tournament.record(StageStarted(1, 2, "final", (2,)))
    with pytest.raises(UsageError, match="every stage restarts with 6000"):
        tournament.record(
            StacksRestarted(1, 2, (StackRestart("Ann", 3000, 3000), StackRestart("Cy", 3000, 3000)))
        )
    with pytest.raises(UsageError, match="every player still in one new stack"):
        tournament.record(StacksRestarted(1, 2, (StackRestart("Ann", 3000, 6000),)))
    tournament.record(
        StacksRestarted(1, 2, (StackRestart("Ann", 3000, 6000), StackRestart("Cy", 3000, 6000)))
    )
    assert tournament.chips_in_play == 12_000 == tournament.chips_issued - tournament.chips_removed


def test_t9_stage_stack_is_an_olympic_field_and_re_entries_are_refused() -> None:
    """T-9: ``stage_stack`` sets the restart stack of an olympic regulation only; an
    olympic field is fixed: no re-entry, re-buy, add-on or late registration."""
    document = base()
    document.pop("late_registration")
    document.update(format="olympic", stage_stack=10_000)
    assert regulation_from_document(document).restart_stack == 10_000
    document.update(stage_stack=10_010)
    with pytest.raises(RegulationError, match="stage_stack 10010 is not a multiple of 25"):
        regulation_from_document(document)
    document.update(format="american", stage_stack=10_000)
    with pytest.raises(RegulationError, match="stage_stack is for olympic tournaments"):
        regulation_from_document(document)
    assert KNOCKOUT.restart_stack == KNOCKOUT.starting_stack
    bought_back = dataclasses.replace(KNOCKOUT, re_entry=ReEntry(1, 2, 3000))
    players = ["Ann", "Bob"]
    with pytest.raises(UsageError, match="offers re-entry; an olympic field is fixed"):
        OlympicRun(bought_back, players, BotPlayers(("random",), players, 1), random.Random(1))
