"""A saved cash table's ledger read back from the database, open or closed, for
``pokerroom settle --table``: the table is built again from its recipe and replayed, as a
restarted server would (not from its checkpoint, which only the server's secret opens).
"""

from __future__ import annotations

from pokerroom.room import CashRoom
from pokerroom.settle.settlement import Settlement
from pokerroom.storage.rooms.recipes import build_room
from pokerroom.storage.rooms.saved_room import replay
from pokerroom.storage.rooms.store import RoomStore


def saved_settlement(store: RoomStore, room_id: str) -> Settlement | None:
    """The settle-up of the saved cash table ``room_id`` as of its last saved input; None
    when the database holds no cash table of that id."""
    found = store.open_rooms(room_id, closed_too=True)
    if not found or found[0].kind != "cash":
        return None
    stored = found[0]
    room = build_room(stored.kind, stored.id, stored.settings, stored.seed)
    assert isinstance(room, CashRoom)
    replay(room, store.inputs(room_id))
    return room.settlement()
