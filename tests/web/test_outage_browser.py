"""The table page in a real Chromium while the server's database is out (issue 21 item 18):
a reconnect is closed with 1013; the page says "The database is unavailable, retrying…",
keeps trying, and shows the table again once the database is back."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp

from pokerroom.room.home import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.storage.accounts import Account
from pokerroom.storage.outage import DatabaseUnavailableError
from pokerroom.web.app import create_app
from tests.web.browser_pages import signed_in, strict_page
from tests.web.conftest import settings

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser


def test_the_table_page_says_the_database_is_out_and_comes_back_with_it(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from playwright.sync_api import expect

    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    url = live_server(app)
    app.state.cardroom.registry.add(
        HomeRoom("g1", seats=6), LobbyEntry("Friday game", "NLHE", "1/2", 0, 6, RoomKind.HOME)
    )
    accounts = app.state.cardroom.accounts
    context, _ann = signed_in(new_context, url, accounts, "Ann")
    page = strict_page(context)
    page.goto(f"{url}/tables/g1")
    table = page.locator("#table")
    page.locator("#table[data-status]:not([data-status=connecting])").wait_for()
    status = table.get_attribute("data-status")
    assert status not in (None, "disconnected")

    looked_up = accounts.session_account
    out = threading.Event()

    def session_account(given: str) -> Account | None:
        if out.is_set():
            raise DatabaseUnavailableError("cannot use the database: gone", disconnected=False)
        account: Account | None = looked_up(given)
        return account

    monkeypatch.setattr(accounts, "session_account", session_account)
    out.set()
    context.set_offline(True)  # the socket drops; back online, the page reconnects at once
    context.set_offline(False)
    expect(page.locator("#banner")).to_have_text("The database is unavailable, retrying…")
    expect(table).to_have_attribute("data-status", "disconnected")
    out.clear()
    expect(table).to_have_attribute("data-status", status)
    expect(page.locator("#banner")).to_be_hidden()
