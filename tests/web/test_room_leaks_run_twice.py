"""The leak matrix (X-4) at tables that run it twice: short stacks make all-ins before the
river common, the players answer the question at random (or let the 10 s run out), and
every snapshot of every player and an observer holds only cards he may know."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.room import ShotClock
from tests.web.cash_driver import cash_step, cash_table
from tests.web.table_driver import table
from tests.web.test_room_leaks import STEPS, check_cash_no_leaks, check_no_leaks, step

CLOCK = ShotClock(seconds=20, countdown=5, banks=1, bank_seconds=10, showdown=5)


@pytest.mark.parametrize("game", ["holdem", "omaha-hilo"])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_no_snapshot_leaks_a_card_when_boards_are_run_twice(
    game: str, seed: int, players: int
) -> None:
    rng = random.Random(seed)
    t = table(game, players, seed=seed, clock=CLOCK, max_hands=6, stack=16, run_it_twice=True)
    check_no_leaks(t)
    for _ in range(STEPS):
        if t.room.status == "over":
            break
        step(t, rng)
        check_no_leaks(t)
    assert t.room.series is not None and t.room.series.hands_played >= 1


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_no_cash_snapshot_leaks_a_card_when_boards_are_run_twice(seed: int, players: int) -> None:
    rng = random.Random(seed)
    t = cash_table(
        "holdem",
        players,
        seed=seed,
        users=5,
        clock=CLOCK,
        min_buy_in=10,
        max_buy_in=20,
        run_it_twice=True,
    )
    check_cash_no_leaks(t)
    for _ in range(STEPS):
        cash_step(t, rng)
        check_cash_no_leaks(t)
    assert t.room.table.hands_played >= 1
