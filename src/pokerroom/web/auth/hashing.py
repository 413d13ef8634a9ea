"""Password hashes are costly (argon2's recommended parameters take 64 MiB and tens of
milliseconds each): a bounded number run at once, in worker threads, never on the event
loop, and a bounded number wait; one more is told the server is busy (issue 21 item 27).

Forty log-ins sent at once took the server from 288 MB to 2.75 GB and the lobby to 2.7 s;
with the gate they take ``at_once`` hashes' memory, and the pages stay quick.
The gate holds no event loop's objects (its semaphore is a thread's), so one app may be
driven from several loops, as the tests' clients do.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from starlette.concurrency import run_in_threadpool

T = TypeVar("T")

BUSY_SECONDS = 5
"""What ``Retry-After`` tells a client the busy gate turned away."""


class HashingBusyError(Exception):
    """As many hashes as the gate takes are running or waiting already."""


class HashGate:
    """At most ``at_once`` hashes run and ``waiting`` more wait; the rest are refused."""

    def __init__(self, at_once: int, waiting: int) -> None:
        self._running = threading.BoundedSemaphore(at_once)
        self._lock = threading.Lock()
        self._admitted = 0
        self._most = at_once + waiting

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` (which hashes) in a worker thread once a place is free, or
        :class:`HashingBusyError` at once when too many are ahead of it."""
        with self._lock:
            if self._admitted >= self._most:
                raise HashingBusyError
            self._admitted += 1
        try:
            return await run_in_threadpool(self._in_turn, work)
        finally:
            with self._lock:
                self._admitted -= 1

    def _in_turn(self, work: Callable[[], T]) -> T:
        with self._running:
            return work()
