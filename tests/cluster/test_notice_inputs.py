"""Saved notices that carry their commit's inputs (issue 25): a follower that holds the
inputs before them replays them without reading the database; duplicated, reordered or
gapped notices, one from an older owner that disagrees with the database, one whose inputs
do not add up and one that carries none all leave the follower exactly at the database's
state; and no notice carries a card."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any, cast

import pytest

from pokerroom.cluster.broker import LocalBus
from pokerroom.cluster.follower import ClusterRoom, follow
from pokerroom.cluster.node import ClusterNode
from pokerroom.cluster.ownership import Ownership
from pokerroom.cluster.subjects import notice_from, notice_to_bytes, saved
from pokerroom.room.hub import Hub
from pokerroom.room.registry import LobbyEntry, Registry, RoomKind
from pokerroom.room.seam import User
from pokerroom.storage.rooms.store import RoomInput, RoomWrite
from tests.cluster.test_follower import ANN, BOB, SECRET, act, owner_and_store

CARD = re.compile(r"[2-9TJQKA][cdhs]")


class ShownHub:
    """The hub's part a follower uses: which rooms it refreshed."""

    def __init__(self) -> None:
        self.refreshed: list[str] = []

    def viewers(self, _room_id: str) -> list[User]:
        return []

    def saved_elsewhere(self, room_id: str) -> None:
        self.refreshed.append(room_id)


class Following:
    """An owner's table saved in SQLite, a follower's copy of it in another node's registry,
    and the notices that node hears; the database's reads of inputs are counted."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.owner, self.writer = owner_and_store(tmp_path)
        self.written: list[list[RoomWrite]] = []
        self.writer.on_written = self.written.append
        assert self.writer.drain()
        self.copy = follow(self.writer.store.open_rooms("t1")[0], self.writer, SECRET)
        registry = Registry()
        registry.add(self.copy, LobbyEntry("t1", "NLHE", "1/2", 2, 2, kind=RoomKind.CASH))
        self.hub = ShownHub()
        self.node = ClusterNode(
            LocalBus().broker(),
            cast(Ownership, None),  # asked only when a user's presence is told
            registry,
            self.writer,
            SECRET,
            lambda _room: None,
        )
        self.node.attach(cast(Hub, self.hub))
        self.reads = 0
        reading = self.database_inputs = self.writer.store.inputs

        def counted(room_id: str, after: int = 0) -> list[RoomInput]:
            self.reads += 1
            return reading(room_id, after)

        monkeypatch.setattr(self.writer.store, "inputs", counted)

    def play(self, actions: int) -> list[bytes]:
        """The owner plays on; each commit's notice as the owner sends it (epoch 1)."""
        notices = []
        for serial in range(actions):
            self.written.clear()
            act(self.owner, 100 + serial)
            assert self.writer.drain()
            for batch in self.written:
                inputs = [w.input for w in batch if w.input is not None]
                if inputs:
                    notices.append(notice_to_bytes("t1", inputs[-1].serial, 1, inputs))
        return notices

    def hear(self, *notices: bytes) -> None:
        async def heard() -> None:
            for notice in notices:
                await self.node._heard_saved(saved("t1"), notice)

        asyncio.run(heard())

    def at_database_state(self) -> None:
        assert self.copy.serial == self.owner.serial
        assert self.database_inputs("t1", self.copy.serial) == []
        for viewer in (ANN, BOB, None):
            assert self.copy.snapshot(viewer) == self.owner.snapshot(viewer)


