"""Closing a room closes its sockets (issue 13): over a real socket on uvicorn, every
connection of the room — a player's and an observer's — gets a last ``closed`` frame and
then the close code 4010 with its reason; a new socket to it is told there is no such table.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pokerroom.room import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.table_socket import ROOM_CLOSED, CloseCode
from tests.web.helpers import csrf_of
from tests.web.wire import Account, Server, served_cardroom

WAIT = 5.0


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with served_cardroom(["Ann", "Bob"]) as served:
        yield served


def opened(
    stack: ExitStack, server: Server, room_id: str, account: Account | None
) -> ClientConnection:
    """A table socket to ``room_id`` as ``account`` (None: an observer), past its hello."""
    headers = None if account is None else account.headers
    socket = stack.enter_context(
        connect(server.socket_url(room_id), open_timeout=WAIT, additional_headers=headers)
    )
    socket.send(json.dumps({"type": "hello", "v": 1}))
    assert json.loads(socket.recv(timeout=WAIT))["type"] == "table"
    return socket


def browser_of(server: Server, account: Account) -> TestClient:
    browser = TestClient(server.app)
    browser.cookies.set(SESSION_COOKIE, account.cookie)
    return browser


def hosted_room(server: Server, room_id: str, host: Account) -> HomeRoom:
    """A home game of ``host``'s, listed in the lobby: he may close it."""
    room = HomeRoom(room_id, seats=3)
    entry = LobbyEntry("Ann's", "NLHE", "1/2", 0, 3, RoomKind.HOME, host_id=host.user)
    server.app.state.cardroom.registry.add(room, entry)
    return room


def test_closing_a_room_sends_each_socket_a_last_frame_and_closes_it(server: Server) -> None:
    ann, bob = server.accounts
    room = hosted_room(server, "closing1", ann)
    with ExitStack() as stack:
        sockets = [opened(stack, server, room.id, viewer) for viewer in (ann, bob, None)]
        host = browser_of(server, ann)
        closed = host.post(f"/rooms/{room.id}/close", data={"csrf": csrf_of(host, "/")})
        assert closed.status_code == 200  # the lobby, after the redirect
        for socket in sockets:
            last_frames(socket, room.id)
    assert server.app.state.hub.watchers(room.id) == 0
    with connect(server.socket_url(room.id), open_timeout=WAIT) as late:
        assert json.loads(late.recv(timeout=WAIT))["code"] == "unknown_room"


def last_frames(socket: ClientConnection, room_id: str) -> None:
    """The socket's frames end with ``closed`` and the close code 4010 with its reason."""
    frames = []
    with pytest.raises(ConnectionClosed) as ended:
        while True:
            frames.append(json.loads(socket.recv(timeout=WAIT)))
    assert frames[-1] == {"type": "closed", "v": 1, "room": room_id, "message": ROOM_CLOSED}
    assert all(frame["type"] == "table" for frame in frames[:-1])
    assert ended.value.rcvd is not None
    assert (ended.value.rcvd.code, ended.value.rcvd.reason) == (
        CloseCode.ROOM_CLOSED,
        ROOM_CLOSED,
    )


def test_a_refused_close_leaves_the_sockets_open(server: Server) -> None:
    ann, bob = server.accounts
    room = hosted_room(server, "closing2", ann)
    with ExitStack() as stack:
        socket = opened(stack, server, room.id, ann)
        guest = browser_of(server, bob)
        refused = guest.post(f"/rooms/{room.id}/close", data={"csrf": csrf_of(guest, "/")})
        assert refused.status_code == 403
        socket.send(json.dumps({"type": "hello", "v": 1}))
        assert json.loads(socket.recv(timeout=WAIT))["type"] == "table"
