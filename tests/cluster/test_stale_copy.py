"""An owner that loses its table while some of its inputs are not saved (fenced out: they
never will be) does not go on showing, or later run, a table the database never held: its
copy is rebuilt from the database and follows the new owner from there."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import cast

from pokerroom.cluster.broker import LocalBus
from pokerroom.cluster.follower import ClusterRoom, follow
from pokerroom.cluster.node import ClusterNode
from pokerroom.cluster.ownership import Ownership
from pokerroom.room.hub import Hub
from pokerroom.room.registry import LobbyEntry, Registry, RoomKind
from pokerroom.room.seam import Room
from pokerroom.storage.rooms.store import RoomInput
from tests.cluster.test_follower import BOB, SECRET, act, owner_and_store
from tests.cluster.test_notice_inputs import ShownHub


def test_a_copy_lost_with_unsaved_inputs_is_rebuilt_from_the_database(tmp_path: Path) -> None:
    owner, writer = owner_and_store(tmp_path)
    assert writer.drain()
    owner.saved_up_to(owner.serial)
    new_owner = follow(writer.store.open_rooms("t1")[0], writer, SECRET)
    new_owner.following = False  # another process took the table over at this input

    put = writer.put
    writer.put = lambda *_args: None  # type: ignore[method-assign]  # fenced out: dropped
    act(owner, 1)  # the old owner played on: its input is never saved
    writer.put = put  # type: ignore[method-assign]
    unsaved = owner.snapshot(BOB)
    for serial in range(2, 5):
        act(new_owner, serial)  # the new owner plays on, and is saved
    assert writer.drain()
    assert owner.serial == new_owner.serial - 2, "the copy counts an input nobody saved"

    attached: list[Room] = []
    registry = Registry(on_add=lambda room, _entry: attached.append(room))
    registry.add(owner, LobbyEntry("t1", "NLHE", "1/2", 2, 2, kind=RoomKind.CASH))
    hub = ShownHub()
    node = ClusterNode(
        LocalBus().broker(), cast(Ownership, None), registry, writer, SECRET, lambda _r: None
    )
    node.attach(cast(Hub, hub))

    async def scenario() -> None:
        node.lost("t1")
        assert owner.following and owner.stale
        later = RoomInput(owner.serial + 1, "tick", 9.0, None, {})
        assert not owner.catch_up([later]), "a stale copy replays nothing"
        while owner.stale:
            await asyncio.sleep(0.01)

    asyncio.run(scenario())
    assert owner.snapshot(BOB) == new_owner.snapshot(BOB) != unsaved
    assert owner.serial == new_owner.serial
    assert hub.refreshed == ["t1"] and attached == [owner, owner], "shown and re-attached"


def test_a_copy_lost_with_everything_saved_is_not_read_again(tmp_path: Path) -> None:
    owner, writer = owner_and_store(tmp_path)
    act(owner, 1)
    assert writer.drain()
    owner.saved_up_to(owner.serial)
    assert not owner.lose() and owner.following
    copy: ClusterRoom = owner
    assert copy.catch_up([]) is False
