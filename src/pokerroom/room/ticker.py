"""The clock of every room in one hub: sleep until the earliest deadline, then let time act.

Rooms never read a clock; the ticker asks each for its :meth:`~pokerroom.room.seam.Room.deadline`,
sleeps until the earliest one (woken early by :meth:`Ticker.wake` when a room changed, since
its deadline may have moved) and calls ``tick(now)`` on the rooms that are due. ``now`` comes
from the injected clock, so tests move time by hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable

from pokerroom.room.failures import describe_failure
from pokerroom.room.seam import Room

log = logging.getLogger(__name__)

Clock = Callable[[], float]


class Ticker:
    """One asyncio task that ticks due rooms and reports those that changed."""

    def __init__(
        self,
        rooms: Callable[[], Iterable[Room]],
        clock: Clock,
        changed: Callable[[str], None],
        min_pause: float = 0.01,
    ) -> None:
        self._rooms = rooms
        self._clock = clock
        self._changed = changed
        self._min_pause = min_pause
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.ticks = 0
        """How many ``tick`` calls were made; tests wait on it."""

    def wake(self) -> None:
        """A deadline may have moved: look again now."""
        self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="room-ticker")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def tick_due(self) -> float | None:
        """Tick every room whose deadline has come; the earliest deadline still ahead, or None."""
        now = self._clock()
        earliest: float | None = None
        for room in list(self._rooms()):
            deadline = room.deadline()
            if deadline is not None and deadline <= now:
                self.ticks += 1
                try:
                    changed = room.tick(now)
                except Exception as exc:
                    log.error("room %s failed to tick: %s", room.id, describe_failure(exc))
                    changed = True
                if changed:
                    self._changed(room.id)
                deadline = room.deadline()
            if deadline is not None and (earliest is None or deadline < earliest):
                earliest = deadline
        return earliest

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            earliest = self.tick_due()
            pause = None if earliest is None else max(self._min_pause, earliest - self._clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), pause)
