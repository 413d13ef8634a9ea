"""The table page's route: ``/tables/<id>`` for whoever may enter the room, 404 for no room.

The page is a shell the script fills from the table socket: it never carries a card (X-4),
even while the viewer is in a hand.
"""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from pokerroom.room.home import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.seam import User
from tests.web.helpers import cardroom, sign_up
from tests.web.leaks import find_leaks
from tests.web.test_invites import host_a_private_game, invite_link


def public_room(client: TestClient, room_id: str = "t1") -> HomeRoom:
    room = HomeRoom(room_id, seats=6, seed=7)
    entry = LobbyEntry("Open table", "NLHE", "1/2", 0, 6, RoomKind.HOME)
    cardroom(client).registry.add(room, entry)
    return room


def test_an_unknown_table_is_a_404_page_that_says_so(client: TestClient) -> None:
    response = client.get("/tables/nope")
    assert response.status_code == 404
    assert "there is no table &#39;nope&#39;: it may have closed" in response.text


def test_an_observer_signed_out_gets_the_page_of_a_public_table(client: TestClient) -> None:
    public_room(client)
    response = client.get("/tables/t1")
    assert response.status_code == 200
    assert 'data-room="t1"' in response.text and 'data-signed-in="no"' in response.text
    assert "<h1>Open table</h1>" in response.text and "NLHE · 1/2" in response.text
    assert '<script src="/static/table.js" defer></script>' in response.text
    assert "Log in to take a seat" in response.text
    assert client.get("/static/table.js").status_code == 200
    assert client.get("/static/table.css").status_code == 200


def test_a_private_table_is_refused_to_those_without_its_link(client: TestClient) -> None:
    host_a_private_game(client)  # Ann, signed in on client, hosts h1
    assert client.get("/tables/h1").status_code == 200
    stranger = TestClient(client.app)
    refused = stranger.get("/tables/h1")
    assert refused.status_code == 403
    assert "open it through the invite link its host gave you, or log in first" in refused.text
    sign_up(stranger, "Cleo")
    assert stranger.get("/tables/h1").status_code == 403


def test_the_invite_link_lands_on_the_table_page(client: TestClient) -> None:
    host_a_private_game(client)
    link = invite_link(client)
    cleo = TestClient(client.app)
    sign_up(cleo, "Cleo")
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', cleo.get(link).text)
    assert token is not None
    landed = cleo.post(link, data={"csrf": token.group(1)})  # to /tables/h1
    assert landed.status_code == 200 and str(landed.url).endswith("/tables/h1")
    assert 'data-room="h1"' in landed.text


def test_the_page_of_a_player_in_a_hand_carries_no_card(client: TestClient) -> None:
    """X-4: cards come only by the socket, built per viewer; the page has none, not even his."""
    room = public_room(client)
    sign_up(client, "Ann")
    ann = cardroom(client).accounts.find_account("Ann")
    assert ann is not None
    room.handle(User(ann.id, "Ann"), {"type": "sit", "id": "a1", "seat": 1}, 0.0)
    room.handle(User(50, "Bob"), {"type": "sit", "id": "b1", "seat": 2}, 0.0)
    room.handle(User(ann.id, "Ann"), {"type": "start", "id": "a2"}, 0.0)
    assert room.hand is not None and room.hand.phase == "bet"
    body = client.get("/tables/t1").text
    assert 'data-signed-in="yes"' in body
    assert find_leaks(body, known=()) == []
