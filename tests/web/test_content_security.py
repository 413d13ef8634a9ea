"""The Content-Security-Policy (issue 13 hardening): on every kind of response the server
gives, and no template that needs what it forbids (inline script, inline style, handlers).
The browser's side — the table page and the replayer work under it with no violation —
is in ``test_content_security_browser.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pokerroom.room.seam import User
from pokerroom.web.app import create_app
from pokerroom.web.templating import TEMPLATES
from tests.web.conftest import settings
from tests.web.hand_play import home_room, play
from tests.web.helpers import cardroom, csrf_of, sign_up

DIRECTIVES = {
    "default-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
}
INLINE = (
    (
        re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>"),
        "inline script",
    ),
    (re.compile(r"<style\b"), "a <style> block"),
    (re.compile(r"\sstyle\s*="), "a style attribute"),
    (re.compile(r"\son[a-z]+\s*="), "an event handler attribute"),
    (re.compile(r"javascript:", re.IGNORECASE), "a javascript: address"),
)


def policy_of(headers: object) -> dict[str, str]:
    text = headers["content-security-policy"]  # type: ignore[index]
    return dict(part.strip().split(" ", 1) for part in text.split(";"))


@pytest.fixture
def signed_in() -> TestClient:
    """Ann, a director and admin who played a hand of a home series with Bob."""
    app = create_app("sqlite://", settings())
    ann, bob = TestClient(app), TestClient(app)
    sign_up(ann, "Ann")
    sign_up(bob, "Bob")
    room = cardroom(ann)
    room.accounts.grant("Ann", "director")
    room.accounts.grant("Ann", "admin")
    users = []
    for name in ("Ann", "Bob"):
        account = room.accounts.find_account(name)
        assert account is not None
        users.append(User(account.id, name, frozenset(account.roles)))
    play(home_room(room.registry, users), 1)
    assert room.tables.drain()  # the writer thread has archived the hand
    return ann


def test_every_kind_of_response_carries_the_policy(signed_in: TestClient) -> None:
    hand = re.search(r'href="/hands/(\d+)"', signed_in.get("/hands").text)
    assert hand is not None, "Ann's hand is not listed"
    invite = signed_in.post(
        "/rooms/home1/invites", data={"csrf": csrf_of(signed_in, "/")}, follow_redirects=False
    )
    token = re.search(r"/invite/([\w-]+)", invite.text)
    assert token is not None
    paths = {
        "/": 200,
        "/new/home": 200,
        "/new/cash": 200,
        "/tables/home1": 200,
        "/hands": 200,
        f"/hands/{hand.group(1)}": 200,
        f"/hands/{hand.group(1)}.phh": 200,
        "/players/Ann/results": 200,
        "/director": 200,
        "/tournaments/new": 200,
        "/tournaments/9/clock": 404,
        f"/invite/{token.group(1)}": 200,
        "/api/lobby": 200,
        "/static/table.js": 200,
        "/no/such/page": 404,
    }
    for path, status in paths.items():
        response = signed_in.get(path)
        assert response.status_code == status, path
        assert policy_of(response.headers) == DIRECTIVES, path
    signed_out = TestClient(signed_in.app)
    for path in ("/login", "/signup"):
        assert policy_of(signed_out.get(path).headers) == DIRECTIVES, path
    refused = signed_out.post("/login", data={"name": "Ann"})  # no CSRF token: 403
    assert refused.status_code == 403 and policy_of(refused.headers) == DIRECTIVES
    assert policy_of(invite.headers) == DIRECTIVES


@pytest.mark.parametrize("template", sorted(TEMPLATES.rglob("*.html")), ids=lambda path: path.name)
def test_no_template_needs_inline_script_or_style(template: Path) -> None:
    """Under the policy they would not run: scripts and styles are files in /static (the
    replayer's ``application/json`` data block is not a script that runs)."""
    text = template.read_text()
    for pattern, what in INLINE:
        found = pattern.search(text)
        assert found is None, f"{template.name} has {what}: {found.group(0) if found else ''}"


def test_the_checks_catch_inline_script_and_style() -> None:
    for sample in (
        "<script>go()</script>",
        "<style>b{}</style>",
        '<p style="x">',
        '<a onclick="x">',
    ):
        assert any(pattern.search(sample) for pattern, _ in INLINE), sample
    for allowed in (
        '<script src="/static/a.js" defer></script>',
        '<script type="application/json" class="d">',
    ):
        assert not any(pattern.search(allowed) for pattern, _ in INLINE), allowed
