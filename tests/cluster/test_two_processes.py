"""Two real server processes on one PostgreSQL database and one real NATS broker (issue 25):
a player whose socket is on the process that does not own the table plays through it, and
when the owner is killed with SIGKILL mid-hand the other process takes the table over and
the hand goes on, nothing seen lost or dealt again."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import nats
import pytest

from pokerroom.client.http import Visit
from pokerroom.client.signing_in import SESSION_COOKIE
from tests.real_parts import NatsServer
from tests.serve_process import launch, wait_until_answering
from tests.web.served import Served
from tests.web.test_saved_means_saved import Player, cards, moment, sit_down

pytestmark = pytest.mark.postgres


@dataclass
class Worker(Served):
    """One ``pokerroom serve --broker`` process."""

    broker: str = ""

    def start(self) -> None:
        self.folder.mkdir(exist_ok=True)
        self.process = launch(self.folder, self.port, self.url, "--broker", self.broker)
        wait_until_answering(self.process, self.folder, self.port)


def home_table(worker: Worker, token: str) -> str:
    """A two-seat home game made on ``worker`` by the host whose session is ``token``."""
    visit = Visit(worker.server, {SESSION_COOKIE: token})
    form = visit.get("/new/home")
    assert form.status == 200, form.refusal()
    fields = {"csrf": form.csrf(), "name": "Split", "seats": "2", "stack": "1000"}
    made = visit.post("/new/home", fields, json_answer=True)
    assert made.status == 201, made.refusal()
    listing = made.json()
    assert isinstance(listing, dict)
    return str(listing["id"])


async def joined(worker: Worker, token: str, room: str) -> tuple[Player, asyncio.Task[None]]:
    """A socket on ``worker`` that got its first table frame (the worker may learn of a
    table opened elsewhere a moment after it was)."""
    for _attempt in range(50):
        try:
            player, task = await sit_down(worker, token, room)
            await asyncio.wait_for(player.until(is_table, "at first"), 5.0)
            return player, task
        except (AssertionError, OSError, TimeoutError, ConnectionError):
            await asyncio.sleep(0.2)
    raise AssertionError(f"no table {room} on the worker at port {worker.port}")


def is_table(frame: dict[str, Any]) -> bool:
    return bool(frame["type"] == "table")


def of_hand(number: int) -> Any:
    return lambda frame: is_table(frame) and moment(frame)[0] >= number


def seat_names(frame: dict[str, Any]) -> list[str | None]:
    return [seat.get("name") for seat in frame["seats"]]


def hidden_from(frame: dict[str, Any], other: str) -> bool:
    """Whether ``other``'s cards are hidden in this frame (before any showdown)."""
    seat = next(seat for seat in frame["seats"] if seat.get("name") == other)
    return all(card in (None, "??", "") for card in seat.get("cards") or [])


FAILED = {"moving", "server_error", "bad_command", "paused"}
"""Refusals that say the cluster failed (a late click on a hand already over is not one)."""


def failures(player: Player) -> list[dict[str, Any]]:
    return [f for f in player.frames if f["type"] == "error" and f.get("code") in FAILED]


@dataclass
class Retrying(Player):
    """A player whose page sends a message again when its table was moving (as
    ``static/table.js`` does)."""

    said: dict[str, dict[str, Any]] = field(default_factory=dict)

    async def send(self, kind: str, **fields: Any) -> None:
        self.said[f"{self.tag}.{self.sent + 1}"] = {"kind": kind, **fields}
        await super().send(kind, **fields)

    async def play(self) -> None:
        watching = asyncio.get_running_loop().create_task(self.retry_moved())
        try:
            await super().play()
        finally:
            watching.cancel()

    async def retry_moved(self) -> None:
        seen = 0
        while True:
            await self.arrived.wait()
            await asyncio.sleep(0)
            fresh, seen = self.frames[seen:], len(self.frames)
            for frame in fresh:
                if frame["type"] == "error" and frame.get("code") == "moving":
                    again = dict(self.said.get(str(frame.get("ref")), {}))
                    if again:
                        await asyncio.sleep(0.5)
                        await self.send(again.pop("kind"), **again)
            if len(self.frames) == seen:
                self.arrived.clear()


