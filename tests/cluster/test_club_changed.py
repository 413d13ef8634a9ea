"""A club's members or directors changed on one process of a cluster (issue 25: pages on any
process): every other process reads the club again — its tables' doors, its tournaments'
directors, which the tournament's owner checks (T-16) — and the process that made the
change, which already has, is not told again. A hint nobody understands changes nothing."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import cast

from pokerroom.cluster.broker import LocalBus
from pokerroom.cluster.node import ClusterNode
from pokerroom.cluster.ownership import Ownership
from pokerroom.cluster.subjects import CLUB_CHANGED
from pokerroom.room.registry import Registry
from pokerroom.storage.rooms.writer import RoomWriter


def test_a_club_changed_on_one_process_is_read_again_on_every_other() -> None:
    heard: dict[str, list[int]] = {"a": [], "b": [], "c": []}

    async def play() -> None:
        bus = LocalBus()
        nodes = {}
        for name, reads in heard.items():
            node = ClusterNode(
                bus.broker(),
                cast(Ownership, SimpleNamespace(node=name)),  # only its name is asked
                Registry(),
                cast(RoomWriter, None),
                b"",
                lambda _room: None,
            )

            async def reread(club: int, reads: list[int] = reads) -> None:
                reads.append(club)

            node.reread_club = reread
            await node.listen()
            nodes[name] = node
        await bus.broker().publish(CLUB_CHANGED, b'{"club": "seven"}')
        await bus.broker().publish(CLUB_CHANGED, b"not json")
        nodes["a"].club_changed(7)
        nodes["c"].club_changed(9)
        for _ in range(50):
            await asyncio.sleep(0.01)
            if len(heard["b"]) == 2:
                break
        await asyncio.sleep(0.05)

    asyncio.run(play())
    assert heard == {"a": [9], "b": [7, 9], "c": [7]}
