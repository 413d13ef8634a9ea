"""The web cardroom's live tables as they are played: what builds each again, and its inputs.

A live table is pure and deterministic: built from its settings and its seed, told who sent
what, when the clock ticked and who came or went, it is always in the same state. So a table
is saved as that recipe (``web_rooms``) and the list of its inputs in order
(``web_room_inputs``); a restarted server builds it again and replays them. The seed is
secret (C-3, X-4): it is read back here only to deal again, never shown. A checkpoint
(``web_room_checkpoints``, one per table) keeps the whole table as it was after one input,
so a table played for thousands of hands replays only what came after it.

When several server processes share the database, each write carries the lease it was made
under (``fence``: the lease's id and epoch, :mod:`pokerroom.storage.rooms.leases`) and a
batch is saved only while every such lease still has that epoch; a new table's recipe may
bring its lease (``holder``), written in the same transaction.

This module stores what the web layer gives it and knows nothing of rooms: kinds, settings,
entries and inputs are plain JSON, a checkpoint plain bytes.

>>> from pokerroom.storage.database import open_database
>>> store = RoomStore(open_database("sqlite://"))
>>> store.create("t1", "home", entry={"name": "Friday"}, settings={"seats": 6}, seed=7)
>>> store.append("t1", [RoomInput(1, "tick", 12.5), RoomInput(2, "stop", 13.0)])
>>> [(room.id, room.seed, room.last_serial, room.last_at) for room in store.open_rooms()]
[('t1', 7, 2, 13.0)]
>>> [(item.serial, item.kind, item.at) for item in store.inputs("t1", after=1)]
[(2, 'stop', 13.0)]
>>> store.close_room("t1")
>>> store.open_rooms()
[]
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, insert, select, true, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pokerroom.room.failures import describe_failure
from pokerroom.storage.codec import StorageError
from pokerroom.storage.database import DatabaseStore, driver_message
from pokerroom.storage.hands.archive import WebHand, add_hand
from pokerroom.storage.models import (
    WebRoomCheckpointRow,
    WebRoomInputRow,
    WebRoomRow,
    utcnow,
)
from pokerroom.storage.rooms.leases import Holder, add_lease, bound_locks, check_epochs

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RoomInput:
    """One thing that changed a table: its ``serial`` (1, 2, …), ``kind``, the clock's
    reading ``at``, the sender (or whose connection) and what was sent or done."""

    serial: int
    kind: str
    at: float
    user: dict[str, Any] | None = None
    data: dict[str, Any] | None = None

    def failed_again(self, logger: logging.Logger, what: str, error: Exception) -> None:
        """Log that replaying this input failed as it did when it was made (``what``: the
        table or tournament), in one line that names no card (X-4)."""
        why = describe_failure(error)
        logger.warning("%s failed again on input %d (%s): %s", what, self.serial, self.kind, why)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A whole table after input ``serial``, as the web layer wrote and signed it."""

    serial: int
    fingerprint: str
    state: bytes
    signature: str


@dataclass(frozen=True, slots=True)
class NewRoom:
    """A table's recipe, saved before anyone plays at it."""

    kind: str
    entry: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    holder: Holder | None = None
    """The node that owns it from the start (servers sharing the database), or None."""


@dataclass(frozen=True, slots=True)
class RoomWrite:
    """What one table has to save: an input, a checkpoint, both; or its recipe, a finished
    hand for the archive, its lobby line changed, or its closing."""

    room_id: str
    input: RoomInput | None
    checkpoint: Checkpoint | None = None
    created: NewRoom | None = None
    hand: WebHand | None = None
    entry: dict[str, Any] | None = None
    closed: bool = False
    fence: tuple[str, int] | None = None
    """The lease (its id, its epoch) the table did this under, or None (one process)."""


@dataclass(frozen=True, slots=True)
class StoredRoom:
    """A saved table: its recipe, the serial and the clock of its last input (0 and None:
    none yet), its checkpoint."""

    id: str
    kind: str
    entry: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    last_serial: int
    last_at: float | None
    checkpoint: Checkpoint | None


def _archive(session: Session, hand: WebHand) -> None:
    """Add ``hand`` to the archive; one the database refuses for good (its player's account
    is gone) is logged and left out, so it never holds up the tables' inputs."""
    try:
        with session.begin_nested():
            add_hand(session, hand)
    except IntegrityError as error:
        log.error(
            "hand %d of %s was not archived: %s", hand.number, hand.room_id, driver_message(error)
        )


def _recipe_row(room_id: str, made: NewRoom) -> WebRoomRow:
    """The saved recipe of a table, made alone (:meth:`RoomStore.create`) or in a batch."""
    return WebRoomRow(
        id=room_id, kind=made.kind, entry=made.entry, settings=made.settings, seed=made.seed
    )


