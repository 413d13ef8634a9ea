"""The live tables' inputs written in batches on a thread of their own.

A commit waits for the disk (tens of milliseconds on a busy machine), and the server's event
loop must not: :meth:`RoomWriter.put` only queues, and one thread writes everything queued
meanwhile in one transaction (a group commit), in order. A batch that fails stays queued and
is tried again, so the database always holds a gapless prefix of every table's inputs; a
crash loses at most the batch being written, a clean stop nothing (:meth:`RoomWriter.close`
drains the queue). An in-memory database is written at once, on the caller's thread: it has
no disk to wait for, and its one connection must not be shared by two threads.

>>> from pokerroom.storage.database import open_database
>>> from pokerroom.storage.room_store import RoomInput, RoomStore
>>> store = RoomStore(open_database("sqlite://"))
>>> store.create("t1", "home", entry={}, settings={}, seed=7)
>>> writer = RoomWriter(store)
>>> writer.put("t1", RoomInput(1, "tick", 12.5))
>>> writer.close()
True
>>> [item.serial for item in store.inputs("t1")]
[1]
"""

from __future__ import annotations

import logging
import threading

from pokerroom.storage.codec import StorageError
from pokerroom.storage.room_store import Checkpoint, RoomInput, RoomStore, RoomWrite

log = logging.getLogger(__name__)

RETRY_SECONDS = 1.0
"""The pause before a failed batch is tried again."""
IDLE_SECONDS = 2.0
"""The writing thread ends after this long with nothing to write (the next put starts one)."""


class RoomWriter:
    """Writes to ``store``; on a thread of its own unless the database is in memory."""

    def __init__(self, store: RoomStore) -> None:
        self.store = store
        self.background = store.database.location != ":memory:"
        self._queue: list[RoomWrite] = []
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closing = False
        self._failing = False

    def put(self, room_id: str, item: RoomInput, checkpoint: Checkpoint | None = None) -> None:
        """Queue one input (and a checkpoint taken just after it) of one table."""
        with self._changed:
            self._queue.append(RoomWrite(room_id, item, checkpoint))
            if not self.background:
                self._write_queued()
                return
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="room-writer", daemon=True)
                self._thread.start()
            self._changed.notify_all()

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

    @property
    def waiting(self) -> int:
        """Inputs and checkpoints queued, not yet written."""
        with self._changed:
            return len(self._queue)

    def _run(self) -> None:
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
                if written:
                    del self._queue[: len(batch)]
                    self._changed.notify_all()
                elif not self._closing:
                    self._changed.wait(RETRY_SECONDS)
                else:
                    self._thread = None
                    return

    def _write_queued(self) -> None:
        if self._queue and self._write(self._queue):
            self._queue.clear()

    def _write(self, batch: list[RoomWrite]) -> bool:
        try:
            self.store.write(batch)
        except StorageError as error:
            if not self._failing:
                log.error("%d table inputs wait to be saved: %s", len(batch), error)
            self._failing = True
            return False
        if self._failing:
            log.warning("the tables are saved again")
        self._failing = False
        return True
