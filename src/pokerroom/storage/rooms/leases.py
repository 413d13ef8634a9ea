"""Who owns each live table when several server processes share one database: leases with a
fencing epoch.

A table's lease row names its owner (a node: one server process), an epoch and when the
lease runs out. The owner renews all its leases in one statement every second or so; a
lease that ran out may be taken by any process, which raises the epoch by one in a
conditional update on the epoch it read, so two processes racing for it cannot both win.
Every save of a table is checked, in its own transaction, against the epoch its owner held
when the table did what it saves (:func:`check_epochs`): an owner that lost its lease
(paused, cut off) can no longer write, whatever it believes.

Times are the database's own clock (seconds since 1970), so servers on several machines
need not agree on the time for leases to work. On PostgreSQL a transaction that locks a
lease row waits for a lock, and may sit idle, at most :data:`LOCK_SECONDS`
(:func:`bound_locks`): a process paused inside one (SIGSTOP, a long GC) has it ended by the
server, so it cannot hold a takeover up.

>>> from pokerroom.storage.database import open_database
>>> leases = LeaseStore(open_database("sqlite://"))
>>> leases.acquire("t1", "a", 5.0), leases.acquire("t1", "b", 5.0)
(1, None)
>>> leases.renew("a", 5.0)
{'t1': 1}
>>> leases.release("t1", "a", 1)
>>> leases.acquire("t1", "b", 5.0), leases.renew("a", 5.0)
(2, {})
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import (
    ColumnElement,
    Float,
    bindparam,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pokerroom.storage.codec import StorageError
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import WebRoomLeaseRow, WebRoomRow

Lease = WebRoomLeaseRow

LOCK_SECONDS = 2
"""PostgreSQL: the longest a lease's transaction waits for a lock, or sits idle holding one."""
_BOUND_LOCKS = text(
    f"SELECT set_config('lock_timeout', '{LOCK_SECONDS}s', true),"
    f" set_config('idle_in_transaction_session_timeout', '{LOCK_SECONDS}s', true)"
)
"""``SET LOCAL`` of both limits in one statement (``set_config`` with ``is_local``)."""
_LOCK_LEASES = (
    update(Lease)
    .where(Lease.room_id.in_(bindparam("rooms", expanding=True)))
    .values(epoch=Lease.epoch)
    .returning(Lease.room_id, Lease.epoch)
)
"""Lock the leases of some rooms and say their epochs: one statement built once, which the
database prepares once per number of rooms (literal (room, epoch) pairs made every batch's
statement a new one to parse and plan)."""


@dataclass(frozen=True, slots=True)
class Holder:
    """A node that leases the tables it creates: its name and how long a lease lasts."""

    node: str
    seconds: float


class FencedOutError(StorageError):
    """Saves of tables whose lease is held under another epoch now: ``fenced`` holds each
    such ``(room id, epoch)``."""

    def __init__(self, fenced: set[tuple[str, int]]) -> None:
        rooms = ", ".join(sorted(f"{room} (epoch {epoch})" for room, epoch in fenced))
        super().__init__(f"tables owned by another process now: {rooms}")  # machine words
        self.fenced = fenced


def database_now(session: Session) -> ColumnElement[float]:
    """The database's clock in seconds since 1970, as SQL (the same on every machine)."""
    if session.get_bind().dialect.name == "sqlite":
        return (func.julianday("now") - 2440587.5) * 86400.0
    return func.extract("epoch", func.clock_timestamp()).cast(Float)


def bound_locks(connection: Connection) -> None:
    """PostgreSQL: this transaction waits for a lock, and may sit idle holding one, at most
    :data:`LOCK_SECONDS` (call it first in the transaction; a session's is its
    ``connection()``: the ORM adds nothing to these statements but its cost)."""
    if connection.dialect.name == "postgresql":  # one round trip, not two
        connection.execute(_BOUND_LOCKS)


