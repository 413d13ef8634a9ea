"""Fold is no one-click action when a check is free (issue 22 item 10): the first press of
fold asks "fold instead of check?" and changes nothing; a second press folds. Facing a bet,
one press folds as before. In a real Chromium."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp

from tests.web.test_table_browser import (
    act,
    deal_on,
    hold_the_next_hand,
    moved_on,
    next_hand,
    turn_of,
)
from tests.web.test_turn_alert_browser import LONG_CLOCK, heads_up, make_cardroom

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser

ASKED = "Checking is free: fold instead of check? Press fold again to fold."


def test_fold_asks_first_when_checking_is_free(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    from playwright.sync_api import expect

    cardroom = make_cardroom(live_server, new_context, tmp_path, LONG_CLOCK)
    players = heads_up(cardroom)
    small_blind = act(cardroom, players, "c")  # he calls: the big blind may check
    big_blind = turn_of(cardroom, players)
    big_blind.page.keyboard.press("f")
    expect(big_blind.page.locator("#error")).to_have_text(ASKED)
    expect(big_blind.page.locator("#fold")).to_have_class("asking")
    act(cardroom, players, "c")  # he thinks again and checks: the f had sent nothing
    expect(small_blind.page.locator("#log")).to_contain_text(f"{big_blind.name} checks")
    expect(small_blind.page.locator("#log")).not_to_contain_text("folds")
    act(cardroom, players, "c")  # the flop: the big blind checks first

    assert turn_of(cardroom, players) is small_blind
    small_blind.page.click("#fold")
    expect(small_blind.page.locator("#error")).to_have_text(ASKED)
    before = cardroom.room.turn_token()
    hold_the_next_hand(cardroom)  # a loaded machine may not draw the fold before the deal
    small_blind.page.click("#fold")  # asked, answered: he folds
    moved_on(cardroom, before, *players)
    expect(big_blind.page.locator("#log")).to_contain_text(f"{small_blind.name} folds")

    deal_on(cardroom)
    next_hand(cardroom, 2, *players)  # facing the big blind, one press folds
    folder = act(cardroom, players, "f")
    other = next(p for p in players if p is not folder)
    expect(other.page.locator("#log")).to_contain_text(f"{folder.name} folds")
