"""The hand replayer as a table (issue 22 item 9), in a real Chromium: a finished hand is
stepped through on the live table's felt — forward, back, play and pause by the buttons and
by the keys ←, → and space — and at every step the seats, their cards and stacks, the board
and the pot are the step's. A player's page carries only what he saw (X-4: no opponent's
unshown card anywhere in it, not even in its data); a tournament director who was not dealt
in sees every card (T-16).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.engine import Hand
from pokerroom.room.seam import User
from pokerroom.storage.hands.archive import ArchivedHand, HandArchive
from pokerroom.web.app import create_app
from pokerroom.web.archive.copies import steps_copy
from pokerroom.web.auth.cookies import SESSION_COOKIE
from tests.random_hands import unshown_cards
from tests.web.conftest import settings
from tests.web.hand_play import home_room, play, replayed
from tests.web.helpers import cardroom, sign_up
from tests.web.leaks import find_leaks, known_to

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Bob", "Cyd")

READ_TABLE = """widget => ({
  step: Number(widget.dataset.step),
  text: widget.querySelector(".replayer-text").textContent,
  pot: widget.querySelector(".replayer-pot").textContent,
  boards: [...widget.querySelectorAll(".replayer-boards .board")].map(
    board => [...board.querySelectorAll(".card")].map(card => card.dataset.card || null)),
  seats: [...widget.querySelectorAll(".replayer-seats .seat")].map(seat => ({
    seat: Number(seat.dataset.seat),
    name: seat.querySelector(".name").textContent,
    stack: seat.querySelector(".stack").textContent,
    cards: [...seat.querySelectorAll(".card")].map(card => card.dataset.card || null),
    you: seat.classList.contains("you"),
    inside: seat.closest(".felt") !== null,
  })),
  dom: document.body.innerText + "\\n" + [...document.querySelectorAll("[data-card]")].map(
    card => card.dataset.card).join(" "),
})"""
"""What the replayer draws now, as a player reads it, and every text of the page."""


@dataclass
class Archived:
    app: Any
    url: str
    clients: dict[str, TestClient]
    archive: HandArchive
    users: dict[str, User]

    def page_of(self, new_context: Callable[[], BrowserContext], name: str) -> Page:
        context = new_context()
        cookie = self.clients[name].cookies.get(SESSION_COOKIE)
        assert cookie is not None
        context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": self.url}])
        page = context.new_page()
        page.on("pageerror", lambda error: pytest.fail(f"the page's script failed: {error}"))
        return page


@pytest.fixture
def archived(live_server: Callable[[ASGIApp], str], tmp_path: Path) -> Archived:
    """Ann, Bob and Cyd played a home series; Dana is a tournament director."""
    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    host = TestClient(app)
    clients, users = {}, {}
    for name in (*NAMES, "Dana"):
        clients[name] = TestClient(app)
        assert sign_up(clients[name], name).status_code == 303
        account = cardroom(host).accounts.find_account(name)
        assert account is not None
        users[name] = User(account.id, name, frozenset(account.roles))
    cardroom(host).accounts.grant("Dana", "director")
    play(home_room(cardroom(host).registry, [users[name] for name in NAMES]), 8)
    assert cardroom(host).tables.drain()
    archive = HandArchive(cardroom(host).accounts.database)
    return Archived(app, live_server(app), clients, archive, users)


def a_hand_to_the_flop_with_a_secret(archived: Archived) -> tuple[ArchivedHand, Hand, int]:
    """One of Ann's hands that saw a flop while an opponent's cards stayed unshown."""
    for line in archived.archive.hands_of(archived.users["Ann"].id, per_page=100):
        stored = archived.archive.get(line.id)
        assert stored is not None
        hand = replayed(stored.hand.phh)
        if len(hand.boards[0]) >= 3 and unshown_cards(hand, line.position):
            return stored, hand, line.position
    raise AssertionError("no hand of Ann's saw a flop with an opponent's cards unshown")


def read(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.locator("[data-replayer]").evaluate(READ_TABLE)
    return found


def at_step(page: Page, index: int) -> dict[str, Any]:
    from playwright.sync_api import expect

    expect(page.locator("[data-replayer]")).to_have_attribute("data-step", str(index))
    return read(page)


def drawn_as(shown: dict[str, Any], step: dict[str, Any], seats: list[int]) -> None:
    """The page draws ``step``: the board, the pot, every seat's cards and stack."""
    assert shown["text"] == step["text"]
    assert shown["boards"] == [board for board in step["boards"] if board]
    assert shown["pot"] == (f"Pot {step['pot']}" if step["pot"] else "")
    assert [seat["seat"] for seat in shown["seats"]] == seats
    assert [seat["cards"] for seat in shown["seats"]] == step["cards"]
    assert [seat["stack"] for seat in shown["seats"]] == [f"{s} chips" for s in step["stacks"]]
    assert all(seat["inside"] for seat in shown["seats"])  # on the felt, as at the table


