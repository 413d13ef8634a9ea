"""The saves of a terminal's table, written in order on a thread of their own.

A commit waits for the disk, and the terminal's event loop (its clock, its screen) must
not: :meth:`LocalWriter.put` only queues a save whose data was taken when it was queued
(:meth:`SeriesLog.progress <pokerroom.storage.series_log.SeriesLog.progress>`, ...), and one
thread runs them one after another. Every save gets a ticket (:attr:`LocalWriter.issued`);
the hub shows a change only once its ticket is :attr:`~LocalWriter.saved`
(:mod:`pokerroom.room.holding`), so a slow disk holds the screen for a moment and nothing is
shown unsaved. The first save that fails stops the writer (a terminal's saves go on from
what is stored, so none after it could succeed): :attr:`LocalWriter.failure` says why,
in one line, and ``on_failure`` is told on the loop that queued it. With no loop running
(the table being set up, a test) a save is written at once, on the caller's thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import queue
import threading
from collections.abc import Callable

from pokerroom.errors import PokerroomError
from pokerroom.i18n import N_, gettext

CANNOT_SAVE = N_("the game could not be saved ({error})")

Save = Callable[[], object]
_Queued = tuple[int, Save, asyncio.AbstractEventLoop, contextvars.Context]
_STOP = None


class LocalWriter:
    """Runs saves in order, off the event loop; see the module docstring."""

    def __init__(self, on_failure: Callable[[str], None] | None = None) -> None:
        self.on_failure = on_failure
        self.on_saved: Callable[[int], None] | None = None
        """Told (on the writer's thread) the ticket of each save written."""
        self.failure: str | None = None
        self._issued = 0
        self._saved = 0
        self._queue: queue.SimpleQueue[_Queued | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    @property
    def issued(self) -> int:
        """The ticket of the last save queued."""
        return self._issued

    @property
    def saved(self) -> int:
        """The ticket of the last save written."""
        return self._saved

    def put(self, save: Save) -> None:
        """Queue ``save`` (write it now with no loop running); nothing after a failure."""
        if self.failure is not None:
            return
        self._issued += 1
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._write(self._issued, save, None)
            return
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="pokerroom-saves", daemon=True)
            self._thread.start()
        self._queue.put((self._issued, save, loop, contextvars.copy_context()))

    def close(self) -> None:
        """Write what is queued, then end the thread."""
        thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(_STOP)
            thread.join()

    def _run(self) -> None:
        while (item := self._queue.get()) is not _STOP:
            ticket, save, loop, context = item
            context.run(self._write, ticket, save, loop)  # the language of the table

    def _write(self, ticket: int, save: Save, loop: asyncio.AbstractEventLoop | None) -> None:
        if self.failure is not None:
            return
        try:
            save()
        except PokerroomError as error:  # what was saved before it stays saved
            self._fail(str(error), loop)
            return
        except Exception as error:  # the table stops with one plain line, no traceback
            self._fail(gettext(CANNOT_SAVE).format(error=type(error).__name__), loop)
            return
        self._saved = ticket
        if self.on_saved is not None:
            self.on_saved(ticket)

    def _fail(self, why: str, loop: asyncio.AbstractEventLoop | None) -> None:
        self.failure = why
        told = self.on_failure
        if told is None:
            return
        if loop is None:
            told(why)
        else:
            with contextlib.suppress(RuntimeError):  # the loop has ended: nobody to tell
                loop.call_soon_threadsafe(told, why)