async def joined_retrying(
    worker: Worker, token: str, room: str
) -> tuple[Player, asyncio.Task[None]]:
    player, task = await joined(worker, token, room)
    task.cancel()
    retrying = Retrying(player.socket, player.frames, player.arrived, player.sent, player.tag)
    return retrying, asyncio.get_running_loop().create_task(retrying.play())


def in_order(player: Player) -> None:
    """The table frames a socket got never go back in time."""
    moments = [moment(frame) for frame in player.tables()]
    assert moments == sorted(moments), moments


def test_a_socket_on_the_other_process_plays_through_notices_a_broker_restart_and_a_kill(
    workers: tuple[Worker, Worker], nats_server: NatsServer
) -> None:
    owner, other = workers
    tokens = owner.accounts("Ann", "Bob")
    room = home_table(owner, tokens["Ann"])  # opened on, and owned by, the first
    asyncio.run(play_across(owner, other, nats_server, tokens, room))


async def inject(url: str, room: str) -> None:
    """Notices a broker may deliver: a duplicate of an old one, one from the future (a gap),
    and one nobody can read."""
    client = await nats.connect(url)
    subject = f"pokerroom.room.{room}.saved"
    for serial in (1, 1, 2, 10**6):
        await client.publish(
            subject, json.dumps({"room": room, "serial": serial, "epoch": 1}).encode()
        )
    await client.publish(subject, b"{not json")
    await client.drain()


async def play_across(
    owner: Worker, other: Worker, broker: NatsServer, tokens: dict[str, str], room: str
) -> None:
    ann, ann_task = await joined_retrying(owner, tokens["Ann"], room)
    bob, bob_task = await joined_retrying(other, tokens["Bob"], room)
    await ann.send("sit", seat=1)
    await bob.send("sit", seat=2)  # forwarded to the owner, answered once saved
    await ann.until(lambda f: is_table(f) and "Bob" in seat_names(f), "with Bob seated")
    await ann.send("start")
    await bob.until(of_hand(3), "of hand 3 on the other process")
    await ann.until(of_hand(3), "of hand 3 on the owner")
    assert "Ann" in seat_names(bob.tables()[-1])
    early = [frame for frame in bob.tables() if frame["hand"] is not None]
    assert early and hidden_from(early[0], "Ann")
    assert not failures(bob) and not failures(ann), failures(bob) + failures(ann)

    await inject(broker.url, room)
    number = moment(bob.tables()[-1])[0]
    await bob.until(of_hand(number + 1), "of the next hand after the injected notices")
    in_order(bob)

    broker.stop()  # the broker restarted: nats-py reconnects, followers catch up
    await asyncio.sleep(1.0)
    broker.start()
    number = moment(bob.tables()[-1])[0]
    await bob.until(of_hand(number + 1), "of the next hand after the broker came back")
    await ann.until(of_hand(number + 1), "of the next hand on the owner too")
    in_order(bob)

    seen = bob.tables()
    dealt = {moment(frame)[0]: cards(frame) for frame in seen if frame["hand"] is not None}
    owner.kill()  # SIGKILL mid-play: its lock on the table goes with its connection
    ann_task.cancel()
    last = seen[-1]
    ann, ann_task = await joined_retrying(other, tokens["Ann"], room)  # her page reconnects
    number = moment(last)[0]
    later = await bob.until(of_hand(number + 1), "of the next hand after the takeover")
    in_order(bob)
    for frame in bob.tables():
        hand = moment(frame)[0]
        if hand in dealt and frame["hand"] is not None:
            assert cards(frame) == dealt[hand], "a hand seen was dealt again with other cards"
    assert moment(later)[0] >= number + 1
    assert not [f for f in failures(ann) + failures(bob) if f["code"] != "moving"]
    for task in (ann_task, bob_task):
        task.cancel()
    for player in (ann, bob):
        await player.socket.close()
