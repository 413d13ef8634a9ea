"""An OFC Pineapple home game created from the lobby (``/new/ofc``), listed with its points,
and the form's refusals (one line, nothing created)."""

from __future__ import annotations

import html

import pytest
from starlette.testclient import TestClient

from pokerroom.room.ofc import OfcRoom
from pokerroom.storage.rooms.saved_room import live_room
from tests.web.helpers import cardroom, sign_up
from tests.web.test_lobby_create import ERROR, created_id, lobby, post, user


def test_a_host_creates_an_ofc_game_listed_with_its_points(client: TestClient) -> None:
    sign_up(client, "Ann")
    assert 'href="/new/ofc"' in client.get("/").text
    assert 'href="/new/ofc"' in client.get("/new/home").text
    room_id = created_id(post(client, "/new/ofc", seats="3", bot_3="random", hands="4"))
    room = live_room(cardroom(client).registry.get(room_id).room)
    assert isinstance(room, OfcRoom)
    assert (room.table_size, room.max_hands, room.host) == (3, 4, user(client, "Ann").id)
    assert room.occupants[3].style == "random"
    (listed,) = lobby(client)["rooms"]
    assert listed["game"] == "OFC Pineapple" and listed["kind"] == "home"
    assert listed["stakes"].startswith("3 players, points: 1 a row, 6 a scoop, royalties")
    assert listed["seats"] == {"taken": 1, "total": 3} and listed["status"] == "waiting"
    page = client.get(f"/tables/{room_id}").text
    assert "/static/ofc.js" in page


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"seats": "4"}, "seats: OFC Pineapple is for 2 or 3 players; got '4'"),
        ({"bot_2": "equity"}, "bot in seat 2: one of random, sensible"),
        ({"bot_1": "random", "bot_2": "random"}, "leave at least one seat open"),
        ({"hands": "0"}, "hands: a whole number from 1"),
    ],
)
def test_a_bad_ofc_form_is_one_line_and_creates_nothing(
    client: TestClient, fields: dict[str, str], words: str
) -> None:
    sign_up(client, "Ann")
    response = post(client, "/new/ofc", **fields)
    assert response.status_code == 400
    (line,) = ERROR.findall(response.text)
    assert words in html.unescape(line)
    assert lobby(client)["rooms"] == []
