"""The tournament header on the table page, in a real Chromium (issue 13 item 4): a player
at a web tournament's table reads the level, its blinds, the time left counting down on the
server clock, the next level, the field, his place and the money — the numbers of the
header frame, in the terminal header's words — and the clock stands still while the
director has paused it. One test, ~3 s on top of the module's browser start.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from tests.web.conftest import settings
from tests.web.helpers import cardroom, csrf_of, sign_up

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

CLOCK_LINE = re.compile(r"^Level 1 · (?P<bets>[^·]+) · (?P<m>\d+):(?P<s>\d\d) left · next: .+$")
READ_HEADER = """() => ({
  clock: document.getElementById("th-clock").textContent,
  field: document.getElementById("th-field").textContent,
  money: document.getElementById("th-money").textContent,
  state: document.getElementById("th-state").hidden ? "" :
    document.getElementById("th-state").textContent,
  name: document.getElementById("th-name").textContent,
})"""


def post(client: TestClient, path: str, **fields: str) -> None:
    response = client.post(path, data={"csrf": csrf_of(client, "/"), **fields})
    assert response.status_code == 200, response.text


def seconds(clock: str) -> int:
    found = CLOCK_LINE.match(clock)
    assert found is not None, clock
    return int(found["m"]) * 60 + int(found["s"])


def test_the_header_shows_the_header_frames_numbers_and_counts_down_until_paused(
    live_server: Callable[[ASGIApp], str], new_context: Callable[[], BrowserContext]
) -> None:
    with open_database("sqlite://") as database:
        app = create_app(database, settings())
        pete = TestClient(app)
        sign_up(pete, "Pete")
        made = pete.post(
            "/tournaments",
            data={"csrf": csrf_of(pete, "/"), "example": "home-sit-and-go", "bots": "6"},
            follow_redirects=True,
        )
        tid = str(made.url).rsplit("/", 1)[1]
        post(pete, f"/tournaments/{tid}/register")
        post(pete, f"/tournaments/{tid}/start")
        tournament = cardroom(pete).registry.get(tid).room
        assert isinstance(tournament, RoomTournament)
        account = cardroom(pete).accounts.find_account("Pete")
        assert account is not None
        viewer = User(account.id, "Pete", account.roles)
        url = live_server(app)
        context = new_context()
        cookie = pete.cookies.get(SESSION_COOKIE)
        assert cookie is not None
        context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
        page: Page = context.new_page()
        page.goto(f"{url}/tables/{tid}.t1")
        page.wait_for_selector("#tournament-header:not([hidden])")

        shown, header = {}, tournament.header(viewer)
        for _ in range(50):  # a hand may end between the two reads: read both again
            header = tournament.header(viewer)
            shown = page.evaluate(READ_HEADER)
            if shown["field"] == header["lines"][1] and shown["money"] == header["lines"][2]:
                break
            time.sleep(0.1)
        assert shown["field"] == header["lines"][1]  # "6 of 6 left · you 3rd by chips · ..."
        assert shown["money"] == header["lines"][2]  # "pool ... · next pay jump: ..."
        assert f"{header['players_left']} of {header['entries']} left" in shown["field"]
        assert shown["name"] == tournament.name and shown["state"] == ""
        assert CLOCK_LINE.match(shown["clock"])["bets"] == header["level"]["words"]  # type: ignore[index]
        assert shown["clock"].endswith(f"next: {header['next_level']['words']}")  # type: ignore[index]
        deadline = header["deadline"]
        assert deadline is not None
        left = deadline - app.state.hub.clock()
        assert abs(seconds(shown["clock"]) - left) <= 2  # deadline - now, the server's clock
        time.sleep(1.3)
        assert seconds(page.evaluate(READ_HEADER)["clock"]) < seconds(shown["clock"])

        director = TestClient(app)
        sign_up(director, "Dana")
        cardroom(director).accounts.grant("Dana", "director")
        post(director, f"/tournaments/{tid}/pause")
        page.wait_for_function(
            "() => document.getElementById('th-state').textContent.includes('paused')"
        )
        frozen = page.evaluate(READ_HEADER)["clock"]
        time.sleep(1.2)
        assert page.evaluate(READ_HEADER)["clock"] == frozen  # the clock stands still
        assert page.evaluate(READ_HEADER)["state"] == "Clock paused by the director"

        watcher = new_context().new_page()  # signed out: a spectator is not "out"
        watcher.goto(f"{url}/tables/{tid}.t1")
        watcher.wait_for_selector("#tournament-header:not([hidden])")
        field = watcher.evaluate(READ_HEADER)["field"]
        assert field.startswith(f"{header['players_left']} of {header['entries']} left · average")
        assert "you" not in field
