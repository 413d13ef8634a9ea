"""The web tournament director's console in a real Chromium (issue 22 item 8): clean at
1280x800 and on a 1024x768 tablet — no control on another, no sideways scroll, one line
per level with the ante beside the big blind, the clock bar on screen however far the
director scrolls — and each action done from it end to end: a level changed, inserted and
removed, a penalty picked from the rule book's list (T-21), a chip count, an
announcement, late registration ended, a table broken after a confirmation (T-7), and the
last clock action undone.

The tournament's clock is paused as soon as it starts (the live server's ticker reads the
real clock): nothing deals or moves by itself, so what the page shows is what the
director did.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.i18n import Language, gettext, use_language
from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.language import LANGUAGE_COOKIE
from tests.web.browser_pages import strict_page
from tests.web.conftest import Clock, settings
from tests.web.test_tournament_director_page import PATH, Desk, desk_of
from tests.web.tournament_driver import DIRECTOR

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

SCREENSHOTS_ENV = "POKERROOM_SCREENSHOTS"
"""A folder to keep the screenshots in; else a temporary one."""
SCREENS = {"desktop": (1280, 800), "tablet": (1024, 768)}

CLASHES = """(root) => {
  const shown = [...document.querySelector(root).querySelectorAll("input, button, select")]
    .filter((e) => e.type !== "hidden" && e.getClientRects().length
      && !e.closest("dialog:not([open])"));
  const boxes = shown.map((e) => [e.getAttribute("aria-label") || e.textContent.trim()
    || e.name, e.getBoundingClientRect()]);
  const clashes = [];
  boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, s]) => {
    const across = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const down = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (across > 1 && down > 1) clashes.push(`${a} / ${b}`);
  }));
  return {clashes, controls: boxes.length};
}"""
"""Every pair of visible controls under ``root`` whose boxes overlap (by more than a pixel)."""
OFFENCE_ROWS = """() => [...document.querySelectorAll("#penalty-dialog .offence")].map((row) =>
  [...row.children].map((part) => Math.round(part.getBoundingClientRect().top)))"""
"""The top of each part (radio, clause, words, presets) of each offence's line."""
LEVEL_ROWS = """() => [...document.querySelectorAll("form.level-row")].map((row) =>
  [...row.querySelectorAll("input:not([type=hidden]), button")].map((e) => {
    const box = e.getBoundingClientRect();
    return {name: e.name || e.textContent.trim(), x: box.left, y: box.top + box.height / 2};
  }))"""
"""Each editable level row's controls: their names, left edges and middles."""


@dataclass
class Console:
    desk: Desk
    page: Page
    language: Language = "en"

    def words(self, message: str) -> str:
        """A button's name as this console says it (its language menu's choice)."""
        with use_language(self.language):
            return gettext(message)


