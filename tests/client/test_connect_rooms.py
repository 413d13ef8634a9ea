"""``pokerroom connect`` against a real server (uvicorn on 127.0.0.1, SQLite) for what is
not a plain table: a room its host closes (the server's ``closed`` frame ends the link,
no retry, one line in the terminal), and a web tournament from the terminal — its lobby,
registering through the server's routes with their one-line refusals, waiting for the
draw, then the table with its tournament header."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from starlette.applications import Starlette
from typer.testing import CliRunner, Result

from pokerroom.cli.app import app
from pokerroom.client.errors import ClientError
from pokerroom.client.http import Server, Visit
from pokerroom.client.saved_sessions import Session, save_session
from pokerroom.client.server_link import ServerLink
from pokerroom.client.signing_in import SESSION_COOKIE, sign_up
from pokerroom.client.tournaments import tournament_deed
from pokerroom.room import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.tournament.event import RoomTournament
from tests.client.served import CLOCK, PAUSE, Player, ServerOnPort, cardroom_app
from tests.web.helpers import PASSWORD

runner = CliRunner()
WAIT = 10.0


@dataclass
class Served:
    app: Starlette
    url: str
    ann: Session

    @property
    def server(self) -> Server:
        return Server.parse(self.url)


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # Ann's saved session: no password
    app_ = cardroom_app(tmp_path / "room.db")
    live = ServerOnPort(app_)
    live.start()
    ann = sign_up(Server.parse(live.url), "Ann", PASSWORD)
    save_session(ann)
    try:
        yield Served(app_, live.url, ann)
    finally:
        live.stop()


def in_thread(args: list[str], answers: str) -> tuple[threading.Thread, list[Result]]:
    """``pokerroom connect ...`` run in a thread (the test acts on the server meanwhile)."""
    results: list[Result] = []
    thread = threading.Thread(
        target=lambda: results.append(runner.invoke(app, args, input=answers)), daemon=True
    )
    thread.start()
    return thread, results


def until(done: object, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"not within {WAIT} s: {what}"
        time.sleep(0.02)


def hosted_table(served: Served) -> HomeRoom:
    account = served.app.state.cardroom.accounts.find_account("Ann")
    room = HomeRoom("mine", seats=2, clock=CLOCK, pause=PAUSE, seed=3)
    entry = LobbyEntry("Ann's", "NLHE", "1/2", 0, 2, RoomKind.HOME, host_id=account.id)
    served.app.state.cardroom.registry.add(room, entry)
    return room


def close(served: Served, room_id: str) -> None:
    visit = Visit(served.server, {SESSION_COOKIE: served.ann.token})
    token = visit.get("/").csrf()
    answer = visit.post(f"/rooms/{room_id}/close", {"csrf": token}, json_answer=True)
    assert answer.status == 200, answer.body


def test_a_room_its_host_closes_ends_the_link_with_the_servers_line_and_no_retry(
    served: Served,
) -> None:
    import asyncio

    room = hosted_table(served)

    async def main() -> Player:
        player = Player(ServerLink(served.server, room.id, served.ann, first_delay=0.1)).start()
        await player.until(lambda t: True, "the first snapshot")
        await asyncio.to_thread(close, served, room.id)
        assert player.task is not None
        await asyncio.wait_for(player.task, WAIT)
        return player

    player = asyncio.run(main())
    closing = player.of("link")[-1]
    assert closing == {
        "type": "link",
        "state": "closed",
        "message": "the table was closed by its host",
    }
    assert not any(f["state"] == "reconnecting" for f in player.of("link"))
    assert str(player.link.failure) == "the table was closed by its host"


def test_the_terminal_says_a_closed_room_in_one_line(served: Served) -> None:
    room = hosted_table(served)
    thread, results = in_thread(["connect", served.url, "--table", room.id, "--watch"], "")
    until(lambda: served.app.state.hub.watchers(room.id) == 1, "the terminal at the table")
    close(served, room.id)
    thread.join(WAIT)
    assert results, "the terminal did not end"
    result = results[0]
    assert result.exit_code == 2, result.output
    assert result.stderr == "error: the table was closed by its host\n"
    assert f"table {room.id}" in result.output


def new_tournament(served: Served) -> RoomTournament:
    visit = Visit(served.server, {SESSION_COOKIE: served.ann.token})
    token = visit.get("/tournaments/new").csrf()
    form = {"csrf": token, "example": "home-sit-and-go", "bots": "6"}
    answer = visit.post("/tournaments", form, json_answer=True)
    assert answer.status == 201, answer.body
    tid = str(answer.json()["id"])  # type: ignore[index]
    listed = served.app.state.cardroom.registry.find(tid)
    assert isinstance(listed.room, RoomTournament)
    return listed.room


def test_register_refusals_are_the_servers_one_line(served: Served) -> None:
    tournament = new_tournament(served)
    server, ann = served.server, served.ann
    assert tournament_deed(server, ann, tournament.id, "register") == (
        "you are registered in Home sit-and-go"
    )
    with pytest.raises(ClientError) as again:
        tournament_deed(server, ann, tournament.id, "register")
    assert str(again.value) == "register refused: you are already registered in Home sit-and-go"
    assert tournament_deed(server, ann, tournament.id, "unregister").startswith(
        "you are no longer registered"
    )
    with pytest.raises(ClientError, match=r"^unregister refused: you are not registered in "):
        tournament_deed(server, ann, tournament.id, "unregister")
    assert list(tournament.registration.players) == []


def test_a_tournament_from_the_terminal_register_wait_and_play_at_the_drawn_table(
    served: Served,
) -> None:
    tournament = new_tournament(served)
    ann_id = served.app.state.cardroom.accounts.find_account("Ann").id
    thread, results = in_thread(
        ["connect", served.url, "--table", tournament.id, "--watch"], "register\nquit\n"
    )
    until(lambda: "Ann" in tournament.registration.players, "Ann registered")
    until(lambda: served.app.state.hub.watchers(tournament.id) == 1, "the terminal waiting")
    assert tournament_deed(served.server, served.ann, tournament.id, "start").startswith(
        "Home sit-and-go has started"
    )
    thread.join(WAIT)
    assert results, "the terminal did not end"
    result = results[0]
    assert result.exit_code == 0, result.output + result.stderr
    out = result.output
    assert "tournament Home sit-and-go · " in out and " · registering" in out
    assert "players: 0" in out and "starts when its creator starts it" in out
    assert "register / start / wait / quit" in out
    assert "you are registered in Home sit-and-go" in out
    assert "waiting for your table" in out
    seated = next(room.id for room in tournament.rooms.values() if room.seat_of_user(ann_id))
    assert f"\ntable {seated} · " in out, "the terminal plays at the table drawn for Ann"
    assert "\n  Level 1 · " in out, "the tournament header at the table"


def test_a_step_not_offered_is_one_line(served: Served) -> None:
    tournament = new_tournament(served)
    result = runner.invoke(
        app, ["connect", served.url, "--table", tournament.id, "--watch"], input="re-enter\n"
    )
    assert result.exit_code == 2
    assert result.stderr == (
        "error: 're-enter' is not offered here: say register, start, wait, quit\n"
    )
