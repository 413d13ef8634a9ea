"""What the table says: labels per game, each seat's last action, the hand log, the keys,
and messages in plain English, read off the screen of a headless table."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from pokerroom.engine import Limit
from pokerroom.engine import events as ev
from pokerroom.engine.variants import BOMB_POT, FIVE_CARD_DRAW, STUD
from pokerroom.room.clock import ShotClock
from pokerroom.table.series import Series
from pokerroom.table.story import Words, faces_text, tell
from pokerroom.tui.remote import RemoteTableApp
from tests.local_apps import alone, asked, keys, series_table, stations
from tests.remote_apps import footer, log
from tests.remote_link import Hub
from tests.web.table_driver import Table


def table(app: RemoteTableApp) -> str:
    """The game line, the table, the status line and the buttons."""
    return app.table_text()


def me(driver: Table) -> int:
    """The engine position of "You" (seat 1) in the hand."""
    position = driver.room.position_of(1)
    assert position is not None
    return position


# ----------------------------------------------------------------- labels per game


def test_v5_stud_shows_its_ante_and_bring_in_no_blinds_and_marks_own_up_cards() -> None:
    """V-5: antes and a bring-in, no SB/BB tags, no empty board; your up cards say "up"."""
    driver = stations(STUD, seats=4)
    seen: list[str] = []

    async def look(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        seen.append(table(app))

    alone(driver, look)
    text = seen[0]
    assert "ante 1, bring-in 1" in text
    assert "blinds" not in text and "no board yet" not in text and "board:" not in text
    assert " SB" not in text and " BB" not in text
    hand = driver.room.hand
    assert hand is not None
    mine = me(driver)
    down = faces_text([c for c in hand.hole[mine] if c not in hand.up[mine]])
    up = faces_text(hand.up[mine])
    assert f"{down} up {up}" in text


def test_v8_draw_shows_how_many_cards_each_player_drew() -> None:
    """V-8: after the draw every seat says how many cards it exchanged."""
    driver = stations(FIVE_CARD_DRAW, seats=3)
    seen: list[str] = []

    async def draw_two(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        while await asked(hub, app, pilot) != "draw":
            await keys(hub, app, pilot, "c")
        await keys(hub, app, pilot, "1", "2", "d")
        seen.append(table(app) + "\n" + log(app))

    alone(driver, draw_two)
    assert "drew 2" in seen[0] and "You draw 2" in seen[0]
    assert "stood pat" in seen[0] and "stands pat" in seen[0]  # the stations keep their cards


def test_v4_the_bomb_pot_shows_both_boards_labelled() -> None:
    """V-4: the upper and the lower board, each named."""
    driver = stations(BOMB_POT, seats=3)
    seen: list[str] = []

    async def look(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        seen.append(table(app))

    alone(driver, look)
    hand = driver.room.hand
    assert hand is not None
    upper, lower = (faces_text(board) for board in hand.boards)
    assert f"upper: {upper}" in seen[0] and f"lower: {lower}" in seen[0]
    assert "ante 2" in seen[0] and "blinds" not in seen[0]


# ------------------------------------------------------------------ what happened


def test_each_seat_shows_its_last_action_and_the_log_lists_every_action() -> None:
    """Seats read "posts 2", "calls 6", "raises to 6"; the log has each action in order."""
    driver = stations(seats=3)
    seen: list[tuple[str, str]] = []

    async def raise_then_fold(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        await keys(hub, app, pilot, "m")  # the minimum raise
        seen.append((table(app), log(app)))

    alone(driver, raise_then_fold)
    hand, series = driver.room.hand, driver.room.series
    assert hand is not None and series is not None
    screen, written = seen[0]
    actions = [e for e in hand.events if isinstance(e, ev.Call | ev.BetRaise | ev.Check)]
    assert actions and isinstance(actions[0], ev.BetRaise | ev.Call)
    assert "You raise to 4" in written
    assert "200  raises to 4" not in screen and "196  raises to 4" in screen  # the human's seat
    calls = [e for e in actions if isinstance(e, ev.Call)]
    assert calls
    for call in calls:
        name = series.seats[series.seat_of(call.player)].name
        assert f"{name} calls {call.to}" in written


def test_a18_the_log_says_when_the_shot_clock_acted() -> None:
    """A-18: when time runs out, ``home`` checks if that is free, else folds, for the
    player: "You timed out: fold" in the log, "folds" on the seat."""
    driver = stations(seats=2, seed=4, clock=ShotClock(seconds=1, countdown=1, banks=0))
    seen: list[str] = []

    async def wait(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        assert await asked(hub, app, pilot) == "act"
        while "timed out" not in log(app):
            assert hub.wait()
            await keys(hub, app, pilot)
        seen.append(table(app) + "\n" + log(app))

    alone(driver, wait)
    assert "You timed out: fold" in seen[0] or "You timed out: check" in seen[0]
    hand = driver.room.hand
    assert hand is not None
    mine = [e for e in hand.events if isinstance(e, ev.Fold | ev.Check) and e.player == me(driver)]
    assert mine  # the clock acted for the human (heads-up he is the button: position 1)


def test_the_story_names_bets_raises_completions_and_all_ins() -> None:
    """A-7 totals; the Stud completion is named (V-5); an all-in says so."""
    events: list[ev.Event] = [
        ev.PostAnte(0, 1),
        ev.PostAnte(1, 1),
        ev.BringIn(0, 1),
        ev.BetRaise(1, 2),
        ev.BetRaise(0, 9),
        ev.Call(1, 9),
    ]
    story = tell(events, Words(["Ann", "Bob"], you=1), [10, 50])
    assert story.lines == [
        "everyone antes 1",
        "Ann brings in 1",
        "You complete to 2",
        "Ann raises to 9 (all-in)",
        "You call 9",
    ]
    assert story.last_action == {0: "all-in 9", 1: "calls 9"}


# ------------------------------------------------------------------------- keys


@pytest.mark.parametrize("key", ["a", "p"])
def test_b2_all_in_and_pot_keys_work_when_they_equal_the_pot_limit(key: str) -> None:
    """B-2: in pot-limit the largest bet is the pot; ``a`` and ``p`` both bet it."""
    driver = stations(seats=3, limit=Limit.POT_LIMIT)
    raised: list[int] = []

    async def press(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        hand = driver.room.hand
        assert hand is not None
        top = hand.legal_actions().raise_max
        assert top is not None
        raised.append(top)
        await keys(hub, app, pilot, key)
        mine = me(driver)
        raised.extend(e.to for e in hand.events if isinstance(e, ev.BetRaise) and e.player == mine)

    alone(driver, press)
    assert len(raised) == 2 and raised[0] == raised[1]


def test_all_in_key_works_when_the_minimum_raise_is_all_in() -> None:
    """A-8: a short stack's only raise is all-in; ``a`` makes it."""
    series = Series(["You", "station-2", "station-3"], seed=2)
    series.seats[1].chips = 3
    driver = series_table(series)
    raised: list[int] = []

    async def press(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        hand = driver.room.hand
        assert hand is not None
        await keys(hub, app, pilot, "a")
        mine = me(driver)
        raised.extend(e.to for e in hand.events if isinstance(e, ev.BetRaise) and e.player == mine)

    alone(driver, press)
    assert raised == [3]


def test_the_footer_lists_the_keys_that_work_now() -> None:
    """At a decision: the betting keys; after a fold: none of them (the next hand is dealt
    after the pause); always keys and quit."""
    seen: list[set[str]] = []

    async def fold(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        seen.append(footer(app))
        await keys(hub, app, pilot, "f")
        seen.append(footer(app))

    alone(stations(seats=2), fold, size=(80, 24))
    deciding, after = seen
    assert {"f Fold", "c Call", "r Raise", "m Min", "p Pot", "a All-in", "q Quit"} <= deciding
    assert "d Draw" not in deciding
    assert {"? Keys", "q Quit"} <= after
    assert not after & {"f Fold", "c Call", "c Check", "r Raise", "m Min", "a All-in"}


# ----------------------------------------------------------------------- wording


def test_messages_address_the_player_as_you_in_plain_english() -> None:
    """ "You show", "You are eliminated", "1 hand"; others in the third person."""
    words = Words(["Ann", "Bob"], you=0)
    assert words.says(0, "show As Kd") == "You show As Kd"
    assert words.says(0, "are eliminated") == "You are eliminated"
    assert words.says(1, "are eliminated") == "Bob is eliminated"
