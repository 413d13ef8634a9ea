"""A server that is one of several (``pokerroom serve --broker``): its tables in a cluster.

The server's hub reaches the tables other processes own through the cluster node
(:mod:`pokerroom.cluster.node`); its :class:`~pokerroom.cluster.ownership.Ownership` (made
by :func:`pokerroom.web.saving.owned.owning`) leases the tables it opens and takes over
those nobody owns: a followed copy — a table's, a web tournament's director
(:mod:`pokerroom.web.tournament.following`), or one table of a tournament played apart
(:mod:`pokerroom.cluster.apart_tables`) — is caught up and run here. New tournaments are
played apart.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from functools import partial

from pokerroom.cluster.follower import ClusterRoom
from pokerroom.cluster.nats_broker import NatsBroker
from pokerroom.cluster.node import ClusterNode
from pokerroom.cluster.ownership import Ownership
from pokerroom.protocol.frames import closed_frame
from pokerroom.room.hub import Hub
from pokerroom.room.kinds import TableRoom
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.clubs.routes import reread_club
from pokerroom.web.lobby.table_commands import TABLE_COMMANDS, owners_command
from pokerroom.web.table_socket import ROOM_CLOSED
from pokerroom.web.tournament.commands import TOURNAMENT_COMMANDS, tournament_command
from pokerroom.web.tournament.following import WebTournaments


@contextlib.asynccontextmanager
async def clustered(
    cardroom: Cardroom, hub: Hub, broker_url: str, ownership: Ownership
) -> AsyncIterator[ClusterNode]:
    """The cluster's part of the app's lifespan: connect to the broker, follow and own."""
    broker = await NatsBroker.connect(broker_url)

    def closed(room_id: str) -> None:
        hub.close_room(room_id, closed_frame(room_id, ROOM_CLOSED))

    node = ClusterNode(
        broker, ownership, cardroom.registry, cardroom.tables, cardroom.secret, closed
    )
    node.tournaments = WebTournaments(cardroom, hub, ownership.settings.takeover_grace)
    node.table_commands = {
        **{kind: owners_command(cardroom, hub, kind) for kind in TABLE_COMMANDS},
        **{kind: tournament_command(cardroom, hub, kind) for kind in TOURNAMENT_COMMANDS},
    }

    node.reread_club = partial(reread_club, cardroom, hub)

    def opened(room: TableRoom, saver: RoomWriter, secret: bytes) -> ClusterRoom:
        made = ClusterRoom(room, saver, secret)  # leased with its recipe (RoomWriter.create)
        node.opened_here(made)
        return made

    cardroom.saved_room = opened
    cardroom.tournaments_apart = True  # each table of a new tournament is a lease of its own
    node.attach(hub)
    hub.link = node
    try:
        async with node.running():
            yield node
    finally:
        hub.link = None
        await broker.close()
