"""A terminal signs in to a real ``pokerroom serve`` (uvicorn on 127.0.0.1, SQLite) as the
pages do: sign up, log in, the session token saved owner-only and used again, the lobby,
an invite link to a private game as a guest; every refusal is one line."""

from __future__ import annotations

import asyncio
import json
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from starlette.applications import Starlette

from pokerroom.client.errors import ClientError
from pokerroom.client.http import Server
from pokerroom.client.saved_sessions import (
    Session,
    forget_session,
    load_session,
    save_session,
    sessions_file,
)
from pokerroom.client.server_link import ServerLink
from pokerroom.client.signing_in import fetch_lobby, join_by_invite, log_in, session_alive, sign_up
from pokerroom.room import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.seam import User
from pokerroom.web.pages.invites import create_invite
from pokerroom.web.saving import open_room
from tests.client.served import CLOCK, PAUSE, Player, ServerOnPort, cardroom_app, heads_up_table
from tests.web.helpers import PASSWORD


@dataclass
class Served:
    app: Starlette
    server: Server
    table: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    app = cardroom_app(tmp_path_factory.mktemp("signing") / "room.db")
    live = ServerOnPort(app)
    live.start()
    try:
        yield Served(app, Server.parse(live.url), heads_up_table(app))
    finally:
        live.stop()


def test_sign_up_then_log_in_gives_a_session_the_server_knows(served: Served) -> None:
    made = sign_up(served.server, "Ann", PASSWORD)
    again = log_in(served.server, "ann", PASSWORD)
    assert made.origin == again.origin == served.server.origin
    assert made.token != again.token, "a log-in opens a new session"
    assert session_alive(served.server, made) and session_alive(served.server, again)
    assert not session_alive(served.server, Session(made.origin, "Ann", "made-up"))


def test_a_wrong_password_and_a_taken_name_are_one_line_each(served: Served) -> None:
    sign_up(served.server, "Bea", PASSWORD)
    with pytest.raises(ClientError, match=r"^log-in refused: wrong name or password$"):
        log_in(served.server, "Bea", "not the password")
    with pytest.raises(ClientError, match=r"^sign-up refused: .*taken"):
        sign_up(served.server, "Bea", PASSWORD)


def test_a_server_that_is_down_is_one_line() -> None:
    down = Server.parse("http://127.0.0.1:9")  # discard: nothing listens there
    with pytest.raises(ClientError, match=r"^cannot reach the server at http://127\.0\.0\.1:9: "):
        log_in(down, "Ann", PASSWORD)


def test_a_bad_address_is_one_line() -> None:
    with pytest.raises(ClientError, match="is not a server address: write http://HOST"):
        Server.parse("ftp://example.org")


def test_the_saved_token_is_owner_only_has_no_password_and_is_used_again(
    served: Served, tmp_path: Path
) -> None:
    session = sign_up(served.server, "Cleo", PASSWORD)
    path = save_session(session, tmp_path / "config")
    assert path == sessions_file(tmp_path / "config")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert PASSWORD not in path.read_text()
    assert json.loads(path.read_text())[session.origin] == {"name": "Cleo", "token": session.token}
    loaded = load_session(session.origin, "cleo", tmp_path / "config")
    assert loaded == session and session_alive(served.server, loaded)
    assert load_session(session.origin, "Dora", tmp_path / "config") is None
    forget_session(session.origin, tmp_path / "config")
    assert load_session(session.origin, None, tmp_path / "config") is None
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_the_lobby_lists_the_table_with_game_stakes_seats_and_status(served: Served) -> None:
    lobby = fetch_lobby(served.server, None)
    listed = {room["id"]: room for room in lobby["rooms"]}
    room = listed[served.table]
    assert (room["name"], room["game"], room["stakes"]) == ("Heads-up", "NLHE", "1/2")
    assert room["seats"]["total"] == 2 and room["kind"] == "home"
    assert room["status"] in ("waiting", "playing")


def test_an_invite_link_makes_a_guest_who_may_open_the_private_table(served: Served) -> None:
    host = sign_up(served.server, "Hugo", PASSWORD)
    cardroom = served.app.state.cardroom
    account = cardroom.accounts.find_account("Hugo")
    entry = LobbyEntry(
        "Hugo's game", "NLHE", "1/2", 0, 2, RoomKind.HOME, private=True, host_id=account.id
    )
    open_room(cardroom, HomeRoom("priv1", seats=2, clock=CLOCK, pause=PAUSE, seed=3), entry)
    token = create_invite(cardroom, "priv1", User(account.id, "Hugo", frozenset({"host"})))
    link = f"{served.server.origin}/invite/{token}"
    guest, room = join_by_invite(served.server, link, "Gus")
    assert room == "priv1" and guest.name == "Gus"
    assert "priv1" not in {r["id"] for r in fetch_lobby(served.server, guest)["rooms"]}
    assert "priv1" in {r["id"] for r in fetch_lobby(served.server, host)["mine"]}
    stranger = sign_up(served.server, "Stan", PASSWORD)

    async def main() -> None:
        gus = Player(ServerLink(served.server, room, guest)).start()
        await gus.until(lambda t: t["room"] == "priv1", "the private table")
        await gus.stop()
        stan = Player(ServerLink(served.server, room, stranger)).start()
        assert stan.task is not None
        await asyncio.wait_for(stan.task, 5)
        refused = "the server refused the table: there is no table 'priv1'"
        assert stan.frames[-1]["message"] == refused

    asyncio.run(main())
    with pytest.raises(ClientError, match=r"^invite refused: this invite link is not valid"):
        join_by_invite(served.server, f"{served.server.origin}/invite/made-up", "Ivy")
    with pytest.raises(ClientError, match="is not an invite link"):
        join_by_invite(served.server, f"{served.server.origin}/tables/priv1", "Ivy")
