"""A tournament move (``you.moved_to``) followed by the link at once, against a small
``websockets`` server that speaks the protocol; and the text mode's lines for a table and
a tournament lobby, which show only what the frame holds (X-4)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from pokerroom.cards import Card
from pokerroom.cli.connect.view import View
from pokerroom.client.http import Server
from pokerroom.client.server_link import ServerLink
from pokerroom.room.seam import User
from pokerroom.table.story import faces_text
from tests.client.served import Player
from tests.web.table_driver import table
from tests.web.test_web_tournament import fresh


def snapshot(room: str, **you: Any) -> dict[str, Any]:
    frame: dict[str, Any] = dict(table("holdem", 2, seed=1).snap(User(1, "Ann")))
    return {**frame, "room": room, "kind": "tournament", "you": {**frame["you"], **you}, "now": 0}


def test_a_move_is_followed_to_the_new_table_without_a_wait() -> None:
    opened: list[str] = []

    async def table_socket(socket: ServerConnection) -> None:
        path = socket.request.path if socket.request is not None else ""
        opened.append(path)
        hello = json.loads(await socket.recv())
        assert hello == {"type": "hello", "v": 1}
        if path.endswith("/T.t2"):
            await socket.send(json.dumps(snapshot("T.t2", seat=None, moved_to="T.t1")))
        else:
            await socket.send(json.dumps(snapshot("T.t1")))
        await socket.wait_closed()

    async def main() -> None:
        async with serve(table_socket, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            link = ServerLink(Server.parse(f"http://127.0.0.1:{port}"), "T.t2", None)
            player = Player(link).start()
            await player.until(lambda t: t["room"] == "T.t1", "the new table", wait=3)
            await player.stop()
        assert opened == ["/ws/tables/T.t2", "/ws/tables/T.t1"]
        assert link.room_id == "T.t1"
        assert [f["state"] for f in player.of("link")] == ["connected", "connected", "closed"]

    asyncio.run(main())


def test_the_text_mode_shows_the_table_as_the_viewer_sees_it() -> None:
    t = table("holdem", 2, seed=1)
    ann = User(1, "Ann")
    snap = t.snap(ann)
    frame = {**snap, "now": 0.0}
    lines = View().lines(frame)
    text = "\n".join(lines)
    mine = faces_text([Card.parse(c) for c in snap["seats"][0]["cards"] if c is not None])
    assert f"[{mine}]" in text and "[## ##]" in text
    assert lines[:2] == ["  · Bob posts 2", "  · You post 1"]
    assert (
        lines[2]
        == "table t1 · Texas Hold'em no-limit · blinds 1/2 · playing · hand 1 preflop · pot 3"
    )
    assert "  your turn (40 s): fold, call 2, raise to 4-200" in lines
    again = View()
    again.lines(frame)
    assert again.lines(frame) == [], "an unchanged table is printed once"


def test_the_text_mode_shows_a_tournament_lobby() -> None:
    tournament = fresh()
    tournament.register(User(1, "Ann"), 0.0)
    lines = View().lines(tournament.lobby(User(1, "Ann")))
    assert lines[0].startswith("tournament Web twelve · ")
    assert "registering · 1 registered" in lines[0]
