"""Who may act on a room (issue 21 item 25): every route of the app that names a room,
read from the Starlette router itself (a route added later is tried too), is tried on
every kind of room by those who may not enter it — an outsider (a signed-in player
without the invite) and a signed-out visitor at a private home game and OFC game (a cash
table is always public), and a guest of another game at every room: those, a public home
game, cash table and OFC game, a tournament and its table. Each try is refused (403 or
404, or for a signed-out visitor the way to log in; a socket is told there is no such
table) and changes nothing: not the lobby, not a room, not a saved input, not the invites,
the passes or the hand archive. The hand histories of a private game are among them (its
hands' pages and downloads, its room files).

The rooms are made through the lobby's and the tournament's forms; the private home game
is played (its host and the player he invited sit from the table page, a control that the
forms the test sends are good) so that it has hands to download.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from sqlalchemy import func, select
from starlette.convertors import PathConvertor, StringConvertor
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerroom.room import HomeRoom
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import Database
from pokerroom.storage.models import AccountRow, InviteRow, RoomPassRow, WebHandRow
from pokerroom.storage.rooms.saved_room import live_room
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.cardroom import Cardroom
from tests.web.conftest import Clock
from tests.web.hand_play import play
from tests.web.helpers import cardroom, csrf_of, sign_up, started_sit_and_go
from tests.web.table_driver import Driver

FORM = {
    "seat": "3",
    "buy_in": "100",
    "post": "1",
    "observers": "no",
    "name": "Mallory",
    "example": "home-sit-and-go",
    "table": "1",
    "player": "Ann",
    "action": "chips",
    "chips": "99800",
    "reason": "mine",
    "text": "hello",
    "minutes": "5",
    "penalty": "disqualification",
}
"""Every field a room's forms read, filled as someone who means harm would."""
KNOWN = {
    ("GET", "/tables/{room_id}"),
    ("POST", "/tables/{room_id}/sit"),
    ("POST", "/tables/{room_id}/observers"),
    ("POST", "/rooms/{room_id}/close"),
    ("POST", "/rooms/{room_id}/invites"),
    ("WS", "/ws/tables/{room_id}"),
    ("GET", "/tournaments/{tid}"),
    ("POST", "/tournaments/{tid}/register"),
    ("POST", "/tournaments/{tid}/director"),
    ("GET", "/hands/rooms/{room_id}.phhs"),
}
"""Routes the enumeration must find (a check of the enumeration itself)."""
TEXT = StringConvertor | PathConvertor


@dataclass(frozen=True)
class Attempt:
    method: str
    """``GET``, ``POST`` or ``WS``."""
    path: str
    route: str


@dataclass
class Cardroom21:
    host: TestClient
    database: Database
    private: dict[str, str]
    """Kind → the id of Ann's private room of that kind (home games, one of them played
    and one not started, and OFC)."""
    public: dict[str, str]
    """Kind → a public room's id (the tournament and its table among them)."""
    guests_game: str
    hands: dict[str, list[int]]
    """Room id → the ids of its archived hands."""

    @property
    def cardroom(self) -> Cardroom:
        return cardroom(self.host)


