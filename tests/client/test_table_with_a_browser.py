"""Two terminal players (the Textual table, driven headless by its pilot over real
:class:`ServerLink` sockets) and one browser player (Chromium) at ONE table of a real
``pokerroom serve`` on 127.0.0.1 play hands to their end (issue 14 item 4): everyone sees
the same results, the chips add up, and no frame the terminals received and no screen
they drew names a card its player may not know (X-4)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp
from textual.pilot import Pilot

from pokerroom.client.http import Server
from pokerroom.client.signing_in import SESSION_COOKIE, sign_up
from pokerroom.room import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.seam import User
from pokerroom.tui.remote import RemoteTableApp
from tests.client.served import CLOCK, cardroom_app
from tests.client.terminals import Known, Terminals, play_passively
from tests.web.helpers import PASSWORD

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser

HANDS = 2
PAUSE = 1.0
"""Seconds between hands: long enough for every screen to be read at a settled hand."""
STACK = 200


def test_two_terminals_and_a_browser_play_hands_to_the_end(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    from playwright.sync_api import expect

    app = cardroom_app(tmp_path / "room.db")
    url = live_server(app)
    room = HomeRoom("three", seats=3, clock=CLOCK, pause=PAUSE, seed=5)
    app.state.cardroom.registry.add(room, LobbyEntry("Three", "NLHE", "1/2", 0, 3, RoomKind.HOME))
    server = Server.parse(url)
    ann, bob, cy = (sign_up(server, name, PASSWORD) for name in ("Ann", "Bob", "Cyd"))
    accounts = app.state.cardroom.accounts
    users = {s.name: User(accounts.find_account(s.name).id, s.name) for s in (ann, bob, cy)}
    known = Known(room, users)

    async def scenario(apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        await play_passively(apps, pilots, known, lambda: room.hands_played >= HANDS)
        for _ in range(100):  # the last result reaches both screens
            await pilots[0].pause(0.02)
            if all(f"hand {HANDS}" in a.screen_text() for a in apps):
                break

    terminals = Terminals(server, room.id, [ann, bob], [1, 2], known, scenario).start()
    context = new_context()
    context.add_cookies([{"name": SESSION_COOKIE, "value": cy.token, "url": url}])
    page = context.new_page()
    page.on("pageerror", lambda error: pytest.fail(f"the page's script failed: {error}"))
    page.goto(f"{url}/tables/{room.id}")
    page.locator('.seat[data-seat="3"] button.sit').click()
    deadline = time.monotonic() + 100
    cy_seat = 3
    while terminals.thread is not None and terminals.thread.is_alive():
        assert time.monotonic() < deadline, "the hands did not end in time"
        decider = room.decider()
        if decider is not None and room.seat_at(decider[0]) == cy_seat:
            turn = room.turn_token()
            table = page.locator("#table")
            expect(table).to_have_attribute("data-turn", turn)
            page.keyboard.press("s" if decider[1] == "show" else "c")
            while room.turn_token() == turn and time.monotonic() < deadline:
                time.sleep(0.02)
        time.sleep(0.02)
    terminals.join()

    assert room.hands_played >= HANDS
    assert known.leaks == [], known.leaks[:5]
    assert known.checked > 20
    first, second = (a.frame for a in terminals.apps)
    assert first is not None and second is not None
    assert sum(seat["stack"] for seat in first["seats"]) == 3 * STACK
    assert first["results"][:HANDS] == second["results"][:HANDS]
    for terminal in terminals.apps:
        text = terminal.screen_text()
        assert "hand 1" in text and f"hand {HANDS}" in text, text
        assert terminal.frame is not None
        assert {s["name"] for s in terminal.frame["seats"]} == set(users)
    expect(page.locator("#table")).to_have_attribute("data-hand", str(room.hand_number))
