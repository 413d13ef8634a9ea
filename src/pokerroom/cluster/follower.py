"""A saved table as one process of several keeps it: run here (the owner) or followed.

:class:`ClusterRoom` is a :class:`~pokerroom.storage.rooms.saved_room.SavedRoom` that is
either the owner's (it handles, ticks and saves like any saved room) or a follower's: a
copy built from the database that only shows (each socket here gets its snapshot built
from it for its own viewer) and catches up by replaying the inputs the owner saved, in
order. The same object changes role when this process gains or loses the table, so the
sockets that watch it never notice. An owner that loses a table while some of its inputs
are not saved (fenced out: they never will be) holds a state the database does not: its
copy is **stale** until rebuilt from the database (:meth:`ClusterRoom.adopt`), and replays
nothing meanwhile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerroom.i18n import gettext
from pokerroom.room.hub import MOVED
from pokerroom.room.kinds import TableRoom
from pokerroom.room.live import LiveRoom
from pokerroom.room.seam import Outcome, User
from pokerroom.storage.rooms.checkpoint import starting_point
from pokerroom.storage.rooms.saved_room import SavedRoom, replay
from pokerroom.storage.rooms.store import RoomInput, StoredRoom
from pokerroom.storage.rooms.writer import RoomWriter


class ClusterRoom(SavedRoom):
    """A saved table owned here (``following`` False) or followed from the database."""

    def __init__(
        self,
        room: TableRoom,
        saver: RoomWriter,
        secret: bytes,
        *,
        last_serial: int = 0,
        following: bool = False,
        last_at: float | None = None,
    ) -> None:
        super().__init__(room, saver, secret, last_serial=last_serial)
        self.following = following
        self._last_at = last_at
        self._saved = last_serial
        """The last input this process knows is committed."""
        self.stale = False
        """Lost with inputs not saved: to be rebuilt from the database."""

    def last_at(self, otherwise: float) -> float:
        """The clock's reading at the last input this copy holds (``otherwise`` if none):
        a table taken over moves its clocks by the time since then (a fair clock)."""
        return otherwise if self._last_at is None else self._last_at

    @property
    def serial(self) -> int:
        """The last input this copy holds."""
        return self._serial

    def saved_up_to(self, serial: int) -> None:
        """The writer committed this table's inputs up to ``serial``."""
        self._saved = max(self._saved, serial)

    def lose(self) -> bool:
        """This process no longer owns the table: follow it; whether the copy is stale (it
        holds inputs not known to be saved, which a fenced-out writer drops)."""
        self.following = True
        self.stale = self._serial > self._saved
        return self.stale

    def adopt(self, fresh: ClusterRoom) -> None:
        """Take the state of ``fresh``, a copy just built from the database, in place of a
        stale one (the object stays, so its sockets notice nothing but the table)."""
        self.room = fresh.room
        self._serial = self._saved = fresh.serial
        self._last_at = fresh._last_at
        self._checkpoint_hand = fresh.room.hand_number
        self.stale = False

    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        if self.following:  # the hub forwards instead; a page that did not is told to retry
            return Outcome(False, gettext(MOVED), "moving")
        return super().handle(sender, message, now)

    def tick(self, now: float) -> bool:
        return False if self.following else super().tick(now)

    def deadline(self) -> float | None:
        return None if self.following else super().deadline()

    def presence(self, user: User, connected: bool, now: float) -> bool:
        return False if self.following else super().presence(user, connected, now)

    def stop(self, now: float) -> None:
        if not self.following:
            super().stop(now)

    def catch_up(self, inputs: Sequence[RoomInput]) -> bool:
        """Replay the owner's inputs that follow this copy's, in order (a duplicate is
        skipped, a gap stops it: the caller reads the rest from the database again);
        whether the copy changed (never a stale one's). The hands it finishes were archived
        by the owner."""
        if self.stale:
            return False
        fresh = next_run(self._serial, inputs)
        if not fresh:
            return False
        live = self.room
        hook = live.on_hand_finished if isinstance(live, LiveRoom) else None
        if isinstance(live, LiveRoom):
            live.on_hand_finished = None
        try:
            replay(live, fresh)
        finally:
            if isinstance(live, LiveRoom):
                live.on_hand_finished = hook
        self._serial = self._saved = fresh[-1].serial
        self._last_at = fresh[-1].at
        self._checkpoint_hand = live.hand_number
        return True


def next_run(serial: int, inputs: Sequence[RoomInput]) -> list[RoomInput]:
    """The inputs that follow ``serial`` in one unbroken run: a duplicate is skipped, a gap
    ends the run (what is after it is read again from the database)."""
    fresh: list[RoomInput] = []
    for item in inputs:
        if item.serial == serial + len(fresh) + 1:
            fresh.append(item)
        elif item.serial > serial + len(fresh) + 1:
            break
    return fresh


def follow(stored: StoredRoom, saver: RoomWriter, secret: bytes) -> ClusterRoom:
    """A follower of a saved table, built from its checkpoint (or recipe) and inputs
    (blocking: reads the database and replays; call it on a thread)."""
    room, after = starting_point(stored, secret)
    copy = ClusterRoom(
        room, saver, secret, last_serial=after, following=True, last_at=stored.last_at
    )
    copy.catch_up(saver.store.inputs(stored.id, after))
    return copy
