"""Network faults between a terminal link and a real server (uvicorn on 127.0.0.1, SQLite):
a connection cut from the server's side mid-hand, the server restarted mid-hand on the same
port with its saved tables, a protocol version mismatch. Nothing a player sent is lost or
acts twice, and the table resumes where it was."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette

from pokerroom.client import outstanding, server_link
from pokerroom.client.http import Server
from pokerroom.client.saved_sessions import Session
from pokerroom.client.server_link import ServerLink
from tests.client.served import (
    Player,
    ServerOnPort,
    cardroom_app,
    deciding,
    heads_up_table,
    signed_up,
)

FIRST_DELAY = 0.2
"""The links' first wait before reconnecting: the tests are quick."""


@dataclass
class Room:
    app: Starlette
    live: ServerOnPort
    database: Path
    room: str
    sessions: list[Session]

    @property
    def server(self) -> Server:
        return Server.parse(self.live.url)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    database = tmp_path / "room.db"
    app = cardroom_app(database)
    live = ServerOnPort(app)
    live.start()
    made = Room(app, live, database, heads_up_table(app), [])
    made.sessions = signed_up(live.url, "Ann", "Bob")
    try:
        yield made
    finally:
        made.live.stop()


def cut(room: Room, session: Session) -> None:
    """Abort the TCP connections of ``session``'s table sockets from the server's side (on
    the server's loop): gone at once, nothing more reaches the player on them."""
    loop = room.app.state.hub._loop
    for protocol in list(room.live.server.server_state.connections):
        scope = getattr(protocol, "scope", None) or {}
        cookies = dict(scope.get("headers", ())).get(b"cookie", b"").decode()
        if scope.get("type") == "websocket" and session.token in cookies:
            loop.call_soon_threadsafe(protocol.transport.abort)


async def seated(room: Room) -> list[Player]:
    """Ann and Bob at the table, hand 1 dealt."""
    players = [
        Player(ServerLink(room.server, room.room, s, first_delay=FIRST_DELAY)).start()
        for s in room.sessions
    ]
    for seat, player in enumerate(players, 1):
        await player.until(lambda t: True, "the first snapshot")
        await player.link.send({"type": "sit", "seat": seat})
    for player in players:
        await player.until(lambda t: t["hand"] is not None, "the first deal")
    return players


def decider(players: list[Player]) -> tuple[Player, Player]:
    """The player the table waits for, and the other one."""
    first, second = players
    assert first.table is not None
    return (first, second) if deciding(first.table) else (second, first)


def said(table: Mapping[str, Any], name: str, verb: str) -> int:
    """How often the hand's log says ``name`` did ``verb`` (his own log says "You ...")."""
    starts = (f"{name} {verb}s", f"You {verb}")
    return sum(1 for line in table["hand"]["log"] if line.startswith(starts))


def raises_in(table: Mapping[str, Any], name: str) -> int:
    return said(table, name, "raise")


def session_of(room: Room, name: str) -> Session:
    return next(s for s in room.sessions if s.name == name)


def test_a_cut_mid_hand_loses_nothing_and_doubles_nothing(room: Room) -> None:
    """The raise is written while the link is cut off: it is sent once the link is back,
    and acts once; the table resumes with a fresh snapshot (the same hand)."""

    async def main() -> None:
        players = await seated(room)
        try:
            actor, other = decider(players)
            name = actor.table["seats"][actor.table["you"]["seat"] - 1]["name"]  # type: ignore[index]
            hand = actor.table["hand"]["number"]  # type: ignore[index]
            cut(room, session_of(room, name))
            await until_notice(actor, "reconnecting")
            await actor.link.send({"type": "act", "action": "raise", "amount": 6})
            assert actor.link.pending == 1
            seen = await other.until(lambda t: raises_in(t, name) > 0, "the raise")
            assert seen["hand"]["number"] == hand, "the table did not resume the same hand"
            await actor.until(lambda t: raises_in(t, name) > 0, "the raise, back")
            await asyncio.sleep(0.3)
            assert raises_in(other.table or {}, name) == 1 == raises_in(actor.table or {}, name)
            assert actor.link.pending == 0
            states = [f["state"] for f in actor.of("link")]
            assert states == ["connected", "reconnecting", "connected"]
            assert not actor.of("error"), actor.of("error")
        finally:
            for player in players:
                await player.stop()

    asyncio.run(main())


