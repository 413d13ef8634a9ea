"""Everything the live tables save, written in batches on a thread of their own.

A commit waits for the disk (tens of milliseconds on a busy machine, seconds when another
process holds the database), and the server's event loop must not: every method here only
queues, and one thread writes everything queued meanwhile in one transaction (a group
commit), in order — the tables' inputs and checkpoints, new tables' recipes, their lobby
lines, their closings and the hands they finish for the archive. A batch that fails stays
queued and is tried again, with a growing pause (:data:`RETRY_SECONDS` up to
:data:`MAX_RETRY_SECONDS`), so the database always holds a gapless prefix of it all; a crash
loses at most what is queued, a clean stop nothing (:meth:`RoomWriter.close` drains it).

Nothing queued may be shown to anyone before it is saved: every write gets a ticket (its
place in the order, :attr:`RoomWriter.issued`), and whoever answers waits for that ticket
to be :attr:`~RoomWriter.saved` — :meth:`RoomWriter.when_saved` gives a future the writer's
thread completes, :attr:`RoomWriter.on_saved` is told after each commit. Writes made
:meth:`~RoomWriter.together` (an input and the hand it finished) go in one transaction.

Several server processes on one database fence their writes (:attr:`RoomWriter.fence`):
each write is stamped, as it is queued, with the lease its table is held under; a batch
the database refuses because a lease moved on
(:class:`~pokerroom.storage.rooms.leases.FencedOutError`) loses those tables' writes —
never tried again, the owner told first, so that it stops showing them — and the rest of
the batch is saved at once.

An in-memory database is written at once, on the caller's thread: it has no disk to wait
for, and its one connection must not be shared by two threads.

>>> from pokerroom.storage.database import open_database
>>> from pokerroom.storage.rooms.store import RoomInput, RoomStore
>>> store = RoomStore(open_database("sqlite://"))
>>> store.create("t1", "home", entry={}, settings={}, seed=7)
>>> writer = RoomWriter(store)
>>> writer.put("t1", RoomInput(1, "tick", 12.5))
>>> writer.issued, writer.saved, writer.close()
(1, 1, True)
>>> [item.serial for item in store.inputs("t1")]
[1]
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, InvalidStateError
from contextlib import contextmanager, suppress
from dataclasses import replace
from typing import Any, Protocol

from pokerroom.storage.codec import StorageError
from pokerroom.storage.hands.archive import WebHand
from pokerroom.storage.rooms.leases import FencedOutError, Holder
from pokerroom.storage.rooms.store import Checkpoint, NewRoom, RoomInput, RoomStore, RoomWrite

log = logging.getLogger(__name__)

RETRY_SECONDS = 0.25
"""The pause before a failed batch is tried again the first time; it doubles each time."""
MAX_RETRY_SECONDS = 4.0
"""The longest pause between two tries: a database back is used again within this."""
IDLE_SECONDS = 2.0
"""The writing thread ends after this long with nothing to write (the next write starts one)."""


class Fence(Protocol):
    """What the writer asks of the process's leases (:mod:`pokerroom.cluster.ownership`)."""

    @property
    def holder(self) -> Holder:
        """This process, and how long a new table's lease lasts."""
        ...

    def fence_of(self, room_id: str) -> tuple[str, int] | None:
        """The lease (id, epoch) the room's writes are made under now, or None."""
        ...

    def opened(self, room_id: str) -> None:
        """A table created here now: its lease (epoch 1) is saved with its recipe."""
        ...

    def fenced_out(self, fenced: set[tuple[str, int]]) -> None:
        """Those leases moved on: their writes are dropped (called on the writer's thread,
        before any later write is reported saved)."""
        ...


