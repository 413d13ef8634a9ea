"""The web server's side of table ownership, for several processes on one database.

:func:`owning` makes the :class:`~pokerroom.cluster.ownership.Ownership` of a server. The
tables it takes over are followed copies caught up by the cluster node
(:mod:`pokerroom.cluster.node`), a web tournament's too (its director and, played apart,
each of its tables a lease of its own); a web tournament this process loses is followed
in place, unless it holds calls never saved: then it leaves the registry (still open:
another process serves it; this one follows it anew) and its sockets are told it moved
(:func:`let_go`).
"""

from __future__ import annotations

import logging

from pokerroom.cluster.follower import ClusterRoom
from pokerroom.cluster.lease_settings import LeaseSettings
from pokerroom.cluster.ownership import Ownership
from pokerroom.room.hub import Hub
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.storage.rooms.leases import LeaseStore
from pokerroom.storage.rooms.nodes import NodeStore
from pokerroom.storage.rooms.saved_room import live_room
from pokerroom.web.cardroom import Cardroom

log = logging.getLogger(__name__)


def owning(cardroom: Cardroom, hub: Hub, settings: LeaseSettings) -> Ownership:
    """The leases of this server's tables; its hub acts only for the tables it owns."""
    database = cardroom.tables.store.database
    ownership = Ownership(
        LeaseStore(database),
        cardroom.tables,
        settings,
        lease_of=lambda room_id: lease_of(cardroom, room_id),
        between_hands=lambda lease: between_hands(cardroom, lease),
        movable=lambda lease: followed(cardroom, lease),
        census=NodeStore(database),
    )
    hub.acting = ownership.owns
    return ownership


def lease_of(cardroom: Cardroom, room_id: str) -> str:
    """A tournament's table is leased with its tournament, unless the tournament is played
    apart (each table its own lease); any other room by itself."""
    listed = cardroom.registry.find(room_id)
    if listed is None or listed.entry.tournament is None:
        return room_id
    room = listed.room
    if isinstance(room, TournamentTableRoom) and room.owner.apart:
        return room_id
    return listed.entry.tournament


def leased_rooms(cardroom: Cardroom, lease: str) -> list[str]:
    """The rooms of this registry held under ``lease``: the table, or a tournament and its
    tables."""
    return [room_id for room_id in cardroom.registry if lease_of(cardroom, room_id) == lease]


def followed(cardroom: Cardroom, lease: str) -> bool:
    """Whether ``lease`` is a table or a web tournament the other processes follow: what
    can be handed over with its sockets here kept open."""
    listed = cardroom.registry.find(lease)
    room = None if listed is None else listed.room
    apart = isinstance(room, TournamentTableRoom) and room.owner.apart
    return apart or isinstance(room, ClusterRoom | RoomTournament)


def between_hands(cardroom: Cardroom, lease: str) -> bool:
    """Whether no hand is in play at any table of ``lease`` (a table that never dealt one
    is between hands too). A followed table is its own lease: no look through the registry
    (rebalancing asks this of many tables ten times a second)."""
    listed = cardroom.registry.find(lease)
    alone = listed is not None and isinstance(listed.room, ClusterRoom)
    rooms = [lease] if alone else leased_rooms(cardroom, lease)
    for room_id in rooms:
        room = live_room(cardroom.registry.get(room_id).room)
        if getattr(room, "hand", None) is not None and not getattr(room, "hand_done", True):
            return False
    return True


def let_go(cardroom: Cardroom, hub: Hub, lease: str) -> None:
    """The table (or tournament) ``lease`` is served elsewhere now: out of this registry,
    its sockets told it moved."""
    registry = cardroom.registry
    rooms = leased_rooms(cardroom, lease)
    for room_id in rooms:
        registry.forget(room_id)
        hub.moved(room_id)
    if rooms:
        log.info("table %s is served by another server now", lease)