def test_a_resent_message_the_server_already_handled_acts_once(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no effect ever recognised, every message stays unanswered and is written again
    after the cut: the server drops each replayed id, the link shows no refusal for it."""
    monkeypatch.setattr(outstanding, "effect_seen", lambda *_: False)

    async def main() -> None:
        players = await seated(room)
        try:
            actor, other = decider(players)
            name = actor.table["seats"][actor.table["you"]["seat"] - 1]["name"]  # type: ignore[index]
            await actor.link.send({"type": "act", "action": "raise", "amount": 6})
            await other.until(lambda t: raises_in(t, name) == 1, "the raise")
            assert actor.link.pending == 2  # the sit and the raise: no effect recognised
            cut(room, session_of(room, name))
            await until_notice(actor, "reconnecting")
            await until(lambda: actor.link.pending == 0, "the replays answered")
            await asyncio.sleep(0.3)
            assert raises_in(other.table or {}, name) == 1 == raises_in(actor.table or {}, name)
            assert not actor.of("error"), "a dropped replay was shown as a refusal"
        finally:
            for player in players:
                await player.stop()

    asyncio.run(main())


def test_a_server_restarted_mid_hand_is_resumed_by_the_links(room: Room) -> None:
    """The server stops mid-hand and comes back on the same port from its saved tables:
    the links reconnect by themselves, every viewer gets the same hand at the same
    moment, and a call typed while the server was down acts once it is back."""

    async def main() -> None:
        players = await seated(room)
        try:
            actor, other = decider(players)
            name = actor.table["seats"][actor.table["you"]["seat"] - 1]["name"]  # type: ignore[index]
            await actor.link.send({"type": "act", "action": "raise", "amount": 6})
            before = await other.until(lambda t: raises_in(t, name) == 1 and deciding(t), "raise")
            await asyncio.to_thread(room.live.stop)
            await until_notice(other, "reconnecting")
            other_name = "Bob" if name == "Ann" else "Ann"
            await other.link.send({"type": "act", "action": "call"})  # typed while down
            room.app = cardroom_app(room.database)
            room.live = ServerOnPort(room.app, room.live.port)
            await asyncio.to_thread(room.live.start)
            after = await other.until(
                lambda t: said(t, other_name, "call") == 1,
                "the call typed while the server was down",
                wait=15,
            )
            assert after["hand"]["number"] == before["hand"]["number"]
            assert after["hand"]["log"][: len(before["hand"]["log"])] == before["hand"]["log"]
            mine = before["you"]["seat"] - 1
            assert after["seats"][mine]["cards"] == before["seats"][mine]["cards"], "a new deal"
            await actor.until(lambda t: said(t, other_name, "call") == 1, "the call, for both")
            await asyncio.sleep(0.3)
            for player in players:
                assert said(player.table or {}, other_name, "call") == 1
                assert raises_in(player.table or {}, name) == 1
            assert other.link.pending == 0
        finally:
            for player in players:
                await player.stop()

    asyncio.run(main())


def test_a_protocol_version_mismatch_ends_the_link_with_one_line(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_link, "PROTOCOL_VERSION", 2)

    async def main() -> None:
        player = Player(ServerLink(room.server, room.room, room.sessions[0])).start()
        assert player.task is not None
        await asyncio.wait_for(player.task, 5)
        assert player.frames == [
            {
                "type": "link",
                "state": "closed",
                "message": "protocol version mismatch: the server does not speak version 2 "
                "of the table protocol; update pokerroom to play there",
            }
        ]
        assert player.link.failure is not None

    asyncio.run(main())


def test_a_table_that_does_not_exist_ends_the_link_with_one_line(room: Room) -> None:
    async def main() -> None:
        player = Player(ServerLink(room.server, "nope", room.sessions[0])).start()
        assert player.task is not None
        await asyncio.wait_for(player.task, 5)
        assert [f["message"] for f in player.frames] == [
            "the server refused the table: there is no table 'nope'"
        ]

    asyncio.run(main())


async def until_notice(player: Player, state: str) -> None:
    await until(lambda: any(f["state"] == state for f in player.of("link")), f"a {state} notice")


async def until(done: Any, what: str, wait: float = 10.0) -> None:
    for _ in range(int(wait / 0.01)):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"not within {wait} s: {what}")
