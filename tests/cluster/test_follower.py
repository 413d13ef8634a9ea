"""A follower's copy of a table (issue 25): built from the database, caught up from the
owner's saved inputs in order whatever order, repetition or gaps its notices came in, and
showing each viewer what the owner's table shows him; the broker's subjects carry no card."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from pokerroom.cluster.broker import LocalBus, NoAnswerError, matches
from pokerroom.cluster.follower import ClusterRoom, follow
from pokerroom.cluster.subjects import BadPayloadError, notice_from
from pokerroom.room.cash import CashRoom
from pokerroom.room.seam import User
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms.recipes import build_room, recipe_of
from pokerroom.storage.rooms.store import RoomStore
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.table.cash import CashSettings

SECRET = b"follower-test".ljust(32, b".")
ANN, BOB = User(1, "Ann"), User(2, "Bob")


def owner_and_store(tmp_path: Path) -> tuple[ClusterRoom, RoomWriter]:
    """A heads-up cash table owned here, saved in a SQLite file, with a hand being played."""
    writer = RoomWriter(RoomStore(open_database(tmp_path / "t.db")))
    kind, settings, seed = recipe_of(
        CashRoom("t1", settings=CashSettings(seats=2), pause=0.0, seed=5)
    )
    writer.store.create("t1", kind, entry={}, settings=settings, seed=seed or 5)
    owner = ClusterRoom(build_room(kind, "t1", settings, seed or 5), writer, SECRET)
    for number, user in enumerate((ANN, BOB), 1):
        owner.handle(user, {"type": "sit", "id": f"s{number}", "seat": number, "buy_in": 100}, 1.0)
    owner.tick(2.0)
    return owner, writer


def act(owner: ClusterRoom, serial: int) -> None:
    """The player to act calls or checks."""
    for user in (ANN, BOB):
        frame: dict[str, Any] = dict(owner.snapshot(user))
        you = frame["you"]
        if you is not None and you.get("decision") == "act":
            move = "check" if you["actions"]["check"] else "call"
            outcome = owner.handle(user, {"type": "act", "id": f"a{serial}", "action": move}, 3.0)
            assert outcome.changed, outcome
            return
    owner.tick(3.0 + serial)


def test_a_follower_catches_up_whatever_order_its_notices_come_in(tmp_path: Path) -> None:
    owner, writer = owner_and_store(tmp_path)
    assert writer.drain()
    stored = writer.store.open_rooms("t1")[0]
    follower = follow(stored, writer, SECRET)
    assert follower.following and follower.serial == owner.serial
    assert follower.snapshot(BOB) == owner.snapshot(BOB)
    for serial in range(1, 7):
        act(owner, serial)
    assert writer.drain()
    inputs = writer.store.inputs("t1", after=follower.serial)
    assert len(inputs) >= 3
    assert not follower.catch_up(list(reversed(inputs))[:-1])  # a gap: nothing applied
    assert follower.catch_up(inputs[:2] + inputs[:2])  # duplicates: applied once
    assert follower.serial == inputs[1].serial
    assert follower.catch_up(inputs)  # the rest, the first two again among them
    assert follower.serial == owner.serial
    for viewer in (ANN, BOB, None):
        assert follower.snapshot(viewer) == owner.snapshot(viewer)
    assert not follower.catch_up(inputs)  # all old: nothing changes
    assert follower.tick(100.0) is False and follower.deadline() is None
    refused = follower.handle(BOB, {"type": "act", "id": "x", "action": "fold"}, 4.0)
    assert refused.code == "moving" and not refused.changed


def test_notices_are_ids_and_numbers_and_a_bad_one_is_named() -> None:
    notice = notice_from(json.dumps({"room": "t1", "serial": 7, "epoch": 2}).encode())
    assert (notice.room, notice.serial, notice.epoch) == ("t1", 7, 2)
    for bad in (b"{not json", b"[1]", b'{"room": "t1"}'):
        with pytest.raises(BadPayloadError):
            notice_from(bad)
    assert matches("pokerroom.room.*.saved", "pokerroom.room.t1.saved")
    assert not matches("pokerroom.room.*.saved", "pokerroom.room.t1.cmd")
    assert matches("pokerroom.>", "pokerroom.rooms.opened")


def test_a_request_nobody_serves_has_no_answer() -> None:
    async def scenario() -> None:
        bus = LocalBus()
        owner, other = bus.broker(), bus.broker()

        async def answer(payload: bytes) -> bytes:
            return payload.upper()

        await owner.serve("pokerroom.room.t1.cmd", answer)
        assert await other.request("pokerroom.room.t1.cmd", b"hi", 1.0) == b"HI"
        await owner.close()
        with pytest.raises(NoAnswerError):
            await other.request("pokerroom.room.t1.cmd", b"hi", 1.0)

    asyncio.run(scenario())