def created(client: TestClient, path: str, **fields: str) -> str:
    response = client.post(
        path, data={"csrf": csrf_of(client, path), **fields}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    return str(response.headers["location"]).rsplit("/", 1)[1]


def invite(host: TestClient, room_id: str) -> str:
    answer = host.post(
        f"/rooms/{room_id}/invites",
        headers={"X-CSRF-Token": csrf_of(host, "/"), "Accept": "application/json"},
    )
    assert answer.status_code == 200, answer.text
    return str(answer.json()["url"]).removeprefix("http://testserver")


def user(client: TestClient, name: str) -> User:
    account = cardroom(client).accounts.find_account(name)
    assert account is not None
    return User(account.id, account.name, account.roles)


def sit(client: TestClient, room_id: str, seat: int, **fields: str) -> int:
    form = {"csrf": csrf_of(client, "/"), "seat": str(seat), **fields}
    answer = client.post(f"/tables/{room_id}/sit", data=form, follow_redirects=False)
    assert answer.status_code != 400, answer.text
    return answer.status_code


@pytest.fixture
def room21(client: TestClient, database: Database, clock: Clock) -> Cardroom21:
    """Ann's rooms of every kind, Bea invited to her private home game where they played
    two hands, and her other private game (a guest's, :func:`guest`)."""
    sign_up(client, "Ann")
    private = {  # a cash table is public: the lobby lists every one
        "home": created(client, "/new/home", private="1"),
        "home, not started": created(client, "/new/home", private="1"),
        "ofc": created(client, "/new/ofc", private="1"),
    }
    public = {
        "home": created(client, "/new/home"),
        "cash": created(client, "/new/cash"),
        "ofc": created(client, "/new/ofc"),
    }
    tid, tournament = started_sit_and_go(client)
    assert tournament.rooms
    public |= {"tournament": tid, "tournament table": tournament.rooms[1].id}
    guests_game = created(client, "/new/home", private="1")

    bea = TestClient(client.app)
    sign_up(bea, "Bea")
    bea.post(invite(client, private["home"]), data={"csrf": csrf_of(bea, "/")})
    assert sit(client, private["home"], 1) == 303  # the host
    assert sit(bea, private["home"], 2) == 303  # invited: the same form seats her
    table = live_room(cardroom(client).registry.get(private["home"]).room)
    assert isinstance(table, HomeRoom)
    driver = Driver(table, [user(client, "Ann"), user(bea, "Bea")], now=clock.now)
    assert driver.send(driver.users[0], "start").changed
    play(driver, 2)
    assert cardroom(client).tables.drain()  # the writer thread has archived both hands

    with database.session() as session:
        rows = session.execute(select(WebHandRow.room_id, WebHandRow.id)).all()
    hands: dict[str, list[int]] = {}
    for room_id, hand_id in rows:
        hands.setdefault(room_id, []).append(hand_id)
    assert len(hands.get(private["home"], [])) >= 2
    return Cardroom21(client, database, private, public, guests_game, hands)


def attempts(room21: Cardroom21, room_id: str) -> Iterator[Attempt]:
    """Every route of the app that could name this room or its hands, by every method it
    answers: each text parameter filled with the room's id, a ``hand_id`` with each of its
    archived hands' ids. (A route with another number — a live tournament's at the
    console, ``/director/<n>``, stored apart from the rooms — names no room.)"""
    for route in room21.host.app.routes:  # type: ignore[attr-defined]
        if not isinstance(route, Route | WebSocketRoute) or not route.param_convertors:
            continue
        numbers = {n for n, c in route.param_convertors.items() if not isinstance(c, TEXT)}
        if numbers - {"hand_id"}:
            continue
        hands = room21.hands.get(room_id, []) if numbers else [None]
        for hand in hands:
            values = dict.fromkeys(route.param_convertors, room_id) | {"hand_id": hand}
            path = route.path_format.format(**values)
            if isinstance(route, WebSocketRoute):
                yield Attempt("WS", path, route.path)
                continue
            for method in sorted((route.methods or set()) - {"HEAD"}):
                yield Attempt(method, path, route.path)


def state(room21: Cardroom21) -> str:
    """Everything an attempt could change: the lobby, every room as its host and as an
    observer see it, the inputs saved of each, the invites, passes, accounts and hands."""
    registry = room21.cardroom.registry
    ann = user(room21.host, "Ann")
    seen: dict[str, object] = {}
    for room_id in registry:
        listed = registry.get(room_id)
        room, inner = listed.room, live_room(listed.room)
        journal = inner.journal if isinstance(inner, RoomTournament) else None
        seen[room_id] = {
            "entry": repr(listed.entry),
            "host": room.snapshot(ann),
            "observer": room.snapshot(None),
            "saved": getattr(room, "_serial", None) or getattr(journal, "_serial", None),
        }
    with room21.database.session() as session:
        for row in (InviteRow, RoomPassRow, AccountRow, WebHandRow):
            seen[row.__name__] = session.scalar(select(func.count()).select_from(row))
    return json.dumps(seen, sort_keys=True, default=str)


def try_all(room21: Cardroom21, visitor: TestClient, rooms: list[str]) -> list[Attempt]:
    """Every attempt on ``rooms`` by ``visitor``; each must be refused and change nothing."""
    signed_out = visitor.cookies.get(SESSION_COOKIE) is None
    token = csrf_of(visitor, "/login" if signed_out else "/")
    tried = []
    for room_id in rooms:
        for attempt in attempts(room21, room_id):
            before = state(room21)
            if attempt.method == "WS":
                with visitor.websocket_connect(attempt.path) as socket:
                    socket.send_json({"type": "hello", "v": 1})
                    frame = socket.receive_json()
                    with pytest.raises(WebSocketDisconnect) as closed:
                        socket.receive_json()
                assert frame["code"] == "unknown_room", (attempt, frame)
                assert closed.value.code == 4004, attempt
            else:
                answer = visitor.request(
                    attempt.method,
                    attempt.path,
                    data={"csrf": token, **FORM} if attempt.method == "POST" else None,
                    headers={"X-CSRF-Token": token},
                    follow_redirects=False,
                )
                login = answer.headers.get("location", "").startswith("/login?next=")
                refused = answer.status_code in (403, 404) or (signed_out and login)
                assert refused, (attempt, answer.status_code, answer.headers.get("location"))
            assert state(room21) == before, f"{attempt} changed something"
            tried.append(attempt)
    return tried


def test_the_enumeration_finds_every_route_that_names_a_room(room21: Cardroom21) -> None:
    routes = {(a.method, a.route) for a in attempts(room21, room21.private["home"])}
    assert routes >= KNOWN
    hand_routes = {a.route for a in attempts(room21, room21.private["home"])}
    assert "/hands/{hand_id:int}.phh" in hand_routes  # filled with the table's hands


def test_an_outsider_acts_on_no_private_room_of_any_kind(room21: Cardroom21) -> None:
    otto = TestClient(room21.host.app)
    sign_up(otto, "Otto")
    tried = try_all(room21, otto, list(room21.private.values()))
    assert len({(a.method, a.route) for a in tried}) >= len(KNOWN)
    assert otto.get(f"/tables/{room21.public['cash']}").status_code == 200  # public: open


def test_a_signed_out_visitor_acts_on_no_private_room(room21: Cardroom21) -> None:
    try_all(room21, TestClient(room21.host.app), list(room21.private.values()))


def guest(room21: Cardroom21) -> TestClient:
    """Gus, a guest made by the invite link of Ann's other private game."""
    gus = TestClient(room21.host.app)
    link = invite(room21.host, room21.guests_game)
    gus.post(link, data={"csrf": csrf_of(gus, link), "name": "Gus"})
    assert user(gus, "Gus").has("guest")
    return gus


def test_a_guest_of_another_game_acts_on_no_other_room_public_ones_too(
    room21: Cardroom21,
) -> None:
    gus = guest(room21)
    assert gus.get(f"/tables/{room21.guests_game}").status_code == 200  # his own game
    rooms = [*room21.private.values(), *room21.public.values()]
    try_all(room21, gus, rooms)


def test_the_sit_form_of_a_private_table_seats_nobody_without_its_invite(
    room21: Cardroom21,
) -> None:
    """The hole itself: the table page's sit form, for an outsider at a free seat of a
    private game, and for a guest of another game at any other table."""
    otto = TestClient(room21.host.app)
    sign_up(otto, "Otto")
    gus = guest(room21)
    cash = room21.public["cash"]
    for visitor, room_id in (
        (otto, room21.private["home, not started"]),
        (otto, room21.private["ofc"]),
        (gus, room21.private["home, not started"]),
        (gus, room21.public["home"]),
        (gus, room21.public["cash"]),
    ):
        before = state(room21)
        assert sit(visitor, room_id, 2, buy_in="200" if room_id == cash else "") == 403
        assert state(room21) == before
    assert sit(otto, cash, 2, buy_in="200") == 303  # a public table seats him


def test_a_guest_invited_to_a_tournament_watches_its_tables_and_may_not_register(
    room21: Cardroom21,
) -> None:
    """A tournament's table is entered as its tournament is: its invite link lets a guest
    watch it (a guest plays only a game he was invited to play: not a tournament)."""
    tid, table = room21.public["tournament"], room21.public["tournament table"]
    gus = TestClient(room21.host.app)
    link = invite(room21.host, tid)
    gus.post(link, data={"csrf": csrf_of(gus, link), "name": "Gus"})
    assert gus.get(f"/tournaments/{tid}").status_code == 200
    assert gus.get(f"/tables/{table}").status_code == 200
    refused = gus.post(f"/tournaments/{tid}/register", data={"csrf": csrf_of(gus, "/")})
    assert refused.status_code == 409 and "sign up to play here" in refused.text
    assert gus.get(f"/tables/{room21.public['cash']}").status_code == 403
