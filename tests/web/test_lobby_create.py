"""Creating home games and cash tables from the lobby, and the lobby staying true."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from fractions import Fraction
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient

from pokerroom.bots import registry
from pokerroom.engine import HOLDEM, VARIANTS, Limit
from pokerroom.room import CashRoom, HomeRoom
from pokerroom.room.registry import RoomKind
from pokerroom.room.seam import User
from pokerroom.storage.database import Database
from pokerroom.storage.rooms.saved_room import live_room
from pokerroom.table.series import SeriesSettings
from pokerroom.web.access import may_enter
from pokerroom.web.app import create_app
from pokerroom.web.lobby.creating import GUEST
from tests.web.conftest import settings
from tests.web.helpers import cardroom, csrf_of, sign_up

ERROR = re.compile(r'<p class="error" role="alert">([^<]*)</p>')


def post(client: TestClient, path: str, **fields: str) -> httpx2.Response:
    """Post a creation form as the browser does, with the page's token."""
    data = {"csrf": csrf_of(client, path), **fields}
    response: httpx2.Response = client.post(path, data=data, follow_redirects=False)
    return response


def created_id(response: httpx2.Response) -> str:
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert location.startswith("/tables/")
    return location.removeprefix("/tables/")


def lobby(client: TestClient, query: str = "") -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/lobby{query}").json()
    return answer


def user(client: TestClient, name: str) -> User:
    account = cardroom(client).accounts.find_account(name)
    assert account is not None
    return User(account.id, account.name, account.roles)


EXAMPLE_BOT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "my_bot"


def grumpy_bot(seed: int | None) -> object:
    """A plug-in's factory that fails, as one missing its model file would."""
    raise RuntimeError("no model file")


