"""The security review of the accounts, the pages and the table sockets (issue 13
hardening): what was wrong is fixed here with a test that failed before (an over-long
password hashed at log-in, a socket message of megabytes read whole), and the rest of
what was checked is pinned so that it stays right."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Literal

import pytest
from argon2 import PasswordHasher
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pokerroom.room import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.auth.passwords import MAX_PASSWORD
from tests.web.conftest import CHEAP_HASHER, settings
from tests.web.helpers import PASSWORD, cardroom, csrf_of, log_in, sign_up, signed_in_as
from tests.web.served_in_thread import serving

WAIT = 5.0


class CountingHasher(PasswordHasher):
    """The cheap test hasher, counting the passwords it is asked to check."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.checked = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self.checked += 1
        return super().verify(hash, password)


def test_an_over_long_password_at_log_in_is_refused_without_hashing_it(
    database: Database,
) -> None:
    hasher = CountingHasher()
    client = TestClient(create_app(database, settings(password_hasher=hasher)))
    sign_up(client, "Ann")
    client.cookies.delete(SESSION_COOKIE)
    response = log_in(client, "Ann", "x" * 500_000)
    assert response.status_code == 400 and "wrong name or password" in response.text
    assert hasher.checked == 0
    log_in(client, "Ann", "x" * MAX_PASSWORD)  # one the sign-up allows: checked as usual
    assert hasher.checked == 1
    assert log_in(client, "Ann").status_code == 303


def test_log_in_gives_a_new_session_and_ends_the_one_the_browser_had(client: TestClient) -> None:
    """No session fixation: a session id planted before the log-in is worth nothing after."""
    sign_up(client, "Ann")
    planted = client.cookies[SESSION_COOKIE]
    assert log_in(client, "Ann").status_code == 303
    fresh = client.cookies[SESSION_COOKIE]
    assert fresh != planted
    accounts = cardroom(client).accounts
    assert accounts.session_account(planted) is None
    assert accounts.session_account(fresh) is not None


def test_log_out_is_a_post_with_the_form_token_only(client: TestClient) -> None:
    sign_up(client, "Ann")
    assert client.get("/logout").status_code == 405
    assert client.post("/logout").status_code == 403
    assert signed_in_as(client) == "Ann"
    client.post("/logout", data={"csrf": csrf_of(client, "/")})
    assert signed_in_as(client) is None


def test_invite_tokens_are_unguessable_and_expire_in_a_week(client: TestClient) -> None:
    sign_up(client, "Ann")
    room = HomeRoom("inv", seats=3)
    owner = cardroom(client).accounts.find_account("Ann")
    assert owner is not None
    entry = LobbyEntry("Ann's", "NLHE", "1/2", 0, 3, RoomKind.HOME, host_id=owner.id)
    cardroom(client).registry.add(room, entry)
    made = client.post("/rooms/inv/invites", data={"csrf": csrf_of(client, "/")})
    token = re.search(r"/invite/([\w-]+)", made.text)
    assert token is not None and len(token.group(1)) >= 43  # 256 random bits, URL-safe
    invite = cardroom(client).accounts.find_invite(token.group(1))
    assert invite is not None
    assert cardroom(client).settings.invite_lifetime.days == 7


@pytest.mark.parametrize(
    "path", ["/tables/<script>alert(1)</script>", "/hands/rooms/<img src=x onerror=alert(1)>.txt"]
)
def test_error_pages_never_echo_markup(client: TestClient, path: str) -> None:
    sign_up(client, "Ann")
    response = client.get(path)
    assert response.status_code == 404
    assert "<script>alert" not in response.text and "<img src=x" not in response.text


def test_a_refused_sign_up_shows_the_name_escaped(client: TestClient) -> None:
    form = {"csrf": csrf_of(client, "/signup"), "name": "<b>x</b>", "password": PASSWORD}
    response = client.post("/signup", data={**form, "password2": PASSWORD})
    assert response.status_code == 400 and "<b>x</b>" not in response.text


# ------------------------------------------------------------------ the socket's size


@pytest.fixture
def served(database: Database) -> Iterator[str]:
    """The cardroom served by uvicorn exactly as ``pokerroom serve`` configures it; yields
    the table socket's URL."""
    app = create_app(database, settings(password_hasher=CHEAP_HASHER))
    app.state.cardroom.registry.add(
        HomeRoom("big", seats=3), LobbyEntry("Big", "NLHE", "1/2", 0, 3, RoomKind.HOME)
    )
    with serving(app) as port:
        yield f"ws://127.0.0.1:{port}/ws/tables/big"


def test_a_socket_message_of_a_megabyte_is_cut_off_before_it_is_read(served: str) -> None:
    with connect(served, open_timeout=WAIT, max_size=None) as table:
        table.send(json.dumps({"type": "hello", "v": 1}))
        assert json.loads(table.recv(timeout=WAIT))["type"] == "table"
        table.send(json.dumps({"type": "sit", "id": "a", "seat": 1, "name": "x" * 5000}))
        refusal = json.loads(table.recv(timeout=WAIT))  # a little over: one line, still open
        assert refusal["code"] == "too_large" and "4096 characters" in refusal["message"]
        table.send("x" * 1_000_000)
        with pytest.raises(ConnectionClosed) as closed:
            table.recv(timeout=WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
