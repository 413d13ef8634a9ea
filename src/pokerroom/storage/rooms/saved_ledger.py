"""A saved cash table read back from the database, open or closed, for its ledger: the
settle-up of a closed table's page and ``pokerroom settle --table``. The table is built
again as a restarted server builds it: from its checkpoint when ``secret`` opens it (the
server's own), else from its recipe, then its inputs replayed.
"""

from __future__ import annotations

from pokerroom.room import CashRoom
from pokerroom.storage.rooms.checkpoint import starting_point
from pokerroom.storage.rooms.saved_room import replay
from pokerroom.storage.rooms.store import RoomStore, StoredRoom


def saved_cash_table(
    store: RoomStore, room_id: str, secret: bytes | None = None
) -> tuple[CashRoom, StoredRoom] | None:
    """The saved cash table ``room_id`` as of its last saved input, and what is stored of
    it (its lobby line: ``entry``); None when the database holds no cash table of that id."""
    found = store.open_rooms(room_id, closed_too=True)
    if not found or found[0].kind != "cash":
        return None
    stored = found[0]
    room, after = starting_point(stored, secret)
    assert isinstance(room, CashRoom)
    replay(room, store.inputs(room_id, after))
    return room, stored
