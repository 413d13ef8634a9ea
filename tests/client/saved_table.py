"""What the players of a ``pokerroom serve`` process may know, read from its own database.

A server in a process of its own keeps its rooms out of the test's reach, but it saves
every table as it is played: its recipe, its secret seed and every input, in order
(:mod:`pokerroom.web.saving`). :class:`SavedTable` builds the table again from them, as a
restarted server resumes it, and follows the inputs as they are written, so the leak check
(X-4) knows every card of the hand in play. :class:`SavedKnown` is the check of
:mod:`tests.client.terminals` over it: the server writes its inputs a little after the frame
that shows them has gone out (a batch on a thread of its own), so a card that seems unknown
is held against the record again for a moment, the terminals' loop stopped meanwhile,
before it counts as a leak.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pokerroom.room.live import LiveRoom
from pokerroom.room.seam import User
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms.recipes import build_room
from pokerroom.storage.rooms.saved_room import replay
from pokerroom.storage.rooms.store import RoomStore
from pokerroom.tui.remote import RemoteTableApp
from tests.client.terminals import Known

CATCH_UP = 2.0
"""The longest the record may lag the frames (the writer commits within tens of ms)."""


class SavedTable:
    """Room ``room_id`` of the database at ``database``, as far as its inputs are written."""

    def __init__(self, database: Path, room_id: str) -> None:
        self.store = RoomStore(open_database(database))
        stored = next(r for r in self.store.open_rooms() if r.id == room_id)
        room = build_room(stored.kind, room_id, stored.settings, stored.seed)
        assert isinstance(room, LiveRoom), f"{room_id} is not a poker table"
        self.room = room
        self.serial = 0

    def catch_up(self) -> LiveRoom:
        """The room after every input written so far."""
        written = self.store.inputs(self.room.id, self.serial)
        replay(self.room, written)
        if written:
            self.serial = written[-1].serial
        return self.room

    def users(self) -> dict[str, User]:
        """The people seated, by name."""
        seated = self.room.occupants.values()
        return {o.name: User(o.user, o.name) for o in seated if o.user is not None}

    def close(self) -> None:
        self.store.close()


class SavedKnown(Known):
    """:class:`Known` over a :class:`SavedTable`, caught up before every sample."""

    def __init__(self, table: SavedTable) -> None:
        super().__init__(table.room, table.users())
        self.table = table

    def sample(self) -> None:
        self.table.catch_up()
        self.users = self.table.users()
        super().sample()

    def check_frame(self, name: str, frame: Mapping[str, Any]) -> None:
        self._settled(lambda: Known.check_frame(self, name, frame))

    def check_screen(self, name: str, app: RemoteTableApp) -> None:
        self._settled(lambda: Known.check_screen(self, name, app))

    def _settled(self, check: Callable[[], None]) -> None:
        """``check``, again while it finds cards and the record may still be behind."""
        deadline = time.monotonic() + CATCH_UP
        while True:
            before = len(self.leaks)
            check()
            if len(self.leaks) == before or time.monotonic() > deadline:
                return
            del self.leaks[before:]
            self.checked -= 1
            time.sleep(0.05)  # blocks the terminals' loop: no key of theirs moves the hand