def check_epochs(connection: Connection, wanted: Iterable[tuple[str, int]]) -> None:
    """Within ``connection``'s transaction: each ``(room id, epoch)`` is still its lease's
    epoch, else :class:`FencedOutError`. The rows are locked until the transaction ends, so no
    takeover can come between this check and the commit."""
    pairs = set(wanted)
    if not pairs:
        return
    touched = connection.execute(_LOCK_LEASES, {"rooms": sorted({room for room, _ in pairs})})
    held = {(room, int(epoch)) for room, epoch in touched}
    fenced = pairs - held
    if fenced:
        raise FencedOutError(fenced)


def add_lease(session: Session, room_id: str, holder: Holder) -> None:
    """Within ``session``: a new table's lease, epoch 1, for ``holder``."""
    session.execute(
        insert(Lease).values(
            room_id=room_id,
            node=holder.node,
            epoch=1,
            expires_at=database_now(session) + holder.seconds,
        )
    )


class LeaseStore(DatabaseStore):
    """The leases of the live tables on one database."""

    def acquire(self, room_id: str, node: str, seconds: float) -> int | None:
        """Take the table's lease for ``seconds``: the epoch now held, or None when another
        node holds it. A lease that ran out (or a table never leased) is taken with a new
        epoch; one ``node`` holds already is renewed and keeps its epoch."""
        with self.database.session() as session:
            bound_locks(session.connection())
            now = database_now(session)
            row = session.execute(
                select(Lease.node, Lease.epoch, Lease.expires_at < now).where(
                    Lease.room_id == room_id
                )
            ).one_or_none()
            if row is None:
                try:
                    with session.begin_nested():
                        add_lease(session, room_id, Holder(node, seconds))
                except IntegrityError:
                    return None  # another node inserted it first
                return 1
            holder, epoch, ran_out = row
            if not ran_out and holder != node:
                return None
            still = [Lease.room_id == room_id, Lease.epoch == epoch, Lease.node == holder]
            if ran_out:  # a compare-and-set: whoever changed the row first wins
                still.append(Lease.expires_at < now)
            new_epoch = epoch + 1 if ran_out else epoch
            taken = session.execute(
                update(Lease)
                .where(*still)
                .values(node=node, epoch=new_epoch, expires_at=now + seconds)
                .returning(Lease.epoch)
            ).one_or_none()
            return None if taken is None else int(taken[0])

    def renew(self, node: str, seconds: float) -> dict[str, int]:
        """Extend every lease ``node`` holds that has not run out, in one statement; the
        tables still held, with their epochs (one missing was lost or released)."""
        with self.database.session() as session:
            bound_locks(session.connection())
            now = database_now(session)
            rows = session.execute(
                update(Lease)
                .where(Lease.node == node, Lease.expires_at > now)
                .values(expires_at=now + seconds)
                .returning(Lease.room_id, Lease.epoch)
            ).all()
            return {room: int(epoch) for room, epoch in rows}

    def release(self, room_id: str, node: str, epoch: int) -> None:
        """The lease runs out now (a draining server): another process may take it at once."""
        with self.database.session() as session:
            bound_locks(session.connection())
            session.execute(
                update(Lease)
                .where(Lease.room_id == room_id, Lease.node == node, Lease.epoch == epoch)
                .values(expires_at=database_now(session) - 1.0)
            )

    def unowned(self) -> dict[str, float]:
        """The open tables nobody holds a lease on now (run out, released, or never
        leased), oldest first: the ones to take over, each with the seconds since its
        lease ran out (infinite for one never leased)."""
        with self.database.session() as session:
            now = database_now(session)
            rows = session.execute(
                select(WebRoomRow.id, now - Lease.expires_at)
                .outerjoin(Lease, Lease.room_id == WebRoomRow.id)
                .where(
                    WebRoomRow.closed_at.is_(None),
                    or_(Lease.expires_at.is_(None), Lease.expires_at < now),
                )
                .order_by(WebRoomRow.created_at, WebRoomRow.id)
            ).all()
            return {room: math.inf if since is None else float(since) for room, since in rows}

    def holders(self) -> dict[str, tuple[str, int]]:
        """Every lease: room id → (node, epoch) (for tests and the operator)."""
        with self.database.session() as session:
            rows = session.execute(select(Lease.room_id, Lease.node, Lease.epoch)).all()
            return {room: (node, int(epoch)) for room, node, epoch in rows}