def screenshot_folder(tmp_path: Path) -> Path:
    """Where the screenshots go: ``POKERROOM_SCREENSHOTS``, else the test's own folder."""
    folder = Path(os.environ.get(SCREENSHOTS_ENV) or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    return screenshot_folder(tmp_path)


@pytest.fixture
def console(
    request: pytest.FixtureRequest,
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
) -> Iterator[Console]:
    """Dana, a director, at the console of twelve at two tables of eight seats (in the
    language the test asks for, English by default)."""
    language: Language = getattr(request, "param", "en")
    clock = Clock()
    with open_database("sqlite://") as database:
        app = create_app(database, settings(clock))
        client = TestClient(app)
        desk = desk_of(client, clock)
        paused = desk.tournament.handle(
            DIRECTOR, {"type": "director", "id": "p", "action": "pause"}, clock.now
        )
        assert paused.changed
        url = live_server(app)
        context = new_context()
        cookie = client.cookies.get(SESSION_COOKIE)
        assert cookie is not None
        context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
        context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": url}])
        page = strict_page(context)
        page.goto(url + PATH)
        yield Console(desk, page, language)


@pytest.mark.parametrize("console", ["en", "ru", "uk"], indirect=True)
@pytest.mark.parametrize("screen", SCREENS)
def test_the_console_is_clean_at_the_desk_and_on_a_tablet(
    console: Console, screen: str, screenshots: Path
) -> None:
    """In every language: Russian and Ukrainian words are longer, the layout holds."""
    page = console.page
    width, height = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    shot = f"director-console-{screen}-{console.language}.png"
    page.screenshot(path=str(screenshots / shot), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    found = page.evaluate(CLASHES, "main")
    assert found["controls"] > 40 and found["clashes"] == []
    rows = page.evaluate(LEVEL_ROWS)
    assert len(rows) == 5
    for row in rows:
        middles = {round(control["y"]) for control in row}
        assert max(middles) - min(middles) <= 2, row  # one line: the ante not under minutes
        lefts = [control["x"] for control in row if control["name"]]
        names = [control["name"] for control in row]
        assert names[:4] == ["minutes", "small_blind", "big_blind", "ante"]
        assert lefts == sorted(lefts)
    assert page.evaluate("document.documentElement.scrollHeight") > height
    page.mouse.wheel(0, 5000)
    page.wait_for_function("() => window.scrollY > 0")
    bar = page.locator("#clockbar").bounding_box()
    assert bar is not None and bar["y"] == pytest.approx(0, abs=1)  # it stays at the top
    assert bar["y"] + bar["height"] < height / 3
    assert page.get_by_role("button", name=console.words("Resume the clock")).is_visible()

    page.get_by_role(
        "button", name=console.words("Give a penalty…")
    ).click()  # T-21: the rule book's list
    dialog = page.locator("#penalty-dialog")
    page.wait_for_function("() => document.getElementById('penalty-dialog').open")
    page.screenshot(path=str(screenshots / f"director-penalty-{screen}-{console.language}.png"))
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["y"] >= 0 and box["y"] + box["height"] <= height  # all of it on screen
    inside = page.evaluate(CLASHES, "#penalty-dialog")
    assert inside["controls"] == 18 + 6 and inside["clashes"] == []  # 18 offences, 6 more
    for tops in page.evaluate(OFFENCE_ROWS):
        assert max(tops[1:]) - min(tops[1:]) <= 3, tops  # clause, words, presets: one row


def said(page: Page, line: str) -> None:
    """The console's one line after an action, in the clock bar."""
    from playwright.sync_api import expect

    expect(page.locator("#clockbar .message")).to_have_text(line)


def test_each_action_done_from_the_console(console: Console) -> None:
    from playwright.sync_api import expect

    page, run = console.page, console.desk.run
    page.set_viewport_size({"width": 1280, "height": 800})
    schedule = page.locator("#levels")
    schedule.get_by_label("level 3 ante").fill("5")
    schedule.locator("form.level-row").nth(2).get_by_role("button", name="Change").click()
    said(page, "level 3 is now 50/100, ante 5, 3 min")
    page.get_by_role("button", name="Undo the last clock action").click()
    said(page, "undone: level 3 changed")
    expect(schedule.get_by_label("level 3 ante")).to_have_value("0")
    expect(page.get_by_role("button", name="Undo the last clock action")).to_have_count(0)
    schedule.locator("form.level-row").nth(1).get_by_role("button", name="Insert before").click()
    said(page, "level 2 inserted: 25/50, ante 0, 3 min; later levels move up one")
    expect(schedule.locator("form.level-row")).to_have_count(6)
    schedule.locator("form.level-row").nth(5).get_by_role("button", name="Remove").click()
    expect(page.locator("#confirm-text")).to_have_text(
        "Remove level 6? Later levels move down one."
    )
    page.get_by_role("button", name="Yes, do it").click()
    said(page, "level 6 removed; later levels move down one")
    expect(schedule.locator("form.level-row")).to_have_count(5)

    page.get_by_role("button", name="Break table 2").click()  # T-7: asked first
    expect(page.locator("#confirm-dialog")).to_be_visible()
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#confirm-dialog")).to_be_hidden()
    assert "the clock is paused" in page.locator("#recent").inner_text()  # nothing was done
    page.get_by_role("button", name="Break table 2").click()
    page.get_by_role("button", name="Yes, do it").click()
    said(
        page,
        "the other tables have 2 free seats for table 2's 6 players; "
        "a table breaks when its players fit elsewhere",  # T-7, in plain words
    )

    card = page.locator("#table-1")  # T-6: a move by hand, asked first
    mover = card.get_by_label("player to move from table 1").input_value()
    card.get_by_role("button", name="Move").click()
    expect(page.locator("#confirm-text")).to_contain_text("Move this player")
    page.get_by_role("button", name="Yes, do it").click()
    expect(page.locator("#clockbar .message")).to_contain_text(f"{mover} move")
    assert "to table 2" in page.locator("#clockbar .message").inner_text()

    player = sorted(run.tournament.players)[0]
    page.get_by_role("button", name="Give a penalty…").click()
    dialog = page.locator("#penalty-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_text("touching the muck or burns to learn the cards")).to_be_visible()
    dialog.get_by_label("penalised player").select_option(player)
    dialog.locator('input[value="7.1.7"]').check()
    dialog.get_by_label("reason", exact=True).fill("slow every hand")
    dialog.get_by_role("button", name="Give the penalty").click()
    said(page, f"penalty for {player}: warning (slow every hand)")
    assert run.tournament.penalty_log.penalties()[-1].player == player

    chips = page.locator("#discipline form.act")
    chips.get_by_label("player whose chips to correct").select_option(player)
    chips.get_by_label("corrected chip count").fill("1200")
    chips.get_by_label("reason for the correction").fill("miscount")
    chips.get_by_role("button", name="Correct the count").click()
    expect(page.locator("#clockbar .message")).to_contain_text(f"{player}'s chips")

    page.get_by_label("announcement").fill("Dinner at the break")
    page.get_by_role("button", name="Announce").click()
    said(page, "announced: Dinner at the break")
    expect(page.locator("#clockbar .announcement")).to_have_text("Announced: Dinner at the break")

    page.get_by_role("button", name="End late registration now").click()
    page.get_by_role("button", name="Yes, do it").click()
    said(page, "late registration and re-entry are closed")  # T-19, in plain words
    expect(page.get_by_role("button", name="End late registration now")).to_have_count(0)
