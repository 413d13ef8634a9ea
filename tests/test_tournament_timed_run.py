"""The American run on the caller's clock (web tables): a table deals its next hand only
once its table says the hand is over, at the time it says (T-5 … T-8, T-10)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.errors import UsageError
from pokerroom.table.showdown import settle_showdown
from pokerroom.tournament.events import EntryKind, HandPlayed
from pokerroom.tournament.regulation import load_example
from pokerroom.tournament.standing import Standing
from pokerroom.tournament.timed.desk import TimedDesk
from pokerroom.tournament.timed.run import DealtHand, TimedRun

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


class HeldTables:
    """Tables that keep each hand until the test plays it."""

    def __init__(self) -> None:
        self.dealt: list[DealtHand] = []
        self.standings: list[Standing] = []

    def deal(self, dealt: DealtHand) -> None:
        self.dealt.append(dealt)

    def re_enters(self, player: str) -> bool:
        return False

    def see_standing(self, standing: Standing) -> None:
        self.standings.append(standing)


def play(dealt: DealtHand) -> None:
    BotPlayers(["random"], PLAYERS, 1)(dealt.hand, dealt.players)
    settle_showdown(dealt.hand, lambda position: False)  # P-5: nobody mucks by choice here


def test_t10_a_tables_next_hand_waits_for_its_hand_to_be_over() -> None:
    tables = HeldTables()
    run = TimedRun(load_example("home-sit-and-go"), PLAYERS, tables, random.Random(1))
    run.advance(0.0)
    assert len(tables.dealt) == 1 and run.playing(1)
    first = tables.dealt[0]
    assert first.level.number == 1 and first.hand.config.blinds.count(2) == 1  # blinds 1/2
    run.advance(50.0)  # however long it takes, nothing else is dealt at that table
    assert len(tables.dealt) == 1 and run.tournament.level == 1
    assert not first.hand.config.variant.stud and first.hand.phase == "bet"
    play(first)
    run.hand_over(1, first.hand, at=60.0)
    assert run.next_at() == 60.0
    run.advance(59.0)
    assert len(tables.dealt) == 1
    run.advance(60.0)
    assert [type(e) for e in run.tournament.events].count(HandPlayed) == 1
    assert len(tables.dealt) == 2 and tables.standings[-1].players_left <= 4
    run.advance(4000.0)  # T-10: the clock does not wait for a table
    assert len(tables.dealt) == 2 and run.tournament.level == 7


def test_t19_a_late_entry_is_seated_and_a_closed_one_refused_by_the_log() -> None:
    tables = HeldTables()
    run = TimedRun(load_example("club-freezeout"), PLAYERS, tables, random.Random(2))
    run.advance(0.0)
    run.enter("Eve", EntryKind.ENTRY, 10.0)
    assert run.tournament.players["Eve"].seat is not None
    with pytest.raises(UsageError, match="already registered"):
        run.enter("Eve", EntryKind.ENTRY, 11.0)
    with pytest.raises(UsageError, match="taken at the table"):
        run.enter("Ann", EntryKind.REBUY, 11.0)
    entries = len(run.tournament.players)
    held = HeldTables()
    home = TimedRun(load_example("home-sit-and-go"), PLAYERS, held, random.Random(3))
    home.advance(0.0)
    dealt = held.dealt[0]
    play(dealt)
    home.hand_over(dealt.table, dealt.hand, at=30.0)
    home.advance(30.0)
    with pytest.raises(
        UsageError, match=r"late registration closed at the end of level 0 \(T-19\)"
    ):
        home.enter("Eve", EntryKind.ENTRY, 31.0)
    assert "Eve" not in home.tournament.players and entries == 5


CLOCK_ACTIONS = st.sampled_from(
    [
        lambda desk: desk.add_time(3),
        lambda desk: desk.remove_time(1),
        lambda desk: desk.edit_level(2, {"big_blind": 8, "small_blind": 4}),
        lambda desk: desk.edit_level(1, {"ante": 1}),  # the level in progress (T-16)
        lambda desk: desk.insert_level(2, {"minutes": 7}),
        lambda desk: desk.remove_level(3),
        lambda desk: desk.add_break(2, 5),
    ]
)


@settings(max_examples=25, deadline=None)
@given(action=CLOCK_ACTIONS, at=st.floats(0.0, 100.0))
def test_t20_a_clock_action_undone_leaves_the_clock_and_the_log_as_before(
    action: Callable[[TimedDesk], str], at: float
) -> None:
    tables = HeldTables()
    run = TimedRun(load_example("home-sit-and-go"), PLAYERS, tables, random.Random(1))
    run.advance(at)
    events, plan = list(run.tournament.events), run.clock_state(at)
    action(TimedDesk(run, at))
    assert run.clock_undoable
    taken = TimedDesk(run, at).undo()
    assert taken.startswith("undone: ")
    assert run.tournament.events[:-1] == events  # only the words "undone: ..." are new
    assert run.clock_state(at) == plan
    assert run.next_at() is not None and not run.clock_undoable  # one step back only


def test_t20_no_undo_once_a_hand_has_ended_since() -> None:
    tables = HeldTables()
    run = TimedRun(load_example("home-sit-and-go"), PLAYERS, tables, random.Random(1))
    run.advance(0.0)
    TimedDesk(run, 0.0).add_time(2)
    first = tables.dealt[0]
    play(first)
    run.hand_over(1, first.hand, at=30.0)
    run.advance(30.0)
    with pytest.raises(UsageError, match="only before anything else happens"):
        run.undo_clock_action()
