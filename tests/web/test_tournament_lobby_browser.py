"""Tournaments from the lobby in a real Chromium (issue 22 item 7): a host clicks from the
lobby's Tournaments tab to the form, uploads a bad regulation (the checker's one line, what
he typed kept), creates one from an example with bots, registers, starts it, goes to his
table, and opens the TV clock — every step by clicking, as a visitor would."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from tests.web.browser_pages import strict_page
from tests.web.conftest import settings
from tests.web.helpers import sign_up

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser

BAD = "mine.toml: game is missing; give [game] with variant and limit"
"""What ``pokerroom tournament check mine.toml`` says of ``name = "x"``."""


def test_a_host_creates_registers_starts_and_reaches_his_table_and_the_clock_by_clicking(
    live_server: Callable[[ASGIApp], str], new_context: Callable[[], BrowserContext]
) -> None:
    from playwright.sync_api import expect

    with open_database("sqlite://") as database:
        app = create_app(database, settings())
        pete = TestClient(app)
        sign_up(pete, "Pete")
        url = live_server(app)
        context = new_context()
        cookie = pete.cookies.get(SESSION_COOKIE)
        assert cookie is not None
        context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
        page = strict_page(context)
        page.goto(f"{url}/")
        page.get_by_role("link", name="Tournaments").click()
        expect(page).to_have_url(f"{url}/?kind=tournament")
        page.get_by_role("link", name="Create a tournament").click()
        expect(page.locator("h1")).to_have_text("New tournament")

        page.locator('input[name="name"]').fill("Friday")
        page.locator('input[name="upload"]').set_input_files(
            {"name": "mine.toml", "mimeType": "text/plain", "buffer": b'name = "x"\n'}
        )
        page.get_by_role("button", name="Create").click()
        expect(page.get_by_role("alert")).to_have_text(BAD)
        expect(page.locator('input[name="name"]')).to_have_value("Friday")

        page.locator('select[name="example"]').select_option("home-sit-and-go")
        page.locator('input[name="bots"]').fill("6")
        page.get_by_role("button", name="Create").click()
        expect(page.locator("h1")).to_have_text("Friday")
        page.get_by_role("button", name="Register").click()
        expect(page.get_by_role("status")).to_have_text("you are registered in Friday")
        page.get_by_role("button", name="Start now").click()
        expect(page.get_by_role("status")).to_have_text("Friday has started: 6 entrants")
        page.goto(page.url.removesuffix("/start"))  # the tournament's page, opened again
        expect(page.locator(".tournament-table.yours .you")).to_contain_text("Pete")
        page.get_by_role("link", name="Go to your table").click()
        expect(page).to_have_url(re.compile(r"/tables/[^/]+\.t1$"))
        expect(page.locator("#table")).to_be_visible()
        page.go_back()
        page.get_by_role("link", name="TV clock").click()
        expect(page.locator("#heading")).to_have_text(re.compile(r"^Level 1"))
        expect(page.locator("#title")).to_contain_text("Friday")
