"""Table sockets are capped per address, per account and for observers per address and per
table; a socket without its hello is closed; log-out ends a user's sockets (issue 21 items
24 and 30). Over a real uvicorn on 127.0.0.1 with real WebSocket clients."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pokerroom.room import HomeRoom
from pokerroom.room.hub import SocketSettings
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.socket_caps import SocketCaps
from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.table_socket import CloseCode
from tests.web.conftest import settings
from tests.web.helpers import csrf_of, sign_up
from tests.web.served_in_thread import serving

WAIT = 10.0
OBSERVERS = "of observers from this address"


@dataclass
class Cardroom:
    app: Starlette
    port: int

    def url(self, room: str = "one") -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{room}"


@contextmanager
def cardroom(database: Database, sockets: SocketSettings) -> Iterator[Cardroom]:
    app = create_app(database, settings(), sockets=sockets)
    for room in ("one", "two"):
        entry = LobbyEntry(room, "NLHE", "1/2", 0, 3, RoomKind.HOME, observers=True)
        app.state.cardroom.registry.add(HomeRoom(room, seats=3), entry)
    with serving(app) as port:
        yield Cardroom(app, port)


@contextmanager
def table_socket(
    url: str, source: str = "127.0.0.1", cookie: str | None = None, hello: bool = True
) -> Iterator[ClientConnection]:
    """A table socket from ``source``; with ``hello``, its first frame is the table."""
    port = int(url.split(":")[2].split("/", maxsplit=1)[0])
    raw = socket.create_connection(("127.0.0.1", port), WAIT, (source, 0))
    headers = {} if cookie is None else {"Cookie": f"{SESSION_COOKIE}={cookie}"}
    with connect(url, sock=raw, open_timeout=WAIT, additional_headers=headers) as client:
        if hello:
            client.send(json.dumps({"type": "hello", "v": 1}))
            first = json.loads(client.recv(timeout=WAIT))
            assert first["type"] == "table", first
        yield client


def refused_with(url: str, source: str = "127.0.0.1", cookie: str | None = None) -> tuple[str, int]:
    """The refusal's message and the close code of a socket the server does not take."""
    with table_socket(url, source, cookie, hello=False) as client:
        refusal = json.loads(client.recv(timeout=WAIT))
        with pytest.raises(ConnectionClosed) as closed:
            client.recv(timeout=WAIT)
    assert closed.value.rcvd is not None and refusal["code"] == "too_many_sockets"
    return refusal["message"], closed.value.rcvd.code


def session_of(app: Starlette, name: str) -> str:
    client = TestClient(app)
    assert sign_up(client, name).status_code == 303
    return client.cookies[SESSION_COOKIE]


def test_a_socket_that_never_says_hello_is_closed(database: Database) -> None:
    with (
        cardroom(database, SocketSettings(hello_seconds=0.5)) as served,
        table_socket(served.url(), hello=False) as client,
    ):
        refusal = json.loads(client.recv(timeout=WAIT))
        with pytest.raises(ConnectionClosed) as closed:
            client.recv(timeout=WAIT)
    assert refusal["code"] == "hello" and "within 0.5 s" in refusal["message"]
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CloseCode.HELLO


def test_observers_over_their_address_cap_are_refused_while_a_player_connects(
    database: Database,
) -> None:
    caps = SocketCaps(observers_per_address=3)
    with cardroom(database, SocketSettings(caps=caps)) as served, ExitStack() as open_sockets:
        for room in ("one", "two", "one"):
            open_sockets.enter_context(table_socket(served.url(room)))
        message, code = refused_with(served.url("two"))
        assert code == CloseCode.TOO_MANY
        assert message == f"too many table sockets {OBSERVERS} (at most 3): close another tab"
        ann = session_of(served.app, "ann")
        open_sockets.enter_context(table_socket(served.url("two"), cookie=ann))
        open_sockets.enter_context(table_socket(served.url("two"), source="127.0.0.2"))


def test_observers_at_one_table_are_capped(database: Database) -> None:
    caps = SocketCaps(observers_per_table=2)
    with cardroom(database, SocketSettings(caps=caps)) as served, ExitStack() as open_sockets:
        for source in ("127.0.0.2", "127.0.0.3"):
            open_sockets.enter_context(table_socket(served.url(), source))
        message, code = refused_with(served.url(), "127.0.0.4")
        assert code == CloseCode.TOO_MANY and "of observers at this table (at most 2)" in message
        open_sockets.enter_context(table_socket(served.url("two"), "127.0.0.4"))


def test_sockets_are_capped_per_account_and_per_address(database: Database) -> None:
    caps = SocketCaps(per_user=2, per_address=3)
    with cardroom(database, SocketSettings(caps=caps)) as served, ExitStack() as open_sockets:
        ann, bob = session_of(served.app, "ann"), session_of(served.app, "bob")
        for source in ("127.0.0.2", "127.0.0.3"):
            open_sockets.enter_context(table_socket(served.url(), source, ann))
        message, code = refused_with(served.url(), "127.0.0.4", ann)
        assert code == CloseCode.TOO_MANY and "of this account (at most 2)" in message
        open_sockets.enter_context(table_socket(served.url(), "127.0.0.2", bob))
        open_sockets.enter_context(table_socket(served.url(), "127.0.0.2"))  # ann, bob, him
        message, _code = refused_with(served.url(), "127.0.0.2", bob)
        assert "from this address (at most 3)" in message


def test_a_closed_socket_gives_its_place_back(database: Database) -> None:
    caps = SocketCaps(observers_per_address=1)
    with cardroom(database, SocketSettings(caps=caps)) as served:
        with table_socket(served.url()):
            refused_with(served.url())
        with table_socket(served.url()):
            pass


def test_log_out_ends_the_users_sockets(database: Database) -> None:
    with cardroom(database, SocketSettings()) as served:
        browser = TestClient(served.app)
        assert sign_up(browser, "ann").status_code == 303
        with table_socket(served.url(), cookie=browser.cookies[SESSION_COOKIE]) as ann:
            logged_out = browser.post("/logout", data={"csrf": csrf_of(browser, "/")})
            assert logged_out.status_code == 200  # the lobby, after the redirect
            last = json.loads(ann.recv(timeout=WAIT))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    last = json.loads(ann.recv(timeout=WAIT))
    assert last["code"] == "session_ended" and "signed out" in last["message"]
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CloseCode.SESSION_ENDED


@pytest.mark.parametrize("change", ["grant", "revoke", "session closed"])
def test_a_socket_ends_when_its_users_roles_or_session_change_elsewhere(
    database: Database, change: str
) -> None:
    with cardroom(database, SocketSettings(session_check_seconds=0.2)) as served:
        ann, bob = session_of(served.app, "ann"), session_of(served.app, "bob")
        accounts = served.app.state.cardroom.accounts
        with (
            table_socket(served.url(), cookie=ann) as changed,
            table_socket(served.url(), cookie=bob) as unchanged,
        ):
            if change == "grant":
                accounts.grant("ann", "director")  # as `pokerroom accounts grant` does
            elif change == "revoke":
                accounts.revoke("ann", "host")
            else:
                accounts.close_session(ann)
            frames = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    frames.append(json.loads(changed.recv(timeout=WAIT)))
            unchanged.send(json.dumps({"type": "hello", "v": 1}))
            assert json.loads(unchanged.recv(timeout=WAIT))["type"] == "table"
    assert frames[-1]["code"] == "session_ended"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CloseCode.SESSION_ENDED
