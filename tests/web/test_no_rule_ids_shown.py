"""What people read carries no rule IDs (issue 22 item 10): the IDs stay in code comments
and in the errors developers see, while pages, scripts, socket refusals and error pages
say what was wrong in words. The rule book's own clause numbers ("002 7.4"), which
directors know, may stay."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pokerroom.room.inbound import error_frame
from pokerroom.table.wording import plain
from pokerroom.web.errors import error_response
from tests.web.helpers import csrf_of, sign_up

WEB = Path(__file__).parents[2] / "src" / "pokerroom" / "web"
RULE_ID = re.compile(r"\b[A-Z]-\d+\b")


@pytest.mark.parametrize(
    ("said", "read"),
    [
        (
            "bet to 1 is outside the legal range 4-200 (A-8)",
            "bet to 1 is outside the legal range 4-200",
        ),
        ("a table has 2 to 9 seats, got 12 (V-0)", "a table has 2 to 9 seats, got 12"),
        (
            "it is Bob's turn to set cards, not yours (O-2, O-3)",
            "it is Bob's turn to set cards, not yours",
        ),
        ("royalties; Fantasyland (O-4 … O-6)", "royalties; Fantasyland"),
        ("fouled (dead hand, O-1)", "fouled (dead hand)"),
        (
            "put out (by disqualification, T-12), 1 or more",
            "put out (by disqualification), 1 or more",
        ),
        ("the director may override (T-16, 002 7.4)", "the director may override (002 7.4)"),
        ("T-15: the protest is heard", "the protest is heard"),
        ("blinds 1/2 (small/big)", "blinds 1/2 (small/big)"),  # no ID: as it was
        ("a 4-card game (PLO) pays 3-2", "a 4-card game (PLO) pays 3-2"),
    ],
)
def test_plain_words_leave_the_rule_ids_out_and_nothing_else(said: str, read: str) -> None:
    assert plain(said) == read
    assert plain(read) == read


def template_text(path: Path) -> str:
    """A template as its reader may see it: without its ``{# … #}`` comments."""
    return re.sub(r"\{#.*?#\}", "", path.read_text(), flags=re.DOTALL)


def script_strings(path: Path) -> list[tuple[str, str]]:
    """The string literals of a script ("…" or `…`, one of each pair empty), its comments
    left out."""
    code = re.sub(r"^\s*//.*$|\s//\s.*$", "", path.read_text(), flags=re.MULTILINE)
    return re.findall(r'"((?:[^"\\\n]|\\.)*)"|`([^`]*)`', code)


def test_no_template_or_script_shows_a_rule_id() -> None:
    found = []
    for template in sorted((WEB / "templates").rglob("*.html")):
        text = template_text(template)
        found += [f"{template.name}: {m}" for m in RULE_ID.findall(text)]
    for script in sorted((WEB / "static").rglob("*.js")):
        for parts in script_strings(script):
            literal = "".join(parts)
            found += [f"{script.name}: {literal}" for _ in RULE_ID.findall(literal)]
    assert found == []


def test_socket_refusals_and_error_pages_are_plain(client: TestClient) -> None:
    frame = error_frame("not_allowed", "you may not raise now (A-8); you may: fold", "p-1")
    assert frame["message"] == "you may not raise now; you may: fold"
    scope = {"type": "http", "path": "/api/x", "headers": [], "method": "GET"}
    answer = error_response(scope, 403, "only a tournament director pauses the clock (T-16)")
    assert b"(T-16)" not in answer.body and b"pauses the clock" in answer.body

    sign_up(client, "Pete")
    made = client.post(
        "/tournaments",
        data={"csrf": csrf_of(client, "/"), "example": "home-sit-and-go", "bots": "6"},
        follow_redirects=True,
    )
    tid = str(made.url).rsplit("/", 1)[1]
    refused = client.post(f"/tournaments/{tid}/broadcast", data={"csrf": csrf_of(client, "/")})
    assert refused.status_code == 403
    assert "only a tournament director marks the broadcast table" in refused.text
    assert not RULE_ID.search(refused.text.split("<main>")[1])
