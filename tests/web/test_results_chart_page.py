"""The results page's charts are readable (issue 22 item 9): one title each (the section's
heading: the room and its game, or "Tournaments"), axes named with their units, the
tournaments named under their chart, and text drawn about the page's own size — measured in
a real Chromium on a desktop and on a phone."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.room.seam import User
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from tests.web.conftest import settings
from tests.web.hand_play import home_room, play
from tests.web.helpers import cardroom, sign_up
from tests.web.test_downloads import _finished_tournament

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

READ_SIZES = """() => [...document.querySelectorAll("svg.chart-svg text")].map(text => {
  const box = text.getBoundingClientRect();
  return {words: text.textContent, height: text.hasAttribute("transform") ? box.width : box.height};
})"""
"""Each drawn text of the charts, with the height of its line as drawn (an axis label turned
on its side: its width on the screen)."""


def results_app(tmp_path: Path) -> tuple[Starlette, TestClient]:
    """Ann played a home series with Bob and Cyd, and won a sit-and-go."""
    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    clients = {name: TestClient(app) for name in ("Ann", "Bob", "Cyd")}
    users = []
    for name, client in clients.items():
        assert sign_up(client, name).status_code == 303
        account = cardroom(client).accounts.find_account(name)
        assert account is not None
        users.append(User(account.id, name, frozenset(account.roles)))
    room = cardroom(clients["Ann"])
    play(home_room(room.registry, users), 5)
    assert room.tables.drain()
    _finished_tournament(TournamentStore(room.accounts.database), "Ann")
    return app, clients["Ann"]


def test_each_chart_has_one_title_axes_with_units_and_the_tournaments_names(
    tmp_path: Path,
) -> None:
    _, ann = results_app(tmp_path)
    page = ann.get("/players/Ann/results").text
    sections = page.split('<section class="chart"')[1:]
    assert len(sections) == 2
    kitchen, tournaments = (section.split("</section>")[0] for section in sections)
    for section in (kitchen, tournaments):
        assert section.count("<h2>") == 1  # one title: the section's heading
        assert section.count("<svg") == 1
        assert 'font-weight="bold"' not in section  # no second title drawn in the chart
    assert re.search(r"<h2>Kitchen <small>NLHE · 5 hands", kitchen)
    assert ">Chips won (chips)</text>" in kitchen and ">Hands played</text>" in kitchen
    assert "<h2>Tournaments</h2>" in tournaments
    assert ">Won (prize − buy-in)</text>" in tournaments
    assert "<li>Home sit-and-go: 1st of 3, prize 30, buy-in 10</li>" in tournaments
    assert '<link rel="stylesheet" href="/static/charts.css">' in page


@pytest.mark.browser
def test_chart_text_is_drawn_near_the_pages_size_on_a_desktop_and_a_phone(
    tmp_path: Path,
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
) -> None:
    app, ann = results_app(tmp_path)
    url = live_server(app)
    context = new_context()
    cookie = ann.cookies.get(SESSION_COOKIE)
    assert cookie is not None
    context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
    page = context.new_page()
    for width, smallest, largest in ((1280, 13, 22), (390, 8, 14)):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{url}/players/Ann/results")
        sizes = page.evaluate(READ_SIZES)
        assert {"Chips won (chips)", "Hands played"} <= {size["words"] for size in sizes}
        heights = [size["height"] for size in sizes]
        assert smallest <= min(heights) and max(heights) <= largest, (width, heights)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
