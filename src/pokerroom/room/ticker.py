"""The clock of every room in one hub: sleep until the earliest deadline, then let time act.

Rooms never read a clock; the ticker asks each for its :meth:`~pokerroom.room.seam.Room.deadline`,
sleeps until the earliest one (woken early by :meth:`Ticker.wake` when a room changed, since
its deadline may have moved) and calls ``tick(now)`` on the rooms that are due. ``now`` comes
from the injected clock, so tests move time by hand.

It keeps the deadlines it read and reads again only the rooms woken for: at hundreds of
tables a change (several a millisecond) would otherwise cost a look at every room. Whether
a room runs here (a hub pauses one that cannot save, a cluster acts only for the tables it
owns) is asked again before each tick, and every room is looked at again at least once every
:data:`RESCAN_SECONDS`, for what changes without waking the clock (a lease renewed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterable

from pokerroom.room.failures import describe_failure
from pokerroom.room.seam import Room

log = logging.getLogger(__name__)

Clock = Callable[[], float]
RESCAN_SECONDS = 1.0
"""The longest the ticker goes without looking at every room (real seconds)."""


class Ticker:
    """One asyncio task that ticks due rooms and reports those that changed: ``rooms`` gives
    every room, ``find`` one by id, ``runs`` whether its clock runs here now."""

    def __init__(
        self,
        rooms: Callable[[], Iterable[Room]],
        find: Callable[[str], Room | None],
        runs: Callable[[Room], bool],
        clock: Clock,
        changed: Callable[[str], None],
        min_pause: float = 0.01,
    ) -> None:
        self._rooms = rooms
        self._find = find
        self._runs = runs
        self._clock = clock
        self._changed = changed
        self._min_pause = min_pause
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._deadlines: dict[str, float] = {}
        """The rooms that run here with a deadline, as last read."""
        self._woken: set[str] = set()
        self._rescan_at = -1.0
        self.ticks = 0
        """How many ``tick`` calls were made; tests wait on it."""

    def wake(self, room_id: str | None = None) -> None:
        """A deadline may have moved (of ``room_id``; None: of any room): look again now."""
        if room_id is None:
            self._rescan_at = -1.0
        else:
            self._woken.add(room_id)
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
        self._read_deadlines()
        now = self._clock()
        deadlines = self._deadlines
        for room_id in [room_id for room_id, due in deadlines.items() if due <= now]:
            room = self._find(room_id)
            if room is None or not self._runs(room):
                del deadlines[room_id]
                continue
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
            self._note(room_id, deadline)
        return min(deadlines.values(), default=None)

    def _read_deadlines(self) -> None:
        """Every room's deadline when a full look is due, else those of the rooms woken for."""
        woken, self._woken = self._woken, set()
        if time.monotonic() >= self._rescan_at:
            self._rescan_at = time.monotonic() + RESCAN_SECONDS
            self._deadlines = {}
            for room in list(self._rooms()):
                deadline = room.deadline()
                if deadline is not None and self._runs(room):
                    self._deadlines[room.id] = deadline
            return
        for room_id in woken:
            found = self._find(room_id)
            if found is None or not self._runs(found):
                self._deadlines.pop(room_id, None)
            else:
                self._note(room_id, found.deadline())

    def _note(self, room_id: str, deadline: float | None) -> None:
        if deadline is None:
            self._deadlines.pop(room_id, None)
        else:
            self._deadlines[room_id] = deadline

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            earliest = self.tick_due()
            pause = max(0.0, self._rescan_at - time.monotonic())  # the next full look
            if earliest is not None:
                pause = min(pause, max(self._min_pause, earliest - self._clock()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), pause)
