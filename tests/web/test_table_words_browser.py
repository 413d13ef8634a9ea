"""The table page in Russian and Ukrainian (issue 23 item 6), in a real Chromium: a hand played
to the showdown against a calling station, an amount the page refuses, the results — and no
English word left on the screen (tests/english_words.py; the players' names allowed).

``test_what_the_page_words_itself_has_no_english`` reads what static/table.js words (the
status and turn lines, seats' stacks and clocks, the pot, the action labels and presets, the
amount check's refusal, the results around the winning hand's name) and holds on this
branch alone. ``test_the_whole_table_page_has_no_english`` reads the whole page's text; it
also needs the template's words and the poker vocabulary (the hand log, the hands' names,
the games' names) translated, which other parts of the same issue do.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.types import ASGIApp

from tests.english_words import english_words
from tests.web.test_table_fit_browser import home_table

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

PLAYERS = {"Ann", "Bot", "Full", "ring"}
"""The names at the table (data): the player, the calling station's seat ("Bot 2"), the table."""
OWN_WORDS = (
    "#status",
    "#turn",
    "#pot",
    ".seat .stack",
    ".seat.you .banks",
    "#call-label",
    "#raise-label",
    "#presets",
    "#error",
)
"""What static/table.js words from the frame's codes and amounts."""


def to_the_showdown(page: Page) -> list[str]:
    """Play the hand out by checking and calling, and refuse a bad amount on the way; the
    text of the page's own words at each decision."""
    from playwright.sync_api import expect

    seen: list[str] = []
    page.locator("#actions:not([hidden])").wait_for(timeout=15_000)
    page.fill("#amount", "1")
    expect(page.locator("#error")).not_to_be_empty()
    page.keyboard.press("Escape")  # out of the amount field: the keys act again
    asked = page.locator("#actions:not([hidden]), #showdown:not([hidden]), #results li").first
    for _ in range(12):
        seen += [text for s in OWN_WORDS for text in page.locator(s).all_inner_texts()]
        if page.locator("#results li").count():
            return seen
        before = page.locator("#table").get_attribute("data-turn") or ""
        page.keyboard.press("s" if page.locator("#showdown:not([hidden])").count() else "c")
        expect(page.locator("#table")).not_to_have_attribute("data-turn", before)
        asked.wait_for(timeout=15_000)
    pytest.fail("the hand never ended")
    return seen


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_what_the_page_words_itself_has_no_english(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
    language: str,
) -> None:
    page = home_table(live_server, new_context, tmp_path, "holdem", 2, language)
    seen = to_the_showdown(page)
    results = page.locator("#results li").first.inner_text()
    seen.append(results.split(":")[0])  # "Раздача №1", before the winners and their hand
    found = english_words("\n".join(seen), allowed=PLAYERS)
    assert not found, f"English on the {language} page: {found}\n" + "\n".join(seen)


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_whole_table_page_has_no_english(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
    language: str,
) -> None:
    page = home_table(live_server, new_context, tmp_path, "holdem", 2, language)
    to_the_showdown(page)
    text = page.inner_text("body")
    found = english_words(text, allowed=PLAYERS)
    assert not found, f"English on the {language} page: {found}\n{text}"
