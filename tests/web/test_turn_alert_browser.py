"""Your turn is noticed (issue 22 item 4), in a real Chromium: the page sounds a tone and
vibrates when the table waits for its viewer and never for another player's turn; a hidden
tab flashes its title and shows a notification, asked for once; a muted sound stays muted
after a reload; and when the viewer's shot clock (A-18) has 10 s left a warning shows.

The browser's sound, notifications, vibration and visibility are stubs installed before the
page's own scripts run: they record what the page asked for.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from starlette.types import ASGIApp

from pokerroom.room.clock import ShotClock
from pokerroom.room.home import HomeRoom
from tests.web.test_table_browser import (
    ENTRY,
    PAUSE,
    Cardroom,
    Player,
    act,
    next_hand,
    served_cardroom,
    sit,
    turn_of,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser

TURN_TONE = [660, 880]
WARNING_TONE = [880, 440, 880]

STUBS = """(() => {
  const asked = Number(localStorage.getItem("stub.asked") || 0);
  window.__alerts = { tones: [], notes: [], vibrations: 0, asked };
  window.__hidden = false;
  class FakeAudio {
    constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
    resume() {}
    createOscillator() {
      const oscillator = { frequency: { value: 0 }, connect() {}, stop() {} };
      oscillator.start = () => {
        window.__alerts.tones.push(oscillator.frequency.value);
        document.documentElement.dataset.tones = JSON.stringify(window.__alerts.tones);
      };
      return oscillator;
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
    }
  }
  window.AudioContext = FakeAudio;
  function FakeNotification(title, options) {
    window.__alerts.notes.push([title, options.body]);
  }
  FakeNotification.permission = "default";
  FakeNotification.requestPermission = () => {
    window.__alerts.asked += 1;
    localStorage.setItem("stub.asked", String(window.__alerts.asked));
    FakeNotification.permission = "granted";
    return Promise.resolve("granted");
  };
  window.Notification = FakeNotification;
  navigator.vibrate = () => {
    window.__alerts.vibrations += 1;
    document.documentElement.dataset.vibrations = String(window.__alerts.vibrations);
    return true;
  };
  Object.defineProperty(Document.prototype, "hidden", {
    configurable: true, get: () => window.__hidden,
  });
})();"""
"""Stand-ins for Web Audio, Notification, navigator.vibrate and document.hidden. The tones
and vibrations are also written on ``<html>`` (``data-tones``, ``data-vibrations``), where
Playwright's ``expect`` waits for them: the page's CSP forbids a polled script."""

LONG_CLOCK = ShotClock(seconds=60, countdown=10, banks=2, bank_seconds=30, showdown=60)
SHORT_CLOCK = ShotClock(seconds=2, countdown=10, banks=0, bank_seconds=30, showdown=60)
"""Ten seconds left two seconds into a decision: the warning comes at once."""


def alerts(player: Player) -> dict[str, Any]:
    found: dict[str, Any] = player.page.evaluate("window.__alerts")
    return found


def tones_become(player: Player, tones: list[int]) -> None:
    from playwright.sync_api import expect

    played = json.dumps(tones, separators=(",", ":"))
    expect(player.page.locator("html")).to_have_attribute("data-tones", played)


def make_cardroom(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
    clock: ShotClock,
) -> Cardroom:
    def stubbed() -> BrowserContext:
        context = new_context()
        context.add_init_script(STUBS)
        return context

    room = HomeRoom("g1", seats=6, clock=clock, pause=PAUSE, seed=11)
    return served_cardroom(live_server, stubbed, tmp_path, room, ENTRY)


def heads_up(cardroom: Cardroom) -> list[Player]:
    ann, bob = cardroom.regular("Ann"), cardroom.regular("Bob")
    cardroom.room.host = ann.user
    sit(ann, 1)
    sit(bob, 2)
    ann.page.click("#start")
    next_hand(cardroom, 1, ann, bob)
    return [ann, bob]


@pytest.fixture
def long_clock_room(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> Iterator[Cardroom]:
    yield make_cardroom(live_server, new_context, tmp_path, LONG_CLOCK)


@pytest.fixture
def short_clock_room(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> Iterator[Cardroom]:
    yield make_cardroom(live_server, new_context, tmp_path, SHORT_CLOCK)


def test_the_turn_sounds_for_its_player_only_flashes_a_hidden_tab_and_mute_is_remembered(
    long_clock_room: Cardroom,
) -> None:
    from playwright.sync_api import expect

    cardroom = long_clock_room
    players = heads_up(cardroom)
    first = turn_of(cardroom, players)
    second = next(p for p in players if p is not first)
    tones_become(first, TURN_TONE)
    assert alerts(first)["vibrations"] == 1
    assert alerts(first)["asked"] == 1  # notifications: asked on the first turn
    assert alerts(second)["tones"] == [] and alerts(second)["vibrations"] == 0
    assert alerts(first)["notes"] == []  # the tab is in sight: no notification
    expect(first.page).not_to_have_title(re.compile("Your turn"), timeout=500)
    expect(first.page.locator("#turn-warning")).to_be_hidden()

    second.page.evaluate("window.__hidden = true")  # he looks at another tab
    title = second.page.title()
    act(cardroom, players, "c")  # the small blind calls: the big blind's option
    assert turn_of(cardroom, players) is second
    tones_become(second, TURN_TONE)
    expect(second.page).to_have_title(f"Your turn! · {title}")
    assert alerts(second)["notes"] == [["Your turn", "Friday game"]]
    assert alerts(second)["asked"] == 1
    second.page.evaluate(
        "window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))"
    )
    expect(second.page).to_have_title(title)  # back in sight: the title stops flashing
    assert alerts(first)["tones"] == TURN_TONE  # nothing more on the other page

    first.page.uncheck("#alert-sound")
    first.page.reload()
    first.page.locator("#table[data-hand='1']").wait_for()
    expect(first.page.locator("#alert-sound")).not_to_be_checked()
    expect(first.page.locator("#alert-notify")).to_be_checked()
    act(cardroom, players, "c")  # the big blind checks: the flop, he acts first
    act(cardroom, players, "c")
    assert turn_of(cardroom, players) is first
    expect(first.page.locator("html")).to_have_attribute("data-vibrations", "1")
    assert alerts(first)["tones"] == []  # muted, and remembered over the reload
    assert alerts(first)["asked"] == 1  # never asked again


def test_ten_seconds_left_on_the_shot_clock_warn_the_player_to_act(
    short_clock_room: Cardroom,
) -> None:
    from playwright.sync_api import expect

    cardroom = short_clock_room
    players = heads_up(cardroom)
    first = turn_of(cardroom, players)
    second = next(p for p in players if p is not first)
    warning = first.page.locator("#turn-warning")
    expect(warning).to_have_text("10 seconds left: act now")
    expect(warning).to_be_visible()
    tones_become(first, TURN_TONE + WARNING_TONE)
    expect(second.page.locator("#turn-warning")).to_be_hidden()
    assert alerts(second)["tones"] == []
    act(cardroom, players, "c")
    expect(warning).to_be_hidden()


BANK_CLOCK = ShotClock(seconds=1, countdown=1, banks=1, bank_seconds=12, showdown=60)
"""Two seconds, then the time bank's 12: the bank's own last 10 s warn again."""


@pytest.fixture
def bank_clock_room(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> Iterator[Cardroom]:
    yield make_cardroom(live_server, new_context, tmp_path, BANK_CLOCK)


def test_a_time_bank_warns_again_when_it_is_down_to_ten_seconds(
    bank_clock_room: Cardroom,
) -> None:
    from playwright.sync_api import expect

    cardroom = bank_clock_room
    players = heads_up(cardroom)
    first = turn_of(cardroom, players)
    tones_become(first, TURN_TONE + WARNING_TONE)  # the shot clock's last seconds
    expect(first.page.locator("#turn")).to_contain_text("0 time banks left", timeout=10_000)
    tones_become(first, TURN_TONE + WARNING_TONE + WARNING_TONE)  # the bank's last 10 s
    expect(first.page.locator("#turn-warning")).to_be_visible()
