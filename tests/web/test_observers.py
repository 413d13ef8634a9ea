"""Observers on or off per table (issue 13 item 4): the create forms' choice and its
defaults, the lobby line, the host's switch, the page of a visitor kept out, and over a
real socket (uvicorn, ``websockets``): one ``observers_off`` refusal and the close for an
observer, nothing changed for the players, and watchers dismissed when it is switched off.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from types import SimpleNamespace
from typing import Any, cast

import pytest
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pokerroom.room import CashRoom
from pokerroom.room.clock import ShotClock
from pokerroom.room.registry import LobbyEntry, Registry, RoomKind
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.clubs.access import ClubMembers
from pokerroom.web.observers import NO_OBSERVERS, watch_refusal
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.tournament_driver import ANN, DIRECTOR, TWELVE
from tests.web.wire import Account, Server, served_cardroom

WAIT = 5.0
SLOW = ShotClock(seconds=600, countdown=10, banks=0, bank_seconds=30, showdown=600)
"""The clock never acts during these tests."""


def created(client: TestClient, path: str, **fields: str) -> str:
    response = client.post(
        path, data={"csrf": csrf_of(client, path), **fields}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    return str(response.headers["location"]).rsplit("/", 1)[1]


def test_the_forms_choose_observers_public_on_private_off_by_default(client: TestClient) -> None:
    sign_up(client, "Ann")
    public = created(client, "/new/home")
    private = created(client, "/new/home", private="1")
    opened = created(client, "/new/home", private="1", observers="yes")
    closed = created(client, "/new/cash", observers="no")
    registry = cardroom(client).registry
    chosen = {i: registry.get(i).entry.observers for i in (public, private, opened, closed)}
    assert chosen == {public: True, private: False, opened: True, closed: False}
    rooms = {r["id"]: r for r in client.get("/api/lobby").json()["rooms"]}
    assert rooms[public]["observers"] is True and rooms[closed]["observers"] is False
    assert "(no observers)" in client.get("/").text
    bad = client.post(
        "/new/cash", data={"csrf": csrf_of(client, "/new/cash"), "observers": "maybe"}
    )
    assert bad.status_code == 400 and "observers: yes, no, or blank" in bad.text
    assert len(registry) == 4  # nothing made


def test_the_switch_is_the_hosts_is_saved_with_the_table_and_csrf_checked(
    client: TestClient,
) -> None:
    sign_up(client, "Ann")
    room_id = created(client, "/new/cash")
    path = f"/tables/{room_id}/observers"
    assert 'action="' + path + '"' in client.get(f"/tables/{room_id}").text
    assert client.post(path, data={"observers": "no"}).status_code == 403  # no CSRF token
    assert cardroom(client).registry.get(room_id).entry.observers is True
    token = csrf_of(client, f"/tables/{room_id}")
    switched = client.post(path, data={"csrf": token, "observers": "no"}, follow_redirects=False)
    assert switched.status_code == 303
    assert cardroom(client).registry.get(room_id).entry.observers is False
    saved = [s.entry for s in cardroom(client).tables.store.open_rooms() if s.id == room_id]
    assert saved[0]["observers"] is False  # the lobby line saved with the table
    assert client.post(path, data={"csrf": token, "observers": "off"}).status_code == 400
    bob = TestClient(client.app)
    sign_up(bob, "Bob")
    bobs = bob.post(path, data={"csrf": csrf_of(bob, "/"), "observers": "yes"})
    assert bobs.status_code == 403 and "host or an admin switches its observers" in bobs.text
    assert path not in bob.get(f"/tables/{room_id}").text


def test_a_tournament_takes_observers_unless_its_regulation_says_otherwise() -> None:
    closed = parse_regulation(TWELVE.replace("chips = [5]", "chips = [5]\nobservers = false"))
    assert parse_regulation(TWELVE).observers and not closed.observers
    tournament = RoomTournament("T5", closed, creator=DIRECTOR, fill_to=8, seed=2)
    tournament.register(ANN, 0.0)
    tournament.start(DIRECTOR, 0.0)

    registry = Registry()
    for room in tournament.rooms.values():
        registry.add(room, LobbyEntry(room.id, "g", "s", 0, 6, RoomKind.TOURNAMENT))
    fake = cast(Cardroom, SimpleNamespace(registry=registry, club_members=ClubMembers()))
    for room in tournament.rooms.values():
        assert watch_refusal(fake, room.id, None) == NO_OBSERVERS
        assert watch_refusal(fake, room.id, User(50, "Fan")) == NO_OBSERVERS
        assert watch_refusal(fake, room.id, ANN) is None  # an entrant, at any table


# ------------------------------------------------------------------ over a real socket


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with served_cardroom(("Ann", "Bob", "Cyd")) as served:
        yield served


@contextmanager
def socket_of(server: Server, room_id: str, account: Account | None) -> Iterator[ClientConnection]:
    """A table socket of ``account`` (None: signed out) that has said hello."""
    headers = None if account is None else account.headers
    url = server.socket_url(room_id)
    with connect(url, additional_headers=headers, open_timeout=WAIT) as opened:
        with suppress(ConnectionClosed):  # a refusal may close it first
            opened.send(json.dumps({"type": "hello", "v": 1}))
        yield opened


def frames_until_closed(socket: ClientConnection) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame the socket gets until the server closes it, and the close code."""
    frames = []
    try:
        for _ in range(50):
            frames.append(json.loads(socket.recv(timeout=WAIT)))
    except ConnectionClosed as closed:
        return frames, None if closed.rcvd is None else closed.rcvd.code
    pytest.fail("the socket was not closed")


