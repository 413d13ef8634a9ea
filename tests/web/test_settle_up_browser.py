"""The settle-up page in a real Chromium: the host opens it by the link on the table page;
on a phone (360×740, in English and in Russian) and a laptop (1280×800) the table of
transfers lies within the screen's width, the page never scrolls sideways and no heading
spills out of its cell; printed, the menus are gone and the
page is black on white."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.language import LANGUAGE_COOKIE
from tests.web.browser_pages import strict_page
from tests.web.conftest import settings
from tests.web.test_settle_up import accounts, play_the_evening

pytestmark = pytest.mark.browser

FIT = """() => {
  const r = document.querySelector("#transfers").getBoundingClientRect();
  const heads = [...document.querySelectorAll("th")];
  return [document.documentElement.scrollWidth, r.left, r.right,
    heads.filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent)];
}"""
PRINTED = """() => [getComputedStyle(document.querySelector(".bar")).display,
  getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor]"""


def test_the_host_opens_the_settle_up_from_the_table_and_it_fits_and_prints(
    live_server: Callable[[ASGIApp], str], new_context: Callable[[], Any]
) -> None:
    with open_database("sqlite://") as database:
        app = create_app(database, settings())
        client = TestClient(app)  # no lifespan here: the live server runs the app's
        people = accounts(client, ("Ann", "Bob", "Cyd"))
        play_the_evening(client)
        url = live_server(app)
        context = new_context()
        cookie = people["Ann"].cookies.get(SESSION_COOKIE)
        assert cookie is not None
        context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
        page = strict_page(context)
        page.goto(f"{url}/tables/c1")
        page.get_by_role("link", name="Settle-up").click()
        page.wait_for_url(f"{url}/tables/c1/ledger")
        assert page.locator("#transfers tbody tr").count() == 3
        assert page.locator("#transfers tbody tr").first.inner_text().split() == [
            "Cyd",
            "Ann",
            "79",
        ]
        for language, width, height in (("en", 360, 740), ("en", 1280, 800), ("ru", 360, 740)):
            if language == "ru":  # longer words: a heading never breaks inside one
                context.add_cookies([{"name": LANGUAGE_COOKIE, "value": "ru", "url": url}])
                page.reload()
            page.set_viewport_size({"width": width, "height": height})
            scroll_width, left, right, spilled = page.evaluate(FIT)
            assert scroll_width <= width and left >= 0 and right <= width + 0.5, (
                language,
                width,
                scroll_width,
                left,
                right,
            )
            assert spilled == [], (language, width)
        page.emulate_media(media="print")
        assert page.evaluate(PRINTED) == ["none", "rgb(0, 0, 0)", "rgb(255, 255, 255)"]