@pytest.fixture
def plugged(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The example bot package and a failing one, as if installed (docs/bots.md)."""
    monkeypatch.syspath_prepend(str(EXAMPLE_BOT))
    points = [
        EntryPoint("potodds", "my_bot.pot_odds:PotOddsBot", registry.GROUP),
        EntryPoint("grumpy", f"{__name__}:grumpy_bot", registry.GROUP),
    ]
    monkeypatch.setattr(
        registry, "entry_points", lambda *, group: points if group == registry.GROUP else []
    )
    registry.forget_plugins()
    yield
    registry.forget_plugins()


@pytest.mark.usefixtures("plugged")
def test_an_installed_bot_is_offered_and_a_failing_one_is_one_line(client: TestClient) -> None:
    sign_up(client, "Ann")
    assert '<option value="potodds">' in client.get("/new/home").text
    made = created_id(post(client, "/new/home", bot_2="potodds"))
    room = live_room(cardroom(client).registry.get(made).room)
    assert isinstance(room, HomeRoom)
    assert type(room.occupants[2].bot).__name__ == "PotOddsBot"
    refused = post(client, "/new/home", bot_2="grumpy")
    assert refused.status_code == 400
    [shown] = ERROR.findall(refused.text)
    said = "the bot plug-in grumpy failed to make a bot: RuntimeError: no model file"
    assert html.unescape(shown) == said
    assert len(cardroom(client).registry) == 1


def test_a_host_creates_the_001_home_game_by_default(client: TestClient) -> None:
    sign_up(client, "Ann")
    assert 'href="/new/home"' in client.get("/").text
    form = client.get("/new/home").text
    assert 'value="1/2"' in form and 'value="200"' in form
    room_id = created_id(post(client, "/new/home"))
    room = live_room(cardroom(client).registry.get(room_id).room)
    assert isinstance(room, HomeRoom)
    assert room.settings == SeriesSettings()  # H-1: NLHE, 200 chips, 1/2, never rising
    assert room.table_size == 6 and room.host == user(client, "Ann").id
    assert lobby(client)["rooms"] == [
        {
            "id": room_id,
            "name": "Texas Hold'em home game",
            "game": "Texas Hold'em no-limit",
            "stakes": "1/2, stack 200",
            "seats": {"taken": 0, "total": 6},
            "status": "waiting",
            "kind": "home",
            "private": False,
            "observers": True,
            "url": f"/tables/{room_id}",
        }
    ]


def test_an_omaha_hi_lo_pot_limit_game_with_a_bot(client: TestClient) -> None:
    sign_up(client, "Ann")
    response = post(
        client,
        "/new/home",
        name="Tuesday PLO8",
        game="omaha-hilo",
        limit="pot-limit",
        blinds="2/4",
        stack="500",
        seats="4",
        bot_2="equity",
    )
    room = live_room(cardroom(client).registry.get(created_id(response)).room)
    assert isinstance(room, HomeRoom)
    assert room.settings.variant is VARIANTS["omaha-hilo"]
    assert room.settings.limit is Limit.POT_LIMIT
    assert (room.settings.small_blind, room.settings.big_blind, room.settings.stack) == (2, 4, 500)
    assert room.occupants[2].style == "equity" and room.occupants[2].bot is not None
    [listed] = lobby(client)["rooms"]
    assert listed["name"] == "Tuesday PLO8"
    assert listed["game"] == "4-card Omaha Hi-Lo pot-limit"
    assert listed["seats"] == {"taken": 1, "total": 4}  # the bot sits already


def test_a_private_game_is_reached_only_by_its_invite_link(client: TestClient) -> None:
    sign_up(client, "Ann")
    room_id = created_id(post(client, "/new/home", name="Ann's Friday", private="1"))
    mine = lobby(client)["mine"]
    assert [(room["id"], room["private"]) for room in mine] == [(room_id, True)]
    assert lobby(client)["rooms"] == []
    page = client.get("/").text
    assert "Your games" in page and f'action="/rooms/{room_id}/invites"' in page
    invite = client.post(
        f"/rooms/{room_id}/invites",
        headers={"X-CSRF-Token": csrf_of(client, "/"), "Accept": "application/json"},
    ).json()["url"]

    bob = TestClient(client.app)
    sign_up(bob, "Bob")
    assert lobby(bob)["rooms"] == [] and lobby(bob)["mine"] == []
    assert "Ann&#39;s Friday" not in bob.get("/").text
    entry = cardroom(client).registry.get(room_id).entry
    assert not may_enter(cardroom(client), room_id, entry, user(client, "Bob"))
    assert not may_enter(cardroom(client), room_id, entry, None)
    assert first_frame(bob, room_id)["code"] == "unknown_room"  # as if it did not exist
    assert first_frame(TestClient(client.app), room_id)["code"] == "unknown_room"
    assert first_frame(client, room_id)["type"] == "table"  # the host
    path = invite.removeprefix("http://testserver")
    joined = bob.post(path, data={"csrf": csrf_of(bob, path)}, follow_redirects=False)
    assert joined.headers["location"] == f"/tables/{room_id}"
    assert may_enter(cardroom(client), room_id, entry, user(client, "Bob"))
    assert first_frame(bob, room_id)["type"] == "table"


def first_frame(client: TestClient, room_id: str) -> dict[str, Any]:
    """What a table socket answers a hello with: the table, or why not."""
    with client.websocket_connect(f"/ws/tables/{room_id}") as socket:
        socket.send_json({"type": "hello", "v": 1})
        frame: dict[str, Any] = socket.receive_json()
        return frame


def test_a_host_opens_a_cash_table_with_a_rake(client: TestClient) -> None:
    """P-9: a percentage with a cap; off unless asked for."""
    sign_up(client, "Ann")
    response = post(
        client,
        "/new/cash",
        name="Main 1/2",
        blinds="1/2",
        seats="9",
        min_buy_in="50",
        max_buy_in="300",
        rake_percent="4.5",
        rake_cap="3",
    )
    room = live_room(cardroom(client).registry.get(created_id(response)).room)
    assert isinstance(room, CashRoom)
    settings = room.settings
    assert settings.variant is HOLDEM and settings.limit is Limit.NO_LIMIT
    assert (settings.seats, settings.min_buy_in, settings.max_buy_in) == (9, 50, 300)
    assert settings.rake is not None
    assert (settings.rake.fraction, settings.rake.cap) == (Fraction(9, 200), 3)
    [listed] = lobby(client, "?kind=cash")["rooms"]
    assert listed["kind"] == "cash" and listed["stakes"] == "1/2, buy-in 50-300, raked"
    assert listed["seats"] == {"taken": 0, "total": 9}


def test_a_cash_table_takes_no_rake_by_default(client: TestClient) -> None:
    sign_up(client, "Ann")
    room = live_room(cardroom(client).registry.get(created_id(post(client, "/new/cash"))).room)
    assert isinstance(room, CashRoom)
    assert room.settings.rake is None
    assert (room.settings.min_buy_in, room.settings.max_buy_in) == (80, 200)


BAD_FIELDS = [
    ("/new/home", {"game": "poker"}, "game: one of holdem, omaha, omaha-hilo"),
    ("/new/home", {"blinds": "2/1"}, "blinds: small/big with 0 < small <= big, like 1/2"),
    ("/new/home", {"blinds": "0/2"}, "blinds: small/big with 0 < small <= big"),
    ("/new/home", {"seats": "11"}, "seats: a Texas Hold'em table has 2 to 10 seats"),
    ("/new/home", {"seats": "1"}, "seats: a Texas Hold'em table has 2 to 10 seats"),
    ("/new/home", {"game": "stud", "seats": "9"}, "seats: a Seven-card Stud table has 2 to 8"),
    ("/new/home", {"limit": "spread"}, "limit: one of no-limit, pot-limit, fixed-limit, mixed"),
    ("/new/home", {"stack": "0"}, "stack: a whole number of chips from 1 to"),
    ("/new/home", {"ante": "0", "game": "stud"}, "ante: Seven-card Stud is dealt with antes"),
    ("/new/home", {"profile": "casino"}, "profile: one of home, club, sport"),
    ("/new/home", {"bot_3": "shark"}, "bot in seat 3: one of random, station, equity"),
    ("/new/home", {"seats": "2", "bot_3": "equity"}, "bot in seat 3: this table has seats 1-2"),
    (
        "/new/home",
        {"seats": "2", "bot_1": "equity", "bot_2": "random"},
        "bots: leave at least one seat open for a player",
    ),
    ("/new/home", {"name": "x" * 41}, "name: 1 to 40 printable characters"),
    ("/new/cash", {"game": "poker"}, "game: one of holdem"),
    ("/new/cash", {"blinds": "5/2"}, "blinds: small/big with 0 < small <= big"),
    ("/new/cash", {"seats": "12"}, "seats: a Texas Hold'em table has 2 to 10 seats"),
    ("/new/cash", {"limit": "mixed"}, "limit: one of no-limit, pot-limit, fixed-limit, or"),
    (
        "/new/cash",
        {"min_buy_in": "300", "max_buy_in": "100"},
        "buy-in: the minimum (300) must not be above the maximum (100)",
    ),
    ("/new/cash", {"min_buy_in": "1"}, "buy-in: the buy-in range must run from at least the big"),
    ("/new/cash", {"rake_percent": "150", "rake_cap": "3"}, "rake_percent: the rake is a percent"),
    ("/new/cash", {"rake_percent": "5"}, "rake_cap: a whole number of chips from 1"),
    ("/new/cash", {"rake_cap": "3"}, "rake_cap: give a rake percentage with it"),
]


@pytest.mark.parametrize(("path", "fields", "says"), BAD_FIELDS)
def test_every_bad_field_is_one_line_and_creates_nothing(
    client: TestClient, path: str, fields: dict[str, str], says: str
) -> None:
    sign_up(client, "Ann")
    response = post(client, path, **fields)
    assert response.status_code == 400
    [shown] = ERROR.findall(response.text)
    error = html.unescape(shown)
    assert says in error, error
    assert "\n" not in error
    for name, value in fields.items():  # the form keeps what was typed
        if name not in ("game", "limit", "profile") and not name.startswith("bot_"):
            assert f'value="{value}"' in response.text
    assert len(cardroom(client).registry) == 0


def test_a_script_is_told_the_bad_field_as_json(client: TestClient) -> None:
    sign_up(client, "Ann")
    token = csrf_of(client, "/")
    refused = client.post(
        "/new/cash",
        data={"blinds": "2/1"},
        headers={"X-CSRF-Token": token, "Accept": "application/json"},
    )
    assert refused.status_code == 400 and refused.json()["code"] == "bad_request"
    assert refused.json()["message"].startswith("blinds: small/big")
    made = client.post(
        "/new/cash", data={}, headers={"X-CSRF-Token": token, "Accept": "application/json"}
    )
    assert made.status_code == 201
    assert made.json()["type"] == "room" and made.json()["kind"] == "cash"
    assert len(cardroom(client).registry) == 1


def test_a_guest_cannot_create_a_game(client: TestClient) -> None:
    sign_up(client, "Ann")
    room_id = created_id(post(client, "/new/home", private="1"))
    invite = client.post(
        f"/rooms/{room_id}/invites",
        headers={"X-CSRF-Token": csrf_of(client, "/"), "Accept": "application/json"},
    ).json()["url"]
    guest = TestClient(client.app)
    path = invite.removeprefix("http://testserver")
    guest.post(path, data={"csrf": csrf_of(guest, path), "name": "Visitor"})
    assert "Create a home game" not in guest.get("/").text
    assert guest.get("/new/home").status_code == 403
    for form in ("/new/home", "/new/cash"):
        refused = guest.post(form, data={"csrf": csrf_of(guest, "/")})
        assert refused.status_code == 403 and GUEST in refused.text
    assert len(cardroom(client).registry) == 1


def test_signed_out_visitors_and_players_without_the_role_cannot_create(
    client: TestClient,
) -> None:
    stranger = TestClient(client.app)
    shown = stranger.get("/new/home", follow_redirects=False)
    assert shown.status_code == 303 and shown.headers["location"] == "/login?next=/new/home"
    refused = stranger.post("/new/home", data={"csrf": csrf_of(stranger)})
    assert refused.status_code == 403 and "log in to create a game" in refused.text
    sign_up(client, "Ann")
    cardroom(client).accounts.revoke("Ann", "host")
    refused = client.post("/new/home", data={"csrf": csrf_of(client, "/")})
    assert refused.status_code == 403 and "needs the host role" in refused.text
    assert "Create a home game" not in client.get("/").text
    assert len(cardroom(client).registry) == 0
    cardroom(client).accounts.grant("Ann", "admin")  # an admin opens cash tables
    created_id(post(client, "/new/cash"))
    assert post(client, "/new/home").status_code == 403


def test_a_form_without_its_csrf_token_is_refused(client: TestClient) -> None:
    sign_up(client, "Ann")
    for path in ("/new/home", "/new/cash"):
        refused = client.post(path, data={"game": "holdem"}, follow_redirects=False)
        assert refused.status_code == 403
        forged = client.post(path, data={"csrf": "0" * 64}, follow_redirects=False)
        assert forged.status_code == 403
    assert len(cardroom(client).registry) == 0


def sit(client: TestClient, room_id: str, seat: int) -> dict[str, Any]:
    """Sit through the table socket as a browser does; the frame after the sit."""
    with client.websocket_connect(f"/ws/tables/{room_id}") as socket:
        socket.send_json({"type": "hello", "v": 1})
        socket.receive_json()
        socket.send_json({"type": "sit", "id": "m1", "seat": seat})
        frame: dict[str, Any] = socket.receive_json()
        return frame


def test_the_lobby_shows_seats_taken_and_status_as_they_change(client: TestClient) -> None:
    sign_up(client, "Ann")
    room_id = created_id(post(client, "/new/home", seats="3", bot_3="station"))
    bob = TestClient(client.app)
    sign_up(bob, "Bob")
    frame = sit(bob, room_id, 1)
    assert frame["type"] == "table", frame
    [listed] = lobby(client)["rooms"]
    assert (listed["seats"], listed["status"]) == ({"taken": 2, "total": 3}, "waiting")
    assert "2/3" in client.get("/").text
    sit(client, room_id, 2)  # the last seat: the series begins (H-2)
    [listed] = lobby(bob)["rooms"]
    assert (listed["seats"], listed["status"]) == ({"taken": 3, "total": 3}, "playing")
    closed = client.post(
        f"/rooms/{room_id}/close", data={"csrf": csrf_of(client, "/")}, follow_redirects=False
    )
    assert closed.status_code == 409
    assert "a hand is being played at this table" in closed.text
    assert room_id in cardroom(client).registry


def test_the_host_or_an_admin_closes_a_room_between_hands(client: TestClient) -> None:
    sign_up(client, "Ann")
    home = created_id(post(client, "/new/home"))
    cash = created_id(post(client, "/new/cash"))
    bob = TestClient(client.app)
    sign_up(bob, "Bob")
    refused = bob.post(f"/rooms/{home}/close", data={"csrf": csrf_of(bob, "/")})
    assert refused.status_code == 403
    assert "only the game's host or an admin" in html.unescape(refused.text)
    page = client.get("/").text
    assert f'action="/rooms/{home}/close"' in page
    closed = client.post(
        f"/rooms/{home}/close", data={"csrf": csrf_of(client, "/")}, follow_redirects=False
    )
    assert closed.status_code == 303 and closed.headers["location"] == "/"
    assert [room["id"] for room in lobby(bob)["rooms"]] == [cash]
    cardroom(client).accounts.grant("Bob", "admin")
    by_admin = bob.post(
        f"/rooms/{cash}/close",
        headers={"X-CSRF-Token": csrf_of(bob, "/"), "Accept": "application/json"},
    )
    assert by_admin.json() == {"type": "closed", "v": 1, "id": cash}
    assert lobby(bob)["rooms"] == [] and len(cardroom(client).registry) == 0
    gone = client.post(f"/rooms/{home}/close", data={"csrf": csrf_of(client, "/")})
    assert gone.status_code == 404


def test_the_lobby_filters_by_kind(client: TestClient) -> None:
    sign_up(client, "Ann")
    home = created_id(post(client, "/new/home"))
    cash = created_id(post(client, "/new/cash", name="Main"))
    assert [room["id"] for room in lobby(client)["rooms"]] == [home, cash]
    assert [room["id"] for room in lobby(client, "?kind=home")["rooms"]] == [home]
    assert [room["kind"] for room in lobby(client, "?kind=cash")["rooms"]] == [RoomKind.CASH]
    page = TestClient(client.app).get("/?kind=home").text  # Ann's own are all in "Your games"
    assert "Texas Hold&#39;em home game" in page and ">Main<" not in page


def test_one_account_opens_a_bounded_number_of_tables(database: Database) -> None:
    client = TestClient(create_app(database, settings(tables_per_account=3)))
    sign_up(client, "Ann")
    opened = [created_id(post(client, path)) for path in ("/new/home", "/new/cash", "/new/ofc")]
    refused = post(client, "/new/home")
    assert refused.status_code == 429
    assert ERROR.findall(refused.text) == [
        "you have 3 tables open, the most one account may; close one before you open another"
    ]
    assert len(cardroom(client).registry) == 3
    closed = client.post(f"/rooms/{opened[0]}/close", data={"csrf": csrf_of(client, "/")})
    assert closed.status_code in (200, 303)
    created_id(post(client, "/new/home"))  # one closed: one more may open
    bob = TestClient(client.app)
    sign_up(bob, "Bob")
    created_id(post(bob, "/new/home"))  # another account has his own
