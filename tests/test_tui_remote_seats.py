"""Seats at the remote terminal table: a cash seat taken with a typed buy-in (a bad one
refused here in the server's words, nothing sent), a hand played to the end, a top-up
between hands and leaving, at 80×24, every frame and every screen leak-checked (X-4)."""

from __future__ import annotations

from textual.pilot import Pilot

from pokerroom.protocol.frames import TableFrame
from pokerroom.room import CashRoom
from pokerroom.tui.remote import RemoteTableApp
from tests.remote_apps import footer, play_hands, press, run, settle
from tests.remote_link import FakeLink, Hub
from tests.test_tui_remote import calling
from tests.web.cash_driver import cash_table


def cash_hands(hub: Hub) -> int:
    assert isinstance(hub.room, CashRoom)
    return hub.room.table.hands_played


def frame_of(app: RemoteTableApp) -> TableFrame:
    assert app.frame is not None
    return app.frame


def status(app: RemoteTableApp) -> str:
    return str(app.widgets.status.content)


def sent(app: RemoteTableApp) -> list[str]:
    link = app.link
    assert isinstance(link, FakeLink)
    return [str(message["type"]) for message in link.sent]


async def type_in(pilot: Pilot[None], app: RemoteTableApp, key: str, typed: str) -> None:
    """The box ``key`` opens, ``typed`` in it and Enter, each key waited for."""
    await press(pilot, app, key, *typed, "enter")


def test_a_terminal_player_buys_in_plays_a_hand_tops_up_and_leaves() -> None:
    """Ann sits at a 1/2 cash table (buy-ins 80-200); Bob watches, buys in, plays."""
    driver = cash_table("holdem", 1, users=2, deal=False)

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        bob, keys = apps[1], pilots[1]
        assert "watching" in status(bob) and "e: take a seat" in status(bob)
        assert "e Take a seat" in footer(bob) and "g Leave" not in footer(bob)
        await type_in(keys, bob, "e", "5 2")
        await settle(hub, apps, pilots)
        assert "a buy-in at this table is 80 to 200 chips, got 5" in status(bob)
        await type_in(keys, bob, "e", "150 1")  # seat 1 is Ann's
        await settle(hub, apps, pilots)
        assert "seat 1 is taken; free: 2, 3, 4, 5, 6" in status(bob)
        assert sent(bob) == []  # refused here: nothing reached the server
        await type_in(keys, bob, "e", "150")  # the first free seat
        await settle(hub, apps, pilots)
        assert sent(bob) == ["sit"] and hub.room.seat_of_user(2) == 2
        assert "e Take a seat" not in footer(bob) and "g Leave" in footer(bob)
        await play_hands(hub, apps, pilots, 1, calling, cash_hands)
        frame = bob.frame
        assert frame is not None and frame["status"] == "pause"
        chips = frame["seats"][1]["stack"]
        assert chips != 150 and "u Top up" in footer(bob)
        room, before = 200 - chips, sent(bob)
        await type_in(keys, bob, "u", str(room + 1))
        await settle(hub, apps, pilots)
        words = f"you may add 1 to {room} chips (the maximum buy-in is 200, you have {chips})"
        assert f"{words}, got {room + 1}" in status(bob) and sent(bob) == before
        await type_in(keys, bob, "u", str(room))
        await settle(hub, apps, pilots)
        assert sent(bob)[-1] == "top_up" and frame_of(bob)["seats"][1]["stack"] == 200
        assert "u Top up" not in footer(bob)  # at the maximum: nothing more to add
        await press(keys, bob, "g")
        await settle(hub, apps, pilots)
        assert hub.room.seat_of_user(2) is None and "e: take a seat" in status(bob)

    run(driver, scenario, size=(80, 24))


def test_a_newcomer_waits_for_the_big_blind_and_posts_with_w() -> None:
    """Once the table has dealt, a new seat waits for the big blind; w posts one instead."""
    driver = cash_table("holdem", 2, users=3)

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        cy, keys = apps[2], pilots[2]
        await type_in(keys, cy, "e", "200 6")
        await settle(hub, apps, pilots)
        frame = cy.frame
        assert frame is not None and frame["you"]["cash"]["state"] == "waiting"
        assert "you wait for the big blind" in status(cy) and "w Post BB" in footer(cy)
        await press(keys, cy, "w")
        await settle(hub, apps, pilots)
        assert frame_of(cy)["you"]["cash"]["state"] == "posting"
        assert "w Wait for BB" in footer(cy)

    run(driver, scenario, size=(80, 24))
