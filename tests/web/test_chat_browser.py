"""The table's chat in a real Chromium: what people type shows as text to everyone who may
read it (``<script>`` and ``<img onerror>`` included: nothing runs, no element is made),
a refusal names the limit, and the host mutes a player from his own page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp

from pokerroom.room.home import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.web.app import create_app
from tests.web.browser_pages import signed_in, strict_page
from tests.web.conftest import settings

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

ENTRY = LobbyEntry("Chatty game", "NLHE", "1/2", 0, 6, RoomKind.HOME)
HOSTILE = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")


@dataclass
class Pages:
    host: Page
    bob: Page
    watcher: Page


def table_page(context: BrowserContext, url: str) -> Page:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = strict_page(context)
    page.on("dialog", lambda dialog: pytest.fail(f"a script ran: {dialog.message}"))
    page.goto(url)
    try:
        page.locator("#chat:not([hidden])").wait_for(timeout=45_000)  # a loaded machine
    except PlaywrightTimeout:
        pytest.fail(f"no chat panel after 45 s on {page.url}: {page_state(page)}")
    return page


def page_state(page: Page) -> str:
    """What the page shows about its connection (a failure's evidence)."""
    shown = page.evaluate(
        """() => ["#table", "#banner", "#error", "#chat"].map((selector) => {
          const node = document.querySelector(selector);
          if (!node) return `${selector}: none`;
          return `${selector}: ${node.hidden ? "hidden" : "shown"} ${JSON.stringify(
            node.dataset.status || node.textContent.trim().slice(0, 80))}`;
        })"""
    )
    return "; ".join(shown)


@pytest.fixture
def pages(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> Iterator[Pages]:
    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    url = live_server(app)
    accounts = app.state.cardroom.accounts
    host_context, host = signed_in(new_context, url, accounts, "Hana")
    bob_context, _bob = signed_in(new_context, url, accounts, "Bob")
    room = HomeRoom("chat1", seats=6, host=host.id, seed=3)
    app.state.cardroom.registry.add(room, ENTRY)
    table = f"{url}/tables/{room.id}"
    yield Pages(
        table_page(host_context, table),
        table_page(bob_context, table),
        table_page(new_context(), table),
    )


def test_hostile_chat_shows_as_text_everywhere_and_nothing_runs(pages: Pages) -> None:
    from playwright.sync_api import expect

    for text in HOSTILE:
        pages.bob.fill("#chat-input", text)
        pages.bob.press("#chat-input", "Enter")
    for page in (pages.host, pages.bob, pages.watcher):
        lines = page.locator("#chat-lines .chat-text")
        expect(lines).to_have_text(list(HOSTILE))
        expect(page.locator("#chat-lines script, #chat-lines img")).to_have_count(0)
        expect(page.locator("#chat-lines .chat-name").first).to_have_text("Bob")
    expect(pages.watcher.locator("#chat-form")).to_be_hidden()
    expect(pages.watcher.locator("#chat-state")).to_have_text("Sign in to chat.")
    pages.host.locator("#chat-moderation summary").click()
    pages.host.locator("#chat-lines .chat-line").first.get_by_role("button", name="Report").click()
    reports = pages.host.locator("#chat-reports li")
    expect(reports).to_have_text(["Hana reported Bob (hand 0): <script>alert(1)</script>"])
    expect(pages.host.locator("#chat-reports script")).to_have_count(0)


def test_a_refusal_names_the_limit_and_the_host_mutes_from_his_page(pages: Pages) -> None:
    from playwright.sync_api import expect

    pages.bob.fill("#chat-input", "z" * 201)
    pages.bob.press("#chat-input", "Enter")
    expect(pages.bob.locator("#chat-error")).to_contain_text("at most 200 characters")
    pages.bob.fill("#chat-input", "you are all fish 🐟")
    pages.bob.press("#chat-input", "Enter")
    expect(pages.host.locator("#chat-lines .chat-text")).to_have_text(["you are all fish 🐟"])
    expect(pages.bob.locator("#chat-lines button", has_text="Mute")).to_have_count(0)
    pages.host.locator("#chat-lines button", has_text="Mute").click()
    expect(pages.bob.locator("#chat-state")).to_have_text("You are muted for another 10 min.")
    pages.host.locator("#chat-moderation summary").click()
    expect(pages.host.locator("#chat-log li")).to_have_text(["Hana: mute Bob — 10 min (#1)"])
    pages.bob.fill("#chat-input", "sorry")
    pages.bob.press("#chat-input", "Enter")
    expect(pages.bob.locator("#chat-error")).to_contain_text("muted you")
    pages.host.locator("#chat-mutes button", has_text="Lift").click()
    expect(pages.bob.locator("#chat-state")).to_be_hidden()
    pages.bob.fill("#chat-input", "friends again?")
    pages.bob.press("#chat-input", "Enter")
    expect(pages.host.locator("#chat-lines .chat-text")).to_have_count(2)
    pages.host.locator("#chat-lines button", has_text="Ignore").first.click()
    expect(pages.host.locator("#chat-lines .chat-line")).to_have_count(0)
    expect(pages.host.locator("#chat-ignoring")).to_contain_text("You ignore 1 player.")
    expect(pages.watcher.locator("#chat-lines .chat-text")).to_have_count(2)  # his own choice
    pages.host.locator("#chat-unignore").click()
    expect(pages.host.locator("#chat-lines .chat-text")).to_have_count(2)
    expect(pages.host.locator("#chat-ignoring")).to_be_hidden()


def test_the_lobby_chat_shows_hostile_text_as_text_to_another_visitor(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    from playwright.sync_api import expect

    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    url = live_server(app)
    context, _lulu = signed_in(new_context, url, app.state.cardroom.accounts, "Lulu")
    lulu, reader = table_page(context, url), table_page(new_context(), url)
    expect(reader.locator("#chat-state")).to_have_text("Sign in to chat.")
    for text in HOSTILE:
        lulu.fill("#chat-input", text)
        lulu.press("#chat-input", "Enter")
    for page in (lulu, reader):  # the reader's page polls
        expect(page.locator("#chat-lines .chat-text")).to_have_text(list(HOSTILE))
        expect(page.locator("#chat-lines script, #chat-lines img")).to_have_count(0)
    lulu.fill("#chat-input", "q" * 201)
    lulu.press("#chat-input", "Enter")
    expect(lulu.locator("#chat-error")).to_contain_text("at most 200 characters")
