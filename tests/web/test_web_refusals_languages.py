"""The web's refusals read by people, in Russian and Ukrainian (issue 23): the socket caps,
a private or guest-only table, the save outage, an OFC placement, the server's 500 page and
the socket's retry reason — each in the visitor's language, the English unchanged."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from pokerroom.i18n import Language, gettext, use_language
from pokerroom.room.ofc.placing import task_words
from pokerroom.room.socket_caps import SocketCaps, SocketCounter
from pokerroom.storage.outage import DatabaseUnavailableError
from pokerroom.web.access import GUEST_ONLY, PRIVATE, PRIVATE_SIGNED_OUT
from pokerroom.web.last_resort import TRY_AGAIN_LATER, LastResortMiddleware
from pokerroom.web.saving.answers import NOT_SAVED
from tests.english_words import english_words

LANGUAGES: list[Language] = ["ru", "uk"]


def refused_socket(user_id: int | None, caps: SocketCaps) -> str:
    place = SocketCounter(caps).take("10.0.0.1", user_id, "t1")
    assert isinstance(place, str)
    return place


CAPS = {
    "address": (7, SocketCaps(per_address=0)),
    "account": (7, SocketCaps(per_user=0)),
    "observers from an address": (None, SocketCaps(observers_per_address=0)),
    "observers at a table": (None, SocketCaps(observers_per_table=0)),
}


@pytest.mark.parametrize("cap", sorted(CAPS))
def test_a_socket_cap_keeps_its_english(cap: str) -> None:
    user_id, caps = CAPS[cap]
    said = refused_socket(user_id, caps)
    assert said.startswith("too many table sockets ")
    assert said.endswith(": close another tab")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("cap", sorted(CAPS))
def test_a_socket_cap_is_said_in_the_visitors_language(cap: str, language: Language) -> None:
    user_id, caps = CAPS[cap]
    with use_language(language):
        said = refused_socket(user_id, caps)
    assert "0" in said
    assert not english_words(said), said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_refusals_of_the_error_page_are_marked(language: Language) -> None:
    with use_language(language):
        said = [gettext(m) for m in (GUEST_ONLY, PRIVATE, PRIVATE_SIGNED_OUT, NOT_SAVED)]
    for line in said:
        assert not english_words(line), line


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_ofc_task_is_worded(language: Language) -> None:
    hand: Any = SimpleNamespace(to_place=2, to_discard=1)
    first: Any = SimpleNamespace(to_place=5, to_discard=0)
    assert task_words(hand) == "set 2 and discard 1"
    assert task_words(first) == "set 5 (no discard)"
    with use_language(language):
        said = [task_words(hand), task_words(first)]
    for line in said:
        assert not english_words(line), line


def failing_app(error: Exception) -> ASGIApp:
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        raise error

    return LastResortMiddleware(app)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_500_answer_is_in_the_visitors_language(language: Language) -> None:
    client = TestClient(failing_app(RuntimeError("boom")), raise_server_exceptions=False)
    headers = {"accept": "application/json", "accept-language": language}
    with use_language("en"):
        answer = client.get("/somewhere", headers=headers)
    assert answer.status_code == 500
    message = answer.json()["message"]
    assert not english_words(message), message


def test_the_500_answer_keeps_its_english() -> None:
    client = TestClient(failing_app(RuntimeError("boom")), raise_server_exceptions=False)
    answer = client.get("/somewhere", headers={"accept": "application/json"})
    assert answer.json()["message"].startswith(
        "something went wrong on our side; the server's log says what (error "
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_socket_asked_to_retry_says_why_in_the_visitors_language(language: Language) -> None:
    out = DatabaseUnavailableError("the database is out", disconnected=False)
    client = TestClient(failing_app(out))
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect("/ws/tables/t1", headers={"accept-language": language}) as ws,
    ):
        ws.receive_text()
    assert closed.value.code == TRY_AGAIN_LATER
    assert closed.value.reason and not english_words(closed.value.reason), closed.value.reason
    assert len(closed.value.reason.encode()) <= 123  # a close frame's reason
