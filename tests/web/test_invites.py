"""Invite links: the only way into a private game, and a guest's way into the cardroom."""

from __future__ import annotations

from datetime import timedelta

from starlette.testclient import TestClient

from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.seam import User
from pokerroom.storage.database import Database
from pokerroom.web.access import may_enter
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from tests.web.conftest import settings
from tests.web.helpers import cardroom, csrf_of, sign_up, signed_in_as
from tests.web.rooms_fake import StillRoom


def host_a_private_game(client: TestClient, room_id: str = "h1") -> User:
    """Sign ``Ann`` up on ``client`` and list her private home game ``room_id``."""
    sign_up(client, "Ann")
    account = cardroom(client).accounts.find_account("Ann")
    assert account is not None
    entry = LobbyEntry(
        "Ann's Friday", "NLHE", "1/2", 1, 6, RoomKind.HOME, private=True, host_id=account.id
    )
    cardroom(client).registry.add(StillRoom(room_id), entry)
    return User(account.id, account.name, account.roles)


def invite_link(client: TestClient, room_id: str = "h1") -> str:
    response = client.post(
        f"/rooms/{room_id}/invites",
        headers={"X-CSRF-Token": csrf_of(client, "/"), "Accept": "application/json"},
    )
    assert response.status_code == 200, response.text
    url = response.json()["url"]
    assert isinstance(url, str) and url.startswith("http://testserver/invite/")
    return url.removeprefix("http://testserver")


def join_as_guest(client: TestClient, link: str, name: str) -> int:
    response = client.post(
        link, data={"csrf": csrf_of(client), "name": name}, follow_redirects=False
    )
    return int(response.status_code)


def test_a_visitor_with_the_link_becomes_a_guest_signed_in_for_that_game(
    client: TestClient,
) -> None:
    host_a_private_game(client)
    link = invite_link(client)
    guest = TestClient(client.app)
    page = guest.get(link)
    assert "You are invited to Ann&#39;s Friday" in page.text
    response = guest.post(
        link, data={"csrf": csrf_of(guest, link), "name": "Bob"}, follow_redirects=False
    )
    assert response.status_code == 303 and response.headers["location"] == "/tables/h1"
    assert signed_in_as(guest) == "Bob (guest)"
    bob = cardroom(client).accounts.find_account("Bob")
    assert bob is not None and bob.roles == {"guest"} and bob.password_hash is None
    entry = cardroom(client).registry.get("h1").entry
    assert may_enter(cardroom(client), "h1", entry, User(bob.id, bob.name, bob.roles))


def test_a_private_game_is_closed_without_the_link(client: TestClient) -> None:
    ann = host_a_private_game(client)
    cash = LobbyEntry("Main", "NLHE", "1/2", 0, 9, RoomKind.CASH)
    cardroom(client).registry.add(StillRoom("t1"), cash)
    other = TestClient(client.app)
    sign_up(other, "Cleo")
    cleo_account = cardroom(client).accounts.find_account("Cleo")
    assert cleo_account is not None
    cleo = User(cleo_account.id, "Cleo", cleo_account.roles)
    room = cardroom(client)
    entry = room.registry.get("h1").entry
    assert may_enter(room, "h1", entry, ann)
    assert not may_enter(room, "h1", entry, cleo)
    assert not may_enter(room, "h1", entry, None)
    assert may_enter(room, "t1", cash, cleo) and may_enter(room, "t1", cash, None)
    admin = User(99, "Root", frozenset({"player", "admin"}))
    assert may_enter(room, "h1", entry, admin)


def test_a_signed_in_player_who_follows_the_link_may_enter(client: TestClient) -> None:
    host_a_private_game(client)
    link = invite_link(client)
    cleo = TestClient(client.app)
    sign_up(cleo, "Cleo")
    assert "Join as Cleo" in cleo.get(link).text
    response = cleo.post(link, data={"csrf": csrf_of(cleo, link)}, follow_redirects=False)
    assert response.headers["location"] == "/tables/h1"
    account = cardroom(client).accounts.find_account("Cleo")
    assert account is not None and account.roles == {"player", "host"}  # still himself
    entry = cardroom(client).registry.get("h1").entry
    assert may_enter(cardroom(client), "h1", entry, User(account.id, "Cleo", account.roles))


def test_a_guest_may_enter_only_his_own_game(client: TestClient) -> None:
    host_a_private_game(client)
    link = invite_link(client)
    cash = LobbyEntry("Main", "NLHE", "1/2", 0, 9, RoomKind.CASH)
    cardroom(client).registry.add(StillRoom("t1"), cash)
    join_as_guest(TestClient(client.app), link, "Bob")
    bob = cardroom(client).accounts.find_account("Bob")
    assert bob is not None
    assert not may_enter(cardroom(client), "t1", cash, User(bob.id, "Bob", bob.roles))


