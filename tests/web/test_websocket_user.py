"""A WebSocket's scope carries the signed-in user, from the same session cookie as pages:
what a room checks every message against (A-2: a player acts only for his own seat)."""

from __future__ import annotations

import pytest
from starlette.routing import WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerroom.room.seam import USER_SCOPE_KEY, User
from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from tests.web.conftest import settings
from tests.web.helpers import sign_up


async def who_am_i(websocket: WebSocket) -> None:
    user = websocket.scope[USER_SCOPE_KEY]
    await websocket.accept()
    if isinstance(user, User):
        await websocket.send_json({"name": user.name, "roles": sorted(user.roles)})
    else:
        await websocket.send_json({"name": None})
    await websocket.close()


@pytest.fixture
def client(database: Database) -> TestClient:
    app = create_app(database, settings(), routes=[WebSocketRoute("/ws/whoami", who_am_i)])
    return TestClient(app)


def test_the_socket_knows_the_signed_in_player(client: TestClient) -> None:
    sign_up(client, "Ann")
    with client.websocket_connect("/ws/whoami") as socket:
        assert socket.receive_json() == {"name": "Ann", "roles": ["host", "player"]}


def test_a_signed_out_socket_has_no_user(client: TestClient) -> None:
    with client.websocket_connect("/ws/whoami") as socket:
        assert socket.receive_json() == {"name": None}


def test_a_role_granted_shows_on_the_next_connection(client: TestClient) -> None:
    """T-16: the director's role, given from the command line, reaches the sockets."""
    sign_up(client, "Ann")
    client.app.state.cardroom.accounts.grant("ann", "director")  # type: ignore[attr-defined]
    with client.websocket_connect("/ws/whoami") as socket:
        assert socket.receive_json()["roles"] == ["director", "host", "player"]


def test_a_socket_opened_from_another_sites_page_is_refused(client: TestClient) -> None:
    sign_up(client, "Ann")
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect("/ws/whoami", headers={"Origin": "https://evil.example"}),
    ):
        pass
    assert refused.value.code == 1008
    with client.websocket_connect("/ws/whoami", headers={"Origin": "http://testserver"}) as socket:
        assert socket.receive_json()["name"] == "Ann"
