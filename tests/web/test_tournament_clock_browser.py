"""A web tournament's TV clock in a real Chromium (issue 22 item 7; T-10, T-16): a visitor
clicks "TV clock" on the tournament's page, the big digits count level 1 down, and when
the director pauses the tournament the page says PAUSED within a poll and stands still."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from tests.web.browser_pages import strict_page
from tests.web.conftest import settings
from tests.web.helpers import csrf_of, sign_up, started_sit_and_go

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser

POLL_MS = 3_000
"""The TV page asks the server again every 3 s (``clock_page.POLL_SECONDS``)."""


def test_the_tv_clock_of_a_web_tournament_counts_down_and_stops_when_paused(
    live_server: Callable[[ASGIApp], str], new_context: Callable[[], BrowserContext]
) -> None:
    from playwright.sync_api import expect

    with open_database("sqlite://") as database:
        app = create_app(database, settings())
        pete = TestClient(app)
        sign_up(pete, "Pete")
        tid, _ = started_sit_and_go(pete)
        url = live_server(app)
        page = strict_page(new_context())  # a TV in the room: nobody signed in
        page.goto(f"{url}/tournaments/{tid}")
        page.get_by_role("link", name="TV clock").click()
        expect(page).to_have_url(f"{url}/tournaments/{tid}/clock")
        expect(page.locator("#title")).to_have_text("Home sit-and-go · No-limit Texas Hold'em")
        expect(page.locator("#heading")).to_have_text("Level 1")
        digits = page.locator("#digits")
        expect(digits).to_have_text(re.compile(r"^(9:[0-5]\d|10:00)$"))
        first = digits.text_content()
        expect(digits).not_to_have_text(first or "", timeout=POLL_MS)  # it counts down
        expect(page.locator("#paused")).to_be_hidden()

        response = pete.post(f"/tournaments/{tid}/pause", data={"csrf": csrf_of(pete, "/")})
        assert response.status_code == 200
        expect(page.locator("#paused")).to_be_visible(timeout=2 * POLL_MS)
        expect(page.locator("#heading")).to_have_text("Level 1 · PAUSED")
        frozen = pete.get(f"/api/tournaments/{tid}/clock").json()
        assert frozen["paused"]
        expect(digits).to_have_text(frozen["digits"])  # the server's paused reading
        again = pete.get(f"/api/tournaments/{tid}/clock").json()
        assert again["seconds_left"] == frozen["seconds_left"]  # it stands still
