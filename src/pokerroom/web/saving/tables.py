"""Saved tables: open a new room saved from its first moment, and resume every open one.

``open_room(cardroom, room, entry)`` is how a page opens a table: it gives the room a
secret seed if it has none, saves its recipe, lists it in the lobby and gives back the
:class:`~pokerroom.storage.rooms.saved_room.SavedRoom` to use from then on. At start-up,
:func:`restore_rooms` builds every open table again (from its checkpoint, or from its
recipe and seed), replays its inputs, makes the clock fair and lists it again; at shutdown
:func:`stop_rooms` notes when the clock stopped.

The clock made fair: every time a table keeps (the shot clock and time banks, the pause
before the next hand, a dropped connection's grace) moves by the downtime plus
:data:`RESUME_GRACE`, so the player to act has the time he had left when the server stopped
(at its last input, after a crash) plus that grace, and every seated player counts as
disconnected from the restart: H-11's grace runs from then for whoever does not come back.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any

from pokerroom.room.failures import describe_failure
from pokerroom.room.kinds import TableRoom
from pokerroom.room.registry import (
    LobbyEntry,
    Registry,
    RoomError,
    entry_from_json,
    entry_to_json,
)
from pokerroom.room.seam import Room, User
from pokerroom.storage.rooms.checkpoint import starting_point
from pokerroom.storage.rooms.recipes import build_room, recipe_of
from pokerroom.storage.rooms.saved_room import SavedRoom, replay
from pokerroom.storage.rooms.store import StoredRoom
from pokerroom.storage.rooms.tournaments import TOURNAMENT_KIND
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.web.cardroom import Cardroom

log = logging.getLogger(__name__)

RESUME_GRACE = 15.0
"""Seconds a restarted server adds to every clock of a table, for the players to reconnect."""
SEED_BITS = 64


def open_room(cardroom: Cardroom, room: TableRoom, entry: LobbyEntry) -> SavedRoom:
    """List a new ``room`` (a :class:`~pokerroom.room.HomeRoom` or
    :class:`~pokerroom.room.CashRoom`, an :class:`~pokerroom.room.ofc.OfcRoom`
    nobody has used yet) with its lobby ``entry``,
    saved from now on; use the room given back, which is built again from the same
    settings (with a secret seed when ``room`` has none)."""
    kind, settings, given = recipe_of(room)
    seed = secrets.randbits(SEED_BITS) if given is None else given  # C-3: from the secure source
    if room.id in cardroom.registry:
        raise RoomError(f"a room {room.id!r} is already open")  # machine words: an invariant
    saver = cardroom.tables
    saved = cardroom.saved_room(build_room(kind, room.id, settings, seed), saver, cardroom.secret)
    saver.create(room.id, kind, entry=entry_to_json(entry), settings=settings, seed=seed)
    cardroom.registry.add(saved, entry)
    return saved


def restore_rooms(cardroom: Cardroom, now: float) -> list[str]:
    """List every open saved table again, resumed at ``now``; the ids of those resumed.
    A table that cannot be resumed is logged and left closed to players, not lost."""
    resumed = []
    for stored in cardroom.tables.store.open_rooms():
        if stored.id in cardroom.registry or stored.kind == TOURNAMENT_KIND:
            continue
        try:
            saved = resume(stored, cardroom.tables, cardroom.secret, now)
            entry = entry_from_json(stored.entry)
        except Exception as exc:
            log.error("table %s cannot be resumed: %s", stored.id, describe_failure(exc))
            continue
        cardroom.registry.add(saved, entry)
        resumed.append(stored.id)
    return resumed


def stop_rooms(cardroom: Cardroom, now: float) -> bool:
    """The server stops at ``now``: each saved table notes it, and everything queued is
    written; False if the database would not take it all."""
    registry = cardroom.registry
    for room_id in registry:
        room = registry.get(room_id).room
        if isinstance(room, SavedRoom):
            room.stop(now)
    return cardroom.tables.close()


def resume(
    stored: StoredRoom, saver: RoomWriter, secret: bytes, now: float, grace: float = RESUME_GRACE
) -> SavedRoom:
    """``stored`` built again (from its checkpoint, else its recipe) and replayed, resumed
    at ``now``: the player to act has the time he had left at its last input plus
    ``grace``, and every seated player counts as disconnected from now."""
    room, after = starting_point(stored, secret)
    replay(room, saver.store.inputs(stored.id, after))
    saved = SavedRoom(room, saver, secret, last_serial=stored.last_serial)
    if stored.last_at is not None:
        saved.resume(now, now + grace - stored.last_at)
    for occupant in list(room.occupants.values()):
        if occupant.user is not None and occupant.connected:
            saved.presence(User(occupant.user, occupant.name), False, now)
    return saved


class SavingRegistry(Registry):
    """The registry of a server that saves its tables: a saved room's lobby line is saved
    when it changes, and removing a saved room closes it for good."""

    def __init__(
        self, saver: RoomWriter, on_add: Callable[[Room, LobbyEntry], None] | None = None
    ) -> None:
        super().__init__(on_add)
        self._saver = saver

    def update(self, room_id: str, **changes: Any) -> None:
        super().update(room_id, **changes)
        listed = self.get(room_id)
        if isinstance(listed.room, SavedRoom):
            self._saver.update_entry(room_id, entry_to_json(listed.entry))

    def remove(self, room_id: str) -> Room:
        room = super().remove(room_id)
        if isinstance(room, SavedRoom):
            self._saver.close_room(room_id)
        return room
