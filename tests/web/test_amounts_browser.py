"""Amounts and cards on the table page as players read them (issue 22): in a real Chromium,
stacks, bets, the pot, the call button, the presets and the log group their digits
(``1,388``) and cards read ``A♥ T♠``, as the terminal tables write them; the amount typed
and sent stays a plain number."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp

from pokerroom.cards import Card, card_face
from pokerroom.room.home import HomeRoom
from pokerroom.table.series import SeriesSettings
from tests.web.browser_pages import signed_in, strict_page
from tests.web.test_table_browser import CLOCK, served_cardroom

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

BIG = SeriesSettings(stack=5000, small_blind=25, big_blind=50)


def test_stacks_bets_pots_and_buttons_read_with_thousands_separators(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    """Two players on 5,000 chips at blinds 25/50: the stacks read 4,975 and 4,950; a raise
    typed as 1388 shows as a bet of 1,388, a pot of 1,438 and the other's ``Call 1,388``."""
    from playwright.sync_api import expect

    room = HomeRoom("g1", settings=BIG, seats=2, clock=CLOCK, pause=30, seed=11)
    served = served_cardroom(live_server, new_context, tmp_path, room)
    url = served.url
    accounts = served.app.state.cardroom.accounts
    pages: dict[int, Page] = {}
    for seat, name in ((1, "Ann"), (2, "Bob")):
        context, _ = signed_in(new_context, url, accounts, name)
        page = strict_page(context)
        page.goto(f"{url}/tables/{room.id}")
        page.click(f'.seat[data-seat="{seat}"] button.sit')
        expect(page.locator(f'.seat[data-seat="{seat}"] .name')).to_have_text(name)
        pages[seat] = page
    for page in pages.values():  # a full table deals by itself
        expect(page.locator("#table")).to_have_attribute("data-hand", "1")
    decider = room.decider()
    assert decider is not None
    actor_seat = room.seat_at(decider[0])
    actor, other = pages[actor_seat], pages[3 - actor_seat]
    turn = room.turn_token()
    expect(actor.locator("#table")).to_have_attribute("data-turn", turn)
    mine = actor.locator(f'.seat[data-seat="{actor_seat}"]')
    expect(mine.locator(".stack")).to_have_text("4,975 chips")  # heads-up: the button is the SB
    expect(actor.locator(f'.seat[data-seat="{3 - actor_seat}"] .stack')).to_have_text("4,950 chips")
    expect(actor.locator("#call-label")).to_have_text("Call 50")
    faces = mine.locator(".card").evaluate_all(
        "cards => cards.map(c => [c.dataset.card, c.textContent])"
    )
    assert len(faces) == 2  # the cards as the terminal writes them: rank and suit symbol
    assert all(card_face(Card.parse(token)) == text for token, text in faces), faces
    expect(actor.locator(".preset").last).to_have_text("all-in 5,000")

    actor.fill("#amount", "1388")
    expect(actor.locator("#raise-label")).to_have_text("Raise to 1,388")
    actor.click("#raise")
    expect(other.locator(f'.seat[data-seat="{actor_seat}"] .bet')).to_have_text("1,388")
    expect(other.locator(f'.seat[data-seat="{actor_seat}"] .stack')).to_have_text("3,612 chips")
    expect(other.locator("#pot")).to_have_text("Pot 1,438")
    expect(other.locator("#call-label")).to_have_text("Call 1,388")
    expect(other.locator("#log")).to_contain_text("raises to 1,388")
    assert not re.search(r"(?<![\d,])\d{4,}(?![\d,])", other.locator("#felt").inner_text())