def next_table(socket: ClientConnection) -> dict[str, Any]:
    for _ in range(50):
        frame: dict[str, Any] = json.loads(socket.recv(timeout=WAIT))
        if frame["type"] == "table":
            return frame
    pytest.fail("no table frame")


def dealt_room(server: Server, room_id: str, *, observers: bool) -> CashRoom:
    """A cash table hosted by Ann, with Ann and Bob seated and a hand dealt."""
    ann, bob = server.accounts[0], server.accounts[1]
    room = CashRoom(room_id, clock=SLOW, pause=0.0, seed=3)
    entry = LobbyEntry(room_id, "NLHE", "1/2", 0, 6, RoomKind.CASH, host_id=ann.user)
    server.app.state.cardroom.registry.add(room, entry)
    server.app.state.cardroom.registry.update(room_id, observers=observers)
    now = server.app.state.hub.clock()
    for n, account in enumerate((ann, bob), start=1):
        user = User(account.user, account.name)
        sit = {"type": "sit", "id": f"s{n}", "seat": n, "buy_in": 200, "post": True}
        assert room.handle(user, sit, now).error is None
    room.tick(now)
    assert room.hand is not None
    return room


def test_observers_off_an_observer_gets_one_refusal_and_the_close_players_play_on(
    server: Server,
) -> None:
    """Over uvicorn: ~0.3 s."""
    ann, bob, cyd = server.accounts
    dealt_room(server, "off1", observers=False)
    for watcher in (None, cyd):
        with socket_of(server, "off1", watcher) as socket:
            frames, code = frames_until_closed(socket)
        assert code == 4005
        assert [(f["type"], f["code"]) for f in frames] == [("error", "observers_off")]
        assert frames[0]["message"] == NO_OBSERVERS
    for player in (ann, bob):
        with socket_of(server, "off1", player) as socket:
            frame = next_table(socket)
            assert frame["you"]["seat"] is not None and frame["hand"] is not None


def test_switched_off_the_watchers_are_told_and_closed_the_players_stay(server: Server) -> None:
    ann, bob, cyd = server.accounts
    room = dealt_room(server, "off2", observers=True)
    with (
        socket_of(server, "off2", None) as visitor,
        socket_of(server, "off2", cyd) as watcher,
        socket_of(server, "off2", bob) as player,
    ):
        for socket in (visitor, watcher, player):
            next_table(socket)
        host = TestClient(server.app)
        host.cookies.set(SESSION_COOKIE, ann.cookie)
        path = "/tables/off2/observers"
        token = csrf_of(host, "/tables/off2")
        assert host.post(path, data={"csrf": token, "observers": "no"}).status_code == 200
        for socket in (visitor, watcher):
            frames, code = frames_until_closed(socket)
            assert code == 4005 and frames[-1]["code"] == "observers_off"
            assert all(f["type"] == "table" for f in frames[:-1])
        still = next_table(player)  # the refresh every viewer gets
        assert still["you"]["seat"] == 2
        page = TestClient(server.app)
        page.cookies.set(SESSION_COOKIE, cyd.cookie)
        text = page.get("/tables/off2").text
        assert NO_OBSERVERS.split(":")[0] in text and 'action="/tables/off2/sit"' in text
        seat = page.post(
            "/tables/off2/sit",
            data={"csrf": csrf_of(page, "/tables/off2"), "seat": "3", "buy_in": "150"},
            follow_redirects=False,
        )
        assert seat.status_code == 303 and room.seat_of_user(cyd.user) == 3
        with socket_of(server, "off2", cyd) as seated:
            assert next_table(seated)["you"]["seat"] == 3
            seated.send(json.dumps({"type": "leave", "id": "cyd-leaves"}))
            frames, code = frames_until_closed(seated)  # no seat now: an observer
            assert code == 4005 and frames[-1]["code"] == "observers_off"
            assert room.seat_of_user(cyd.user) is None
        refused = page.post(  # Ann's seat: the room's own one-line refusal
            "/tables/off2/sit",
            data={"csrf": csrf_of(page, "/tables/off2"), "seat": "1", "buy_in": "150"},
        )
        assert refused.status_code == 400 and "No seat taken" in refused.text
        assert room.seat_of_user(cyd.user) is None
