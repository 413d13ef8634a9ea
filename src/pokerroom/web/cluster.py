"""A server that is one of several (``pokerroom serve --broker``): its tables in a cluster.

The server's hub reaches the tables other processes own through the cluster node
(:mod:`pokerroom.cluster.node`); a table opened here is claimed before its recipe is saved,
and every open table is followed, or taken over when nobody owns it, from the start.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from pokerroom.cluster.follower import ClusterRoom
from pokerroom.cluster.nats_broker import NatsBroker
from pokerroom.cluster.node import ClusterNode
from pokerroom.cluster.ownership import Ownership
from pokerroom.protocol.frames import closed_frame
from pokerroom.room.hub import Hub
from pokerroom.room.kinds import TableRoom
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.table_socket import ROOM_CLOSED


@contextlib.asynccontextmanager
async def clustered(cardroom: Cardroom, hub: Hub, broker_url: str) -> AsyncIterator[ClusterNode]:
    """The cluster's part of the app's lifespan: connect to the broker, follow and own."""
    store = cardroom.tables.store
    broker = await NatsBroker.connect(broker_url)
    ownership = Ownership(store.database, store.open_ids)

    def closed(room_id: str) -> None:
        hub.close_room(room_id, closed_frame(room_id, ROOM_CLOSED))

    node = ClusterNode(
        broker, ownership, cardroom.registry, cardroom.tables, cardroom.secret, closed
    )

    def opened(room: TableRoom, saver: RoomWriter, secret: bytes) -> ClusterRoom:
        ownership.claim(room.id)  # before its recipe is saved: nobody else takes it over
        made = ClusterRoom(room, saver, secret)
        node.opened_here(made)
        return made

    cardroom.saved_room = opened
    node.attach(hub)
    hub.link = node
    try:
        async with node.running():
            yield node
    finally:
        hub.link = None
        await broker.close()
