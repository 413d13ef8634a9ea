"""The real parts work end to end (issue 13 items 8, 9): a Starlette page served by uvicorn on
a free local port, opened in the system's Chromium through Playwright, a button clicked and
the answer read back over a WebSocket; two browser contexts keep apart like two players."""

from __future__ import annotations

import urllib.request
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp
from starlette.websockets import WebSocket

if TYPE_CHECKING:  # Playwright is imported in the tests: without it they skip, not break
    from playwright.sync_api import BrowserContext, Page

PAGE = """<!doctype html>
<html><head><title>Smoke</title></head><body>
<p id="who">{name}</p><button id="deal" disabled>Deal</button><p id="board">no cards yet</p>
<script>
const socket = new WebSocket(`ws://${{location.host}}/ws`);
const deal = document.getElementById("deal");
socket.onopen = () => {{ deal.disabled = false; }};
socket.onmessage = (frame) => {{ document.getElementById("board").textContent = frame.data; }};
deal.addEventListener("click", () => socket.send("deal"));
</script>
</body></html>
"""


def smoke_app() -> Starlette:
    """A page that names its visitor (a cookie) and deals a flop over a WebSocket."""

    async def home(request: Request) -> HTMLResponse:
        return HTMLResponse(PAGE.format(name=request.cookies.get("name", "nobody")))

    async def sit(request: Request) -> Response:
        answer = RedirectResponse("/", status_code=303)
        answer.set_cookie("name", request.query_params["name"], httponly=True)
        return answer

    async def table(socket: WebSocket) -> None:
        await socket.accept()
        if await socket.receive_text() == "deal":
            await socket.send_text("Ah Kd 7c")
        await socket.close()

    return Starlette(
        routes=[Route("/", home), Route("/sit", sit), WebSocketRoute("/ws", table)],
    )


@pytest.mark.browser
def test_a_page_served_live_is_clicked_in_chromium(
    live_server: Callable[[ASGIApp], str], page: Page
) -> None:
    from playwright.sync_api import expect

    url = live_server(smoke_app())
    page.goto(url)
    expect(page).to_have_title("Smoke")
    expect(page.locator("#board")).to_have_text("no cards yet")
    page.click("#deal")  # waits until the socket is open and the button enabled
    expect(page.locator("#board")).to_have_text("Ah Kd 7c")


@pytest.mark.browser
def test_two_contexts_are_two_players(
    live_server: Callable[[ASGIApp], str], new_context: Callable[[], BrowserContext]
) -> None:
    from playwright.sync_api import expect

    url = live_server(smoke_app())
    ann, bob = new_context().new_page(), new_context().new_page()
    ann.goto(f"{url}/sit?name=Ann")
    bob.goto(f"{url}/sit?name=Bob")
    ann.reload()
    expect(ann.locator("#who")).to_have_text("Ann")
    expect(bob.locator("#who")).to_have_text("Bob")


def test_the_live_server_answers_http_at_once(live_server: Callable[[ASGIApp], str]) -> None:
    """Without a browser: the server listens on 127.0.0.1 once started, and answers."""
    url = live_server(smoke_app())
    assert url.startswith("http://127.0.0.1:")
    with urllib.request.urlopen(url, timeout=5) as answer:
        assert answer.status == 200 and "nobody" in answer.read().decode()