class RoomStore(DatabaseStore):
    """The live tables on one database (SQLite or PostgreSQL)."""

    def create(
        self,
        room_id: str,
        kind: str,
        *,
        entry: dict[str, Any],
        settings: dict[str, Any],
        seed: int,
    ) -> None:
        """Save a new table before anyone plays at it."""
        with self.database.session() as session:
            if session.get(WebRoomRow, room_id) is not None:
                raise StorageError(f"a table {room_id!r} is already saved")
            session.add(_recipe_row(room_id, NewRoom(kind, entry, settings, seed)))

    def append(
        self, room_id: str, inputs: Sequence[RoomInput], checkpoint: Checkpoint | None = None
    ) -> None:
        """Add one table's inputs (and replace its checkpoint) in one transaction."""
        self.write(
            [RoomWrite(room_id, item) for item in inputs] + [RoomWrite(room_id, None, checkpoint)]
        )

    def write(self, batch: Sequence[RoomWrite]) -> None:
        """Save everything of any tables ``batch`` holds in one transaction: all or nothing;
        :class:`~pokerroom.storage.rooms.leases.FencedOutError` (nothing saved) when a lease
        a write was made under has another epoch now."""
        rows = [
            {
                "room_id": write.room_id,
                "serial": write.input.serial,
                "kind": write.input.kind,
                "at": write.input.at,
                "user": write.input.user,
                "data": write.input.data,
            }
            for write in batch
            if write.input is not None
        ]
        fences = {write.fence for write in batch if write.fence is not None}
        with self.database.session() as session:
            core = session.connection()  # the ORM's bookkeeping is for its objects only
            if fences:
                bound_locks(core)
            for write in batch:
                if write.created is not None:
                    session.add(_recipe_row(write.room_id, write.created))
                    if write.created.holder is not None:
                        add_lease(session, write.room_id, write.created.holder)
            session.flush()
            check_epochs(core, fences)
            if rows:
                core.execute(insert(WebRoomInputRow), rows)
            for write in batch:
                if write.hand is not None:
                    _archive(session, write.hand)
                if write.entry is not None:
                    core.execute(
                        update(WebRoomRow)
                        .where(WebRoomRow.id == write.room_id)
                        .values(entry=write.entry)
                    )
                if write.closed:
                    core.execute(
                        update(WebRoomRow)
                        .where(WebRoomRow.id == write.room_id)
                        .values(closed_at=utcnow())
                    )
                point = write.checkpoint
                if point is not None:
                    session.merge(
                        WebRoomCheckpointRow(
                            room_id=write.room_id,
                            serial=point.serial,
                            fingerprint=point.fingerprint,
                            state=point.state,
                            signature=point.signature,
                        )
                    )

    def close_room(self, room_id: str) -> None:
        """The table is closed: it is kept, but a restarted server no longer opens it."""
        self.write([RoomWrite(room_id, None, closed=True)])

    def open_room(self, room_id: str) -> StoredRoom | None:
        """One table, if it is open (a table taken over from another server process)."""
        found = self.open_rooms(room_id)
        return found[0] if found else None

    def open_rooms(
        self, room_id: str | None = None, *, closed_too: bool = False
    ) -> list[StoredRoom]:
        """Every table not closed (or only ``room_id``, if it is open), oldest first;
        ``closed_too``: the closed ones as well (a closed cash table's settle-up)."""
        last = (
            select(WebRoomInputRow.room_id, func.max(WebRoomInputRow.serial).label("serial"))
            .group_by(WebRoomInputRow.room_id)
            .subquery()
        )
        latest = WebRoomInputRow
        with self.database.session() as session:
            rows = session.execute(
                select(WebRoomRow, latest.serial, latest.at, WebRoomCheckpointRow)
                .outerjoin(last, last.c.room_id == WebRoomRow.id)
                .outerjoin(
                    latest, (latest.room_id == WebRoomRow.id) & (latest.serial == last.c.serial)
                )
                .outerjoin(WebRoomCheckpointRow, WebRoomCheckpointRow.room_id == WebRoomRow.id)
                .where(
                    true() if closed_too else WebRoomRow.closed_at.is_(None),
                    true() if room_id is None else WebRoomRow.id == room_id,
                )
                .order_by(WebRoomRow.created_at, WebRoomRow.id)
            ).all()
            return [
                StoredRoom(
                    id=row.id,
                    kind=row.kind,
                    entry=dict(row.entry),
                    settings=dict(row.settings),
                    seed=row.seed,
                    last_serial=serial or 0,
                    last_at=at,
                    checkpoint=None
                    if point is None
                    else Checkpoint(point.serial, point.fingerprint, point.state, point.signature),
                )
                for row, serial, at, point in rows
            ]

    def inputs(self, room_id: str, after: int = 0) -> list[RoomInput]:
        """The table's inputs with a serial above ``after``, in order."""
        with self.database.session() as session:
            rows = session.scalars(
                select(WebRoomInputRow)
                .where(WebRoomInputRow.room_id == room_id, WebRoomInputRow.serial > after)
                .order_by(WebRoomInputRow.serial)
            ).all()
            return [RoomInput(row.serial, row.kind, row.at, row.user, row.data) for row in rows]

    def last_serials(self) -> dict[str, int]:
        """Every open table's id and the serial of its last input (0: none yet): what a
        process that follows the tables checks its copies against."""
        last = (
            select(func.max(WebRoomInputRow.serial))
            .where(WebRoomInputRow.room_id == WebRoomRow.id)
            .correlate(WebRoomRow)
            .scalar_subquery()
        )  # one index probe per open table, however many inputs are kept
        with self.database.session() as session:
            rows = session.execute(
                select(WebRoomRow.id, func.coalesce(last, 0)).where(WebRoomRow.closed_at.is_(None))
            ).all()
            return {room_id: int(serial) for room_id, serial in rows}

    def open_ids(self) -> list[str]:
        """The ids of the tables not closed."""
        with self.database.session() as session:
            return list(
                session.scalars(select(WebRoomRow.id).where(WebRoomRow.closed_at.is_(None)))
            )
