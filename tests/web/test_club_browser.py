"""The club page in a real Chromium, as its owner sees it with a request waiting, members
to promote or remove, the code to renew and the season form open: at a desktop's
1280×800 and a phone's 390×844 every control lies within the screen's width and the page
never scrolls sideways, in English and in Russian; approving the request by clicking makes
the player a member."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.language import LANGUAGE_COOKIE
from tests.web.browser_pages import strict_page
from tests.web.conftest import settings
from tests.web.helpers import cardroom, sign_up

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

CONTROLS = """() => ({
  scrollWidth: document.documentElement.scrollWidth,
  boxes: [...document.querySelectorAll(
      "main button, main input:not([type=hidden]), main select, main a, main summary")]
    .map((element) => {
      const r = element.getBoundingClientRect();
      return [element.textContent.trim() || element.name, r.left, r.right, r.width];
    }),
})"""


def outside(page: Page, width: int, height: int) -> list[str]:
    page.set_viewport_size({"width": width, "height": height})
    seen: dict[str, Any] = page.evaluate(CONTROLS)
    assert len(seen["boxes"]) >= 15, seen["boxes"]  # approve, decline, roles, the season form
    found = [f"the page is {seen['scrollWidth']} px wide"] if seen["scrollWidth"] > width else []
    for name, left, right, size in seen["boxes"]:
        if size == 0 or left < -0.5 or right > width + 0.5:
            found.append(f"{name!r} is at {left:.0f}-{right:.0f}")
    return [f"{width}x{height}: {problem}" for problem in found]


def test_the_club_page_fits_a_desktop_and_a_phone_and_approves_by_click(
    live_server: Callable[[ASGIApp], str], new_context: Callable[[], Any]
) -> None:
    from playwright.sync_api import expect

    with open_database("sqlite://") as database:
        app = create_app(database, settings())
        ann = TestClient(app)
        sign_up(ann, "Ann")
        clubs = cardroom(ann).clubs
        accounts = cardroom(ann).accounts
        owner = accounts.find_account("Ann")
        assert owner is not None
        club = clubs.create_club(owner.id, "The Thursday Night Long-Named Poker Society")
        for name in ("Bartholomew", "Cid"):
            sign_up(TestClient(app), name)
            person = accounts.find_account(name)
            assert person is not None
            clubs.join(club.code, person.id)
        cid = accounts.find_account("Cid")
        assert cid is not None
        clubs.approve(club.id, owner.id, cid.id)
        url = live_server(app)
        context = new_context()
        cookie = ann.cookies.get(SESSION_COOKIE)
        assert cookie is not None
        context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
        page = strict_page(context)
        page.goto(f"{url}/")
        page.get_by_role("link", name="Your clubs").click()
        page.get_by_role("link", name=club.name).click()
        page.get_by_text("Define a season").click()
        expect(page.locator('input[name="starts"]')).to_be_visible()
        problems = outside(page, 1280, 800) + outside(page, 390, 844)
        assert not problems, "\n".join(problems)
        page.get_by_role("button", name="Approve").click()
        expect(page.get_by_role("status")).to_have_text("the player is a member now")
        expect(page.locator("table.members").last).to_contain_text("Bartholomew")
        assert not outside(page, 390, 844)
        context.add_cookies([{"name": LANGUAGE_COOKIE, "value": "ru", "url": url}])
        sign_up(TestClient(app), "Dorothea")  # a request waiting again, in Russian now
        dorothea = accounts.find_account("Dorothea")
        assert dorothea is not None
        clubs.join(club.code, dorothea.id)
        page.goto(f"{url}/clubs/{club.id}")  # not a reload: that would post the approval again
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        expect(page.get_by_role("status")).to_have_count(0)
        page.locator("details > summary").last.click()
        expect(page.locator('input[name="starts"]')).to_be_visible()
        problems = outside(page, 1280, 800) + outside(page, 390, 844)
        assert not problems, "in Russian:\n" + "\n".join(problems)
