"""Whether the database is reachable, told to the log once per outage, not once per request.

A server on a dead database fails every request that needs it; a traceback each (117 in one
minute) buries what happened. :class:`Outage` writes one line when the first operation fails
and one when an operation succeeds again, with how many failed in between. Both are
warnings, so that ``pokerroom serve`` (whose log shows warnings) tells the operator the end
of an outage as plainly as its start.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from pokerroom.storage.codec import StorageError

log = logging.getLogger(__name__)


class DatabaseUnavailableError(StorageError):
    """The database cannot be reached or used just now (a dead connection, a server down, a
    locked or vanished file): trying again later may work, unlike a refused write."""

    def __init__(self, message: str, *, disconnected: bool) -> None:
        super().__init__(message)
        self.disconnected = disconnected
        """A connection died under the operation, which nothing else saw: once more on a
        fresh connection is safe for an operation that only reads."""


class Outage:
    """The current outage of one database, if any; safe to call from any thread."""

    def __init__(self, where: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.where = where
        self.clock = clock
        self._lock = threading.Lock()
        self._since: float | None = None
        self._failures = 0

    @property
    def ongoing(self) -> bool:
        return self._since is not None

    def failed(self, reason: str) -> None:
        """An operation failed for want of the database: the first of an outage is logged."""
        with self._lock:
            self._failures += 1
            if self._since is not None:
                return
            self._since = self.clock()
        log.warning("the database %s is unavailable: %s", self.where, reason)

    def succeeded(self) -> None:
        """An operation went through: the outage, if there was one, is over."""
        if self._since is None:  # the usual case, without the lock
            return
        with self._lock:
            if self._since is None:
                return
            lasted, failures = self.clock() - self._since, self._failures
            self._since, self._failures = None, 0
        log.warning(
            "the database %s is back after %.1f s (%d operations failed meanwhile)",
            self.where,
            lasted,
            failures,
        )
