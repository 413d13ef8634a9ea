"""Run it twice on the table page in a real Chromium: both players all-in before the flop
see the prompt with its seconds, each clicks "Run it twice", and every page — an
observer's too — shows the two runs and the results by run, with no card it may not know."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp

from pokerroom.room.home import HomeRoom
from pokerroom.table.series import SeriesSettings
from tests.web.test_table_browser import (
    CLOCK,
    Cardroom,
    act,
    no_leaks,
    raise_to,
    served_cardroom,
    sit,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser


@pytest.fixture
def cardroom(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> Iterator[Cardroom]:
    twice = SeriesSettings(run_it_twice=True)
    room = HomeRoom("g2", settings=twice, seats=2, clock=CLOCK, pause=30, seed=11)
    yield served_cardroom(live_server, new_context, tmp_path, room)


def test_both_players_agree_and_every_page_shows_two_runs(cardroom: Cardroom) -> None:
    from playwright.sync_api import expect

    ann, bob = cardroom.player("Ann"), cardroom.player("Bob")
    watcher = cardroom.observer()
    sit(ann, 1)
    sit(bob, 2)  # the table is full: the series starts
    players = [ann, bob]
    raise_to(cardroom, players, 200)  # all-in
    act(cardroom, players, "c")
    for player in players:
        prompt = player.page.locator("#run-twice")
        expect(prompt).to_be_visible()
        expect(player.page.locator("#run-twice-question")).to_have_text(
            "Everyone is all-in: run it twice? 10 s"
        )
    expect(watcher.page.locator("#run-twice")).to_be_hidden()
    no_leaks(cardroom, ann, bob, watcher)
    ann.page.click("#run-twice-yes")
    expect(ann.page.locator("#run-twice")).to_be_hidden()
    expect(bob.page.locator("#run-twice")).to_be_visible()
    bob.page.click("#run-twice-yes")
    for player in (ann, bob, watcher):
        page = player.page
        expect(page.locator("#boards .board")).to_have_count(2)
        expect(page.locator("#boards .board-name")).to_have_text(["Run 1", "Run 2"])
        expect(page.locator("#boards .board").nth(1).locator(".card")).to_have_count(5)
        expect(page.locator("#log")).to_contain_text("everyone agreed: the board is run twice")
        expect(page.locator("#results li").first).to_contain_text(" on run ")
    no_leaks(cardroom, ann, bob, watcher)


def test_one_player_declining_runs_the_board_once(cardroom: Cardroom) -> None:
    from playwright.sync_api import expect

    ann, bob = cardroom.player("Ann"), cardroom.player("Bob")
    sit(ann, 1)
    sit(bob, 2)
    players = [ann, bob]
    raise_to(cardroom, players, 200)
    act(cardroom, players, "c")
    expect(bob.page.locator("#run-twice")).to_be_visible()
    bob.page.click("#run-twice-no")
    for player in players:
        expect(player.page.locator("#run-twice")).to_be_hidden()
        expect(player.page.locator("#boards .board")).to_have_count(1)
        expect(player.page.locator("#log")).to_contain_text("the board is run once")
