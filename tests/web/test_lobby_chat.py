"""The lobby's chat over HTTP: signed-in visitors write, everyone reads, refusals name the
limit (409, nothing changed), admins mute, and a message without the page's CSRF token
is refused before it is read."""

from __future__ import annotations

import itertools
from typing import Any

from starlette.testclient import TestClient

from pokerroom.protocol.server import HttpFrame
from tests.web.helpers import cardroom, csrf_of, sign_up

PATH = "/api/lobby/chat"
IDS = itertools.count(1)


def said(client: TestClient, message: dict[str, Any], token_page: str = "/") -> tuple[int, Any]:
    """``message`` posted with a fresh id and the token of the page at ``token_page``."""
    answer = client.post(
        PATH,
        json={"id": f"l{next(IDS)}", **message},
        headers={"X-CSRF-Token": csrf_of(client, token_page), "Accept": "application/json"},
    )
    return answer.status_code, answer.json()


def lines(client: TestClient) -> list[tuple[str, str]]:
    frame = client.get(PATH).json()
    return [(line["name"], line["text"]) for line in frame["chat"]["lines"]]


def test_signed_in_visitors_chat_and_everyone_reads_it(client: TestClient) -> None:
    from pydantic import TypeAdapter

    sign_up(client, "Lulu")
    status, frame = said(client, {"type": "chat", "text": "<script>alert(1)</script> hi 👋"})
    assert status == 200 and frame["type"] == "lobby_chat"
    TypeAdapter(HttpFrame).validate_python(frame)  # the protocol's own schema
    stranger = TestClient(client.app)
    assert lines(stranger) == [("Lulu", "<script>alert(1)</script> hi 👋")]
    assert stranger.get(PATH).json()["chat"]["channel"] is None
    status, refused = said(stranger, {"type": "chat", "text": "me too"}, "/login")
    assert (status, refused["code"], refused["message"]) == (
        409,
        "chat_signed_out",
        "sign in to chat",
    )


def test_refusals_name_the_limit_and_change_nothing(client: TestClient) -> None:
    sign_up(client, "Lulu")
    status, refused = said(client, {"type": "chat", "text": "w" * 201})
    assert status == 409 and "at most 200 characters" in refused["message"]
    assert said(client, {"type": "chat_switch", "observers": False})[1]["code"] == "not_lobby"
    assert said(client, {"type": "chat"})[1]["code"] == "missing_field"
    assert said(client, {"type": "chat_mute", "user": 1})[1]["code"] == "chat_not_moderator"
    assert lines(client) == []
    no_token = client.post(PATH, json={"type": "chat", "id": "x", "text": "hi"})
    assert no_token.status_code == 403 and lines(client) == []


def test_an_admin_mutes_in_the_lobby(client: TestClient) -> None:
    sign_up(client, "Lulu")
    said(client, {"type": "chat", "text": "buy chips at my site"})
    lulu = cardroom(client).accounts.find_account("Lulu")
    assert lulu is not None
    admin = TestClient(client.app)
    sign_up(admin, "Ada")
    cardroom(client).accounts.grant("Ada", "admin")
    status, frame = said(admin, {"type": "chat_mute", "user": lulu.id})
    assert status == 200 and frame["chat"]["moderation"]["log"][0]["detail"] == "10 min (#1)"
    status, refused = said(client, {"type": "chat", "text": "hello?"})
    assert status == 409 and refused["code"] == "chat_muted"