def test_only_the_host_may_make_an_invite_link(client: TestClient) -> None:
    host_a_private_game(client)
    cleo = TestClient(client.app)
    sign_up(cleo, "Cleo")
    refused = cleo.post("/rooms/h1/invites", headers={"X-CSRF-Token": csrf_of(cleo, "/")})
    assert refused.status_code == 403  # she may not even enter it
    assert "this is a private game: open it through the invite link" in refused.text
    cleo.post(invite_link(client), data={"csrf": csrf_of(cleo, "/")})  # now she may
    invited = cleo.post("/rooms/h1/invites", headers={"X-CSRF-Token": csrf_of(cleo, "/")})
    assert invited.status_code == 403
    assert "only the game&#39;s host can invite players to it" in invited.text
    stranger = TestClient(client.app)
    anonymous = stranger.post("/rooms/h1/invites", headers={"X-CSRF-Token": csrf_of(stranger)})
    assert anonymous.status_code == 403
    missing = client.post("/rooms/nope/invites", headers={"X-CSRF-Token": csrf_of(client, "/")})
    assert missing.status_code == 404


def test_the_invite_page_shows_the_link_to_copy(client: TestClient) -> None:
    host_a_private_game(client)
    page = client.post("/rooms/h1/invites", data={"csrf": csrf_of(client, "/")})
    assert page.status_code == 200
    assert 'value="http://testserver/invite/' in page.text


def test_only_the_digest_of_an_invite_token_is_stored(client: TestClient) -> None:
    host_a_private_game(client)
    token = invite_link(client).removeprefix("/invite/")
    store = cardroom(client).accounts
    assert store.find_invite(token) is not None
    with store.database.engine.connect() as connection:
        rows = connection.exec_driver_sql("SELECT token_hash FROM invites").all()
    assert len(rows) == 1 and token not in rows[0][0]


def test_a_made_up_or_expired_link_lets_nobody_in(database: Database) -> None:
    client = TestClient(create_app(database, settings(invite_lifetime=timedelta(0))))
    host_a_private_game(client)
    link = invite_link(client)  # expired at once
    guest = TestClient(client.app)
    for path in (link, "/invite/made-up"):
        page = guest.get(path)
        assert page.status_code == 404
        assert "this invite link is not valid any more" in page.text
        assert join_as_guest(guest, path, "Bob") == 404
    assert cardroom(client).accounts.find_account("Bob") is None
    assert SESSION_COOKIE not in guest.cookies


def test_a_guests_name_follows_the_name_rules(client: TestClient) -> None:
    host_a_private_game(client)
    link = invite_link(client)
    guest = TestClient(client.app)
    for name, message in [("ann", "the name &#39;ann&#39; is taken"), ("x", "3 to 20")]:
        response = guest.post(link, data={"csrf": csrf_of(guest, link), "name": name})
        assert response.status_code == 400 and message in response.text
    assert len(cardroom(client).accounts.accounts()) == 1
    assert signed_in_as(guest) is None


def test_a_link_serves_several_guests_and_counts_them(client: TestClient) -> None:
    host_a_private_game(client)
    link = invite_link(client)
    for name in ("Bob", "Cyd"):
        assert join_as_guest(TestClient(client.app), link, name) == 303
    invite = cardroom(client).accounts.find_invite(link.removeprefix("/invite/"))
    assert invite is not None and invite.uses == 2 and invite.room_id == "h1"


def test_one_game_takes_a_bounded_number_of_guests(database: Database) -> None:
    client = TestClient(create_app(database, settings(guests_per_game=3)))
    host_a_private_game(client)
    first, second = invite_link(client), invite_link(client)
    for name, link in (("Bob", first), ("Cleo", first), ("Dan", second)):
        assert join_as_guest(TestClient(client.app), link, name) == 303
    eve = TestClient(client.app)
    refused = eve.post(second, data={"csrf": csrf_of(eve), "name": "Eve"}, follow_redirects=False)
    assert refused.status_code == 429
    assert "this game has 3 guests, the most one game takes; sign up" in refused.text
    assert cardroom(client).accounts.find_account("Eve") is None


def test_an_invite_link_dies_with_its_room(client: TestClient) -> None:
    host_a_private_game(client)
    link = invite_link(client)
    closed = client.post("/rooms/h1/close", data={"csrf": csrf_of(client, "/")})
    assert closed.status_code == 200
    visitor = TestClient(client.app)
    assert visitor.get(link).status_code == 404
    assert join_as_guest(visitor, link, "Bob") == 404
    assert cardroom(client).accounts.find_account("Bob") is None
