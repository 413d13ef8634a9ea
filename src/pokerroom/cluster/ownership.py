"""Which process owns which table — PROVISIONAL, until the ``owner`` part's leases land.

Here a table's owner holds a PostgreSQL session advisory lock keyed by the room id on one
connection of its own: the first process to take it owns the table, and the lock goes with
the connection when the process dies (kill -9 included), so another process's takeover
loop gets it within :data:`TAKEOVER_SECONDS`. It has the public API the leases will have
(``owns``, ``epoch``, ``claim``, ``watch``, ``running``, ``drain``) but no fencing: every
epoch is 1, and an owner that is only paused keeps its lock. Each process also holds a lock
of its own while it runs, so the processes can be counted, and takes over at most its fair
share of the open tables (the processes that start together spread them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import threading
from collections.abc import AsyncIterator, Callable, Iterable

from sqlalchemy import text
from sqlalchemy.engine import Connection

from pokerroom.errors import PokerroomError
from pokerroom.storage.database import Database

log = logging.getLogger(__name__)

TAKEOVER_SECONDS = 0.5
"""How often a process looks for tables nobody owns."""
EPOCH = 1
SPACE = "hashtext(current_schema())"
"""The locks' first key: the tables of one schema (one cardroom) apart from another's."""

RoomSeen = Callable[[str], None]


class OwnershipError(PokerroomError, RuntimeError):
    """A table this process meant to own is owned by another."""


def node_name() -> str:
    """This process among all: ``host:pid:random``."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Ownership:
    """The tables this process owns, on ``database`` (PostgreSQL); ``candidates`` lists the
    open tables (a blocking call, made on a thread)."""

    def __init__(self, database: Database, candidates: Callable[[], Iterable[str]]) -> None:
        self.node = node_name()
        self._database = database
        self._candidates = candidates
        self._held: set[str] = set()
        self._lock = threading.Lock()
        self._connection: Connection | None = None
        self._self_lock: int | None = None
        self._gained: RoomSeen = _nothing
        self._lost: RoomSeen = _nothing

    def owns(self, room_id: str) -> bool:
        return room_id in self._held

    def epoch(self, room_id: str) -> int | None:
        return EPOCH if room_id in self._held else None

    def claim(self, room_id: str) -> int:
        """Own a table this process just opened (blocking)."""
        epoch = self.try_claim(room_id)
        if epoch is None:
            raise OwnershipError(f"table {room_id!r} is owned by another process")
        return epoch

    def try_claim(self, room_id: str) -> int | None:
        """Own ``room_id`` if nobody does (blocking); its epoch, or None."""
        with self._lock:
            if room_id in self._held:
                return EPOCH
            connection = self._connect()
            taken = connection.execute(
                text(f"SELECT pg_try_advisory_lock({SPACE}, hashtext(:room))"), {"room": room_id}
            ).scalar()
            if taken:
                self._held.add(room_id)
                return EPOCH
            return None

    def release(self, room_id: str) -> None:
        """Give ``room_id`` up (it closed)."""
        with self._lock:
            if room_id in self._held and self._connection is not None:
                self._connection.execute(
                    text(f"SELECT pg_advisory_unlock({SPACE}, hashtext(:room))"),
                    {"room": room_id},
                )
            self._held.discard(room_id)

    def _connect(self) -> Connection:
        if self._connection is None:
            engine = self._database.engine.execution_options(isolation_level="AUTOCOMMIT")
            self._connection = engine.connect()
        return self._connection

    def watch(self, gained: RoomSeen, lost: RoomSeen) -> None:
        self._gained, self._lost = gained, lost

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[Ownership]:
        """Take over the tables nobody owns, now and every :data:`TAKEOVER_SECONDS`."""
        await self._take_over()
        task = asyncio.get_running_loop().create_task(self._loop())
        try:
            yield self
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            await asyncio.to_thread(self._close)

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(TAKEOVER_SECONDS)
            try:
                await self._take_over()
            except Exception as exc:  # the database is away: try again next round
                log.warning("looking for tables to take over failed: %s", exc)

    async def _take_over(self) -> None:
        taken = await asyncio.to_thread(self._free_tables)
        for room_id in taken:
            self._gained(room_id)

    def _free_tables(self) -> list[str]:
        candidates = list(self._candidates())
        share = -(-len(candidates) // max(1, self._processes()))
        taken = []
        for room_id in candidates:
            if len(self._held) >= share:
                break
            if room_id not in self._held and self.try_claim(room_id) is not None:
                taken.append(room_id)
        return taken

    def _processes(self) -> int:
        """How many processes hold tables or run on this database now (this one too)."""
        with self._lock:
            connection = self._connect()
            if self._self_lock is None:
                self._self_lock = secrets.randbits(31)
                connection.execute(
                    text(f"SELECT pg_advisory_lock({SPACE}, :key)"), {"key": self._self_lock}
                )
            counted = connection.execute(
                text(
                    "SELECT count(DISTINCT pid) FROM pg_locks WHERE locktype = 'advisory' "
                    "AND database = (SELECT oid FROM pg_database "
                    "WHERE datname = current_database())"
                )
            ).scalar()
            return int(counted or 1)

    async def drain(self) -> None:
        """Give every table up (the process stops): the others take them over."""
        held = sorted(self._held)
        await asyncio.to_thread(self._close)
        for room_id in held:
            self._lost(room_id)

    def _close(self) -> None:
        with self._lock:
            if self._connection is not None:
                with contextlib.suppress(Exception):
                    self._connection.close()
            self._connection = None
            self._self_lock = None
            self._held.clear()


def _nothing(_room_id: str) -> None:
    return None
