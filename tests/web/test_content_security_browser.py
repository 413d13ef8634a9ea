"""The pages under the Content-Security-Policy in a real Chromium (issue 13 hardening): the
table page connects its socket and draws the table, the replayer steps through a hand, and
no policy violation is reported; a host closing the table turns its page into "closed by
its host", and the page does not reconnect."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.room import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.seam import User
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from tests.web.conftest import settings
from tests.web.hand_play import home_room, play
from tests.web.helpers import csrf_of

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

WATCH_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""
"""Installed before any page script: every violation the page reports is kept."""


def violations(page: Page, console: list[str]) -> list[str]:
    reported: list[str] = page.evaluate("window.cspViolations")
    return reported + [line for line in console if "Content Security Policy" in line]


def watched(context: BrowserContext, console: list[str]) -> Page:
    page = context.new_page()
    page.on("console", lambda message: console.append(message.text))
    page.on("pageerror", lambda error: console.append(f"page error: {error}"))
    return page


def test_the_table_page_and_the_replayer_run_under_the_policy(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    from playwright.sync_api import expect

    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    url = live_server(app)
    cardroom = app.state.cardroom
    users = []
    for name in ("Ann", "Bob"):
        account = cardroom.accounts.create_account(name, None, ["player", "host"])
        users.append(User(account.id, name, frozenset(account.roles)))
    play(home_room(cardroom.registry, users), 1)
    assert cardroom.tables.drain()  # the writer thread has archived the hand
    ann_token = secrets.token_urlsafe(32)
    cardroom.accounts.open_session(users[0].id, ann_token, timedelta(hours=1))
    quiet = HomeRoom("quiet", seats=3)
    entry = LobbyEntry("Quiet", "NLHE", "1/2", 0, 3, RoomKind.HOME, host_id=users[0].id)
    cardroom.registry.add(quiet, entry)

    context = new_context()
    context.add_init_script(WATCH_VIOLATIONS)
    context.add_cookies([{"name": SESSION_COOKIE, "value": ann_token, "url": url}])
    console: list[str] = []

    hands = watched(context, console)
    hands.goto(f"{url}/hands")
    hands.get_by_role("link", name="Replay").first.click()
    text = hands.locator(".replayer-text")
    expect(text).not_to_be_empty()
    first = text.text_content()
    hands.click(".replayer-next")
    expect(text).not_to_have_text(first or "")
    assert violations(hands, console) == []

    table = watched(context, console)
    sockets: list[str] = []
    table.on("websocket", lambda socket: sockets.append(socket.url))
    table.goto(f"{url}/tables/quiet")
    expect(table.locator("#table")).to_have_attribute("data-status", "waiting")
    expect(table.locator("#seats li")).to_have_count(3)
    assert violations(table, console) == []

    host = TestClient(app)
    host.cookies.set(SESSION_COOKIE, ann_token)
    assert host.post("/rooms/quiet/close", data={"csrf": csrf_of(host, "/")}).status_code == 200
    expect(table.locator("#banner")).to_have_text("This table was closed by its host.")
    expect(table.locator("#table")).to_have_attribute("data-status", "closed")
    expect(table.locator("#controls")).to_be_hidden()
    table.wait_for_timeout(1000)  # past the first reconnect's back-off (at most 625 ms)
    assert len(sockets) == 1, f"the page reconnected: {sockets}"
    assert violations(table, console) == []

    table.evaluate("document.body.insertAdjacentHTML('beforeend', '<i style=\"color: red\"></i>')")
    for _ in range(50):  # the watch sees a violation when there is one
        if violations(table, console):
            break
        table.wait_for_timeout(20)
    assert violations(table, console) != []
