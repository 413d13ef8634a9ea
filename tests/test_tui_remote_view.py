"""The remote table's words and numbers, worked out from real snapshots without a terminal:
a typed bet refused in the server's own words (A-8), the preset keys equal to the server's
presets, and the server's clock read here (A-18)."""

from __future__ import annotations

import random

import pytest

from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, IllegalAction, Limit, Options
from pokerroom.protocol.frames import ActionsFrame, TableFrame
from pokerroom.table.wording import refusal
from pokerroom.tui.remote import view
from pokerroom.tui.remote.clock import ServerClock
from tests.web.table_driver import Table, random_act, table


def deciding_frame(driver: Table) -> tuple[TableFrame, int]:
    user = driver.decider()
    assert user is not None
    return driver.snap(user), driver.users.index(user)


@pytest.mark.parametrize(
    ("game", "limit", "amounts"),
    [
        ("holdem", Limit.NO_LIMIT, [0, 3, 201, 5000]),
        ("holdem", Limit.FIXED_LIMIT, [3, 5, 8]),
        ("omaha", Limit.POT_LIMIT, [3, 9, 100]),
        ("stud", Limit.FIXED_LIMIT, [1, 3, 5]),
    ],
)
def test_a8_a_typed_bet_out_of_range_is_refused_in_the_servers_words(
    game: str, limit: Limit, amounts: list[int]
) -> None:
    """A-8: the local check says exactly what the server says, and passes what it accepts."""
    driver = table(game, 2, seed=2, limit=limit)
    frame, index = deciding_frame(driver)
    actions = frame["you"]["actions"]
    assert actions is not None and actions["raise_to"] is not None
    word = actions["raise_to"]["word"]
    for amount in amounts:
        local = view.raise_refusal(actions, amount)
        outcome = driver.send(driver.users[index], "act", action=word, amount=amount)
        assert (local is None) == (outcome.error is None), amount
        if local is None:
            return
        assert local == outcome.error
        assert outcome.code == "amount"


def test_t18_a_typed_bet_off_the_unit_is_refused_as_the_engine_refuses_it() -> None:
    """T-18: in a tournament's 25s the local check passes whole 25s and the all-in, and
    refuses 130 in the engine's words; the preset keys are whole 25s too."""
    config = HandConfig.holdem(
        [5_000, 18_441, 21_559],
        small_blind=25,
        big_blind=50,
        options=Options(smallest_chip=25, bet_unit=25),
    )
    hand = Hand(config, Deck(seed=1))
    legal = hand.legal_actions()
    actions: ActionsFrame = {
        "fold": True,
        "check": False,
        "call": 50,
        "bring_in": None,
        "raise_to": {"word": "raise", "min": 100, "max": 21_559, "sizes": [], "step": 25},
        "presets": [],
        "options": legal.describe(),
    }
    assert [view.raise_refusal(actions, amount) for amount in (100, 125, 21_559)] == [None] * 3
    with pytest.raises(IllegalAction) as refused:
        hand.act(Action.raise_to(130))
    assert view.raise_refusal(actions, 130) == refusal(refused.value, 2)
    assert view.raise_refusal(actions, 130) == (
        "Raises are in steps of 25: from 100 to 21,550, or all-in 21,559. "
        "You may: fold, call 50, raise to 100-21,559 in steps of 25."
    )


def test_the_preset_keys_bet_what_the_servers_presets_say() -> None:
    """m/h/t/p/a, worked out from the snapshot's numbers, are the server's presets (which
    name each distinct amount once, a pre-flop opening size first)."""
    rng = random.Random(4)
    for game in ("holdem", "omaha", "stud"):
        driver = table(game, 3, seed=rng.randint(1, 99))
        for _ in range(60):
            user = driver.decider()
            if user is None:
                if not driver.wait():
                    break
                continue
            frame = driver.snap(user)
            actions = frame["you"]["actions"]
            if actions is not None and actions["raise_to"] is not None:
                served = {p["amount"]: p["name"] for p in actions["presets"]}
                keys = set(view.key_presets(frame).values())
                assert keys <= set(served)
                assert {a for a, name in served.items() if "×" not in name} <= keys
            driver.post(user, random_act(frame, rng))


def test_a18_the_servers_deadline_is_read_on_the_local_clock() -> None:
    here = [5.0]
    clock = ServerClock(lambda: here[0])
    assert clock.left(130.0) is None  # no frame has told the time yet
    clock.sync(100.0)
    here[0] = 8.0
    assert clock.left(130.0) == pytest.approx(27.0)
    assert clock.left(None) is None
