"""The registry of live rooms and the lobby that lists the public ones."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from pokerroom.room.registry import LobbyEntry, Registry, RoomError, RoomKind, new_room_id
from tests.web.helpers import cardroom, sign_up
from tests.web.rooms_fake import StillRoom

CASH = LobbyEntry("Main 1/2", "NLHE", "1/2", 3, 9, kind=RoomKind.CASH, status="playing")
SUNDAY = LobbyEntry(
    "Sunday 100", "NLHE", "buy-in 100", 40, 180, kind=RoomKind.TOURNAMENT, status="registering"
)


def test_the_registry_adds_updates_gets_and_removes() -> None:
    registry = Registry()
    room = StillRoom("t1")
    registry.add(room, CASH)
    registry.update("t1", seats_taken=4)
    assert registry.get("t1").room is room
    assert registry.get("t1").entry.seats_taken == 4
    assert "t1" in registry and len(registry) == 1 and list(registry) == ["t1"]
    assert registry.remove("t1") is room
    assert registry.find("t1") is None and registry.entries() == []


def test_the_registry_refuses_a_second_room_with_the_same_id_or_an_unknown_id() -> None:
    registry = Registry()
    registry.add(StillRoom("t1"), CASH)
    with pytest.raises(RoomError, match="a room 't1' is already open"):
        registry.add(StillRoom("t1"), SUNDAY)
    for act in (registry.get, registry.remove, lambda i: registry.update(i, status="x")):
        with pytest.raises(RoomError, match="no room 'nope'"):
            act("nope")


def test_room_ids_are_unguessable_and_url_safe() -> None:
    ids = {new_room_id() for _ in range(100)}
    assert len(ids) == 100
    assert all(len(i) == 12 and i.replace("-", "").replace("_", "").isalnum() for i in ids)


def test_the_lobby_lists_public_rooms_with_game_stakes_seats_and_status(
    client: TestClient,
) -> None:
    registry = cardroom(client).registry
    registry.add(StillRoom("t1"), CASH)
    registry.add(StillRoom("t2"), SUNDAY)
    registry.add(
        StillRoom("h1"), LobbyEntry("Secret", "NLHE", "1/2", 1, 6, RoomKind.HOME, private=True)
    )
    page = client.get("/").text
    for shown in (
        "Main 1/2",
        "NLHE",
        "3/9",
        "playing",
        "Sunday 100",
        "40/180",
        "registering",
        'href="/tables/t1"',
    ):
        assert shown in page
    assert "Secret" not in page and "/tables/h1" not in page
    rooms = client.get("/api/lobby").json()["rooms"]
    assert [room["id"] for room in rooms] == ["t1", "t2"]
    assert rooms[0] == {
        "id": "t1",
        "name": "Main 1/2",
        "game": "NLHE",
        "stakes": "1/2",
        "seats": {"taken": 3, "total": 9},
        "status": "playing",
        "kind": "cash",
        "private": False,
        "observers": True,
        "url": "/tables/t1",
    }


def test_the_lobby_keeps_one_kind_and_refuses_an_unknown_one(client: TestClient) -> None:
    registry = cardroom(client).registry
    registry.add(StillRoom("t1"), CASH)
    registry.add(StillRoom("t2"), SUNDAY)
    rooms = client.get("/api/lobby?kind=tournament").json()["rooms"]
    assert [room["id"] for room in rooms] == ["t2"]
    assert "Main 1/2" not in client.get("/?kind=tournament").text
    bad = client.get("/api/lobby?kind=poker")
    assert bad.status_code == 400
    assert bad.json()["message"] == "no kind of room 'poker'; the kinds are home, cash, tournament"
    assert client.get("/?kind=poker").status_code == 400


def test_a_host_sees_his_own_private_game_in_the_lobby(client: TestClient) -> None:
    sign_up(client, "Ann")
    ann = cardroom(client).accounts.find_account("Ann")
    assert ann is not None
    entry = LobbyEntry(
        "Ann's Friday", "NLHE", "1/2", 1, 6, RoomKind.HOME, private=True, host_id=ann.id
    )
    cardroom(client).registry.add(StillRoom("h1"), entry)
    assert "Your games" in client.get("/").text and "Ann&#39;s Friday" in client.get("/").text
    assert TestClient(client.app).get("/api/lobby").json()["rooms"] == []


def test_names_in_the_lobby_are_escaped(client: TestClient) -> None:
    entry = LobbyEntry("<script>alert(1)</script>", "NLHE", "1/2", 0, 6, RoomKind.CASH)
    cardroom(client).registry.add(StillRoom("t1"), entry)
    page = client.get("/").text
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
