"""A member removed from a club leaves its tables at once: over a real socket (uvicorn),
his open socket gets one refusal naming the club and is closed, while the owner's stays."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pokerroom.room import CashRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.web.auth.cookies import SESSION_COOKIE
from tests.web.helpers import cardroom, csrf_of
from tests.web.wire import Account, served_cardroom

WAIT = 10.0


def test_a_removed_member_is_dismissed_from_the_clubs_table() -> None:
    with served_cardroom(("Ann", "Bob")) as server:
        ann, bob = server.accounts
        owner = TestClient(server.app)
        owner.cookies.set(SESSION_COOKIE, ann.cookie)
        clubs = cardroom(owner).clubs
        club = clubs.create_club(ann.user, "Friday")
        clubs.join(club.code, bob.user)
        clubs.approve(club.id, ann.user, bob.user)
        entry = LobbyEntry("Club cash", "NLHE", "1/2", 0, 6, RoomKind.CASH, private=True,
                           host_id=ann.user, club=club.id)  # fmt: skip
        cardroom(owner).registry.add(CashRoom("c1"), entry)

        def socket_of(account: Account) -> ClientConnection:
            url = server.socket_url("c1")
            return connect(url, additional_headers=account.headers, open_timeout=WAIT)

        with socket_of(ann) as owners, socket_of(bob) as members:
            for socket in (owners, members):
                socket.send(json.dumps({"type": "hello", "v": 1}))
                assert json.loads(socket.recv(timeout=WAIT))["type"] == "table"
            path = f"/clubs/{club.id}/members/{bob.user}/remove"
            token = csrf_of(owner, f"/clubs/{club.id}")
            assert owner.post(path, data={"csrf": token}).status_code == 200
            frames: list[dict[str, Any]] = []
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(20):
                    frames.append(json.loads(members.recv(timeout=WAIT)))
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4005
            assert frames[-1]["type"] == "error"
            assert "belongs to the club Friday" in frames[-1]["message"]
            assert json.loads(owners.recv(timeout=WAIT))["type"] == "table"
