"""Straddles at web tables (issue 22 item 6): the host's option, each seated player's
standing choice, the straddle posted when the hand comes to his seat, refusals that
change nothing, and a saved table built again with its option."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from pokerroom.protocol.frames import TableFrame
from pokerroom.room import CashRoom, HomeRoom
from pokerroom.room.seam import User
from pokerroom.storage.rooms.recipes import build_room, recipe_of
from pokerroom.storage.rooms.saved_room import live_room
from tests.web.cash_driver import cash_table
from tests.web.helpers import cardroom, sign_up, started_sit_and_go
from tests.web.table_driver import Driver, table

ZED = User(9, "Zed")


def seat_bet(frame: TableFrame, seat: int) -> int:
    return next(s["bet"] for s in frame["seats"] if s["seat"] == seat)


def refused_straddle(t: Driver[CashRoom] | Driver[HomeRoom], user: User | None, code: str) -> str:
    """A straddle message that must be refused with ``code``: one line, nothing changes."""
    viewers = [*t.users, ZED, None]
    before = [t.text(u) for u in viewers]
    outcome = t.send(user, "straddle", straddle=True)
    assert not outcome.changed and outcome.code == code, outcome
    assert outcome.error is not None and "\n" not in outcome.error
    assert [t.text(u) for u in viewers] == before
    return outcome.error


def test_a_cash_player_who_ticks_straddle_posts_it_under_the_gun_and_acts_last() -> None:
    t = cash_table(players=4, deal=False, straddle="utg")
    assert t.snap(t.users[0])["you"]["straddle"] == {"mode": "utg", "on": False}
    assert "straddle under the gun" in t.snap(None)["game"]["stakes"]
    for user in t.users:
        assert t.send(user, "straddle", straddle=True).changed
    assert t.snap(t.users[0])["you"]["straddle"] == {"mode": "utg", "on": True}
    t.wait()  # the first hand is dealt
    room = t.room
    straddler = room.table.straddled
    assert straddler is not None
    frame = t.snap(None)
    assert seat_bet(frame, straddler) == 4
    position = room.table.order.index(straddler)
    after = room.table.order[(position + 1) % 4]
    decider = t.decider()
    assert decider is not None and room.seat_of_user(decider.id) == after
    name = room.occupants[straddler].name
    hand = frame["hand"]
    assert hand is not None and f"{name} posts 4" in hand["log"]
    for _ in range(3):  # everyone calls the straddle: he has the option
        decider = t.decider()
        assert decider is not None and t.send(decider, "act", action="call").changed
    decider = t.decider()
    assert decider is not None and room.seat_of_user(decider.id) == straddler
    actions = t.snap(decider)["you"]["actions"]
    assert actions is not None and actions["check"] and actions["raise_to"] is not None
    assert actions["raise_to"]["min"] == 8


def test_a_cash_player_who_did_not_tick_it_posts_no_straddle() -> None:
    t = cash_table(players=4, deal=False, straddle="utg")
    t.wait()
    assert t.room.table.straddled is None
    assert max(seat_bet(t.snap(None), seat) for seat in range(1, 5)) == 2


def test_straddles_are_off_by_default_and_then_not_offered_and_refused() -> None:
    t = cash_table(players=3)
    assert "straddle" not in t.snap(t.users[0])["you"]
    assert "straddle" not in t.snap(None)["game"]["stakes"]
    error = refused_straddle(t, t.users[0], "straddle")
    assert error == "this table has no straddles: the host left them off"


def test_the_choice_is_offered_only_to_seated_players() -> None:
    t = cash_table(players=3, straddle="button")
    assert "straddle" not in t.snap(None)["you"]
    assert "straddle" not in t.snap(ZED)["you"]
    refused_straddle(t, ZED, "not_seated")
    refused_straddle(t, None, "not_seated")
    assert t.send(t.users[1], "straddle", straddle=True).changed
    assert t.snap(t.users[0])["you"]["straddle"] == {"mode": "button", "on": False}
    refused_straddle(t, t.users[1], "straddle")  # already so


def test_a_home_series_button_straddle_is_posted_by_the_button() -> None:
    t = table(players=4, start=False, straddle="button")
    for user in t.users:
        assert t.send(user, "straddle", straddle=True).changed
    assert t.send(t.users[0], "start").changed
    room = t.room
    button, _, _ = room.marks()
    assert button is not None
    assert seat_bet(t.snap(None), button) == 4
    series = room.series
    assert series is not None and series.straddled is not None
    assert room.seat_order[series.straddled - 1] == button


def test_a_home_series_player_may_stop_straddling() -> None:
    t = table(players=4, start=False, straddle="utg")
    assert t.send(t.users[2], "straddle", straddle=True).changed
    assert t.send(t.users[2], "straddle", straddle=False).changed
    assert t.send(t.users[0], "start").changed
    assert max(seat_bet(t.snap(None), seat) for seat in range(1, 5)) == 2


def test_a_saved_table_is_built_again_with_its_straddle_option() -> None:
    for room in (
        CashRoom("c1", settings=cash_table(straddle="utg").room.settings),
        HomeRoom("h1", settings=table(players=2, start=False, straddle="button").room.settings),
    ):
        kind, settings, _ = recipe_of(room)
        again = build_room(kind, room.id, settings, seed=1)
        assert isinstance(again, CashRoom | HomeRoom)
        assert again.settings.straddle == room.settings.straddle


def test_a_tournament_table_refuses_a_straddle(client: TestClient) -> None:
    """Not in tournaments: their regulation has no straddle option."""
    sign_up(client, "Pete")
    _, tournament = started_sit_and_go(client)
    account = cardroom(client).accounts.find_account("Pete")
    assert account is not None
    pete = User(account.id, "Pete", account.roles)
    table_id = tournament.table_of(pete)
    assert table_id is not None
    room = live_room(cardroom(client).registry.get(table_id).room)
    before = json.dumps(room.snapshot(pete), sort_keys=True)
    outcome = room.handle(pete, {"type": "straddle", "id": "s1", "straddle": True}, 0.0)
    assert outcome.code == "tournament"  # refused (its id is kept: it may not be sent again)
    assert outcome.error is not None and outcome.error.startswith("straddle is not for a tourn")
    assert "straddle" not in before  # never offered
    assert json.dumps(room.snapshot(pete), sort_keys=True) == before
