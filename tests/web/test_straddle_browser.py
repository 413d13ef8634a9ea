"""The straddle checkbox on the table page, in a real Chromium (issue 22 item 6): a seated
player at a table whose host allows straddles ticks it, and when the straddle comes to his
seat the hand opens with his straddle posted and the others acting before him; an
observer is never offered it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp

from pokerroom.room.home import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.table.series import SeriesSettings
from tests.web.test_table_browser import (
    CLOCK,
    PAUSE,
    Cardroom,
    Player,
    moved_on,
    served_cardroom,
    sit,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser

ENTRY = LobbyEntry("Straddle game", "NLHE", "1/2", 0, 3, RoomKind.HOME)


@pytest.fixture
def straddle_room(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> Iterator[Cardroom]:
    room = HomeRoom(
        "s1",
        settings=SeriesSettings(straddle="utg"),
        seats=4,  # one seat left open: Ann starts the game herself
        bots={2: "station", 3: "station"},
        clock=CLOCK,
        pause=PAUSE,
        seed=5,
    )
    yield served_cardroom(live_server, new_context, tmp_path, room, ENTRY)


def play_until_straddled(room: HomeRoom, ann: Player) -> None:
    """Ann checks, calls and shows until a hand where she straddled waits for her."""
    for _ in range(2000):
        series = room.series
        decider = room.decider()
        hand = room.hand
        if decider is None or hand is None or room.seat_at(decider[0]) != 1:
            time.sleep(0.02)
            continue
        if series is not None and series.straddled == 1 and hand.street == 0:
            return
        before = room.turn_token()
        if ann.page.get_attribute("#table", "data-turn") != before:
            time.sleep(0.02)
            continue  # the page has not drawn this turn yet: a key now would answer the last one
        ann.page.keyboard.press("c" if decider[1] == "act" else "s")
        moved_on_room(room, before)
    raise AssertionError("the straddle never came to Ann")


def moved_on_room(room: HomeRoom, before: str) -> None:
    until(lambda: room.turn_token() != before, what="the table moves on")


def until(done: Callable[[], bool], what: str, seconds: float = 10) -> None:
    """Return once ``done()`` holds (the server's thread gets there); fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"not within {seconds:g} s: {what}"
        time.sleep(0.01)


def test_a_player_ticks_straddle_and_posts_it_when_he_is_under_the_gun(
    straddle_room: Cardroom,
) -> None:
    from playwright.sync_api import expect

    room = straddle_room.room
    ann = straddle_room.regular("Ann")
    watcher = straddle_room.observer()
    sit(ann, 1)
    box = ann.page.locator("#straddle")
    expect(box).to_be_visible()
    expect(ann.page.locator("#straddle-label")).to_have_text("Straddle when I am under the gun")
    expect(ann.page.locator("#straddle-on")).not_to_be_checked()
    expect(watcher.page.locator("#straddle")).to_be_hidden()
    ann.page.check("#straddle-on")
    until(lambda: room.straddlers == {1}, what="the room takes Ann's straddle")
    ann.page.uncheck("#straddle-on")
    until(lambda: room.straddlers == set(), what="the room drops Ann's straddle")
    ann.page.check("#straddle-on")
    until(lambda: room.straddlers == {1}, what="the room takes Ann's straddle again")

    ann.page.click("#start")
    play_until_straddled(room, ann)
    turn = room.turn_token()
    expect(ann.page.locator("#table")).to_have_attribute("data-turn", turn)
    expect(ann.page.locator("#log")).to_contain_text("You post 4")
    expect(ann.page.locator("#straddle-on")).to_be_checked()
    hand = room.hand
    assert hand is not None and max(hand.committed) == 4  # the station bots called it
    assert hand.legal_actions().raise_min == 8  # her option: raise by a straddle
    before = room.turn_token()
    ann.page.keyboard.press("c")  # she checks her option
    moved_on(straddle_room, before, ann)
    assert room.hand is hand and hand.street == 1  # the flop: her check closed pre-flop
