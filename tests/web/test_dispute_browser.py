"""Disputing the last hand from a tournament table in a real Chromium (issue 22 item 9,
T-17): the button is there for a player dealt into the hand while the next has not
started, not for a spectator; pressing it files the dispute, which the page confirms in
one line and the director's console lists with the hand's history, where the director
rules on it.

The tournament's clock is paused once Pete's hand is over: no next hand is dealt, so the
right to dispute stays open while the test looks (the live server's ticker reads the real
clock).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.room.seam import User
from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from tests.web.browser_pages import strict_page
from tests.web.conftest import Clock, settings
from tests.web.helpers import cardroom, sign_up
from tests.web.test_director_console_browser import CLASHES, screenshot_folder
from tests.web.test_tournament_director_page import PATH, desk_of
from tests.web.tournament_driver import DIRECTOR, TournamentDriver

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser


def test_t17_a_player_disputes_the_last_hand_from_his_table(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    from playwright.sync_api import expect

    screenshots = screenshot_folder(tmp_path)
    clock = Clock()
    with open_database("sqlite://") as database:
        app = create_app(database, settings(clock))
        dana, pete_client = TestClient(app), TestClient(app)
        sign_up(pete_client, "Pete")
        account = cardroom(pete_client).accounts.find_account("Pete")
        assert account is not None
        pete = User(account.id, "Pete")
        desk = desk_of(dana, clock, people=(pete,))
        driver = TournamentDriver(desk.tournament, [pete], now=clock.now)
        room = driver.room_of(pete)
        assert room is not None
        driver.run_until(lambda: room.hand_done and room.hand_number >= 1)
        clock.now = driver.now
        pause = {"type": "director", "id": "p", "action": "pause"}
        assert desk.tournament.handle(DIRECTOR, pause, clock.now).changed
        url = live_server(app)

        context = new_context()
        cookie = pete_client.cookies.get(SESSION_COOKIE)
        assert cookie is not None
        context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
        page = strict_page(context)
        page.goto(f"{url}/tables/{room.id}")
        button = page.get_by_role("button", name="Dispute the last hand")
        expect(button).to_be_visible()

        watcher = strict_page(new_context())  # signed out: nothing to dispute
        watcher.goto(f"{url}/tables/{room.id}")
        expect(watcher.locator("#tournament-header")).to_be_visible()
        expect(watcher.get_by_role("button", name="Dispute the last hand")).to_be_hidden()

        page.get_by_label("what you dispute").fill("my flush was not counted")
        button.click()
        expect(page.locator("#dispute-said")).to_have_text(
            f"hand {room.hand_number} at table {room.number} disputed (dispute 1): "
            "the director will rule on it"
        )
        expect(button).to_be_hidden()

        director = new_context()  # Dana reads it at her console and rules
        cookie = dana.cookies.get(SESSION_COOKIE)
        assert cookie is not None
        director.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
        desk_page = strict_page(director)
        desk_page.set_viewport_size({"width": 1024, "height": 768})
        desk_page.goto(url + PATH)
        dispute = desk_page.locator("#dispute-1")
        expect(dispute.locator("h3")).to_have_text(
            f"Dispute 1 · table {room.number}, hand {room.hand_number} · Pete"
        )
        expect(dispute).to_contain_text("my flush was not counted")
        dispute.get_by_text("The hand's history").click()
        expect(dispute.locator("pre.history")).to_contain_text("actions = [")
        desk_page.screenshot(path=str(screenshots / "director-dispute.png"))
        assert desk_page.evaluate(CLASHES, "main")["clashes"] == []
        dispute.get_by_label("ruling on dispute 1").fill("the pot stands")
        dispute.get_by_role("button", name="Rule").click()
        expect(desk_page.locator("#clockbar .message")).to_have_text(
            f"ruling on dispute 1 (table {room.number}, hand {room.hand_number}, Pete): "
            "the pot stands"  # T-17, in plain words
        )
        expect(desk_page.locator("#dispute-1 .ruling")).to_have_text("Ruling: the pot stands")
