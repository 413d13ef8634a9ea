"""Saved means saved, with real processes: ``pokerroom serve`` killed with SIGKILL right
after its answers, and its database locked from another process.

- Every registration answered 200 is there after a kill -9, even when the database was
  slow to take it (another process holding it).
- A locked database never freezes the server: the lobby answers at once, the table's
  socket is told at once that the room cannot save, and play pauses; it resumes by itself
  when the lock goes. Killed during the lock, the server comes back at the moment the
  players last saw, never before it (no card seen is dealt again), and every hand finished
  is in the archive, in order, without a gap.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import select
from starlette.testclient import TestClient
from websockets.asyncio.client import ClientConnection, connect

from pokerroom.client.http import Visit
from pokerroom.client.signing_in import SESSION_COOKIE
from pokerroom.room.holding import CANNOT_SAVE, SAVES_AGAIN
from pokerroom.storage.database import open_database
from pokerroom.storage.models import WebHandRow
from pokerroom.web.app import create_app
from pokerroom.web.saving.answers import NOT_SAVED
from tests.web.conftest import settings
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.served import Served, locked, serving

PLAYERS = ("Ann", "Bob", "Cid", "Dee")
WAIT = 30.0
"""The longest a test waits for any one thing (a loaded two-core machine)."""
LOBBY_BOUND = 2.0
"""The slowest lobby answer allowed while the database is locked (it takes 16 s when the
event loop writes the hand archive itself)."""


def test_every_acknowledged_registration_is_there_after_a_kill(
    database_url: str, tmp_path: Path
) -> None:
    with serving(tmp_path, database_url, pause_after=20.0) as served:
        tokens = served.accounts("Hana", *PLAYERS)
        served.start()
        host = served.visit(tokens["Hana"])
        form = host.get("/tournaments/new").csrf()
        fields = {"csrf": form, "example": "home-sit-and-go"}
        made = host.post("/tournaments", fields, json_answer=True)
        assert made.status == 201, made.refusal()
        tid = str(_json(made.json())["id"])
        players = {name: served.visit(tokens[name]) for name in PLAYERS}
        forms = {name: visit.get(f"/tournaments/{tid}").csrf() for name, visit in players.items()}
        acknowledged = set()
        with locked(database_url, exclusive=False) as lock:  # the database is slow to write
            threading.Timer(2.0, lock.release.set).start()
            for name, visit in players.items():
                answer = visit.post(
                    f"/tournaments/{tid}/register", {"csrf": forms[name]}, json_answer=True
                )
                assert answer.status == 200, answer.refusal()
                acknowledged.add(name)
            served.kill()  # at once after the last answer
        served.start()
        listed = _json(Visit(served.server).get(f"/api/tournaments/{tid}", json_answer=True).json())
        registered = {str(_json(player)["name"]) for player in listed["players"]}
        assert acknowledged == set(PLAYERS)
        assert acknowledged <= registered, f"lost: {acknowledged - registered}"


def test_an_answer_the_database_cannot_save_in_time_says_so_and_is_saved_later(
    tmp_path: Path,
) -> None:
    """A registration made while the database is locked is answered 503 with one line once
    the table would pause; it is kept, and saved as soon as the lock goes."""
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with TestClient(create_app(url, settings(pause_after=0.5))) as client:
        sign_up(client, "Hana")
        made = client.post(
            "/tournaments",
            data={"csrf": csrf_of(client, "/"), "example": "home-sit-and-go"},
            headers={"Accept": "application/json"},
        )
        assert made.status_code == 201
        tid = made.json()["id"]
        with locked(url, exclusive=False):
            answer = client.post(
                f"/tournaments/{tid}/register",
                data={"csrf": csrf_of(client, "/")},
                headers={"Accept": "application/json"},
            )
        assert answer.status_code == 503 and answer.json()["message"] == NOT_SAVED
        assert cardroom(client).tables.drain()
    with TestClient(create_app(url, settings())) as client:
        players = client.get(f"/api/tournaments/{tid}").json()["players"]
        assert [player["name"] for player in players] == ["Hana"]


def _json(value: object) -> dict[str, Any]:
    assert isinstance(value, dict)
    return value


@dataclass
class Player:
    """Hana at her home table over a real socket: she checks or folds at once, and keeps
    every frame."""

    socket: ClientConnection
    frames: list[dict[str, Any]] = field(default_factory=list)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    sent: int = 0
    tag: str = field(default_factory=lambda: secrets.token_hex(4))
    """Message ids are new to the room on every connection (it remembers them)."""

    async def send(self, kind: str, **fields: Any) -> None:
        self.sent += 1
        message = {"type": kind, "id": f"{self.tag}.{self.sent}", **fields}
        await self.socket.send(json.dumps(message))

    async def play(self) -> None:
        async for text in self.socket:
            frame = json.loads(text)
            self.frames.append(frame)
            self.arrived.set()
            you = frame.get("you") if frame["type"] == "table" else None
            if you and you["decision"] == "act":
                check = you["actions"]["check"]
                await self.send("act", action="check" if check else "fold", turn=turn(frame))
            elif you and you["decision"] == "show":
                await self.send("show")

    async def until(self, wanted: Any, what: str) -> dict[str, Any]:
        """The first frame from now on for which ``wanted(frame)``."""
        start = len(self.frames)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            for frame in self.frames[start:]:
                if wanted(frame):
                    return frame
            start = len(self.frames)
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), deadline - time.monotonic())
            except TimeoutError:
                break
        raise AssertionError(f"no frame {what} within {WAIT} s; last: {self.frames[-3:]}")

    def tables(self) -> list[dict[str, Any]]:
        return [frame for frame in self.frames if frame["type"] == "table"]


def turn(frame: dict[str, Any]) -> str:
    hand = frame["hand"]
    return "0.0" if hand is None else str(hand["turn"])


def moment(frame: dict[str, Any]) -> tuple[int, int]:
    """The hand number and events of a table frame: the order of what was seen."""
    hand, _, events = turn(frame).partition(".")
    return int(hand), int(events)


def cards(frame: dict[str, Any]) -> list[str]:
    return next(seat["cards"] for seat in frame["seats"] if seat.get("you"))


def saving(paused: bool) -> Any:
    return lambda frame: frame["type"] == "saving" and frame["paused"] is paused


async def sit_down(served: Served, token: str, room: str) -> tuple[Player, asyncio.Task[None]]:
    socket = await connect(
        f"ws://127.0.0.1:{served.port}/ws/tables/{room}",
        additional_headers={"Cookie": f"{SESSION_COOKIE}={token}"},
        proxy=None,
        open_timeout=WAIT,
    )
    player = Player(socket)
    task = asyncio.get_running_loop().create_task(player.play())
    await player.send("hello", v=1)
    return player, task


async def lobby_latency(served: Served) -> float:
    started = time.monotonic()
    answer = await asyncio.to_thread(Visit(served.server).get, "/api/lobby", json_answer=True)
    assert answer.status == 200
    return time.monotonic() - started


async def a_locked_database(served: Served, token: str, room: str, url: str) -> None:
    player, task = await sit_down(served, token, room)
    await player.send("sit", seat=1)
    await player.send("start")
    await player.until(lambda f: f["type"] == "table" and moment(f)[0] >= 2, "of hand 2")

    with locked(url):  # the file locked: nothing can be saved
        latencies = [await lobby_latency(served)]
        paused = await player.until(saving(True), "pausing the table")
        assert paused["message"] == CANNOT_SAVE
        await player.send("hello", v=1)  # the server still answers at once
        await asyncio.wait_for(player.until(saving(True), "answering hello"), 5.0)
        latencies += [await lobby_latency(served) for _ in range(3)]
        shown = player.tables()[-1]
        await player.send("sit_out")
        refused = await player.until(lambda f: f["type"] == "error", "refusing play")
        assert refused["code"] == "paused" and refused["message"] == CANNOT_SAVE
        assert player.tables()[-1] is shown, "a table frame was shown while nothing could be saved"
    assert max(latencies) < LOBBY_BOUND, latencies
    resumed = await player.until(saving(False), "resuming the table")
    assert resumed["message"] == SAVES_AGAIN
    again = moment(player.tables()[-1])[0]
    await player.until(lambda f: f["type"] == "table" and moment(f)[0] > again, "of a new hand")

    with locked(url):
        await player.until(saving(True), "pausing the table again")
        seen = player.tables()
        served.kill()  # killed while the database is locked
    task.cancel()
    last = seen[-1]
    dealt = {moment(frame)[0]: cards(frame) for frame in seen if frame["hand"] is not None}

    await asyncio.to_thread(served.start)
    player, task = await sit_down(served, token, room)
    first = await player.until(lambda f: f["type"] == "table", "after the restart")
    assert moment(first) >= moment(last), "the table came back before what was seen"
    number = moment(first)[0]
    if number in dealt:
        assert cards(first) == dealt[number], "a hand seen was dealt again with other cards"
    later = await player.until(lambda f: f["type"] == "table" and moment(f)[0] > number, "later")
    task.cancel()
    await player.socket.close()
    archived = await asyncio.to_thread(archived_hands, url, room)
    finished = moment(later)[0] - 1  # and perhaps the one just shown, as Hana folds at once
    assert archived == list(range(1, max(finished, len(archived)) + 1)), "hands missing"


def archived_hands(url: str, room: str) -> list[int]:
    query = select(WebHandRow.number).where(WebHandRow.room_id == room).order_by(WebHandRow.number)
    with open_database(url) as database, database.session() as session:
        return list(session.scalars(query))


def test_a_locked_database_pauses_the_table_and_nothing_seen_is_dealt_again(
    database_url: str, tmp_path: Path
) -> None:
    """On SQLite the whole file is locked; on PostgreSQL the table of the inputs."""
    url = database_url
    with serving(tmp_path, url, pause_after=1.0) as served:
        tokens = served.accounts("Hana")
        served.start()
        visit = served.visit(tokens["Hana"])
        fields = {"csrf": visit.get("/new/home").csrf(), "name": "Kitchen", "seats": "3"}
        fields |= {"bot_2": "station", "bot_3": "station"}
        made = visit.post("/new/home", fields, json_answer=True)
        assert made.status == 201, made.refusal()
        room = str(_json(made.json())["id"])
        asyncio.run(a_locked_database(served, tokens["Hana"], room, url))
