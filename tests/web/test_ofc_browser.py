"""An OFC hand placed through the table page in a real Chromium, on a phone-sized screen:
the keyboard sets the first five, clicks set a later deal and its discard, and the page
shows only what its player may know (X-4, O-2)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp

from pokerroom.room.clock import ShotClock
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.web.app import create_app
from tests.web.browser_pages import signed_in, strict_page
from tests.web.conftest import settings
from tests.web.leaks import find_leaks
from tests.web.test_ofc_leaks import known_now
from tests.web.test_table_browser import DOM_TEXT

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

ENTRY = LobbyEntry("OFC night", "OFC Pineapple", "points", 1, 2, RoomKind.HOME)
PHONE_WIDTH, PHONE_HEIGHT = 390, 844


def placed(room: OfcRoom, seat: int) -> int:
    hand = room.hand
    position = room.position_of(seat)
    assert hand is not None and position is not None
    return len(hand.board(position))


def wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 5
    while not condition():
        assert time.monotonic() < deadline, "the table did not move on"
        time.sleep(0.02)


def no_leaks(page: Page, room: OfcRoom) -> None:
    dom = page.evaluate(DOM_TEXT)
    hand = room.hand
    assert hand is not None
    assert find_leaks(dom["text"], known_now(hand, room.position_of(1))) == []


def test_a_player_sets_his_cards_through_the_page(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    from playwright.sync_api import expect

    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    url = live_server(app)
    clock = ShotClock(seconds=60, countdown=10)
    room = OfcRoom("ofc1", seats=2, bots={2: "random"}, clock=clock, seed=9)
    app.state.cardroom.registry.add(room, ENTRY)
    context, _ann = signed_in(new_context, url, app.state.cardroom.accounts, "Ann")
    page = strict_page(context)
    page.set_viewport_size({"width": PHONE_WIDTH, "height": PHONE_HEIGHT})
    page.goto(f"{url}/tables/{room.id}")
    page.click(".ofc-player[data-seat='1'] button.sit")  # the bot fills the table: it starts
    expect(page.locator(".ofc-hand .ofc-choice")).to_have_count(5)  # O-2: the first five
    no_leaks(page, room)
    for key in "bbmmt":  # each key sets the chosen card, the next one is chosen
        page.keyboard.press(key)
    expect(page.locator(".ofc-row.ofc-top .ofc-pending")).to_have_count(1)
    page.keyboard.press("Enter")
    wait_for(lambda: placed(room, 1) == 5)
    expect(page.locator(".ofc-player[data-seat='1'] .ofc-row .card[data-card]")).to_have_count(5)
    expect(page.locator(".ofc-hand .ofc-choice")).to_have_count(3)  # set two, discard one
    no_leaks(page, room)
    cards = page.locator(".ofc-hand .ofc-choice .card")
    cards.nth(0).click()
    page.click("button[data-put=bottom]")
    page.click(".ofc-player[data-seat='1'] .ofc-row.ofc-middle")  # a row takes the card too
    expect(page.locator("#ofc-confirm")).to_be_disabled()  # the discard is not chosen yet
    page.click("button[data-put=discard]")
    page.click("#ofc-confirm")
    wait_for(lambda: placed(room, 1) == 7)
    assert room.hand is not None and len(room.hand.discards(room.position_of(1) or 0)) == 1
    expect(page.locator(".ofc-discards .card[data-card]")).to_have_count(1)
    expect(page.locator("#log li").first).to_be_visible()
    no_leaks(page, room)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    context.close()


def test_the_surrender_button_is_there_only_before_the_first_card_and_gives_up_the_hand(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    """O-5: heads-up against a bot, Ann surrenders before setting a card: the hand is over,
    she pays the bot 2, and the button is gone."""
    from playwright.sync_api import expect

    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    url = live_server(app)
    room = OfcRoom("ofc2", seats=2, bots={2: "random"}, clock=ShotClock(timed=False), pause=60)
    app.state.cardroom.registry.add(room, ENTRY)
    context, _ann = signed_in(new_context, url, app.state.cardroom.accounts, "Ann")
    page = strict_page(context)
    page.goto(f"{url}/tables/{room.id}")
    expect(page.locator("#ofc-surrender")).to_have_count(0)  # no hand yet
    page.click(".ofc-player[data-seat='1'] button.sit")
    expect(page.locator("#ofc-surrender")).to_have_text("Surrender")
    page.click("#ofc-surrender")
    wait_for(lambda: room.hand_done)
    assert room.total_of(1) == -2 and room.total_of(2) == 2
    expect(page.locator("#ofc-surrender")).to_have_count(0)
    expect(page.locator(".ofc-player[data-seat='1'] .notes")).to_contain_text("surrendered")
    context.close()