class RoomWriter:
    """Writes to ``store``; on a thread of its own unless the database is in memory."""

    def __init__(self, store: RoomStore) -> None:
        self.store = store
        self.background = store.database.location != ":memory:"
        self.on_saved: Callable[[int], None] | None = None
        """Told :attr:`saved` after each commit, on the writer's thread."""
        self.on_written: Callable[[list[RoomWrite]], None] | None = None
        """Told what each commit saved, on the writer's thread (a cluster's notices): the
        writes of a fenced-out lease, dropped unsaved, are not among them."""
        self._queue: list[RoomWrite] = []
        self._staged: list[RoomWrite] = []
        self._together = 0
        self._issued = 0
        self._saved = 0
        self._waiters: list[tuple[int, Future[None]]] = []
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closing = False
        self._failing = False
        self.fence: Fence | None = None
        """The leases each write is made under (servers sharing a database), or None."""

    # ------------------------------------------------------------ what to save

    def put(self, room_id: str, item: RoomInput, checkpoint: Checkpoint | None = None) -> None:
        """Queue one input (and a checkpoint taken just after it) of one table."""
        self._add(RoomWrite(room_id, item, checkpoint))

    def create(
        self,
        room_id: str,
        kind: str,
        *,
        entry: dict[str, Any],
        settings: dict[str, Any],
        seed: int,
    ) -> None:
        """Queue a new table's recipe (before its first input); a fenced writer leases it
        to this process in the same transaction."""
        fence = self.fence
        holder = None if fence is None else fence.holder
        if fence is not None:
            fence.opened(room_id)
        self._add(RoomWrite(room_id, None, created=NewRoom(kind, entry, settings, seed, holder)))

    def keep_hand(self, hand: WebHand) -> None:
        """Queue a finished hand for the archive (the archive's one door for every room)."""
        self._add(RoomWrite(hand.room_id, None, hand=hand))

    def update_entry(self, room_id: str, entry: dict[str, Any]) -> None:
        """Queue a table's new lobby line."""
        self._add(RoomWrite(room_id, None, entry=entry))

    def close_room(self, room_id: str) -> None:
        """Queue a table's closing: a restarted server no longer opens it."""
        self._add(RoomWrite(room_id, None, closed=True))

    @contextmanager
    def together(self) -> Iterator[None]:
        """Everything queued inside this block is saved in one transaction (a table's input
        and the hand it finished: the archive never holds a hand its table lost)."""
        with self._changed:
            self._together += 1
        try:
            yield
        finally:
            with self._changed:
                self._together -= 1
                if not self._together and self._staged:
                    staged, self._staged = self._staged, []
                    self._enqueue(staged)

    def _add(self, write: RoomWrite) -> None:
        fence = self.fence
        if fence is not None:
            write = replace(write, fence=fence.fence_of(write.room_id))
        with self._changed:
            if self._together:
                self._staged.append(write)
            else:
                self._enqueue([write])

    def _enqueue(self, writes: list[RoomWrite]) -> None:
        self._queue.extend(writes)
        self._issued += len(writes)
        if not self.background:
            self._write_queued()
            return
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="room-writer", daemon=True)
            self._thread.start()
        self._changed.notify_all()

    # ------------------------------------------------------------ what is saved

    @property
    def issued(self) -> int:
        """The ticket of the last write queued (writes are numbered 1, 2, … in order)."""
        with self._changed:
            return self._issued

    @property
    def saved(self) -> int:
        """The ticket of the last write committed: every write up to it is saved."""
        with self._changed:
            return self._saved

    @property
    def waiting(self) -> int:
        """Writes queued, not yet saved."""
        with self._changed:
            return len(self._queue)

    def when_saved(self, ticket: int | None = None) -> Future[None]:
        """A future done once write ``ticket`` (None: everything queued now) is saved."""
        future: Future[None] = Future()
        with self._changed:
            wanted = self._issued if ticket is None else ticket
            if wanted <= self._saved:
                future.set_result(None)
            else:
                self._waiters.append((wanted, future))
        return future

    def drain(self, timeout: float = 10.0) -> bool:
        """Wait until everything queued is written; False if it is not within ``timeout``."""
        with self._changed:
            if not self.background:
                self._write_queued()
                return not self._queue
            return self._changed.wait_for(lambda: not self._queue, timeout)

    def close(self, timeout: float = 10.0) -> bool:
        """Write what is queued and stop the thread; False if something is left unwritten."""
        drained = self.drain(timeout)
        with self._changed:
            self._closing = True
            thread = self._thread
            self._changed.notify_all()
        if thread is not None:
            thread.join(timeout)
        return drained

    # ------------------------------------------------------------ the thread

    def _run(self) -> None:
        pause = RETRY_SECONDS
        with self._changed:
            while True:
                if not self._queue:
                    if self._closing or (not self._changed.wait(IDLE_SECONDS) and not self._queue):
                        self._thread = None
                        return
                    continue
                if self.store.database.closed:  # closed under us (a crash): nothing to write to
                    log.error(
                        "%d table inputs were not saved: the database is closed", len(self._queue)
                    )
                    self._thread = None
                    return
                batch = list(self._queue)
                self._changed.release()
                try:
                    written = self._write(batch)
                finally:
                    self._changed.acquire()
                if written is not None:
                    pause = RETRY_SECONDS
                    self._done(len(batch))
                    self._tell(written)
                elif not self._closing:
                    self._changed.wait(pause)
                    pause = min(2 * pause, MAX_RETRY_SECONDS)
                else:
                    self._thread = None
                    return

    def _write_queued(self) -> None:
        if not self._queue:
            return
        written = self._write(list(self._queue))
        if written is not None:
            self._done(len(self._queue))
            self._tell(written)

    def _tell(self, written: list[RoomWrite]) -> None:
        """Tell what one commit saved: a fenced-out write, never saved, is not told."""
        if self.on_written is not None:
            self.on_written(written)

    def _done(self, count: int) -> None:
        """``count`` writes at the head of the queue are committed (the lock is held)."""
        del self._queue[:count]
        self._saved += count
        ready = [future for ticket, future in self._waiters if ticket <= self._saved]
        self._waiters = [(t, f) for t, f in self._waiters if t > self._saved]
        self._changed.notify_all()
        for future in ready:
            with suppress(InvalidStateError):  # its waiter gave up (cancelled it)
                future.set_result(None)
        if self.on_saved is not None:
            self.on_saved(self._saved)

    def _write(self, batch: list[RoomWrite]) -> list[RoomWrite] | None:
        """The writes of ``batch`` saved (None: nothing was, it is tried again)."""
        try:
            written = self._write_fenced(batch)
        except StorageError as error:
            if not self._failing:
                log.error("%d table inputs wait to be saved: %s", len(batch), error)
            self._failing = True
            return None
        if self._failing:
            log.warning("the tables are saved again")
        self._failing = False
        return written

    def _write_fenced(self, batch: list[RoomWrite]) -> list[RoomWrite]:
        """Write ``batch``; the writes of leases that moved on are dropped, the rest saved
        (and returned)."""
        while batch:
            try:
                self.store.write(batch)
                return batch
            except FencedOutError as error:
                log.warning("%s: their unsaved play is dropped", error)
                if self.fence is not None:
                    self.fence.fenced_out(error.fenced)
                batch = [write for write in batch if write.fence not in error.fenced]
        return batch
