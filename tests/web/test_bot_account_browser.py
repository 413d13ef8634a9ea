"""The web table marks a bot account's seat: "bot" beside its name, in the page's language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp

from pokerroom.room.home import HomeRoom
from pokerroom.room.seam import User
from tests.web.test_table_browser import CLOCK, PAUSE, served_cardroom

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser

ROBO = User(99, "Robo", frozenset({"player", "bot"}))
"""An account its admin marked ``pokerroom accounts grant Robo bot``."""


def test_a_bot_accounts_seat_says_bot_beside_its_name(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    from playwright.sync_api import expect

    room = HomeRoom("g1", seats=6, clock=CLOCK, pause=PAUSE, seed=3)
    cardroom = served_cardroom(live_server, new_context, tmp_path, room)
    assert room.handle(ROBO, {"type": "sit", "id": "r1", "seat": 2}, 0.0).changed
    ann = cardroom.player("Ann")
    robo_seat = ann.page.locator(".seat", has_text="Robo")
    expect(robo_seat.locator(".bot-account")).to_have_text("bot")
    expect(ann.page.locator(".bot-account")).to_have_count(1)  # the one bot account, no other seat
    ann.page.screenshot(path=str(tmp_path / "bot-account.png"))
    ann.page.context.add_cookies([{"name": "pokerroom_lang", "value": "ru", "url": cardroom.url}])
    ann.page.reload()
    expect(robo_seat.locator(".bot-account")).to_have_text("бот")
