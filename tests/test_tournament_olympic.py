"""The Olympic format, staged (T-9): tables to one winner, winners drawn on, stage names."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.errors import UsageError
from pokerroom.tournament.seating.floor import Hold
from pokerroom.tournament.seating.olympic import draw_stage, olympic_plan


def test_t9_heads_up_bracket_names_every_stage() -> None:
    """T-9 (002 3.2): 1/32, 1/16, 1/8, 1/4, semi-final, final."""
    plan = olympic_plan(64, 2)
    assert [s.name for s in plan] == ["1/32", "1/16", "1/8", "1/4", "semi-final", "final"]
    assert [len(s.tables) for s in plan] == [32, 16, 8, 4, 2, 1]


def test_t9_full_tables_one_winner_each() -> None:
    """T-9: 1,000 at 10-max: 100 tables, then 10, then the final of 10."""
    plan = olympic_plan(1000, 10)
    assert [(s.name, len(s.tables), s.players) for s in plan] == [
        ("1/4", 100, 1000),
        ("semi-final", 10, 100),
        ("final", 1, 10),
    ]
    assert olympic_plan(7, 9)[0].name == "final"


def test_t9_odd_heads_up_field_gets_a_bye_by_draw() -> None:
    """T-9, decision: an odd number at heads-up tables gives one player a bye."""
    plan = olympic_plan(5, 2)
    assert [(s.tables, s.byes) for s in plan] == [((2, 2), 1), ((2,), 1), ((2,), 0)]
    byes = {draw_stage(list("abcde"), 2, random.Random(seed)).byes for seed in range(40)}
    assert len(byes) == 5 and all(len(b) == 1 for b in byes)


@settings(max_examples=60, deadline=None)
@given(field=st.integers(2, 3000), size=st.integers(2, 10))
def test_t9_every_stage_table_has_two_players_and_the_plan_ends_in_one_final(
    field: int, size: int
) -> None:
    """T-9: no table of one, no byes beyond heads-up, each stage feeds the next exactly."""
    plan = olympic_plan(field, size)
    assert plan[0].players == field and plan[-1].name == "final"
    for stage, following in itertools.pairwise(plan):
        assert following.players == stage.winners
        assert all(2 <= count <= size for count in stage.tables)
        assert max(stage.tables) - min(stage.tables) <= 1
        assert stage.byes == 0 or size == 2
    assert 2 <= plan[-1].players <= size


def test_t9_stage_tables_play_to_one_winner_without_balancing() -> None:
    """T-9: a stage floor never moves players; a table with one player left is done."""
    players = [f"p{n}" for n in range(12)]
    draw = draw_stage(players, 6, random.Random(3))
    assert sorted(m.player for m in draw.moves) == sorted(players) and draw.byes == ()
    floor = draw.floor(6, random.Random(3))
    floor.start_hand(1, level=3)
    seated = [player for _seat, player in floor.table(1).seats]
    floor.end_hand(1, seated[1:])  # five of six bust at table 1
    done = floor.start_hand(1, level=3)
    assert done.hold is Hold.SHORT and done.moves == ()
    assert floor.start_hand(2, level=3).moves == ()  # 6 against 1: nobody moves
    with pytest.raises(UsageError, match="at least 2 players"):
        olympic_plan(1, 9)


def test_t9_a_bye_goes_to_a_player_who_has_not_had_one_while_there_is_one() -> None:
    """T-9, decision: a second bye only when every player of the stage has had one."""
    players = list("abcde")
    for seed in range(20):
        assert draw_stage(players, 2, random.Random(seed), had_bye="abde").byes == ("c",)
        assert len(draw_stage(players, 2, random.Random(seed), had_bye=players).byes) == 1
