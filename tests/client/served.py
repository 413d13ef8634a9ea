"""A real cardroom for the client's tests: ``create_app`` on a SQLite file served by uvicorn on
127.0.0.1 (its lifespan too: the hub's clock deals and the saved tables resume), a saved
home table in it, and players at the table through real :class:`ServerLink` sockets."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from pokerroom.client.http import Server
from pokerroom.client.saved_sessions import Session
from pokerroom.client.server_link import ServerLink
from pokerroom.client.signing_in import sign_up
from pokerroom.room import HomeRoom, ShotClock
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.web.app import create_app
from pokerroom.web.saving import open_room
from tests.real_parts import LiveServer
from tests.web.conftest import settings
from tests.web.helpers import PASSWORD

CLOCK = ShotClock(seconds=60, countdown=10, banks=2, bank_seconds=30, showdown=60)
"""Long enough that the clock never acts for a player in these tests."""
PAUSE = 0.3
"""Seconds between hands: the tests are quick."""
WAIT = 10.0
"""The longest a test waits for any one thing over the wire."""
ENTRY = LobbyEntry("Heads-up", "NLHE", "1/2", 0, 2, RoomKind.HOME)


def cardroom_app(database: Path) -> Starlette:
    return create_app(f"sqlite:///{database}", settings())


class ServerOnPort(LiveServer):
    """A live server on a given port (a restarted server comes back on the same one)."""

    def __init__(self, app: Starlette, port: int = 0) -> None:
        import uvicorn

        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind(("127.0.0.1", port))
        self.port = self.socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            app, log_level="warning", lifespan="auto", ws="websockets-sansio", access_log=False
        )
        self.server = uvicorn.Server(config)
        import threading

        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )


def heads_up_table(app: Starlette, seed: int = 7) -> str:
    """A saved two-seat home table (it starts by itself once both seats are taken)."""
    room = HomeRoom("hu1", seats=2, clock=CLOCK, pause=PAUSE, seed=seed)
    open_room(app.state.cardroom, room, ENTRY)
    return room.id


def signed_up(url: str, *names: str) -> list[Session]:
    server = Server.parse(url)
    return [sign_up(server, name, PASSWORD) for name in names]


@dataclass
class Player:
    """One link at the table and everything it has yielded so far."""

    link: ServerLink
    frames: list[Mapping[str, Any]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None

    def start(self) -> Player:
        self.task = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        async for frame in self.link.frames():
            self.frames.append(frame)

    @property
    def table(self) -> Mapping[str, Any] | None:
        return next((f for f in reversed(self.frames) if f["type"] == "table"), None)

    def of(self, kind: str) -> list[Mapping[str, Any]]:
        return [f for f in self.frames if f["type"] == kind]

    async def until(
        self, done: Callable[[Mapping[str, Any]], bool], what: str, wait: float = WAIT
    ) -> Mapping[str, Any]:
        """The latest table frame once ``done`` holds for it."""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            table = self.table
            if table is not None and done(table):
                return table
            if self.task is not None and self.task.done():
                raise AssertionError(f"the link ended waiting for {what}: {self.frames[-1:]}")
            await asyncio.sleep(0.01)
        raise AssertionError(f"not within {wait} s: {what}; last {self.table}")

    async def stop(self) -> None:
        await self.link.close()
        if self.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, WAIT)


def deciding(table: Mapping[str, Any]) -> bool:
    return table["you"]["decision"] is not None


def passive(table: Mapping[str, Any]) -> dict[str, object]:
    """Check when free, else call; show at showdown."""
    you = table["you"]
    if you["decision"] == "show":
        return {"type": "show"}
    actions = you["actions"]
    return {"type": "act", "action": "check" if actions["check"] else "call"}


def hand_over(number: int) -> Callable[[Mapping[str, Any]], bool]:
    return lambda table: any(r["number"] == number for r in table["results"])
