"""The statistics page in a real Chromium at a phone's 360×740 and a laptop's 1366×768, in
English and in Russian: the filters, the figures' table and the chart lie within the
screen's width and the page never scrolls sideways; the hands page's link opens it, the form
asks for another player, and its links lead to the results page and back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from starlette.types import ASGIApp

from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.language import LANGUAGE_COOKIE
from tests.web.browser_pages import strict_page
from tests.web.stats_archive import archived

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

BOXES = """() => ({
  scrollWidth: document.documentElement.scrollWidth,
  boxes: [...document.querySelectorAll(
      "main input, main button, main a, main table.stats-figures, main svg.chart-svg")]
    .map((element) => {
      const r = element.getBoundingClientRect();
      return [element.tagName + " " + (element.textContent.trim() || element.name || ""),
              r.left, r.right, r.width];
    }),
})"""


def outside(page: Page, width: int, height: int) -> list[str]:
    """What lies beyond the screen's width at ``width`` × ``height``."""
    page.set_viewport_size({"width": width, "height": height})
    seen: dict[str, Any] = page.evaluate(BOXES)
    names = [name for name, *_ in seen["boxes"]]
    assert any(n.startswith("TABLE") for n in names) and any(n.startswith("svg") for n in names)
    found = [f"the page is {seen['scrollWidth']} px wide"] if seen["scrollWidth"] > width else []
    for name, left, right, size in seen["boxes"]:
        if size == 0 or left < -0.5 or right > width + 0.5:
            found.append(f"{name[:40]!r} is at {left:.0f}-{right:.0f}")
    return [f"{width}x{height}: {problem}" for problem in found]


def test_the_stats_page_fits_a_phone_and_a_laptop_and_its_links_work(
    tmp_path: Path, live_server: Callable[[ASGIApp], str], new_context: Callable[[], Any]
) -> None:
    from playwright.sync_api import expect

    bob = archived(f"sqlite:///{tmp_path / 'store.db'}")["Bob"]
    url = live_server(bob.app)
    context = new_context()
    cookie = bob.cookies.get(SESSION_COOKIE)
    assert cookie is not None
    context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
    page = strict_page(context)
    page.goto(f"{url}/")
    page.get_by_role("link", name="Your hands").click()
    page.get_by_role("link", name="Your statistics").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Statistics of Bob")
    problems = outside(page, 360, 740) + outside(page, 1366, 768)
    assert not problems, "\n".join(problems)
    page.get_by_label("Player").fill("Cyd")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Statistics of Cyd")
    expect(page.locator("table.stats-figures tr").first).to_contain_text("3")
    page.get_by_role("link", name="Your results").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Results of Bob")
    page.get_by_role("link", name="Statistics", exact=True).last.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Statistics of Bob")
    context.add_cookies([{"name": LANGUAGE_COOKIE, "value": "ru", "url": url}])
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    problems = outside(page, 360, 740) + outside(page, 1366, 768)
    assert not problems, "in Russian:\n" + "\n".join(problems)