@pytest.fixture
def following(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Following:
    return Following(tmp_path, monkeypatch)


def test_notices_in_order_are_replayed_without_reading_the_database(
    following: Following,
) -> None:
    notices = following.play(6)
    assert len(notices) == 6 and all(notice_from(n).inputs for n in notices)
    following.hear(*notices)
    assert following.reads == 0
    assert following.hub.refreshed == ["t1"] * 6
    following.at_database_state()


def test_duplicated_and_reordered_notices_end_at_the_database_state(
    following: Following,
) -> None:
    notices = following.play(5)
    following.hear(notices[0], notices[0])  # a duplicate: applied once
    assert following.reads == 0 and following.copy.serial == notice_from(notices[0]).serial
    following.hear(notices[2])  # a gap: the database has all of it
    assert following.reads == 1
    following.at_database_state()
    following.hear(notices[1], notices[2], notices[4], notices[3])  # all behind now
    assert following.reads == 1 and following.hub.refreshed == ["t1", "t1"]
    following.at_database_state()


def test_a_notice_from_an_older_owner_that_disagrees_is_not_trusted(
    following: Following,
) -> None:
    notices = following.play(3)
    following.hear(*(n.replace(b'"epoch":1', b'"epoch":2') for n in notices[:2]))
    truth = notice_from(notices[2])
    lie = [RoomInput(truth.serial, "tick", 10_000.0)]  # the player to act timed out
    following.hear(notice_to_bytes("t1", truth.serial, 1, lie))  # epoch 1 after epoch 2
    assert following.reads == 1
    following.at_database_state()


@pytest.mark.parametrize(
    "inputs",
    [
        "not a list",
        [{"serial": "x", "kind": "tick", "at": 1.0}],
        [{"serial": 1, "kind": "tick"}],
        [{"serial": 1, "kind": "tick", "at": 1.0, "user": "Ann"}],
    ],
)
def test_a_notice_whose_inputs_are_in_doubt_is_read_from_the_database(
    following: Following, inputs: Any
) -> None:
    serial = following.copy.serial
    following.play(2)
    claim = {"room": "t1", "serial": following.owner.serial, "epoch": 1, "inputs": inputs}
    assert notice_from(json.dumps(claim).encode()).inputs == ()
    following.hear(json.dumps(claim).encode())
    assert following.reads == 1 and following.copy.serial > serial
    following.at_database_state()


def test_inputs_that_do_not_end_at_the_notices_serial_are_dropped() -> None:
    tick = {"serial": 4, "kind": "tick", "at": 1.0}
    for serial in (3, 5):
        claim = {"room": "t1", "serial": serial, "epoch": 1, "inputs": [tick]}
        assert notice_from(json.dumps(claim).encode()).inputs == ()
    gapped = {"room": "t1", "serial": 6, "epoch": 1, "inputs": [tick, {**tick, "serial": 6}]}
    assert notice_from(json.dumps(gapped).encode()).inputs == ()


@pytest.mark.parametrize(
    "message",
    [
        {"type": "draw", "id": "d", "cards": ["As", "Kd"]},
        {"type": "place", "id": "p", "cards": {"As": "top"}, "discard": "2c"},
        {"type": "chat", "id": "c", "text": "hello"},
    ],
)
def test_a_commit_with_a_message_that_names_a_card_travels_without_its_inputs(
    message: dict[str, Any],
) -> None:
    user = {"id": 1, "name": "Ann", "roles": []}
    inputs = [RoomInput(7, "tick", 1.0), RoomInput(8, "handle", 2.0, user, message)]
    payload = notice_to_bytes("t1", 8, 1, inputs)
    assert json.loads(payload)["inputs"] == [] and notice_from(payload).inputs == ()
    assert not CARD.search(payload.decode())
    forged = json.dumps(
        {
            "room": "t1",
            "serial": 8,
            "epoch": 1,
            "inputs": [
                {"serial": i.serial, "kind": i.kind, "at": i.at, "user": i.user, "data": i.data}
                for i in inputs
            ],
        }
    ).encode()
    assert notice_from(forged).inputs == ()  # a follower does not take it from a notice


def test_a_played_tables_notices_name_no_card(following: Following) -> None:
    notices = following.play(12)
    assert notices
    for payload in notices:
        assert not CARD.search(payload.decode()), payload


def test_a_fenced_out_write_is_not_announced(tmp_path: Path) -> None:
    owner, writer = owner_and_store(tmp_path)
    assert isinstance(owner, ClusterRoom) and writer.drain()
    told: list[list[RoomWrite]] = []
    writer.on_written = told.append

    class Moved:
        """A fence under which t1's lease moved on to epoch 2 after its writes were made."""

        holder = None

        def __init__(self) -> None:
            self.dropped: set[tuple[str, int]] = set()

        def fence_of(self, room_id: str) -> tuple[str, int]:
            return (room_id, 1)

        def opened(self, room_id: str) -> None:
            return None

        def fenced_out(self, fenced: set[tuple[str, int]]) -> None:
            self.dropped |= fenced

    moved = Moved()
    writer.fence = cast(Any, moved)
    store = writer.store
    real_write = store.write

    def refusing(batch: Any) -> None:
        from pokerroom.storage.rooms.leases import FencedOutError

        if any(w.fence == ("t1", 1) for w in batch):
            raise FencedOutError({("t1", 1)})
        real_write(batch)

    store.write = refusing  # type: ignore[method-assign]
    act(owner, 1)
    writer.drain()
    assert moved.dropped == {("t1", 1)}
    assert all(w.room_id != "t1" or w.input is None for batch in told for w in batch)