def test_a_player_steps_through_his_hand_on_the_felt_and_sees_only_what_he_saw(
    archived: Archived, new_context: Callable[[], BrowserContext]
) -> None:
    from playwright.sync_api import expect

    stored, hand, position = a_hand_to_the_flop_with_a_secret(archived)
    names, steps = steps_copy(stored, position)
    seats = [seat.seat for seat in stored.hand.seats]
    known = known_to(hand, position)
    page = archived.page_of(new_context, "Ann")
    page.goto(f"{archived.url}/hands/{stored.id}")
    data = page.locator(".replayer-data").text_content() or ""
    assert find_leaks(data, known) == []  # not even the page's data holds a secret
    assert json.loads(data)["you"] == position
    expect(page.locator(".replayer-copy")).to_contain_text("Your copy")

    shown = at_step(page, 0)
    drawn_as(shown, steps[0], seats)
    assert [seat["you"] for seat in shown["seats"]] == [p == position for p in range(len(names))]
    flop = next(i for i, step in enumerate(steps) if step["boards"][0])
    for index in range(1, len(steps)):  # forward with →, one step at a time
        page.keyboard.press("ArrowRight")
        shown = at_step(page, index)
        drawn_as(shown, steps[index], seats)
        assert find_leaks(shown["dom"], known) == [], index
    assert len(at_step(page, len(steps) - 1)["boards"][0]) >= 3
    expect(page.locator(".replayer-next")).to_be_disabled()

    for index in range(len(steps) - 2, flop - 1, -1):  # back with ← to the flop
        page.keyboard.press("ArrowLeft")
        drawn_as(at_step(page, index), steps[index], seats)
    assert len(read(page)["boards"][0]) == 3
    page.click(".replayer-prev")
    drawn_as(at_step(page, flop - 1), steps[flop - 1], seats)
    page.click(".replayer-next")
    at_step(page, flop)

    page.keyboard.press(" ")  # play: the steps go on by themselves
    expect(page.locator(".replayer-play")).to_have_attribute("aria-pressed", "true")
    at_step(page, flop + 1)
    page.keyboard.press(" ")  # pause
    expect(page.locator(".replayer-play")).to_have_attribute("aria-pressed", "false")
    paused = read(page)["step"]
    page.keyboard.press("ArrowRight")
    drawn_as(at_step(page, paused + 1), steps[paused + 1], seats)


def test_a_director_who_was_not_dealt_in_replays_every_card(
    archived: Archived, new_context: Callable[[], BrowserContext]
) -> None:
    from playwright.sync_api import expect

    stored, hand, position = a_hand_to_the_flop_with_a_secret(archived)
    secrets = {str(card) for card in unshown_cards(hand, position) - set(hand.burned)}
    page = archived.page_of(new_context, "Dana")
    page.goto(f"{archived.url}/hands/{stored.id}")
    expect(page.locator(".replayer-copy")).to_contain_text("The director's complete copy")
    dealt = at_step(page, 0)
    while not all(seat["cards"] for seat in dealt["seats"]):
        page.keyboard.press("ArrowRight")
        dealt = at_step(page, dealt["step"] + 1)
    faces = {card for seat in dealt["seats"] for card in seat["cards"]}
    assert None not in faces  # no card back: every hole card face up
    assert secrets & faces  # the cards Ann never saw
    assert not any(seat["you"] for seat in dealt["seats"])
