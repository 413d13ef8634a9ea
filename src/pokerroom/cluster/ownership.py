"""Which tables this process owns, kept with leases in the database; takeover, drain and
rebalancing.

Each table has one owner process at a time (:mod:`pokerroom.storage.rooms.leases`). The
:class:`Ownership` of a process renews all its leases in one statement every
:attr:`~LeaseSettings.renew_every` seconds, in a task of the app's lifespan, and takes over
every open table nobody holds (its owner died, or drained): one compare-and-set each, then
the table is built from the database and served here. It acts for a table (handles its
messages, ticks its clock) only while its last renewal is recent enough that the lease
cannot have run out (:meth:`Ownership.owns`); every save of the table carries the epoch of
its lease, so a process that lost the lease can no longer write (the writer drops such
saves and tells it, :meth:`Ownership.fenced_out`). On SIGTERM :meth:`Ownership.drain` hands
every table over between hands, its play saved first.

Rebalancing (given a ``census``, :mod:`pokerroom.storage.rooms.nodes`): with every renewal the
process renews its heartbeat and counts the live processes and open tables. Every
:attr:`~LeaseSettings.balance_every` seconds one holding too many (:mod:`.balance`) hands a
quarter of its excess (at least one table) over as the drain does — between hands, its
play saved, its lease released — and follows them from then on, its sockets kept; one
below its share takes the tables nobody holds, one at or above it leaves them to the others
for a lease's length, and the process that released a table does not take it back within
that time. Each lease counts as one table: a web tournament's director, each table of one
played apart, or a tournament saved before with all its tables.

A web tournament played apart is a lease for its director and one for each table; one
saved before is one lease, its director and all its tables together (the ``lease_of``
such a tournament's table is its tournament).

The lease statements run on a thread of their own, so a renewal never waits behind the
tables' saves and loads on the shared threads; a look for tables to take over stops when
the next renewal is due, so a process taking many tables over (a start, a dead neighbour's
hundreds) keeps its own leases fresh meanwhile and leaves the rest to the next look (or to
another process). Listeners are told on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import math
import os
import secrets
import socket
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

from pokerroom.cluster.balance import fair_share, may_take, to_hand_over
from pokerroom.cluster.lease_settings import LeaseSettings
from pokerroom.errors import PokerroomError
from pokerroom.room.failures import describe_failure
from pokerroom.storage.codec import StorageError
from pokerroom.storage.rooms.leases import Holder, LeaseStore
from pokerroom.storage.rooms.nodes import Census, NodeStore
from pokerroom.storage.rooms.writer import RoomWriter

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")

Loader = Callable[[str], Awaitable[bool]]
"""Build a table just taken over from the database and serve it here; False if it cannot be."""
Listener = Callable[[str], None]
"""Told a lease id (a table's, or a tournament's), on the event loop."""
NEVER_HELD = 0
"""The epoch a table this process does not hold writes under: no lease has it, so every
such write is refused."""
POLL_SECONDS = 0.1
"""How often a draining server looks whether its tables are between hands."""


class LeaseTakenError(PokerroomError):
    """Another process holds the table's lease."""


def new_node() -> str:
    """This process's name in the leases: ``host:pid:random`` (a restart is a new node)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def _same(room_id: str) -> str:
    return room_id


def _always(_lease: str) -> bool:
    return True


async def _cannot_load(lease: str) -> bool:
    log.error("table %s was taken over but this server cannot build it", lease)
    return False


@dataclass
class Ownership:
    """The leases of one process; ``writer`` saves under them from now on."""

    leases: LeaseStore
    writer: RoomWriter
    settings: LeaseSettings = field(default_factory=LeaseSettings)
    load: Loader = _cannot_load
    """Builds a table taken over from the database and serves it (the web's)."""
    lease_of: Callable[[str], str] = _same
    """The lease a room is held under: its own, or its tournament's."""
    between_hands: Callable[[str], bool] = _always
    """Whether a leased table (or every table of a tournament) is between two hands."""
    movable: Callable[[str], bool] = _always
    """Whether a lease may be handed over for balance (its sockets here keep it: followed)."""
    census: NodeStore | None = None
    """The processes' heartbeats: without them (a process alone) nothing is rebalanced."""
    node: str = field(default_factory=new_node)
    clock: Callable[[], float] = time.monotonic
    """Only durations are measured on it (since the last renewal)."""

    def __post_init__(self) -> None:
        self.holder = Holder(self.node, self.settings.seconds)
        self._held: dict[str, int] = {}
        self._fresh: set[str] = set()
        """Opened here: their lease is saved with their recipe, not renewed yet."""
        self._stopped: set[str] = set()
        """Being handed over (drain): held, but no longer acted for."""
        self._safe_until = -math.inf
        self._lock = threading.Lock()
        self._gained: list[Listener] = []
        self._lost: list[Listener] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._draining = False
        self._released: dict[str, float] = {}
        """Handed over for balance, when: not taken back within a lease's length."""
        self._handing_over: asyncio.Task[None] | None = None
        self._balancing = False
        """The last round found too many tables here: hand over down to the share."""
        self._balanced_at = -math.inf
        self._statements = ThreadPoolExecutor(1, thread_name_prefix="leases")
        self.writer.fence = self

    # ------------------------------------------------------------ asked by the tables

    def owns(self, room_id: str) -> bool:
        """Whether this process holds the room's lease and may still act for it now."""
        lease = self.lease_of(room_id)
        with self._lock:
            return (
                lease in self._held
                and lease not in self._stopped
                and self.clock() < self._safe_until
            )

    def epoch(self, room_id: str) -> int | None:
        """The fencing epoch this process holds the room's lease under, or None."""
        with self._lock:
            return self._held.get(self.lease_of(room_id))

    def fence_of(self, room_id: str) -> tuple[str, int]:
        """The lease a write of the room is made under now (one not held: refused)."""
        lease = self.lease_of(room_id)
        with self._lock:
            return lease, self._held.get(lease, NEVER_HELD)

    def opened(self, room_id: str) -> None:
        """A table created here: held at epoch 1 (its lease is saved with its recipe)."""
        with self._lock:
            self._held[room_id] = 1
            self._fresh.add(room_id)

    def claim(self, room_id: str) -> int:
        """Take the lease of a table this process opens or restores (a blocking call: from
        a thread, or at start); its epoch. :class:`LeaseTakenError` if another process holds it."""
        epoch = self.leases.acquire(self.lease_of(room_id), self.node, self.settings.seconds)
        if epoch is None:
            raise LeaseTakenError(f"another server owns table {room_id!r}")  # machine words
        with self._lock:
            self._held[self.lease_of(room_id)] = epoch
        return epoch

    def watch(self, gained: Listener, lost: Listener) -> None:
        """Be told of every table this process gains (taken over, built and served here)
        and loses (lease lost, fenced out, released on drain)."""
        self._gained.append(gained)
        self._lost.append(lost)

    def fenced_out(self, fenced: set[tuple[str, int]]) -> None:
        """The writer's: these leases have other epochs now, this process lost them."""
        with self._lock:
            lost = [lease for lease, epoch in fenced if self._held.get(lease) == epoch]
            for lease in lost:
                self._forget(lease)
        self._tell(self._lost, lost)

    # ------------------------------------------------------------ the lifespan's task

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[Ownership]:
        """Renew the leases and take over the tables nobody holds, until the block ends."""
        self._loop = asyncio.get_running_loop()
        await self.tick()  # the leases are fresh before the first request
        task = self._loop.create_task(self._run(), name="leases")
        try:
            yield self
        finally:
            for running in (task, self._handing_over):
                if running is not None:
                    running.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await running
            self._loop = None
            self._statements.shutdown(wait=False)

    async def _run(self) -> None:
        while True:
            started = self.clock()
            try:
                await self.tick()
            except Exception as exc:  # the leases are kept whatever one look met
                log.error("the table leases' loop failed: %s", describe_failure(exc))
            await asyncio.sleep(max(0.0, self.settings.renew_every - (self.clock() - started)))

    async def tick(self) -> None:
        """Renew this process's heartbeat (first, so it runs out before the leases: a dead
        process is counted out by the time its tables are free) and every lease held, then
        take over the tables nobody holds."""
        started = self.clock()
        census = None if self._draining else await self._count(started)
        try:
            renewed = await self._run_statement(self.leases.renew, self.node, self.settings.seconds)
        except StorageError as error:
            log.error("the table leases cannot be renewed: %s", error)
            return
        for lease in self._renewed(renewed, started):
            await self._run_statement(self.leases.release, lease, self.node, renewed[lease])
        if not self._draining:
            await self._take_over(started + self.settings.renew_every, census)

    def _renewed(self, renewed: dict[str, int], started: float) -> list[str]:
        """Note a renewal begun at ``started``; the leases renewed that this process no
        longer serves (dropped when a save was fenced out), to be released."""
        with self._lock:
            strays = [lease for lease in renewed if lease not in self._held]
            self._safe_until = started + self.settings.seconds - self.settings.margin
            self._fresh -= renewed.keys()
            lost = [
                lease
                for lease, epoch in self._held.items()
                if renewed.get(lease) != epoch and lease not in self._fresh
            ]
            for lease in lost:
                self._forget(lease)
        if lost:
            log.warning("this server lost the leases of %s", ", ".join(sorted(lost)))
        self._tell(self._lost, lost)
        return strays

    async def _take_over(self, renew_at: float, census: Census | None) -> None:
        """Take over the tables nobody holds (those this process may take, given its share),
        until the next renewal is due."""
        try:
            unowned = await self._run_statement(self.leases.unowned)
        except StorageError as error:
            log.error("the tables nobody owns cannot be listed: %s", error)
            return
        for lease, unowned_for in unowned.items():
            if self.clock() >= renew_at:
                return  # the rest at the next look, after the renewal
            with self._lock:
                if lease in self._held:
                    continue
            if not self._may_take(lease, unowned_for, census):
                continue
            try:
                epoch = await self._run_statement(
                    self.leases.acquire, lease, self.node, self.settings.seconds
                )
            except StorageError as error:
                log.error("table %s cannot be taken over: %s", lease, error)
                return
            if epoch is None:
                continue  # another process was first
            if self._draining:  # this one is going away: let another have it at once
                await self._run_statement(self.leases.release, lease, self.node, epoch)
                continue
            with self._lock:
                self._held[lease] = epoch
            log.info("this server takes table %s over (epoch %d)", lease, epoch)
            if await self.load(lease):
                self._tell(self._gained, [lease])

    # ------------------------------------------------------------ drain

    async def drain(self) -> None:
        """Hand every table over: each once it is between hands (or after
        :attr:`~LeaseSettings.drain_wait` anyway), its play saved, its lease released so
        another process takes it at once."""
        self._draining = True
        if self.census is not None:  # the others count this process out at once
            with contextlib.suppress(StorageError):
                await self._run_statement(self.census.leave, self.node)
        if self._handing_over is not None:
            await asyncio.wait([self._handing_over])  # ends at once: it sees the drain
        deadline = self.clock() + self.settings.drain_wait
        while True:
            with self._lock:
                waiting = [lease for lease in self._held if lease not in self._stopped]
            if not waiting:
                return
            late = self.clock() >= deadline
            ready = [lease for lease in waiting if late or self.between_hands(lease)]
            if ready:
                with self._lock:
                    self._stopped.update(ready)  # no new hand starts: nothing acts for them
                await self._release(ready)
            else:
                await asyncio.sleep(POLL_SECONDS)

    async def _release(self, leases: list[str]) -> None:
        saved = asyncio.wrap_future(self.writer.when_saved())  # everything they queued
        try:
            await asyncio.wait_for(saved, self.settings.drain_wait)
            flushed = True
        except TimeoutError:
            flushed = False
        if not flushed:
            log.error("draining: the tables' play is not all saved; they are left to expire")
        for lease in leases:
            with self._lock:
                epoch = self._held.get(lease)
            if epoch is None:
                continue
            if flushed:
                try:
                    await self._run_statement(self.leases.release, lease, self.node, epoch)
                except StorageError as error:
                    log.error("table %s is left to expire: %s", lease, error)
            with self._lock:
                self._forget(lease)
            self._tell(self._lost, [lease])

    # ------------------------------------------------------------ rebalancing

    async def _count(self, started: float) -> Census | None:
        """Renew this process's heartbeat and count the processes and tables (None: no
        census, or it failed); every :attr:`~LeaseSettings.balance_every` seconds, start
        handing the tables held beyond the fair share over."""
        if self.census is None:
            return None
        try:
            census = await self._run_statement(self.census.beat, self.node, self.settings.seconds)
        except StorageError as error:
            log.error("this server's heartbeat cannot be renewed: %s", error)
            return None
        for lease, when in list(self._released.items()):
            if started - when >= self.settings.seconds:
                del self._released[lease]
        busy = self._handing_over is not None and not self._handing_over.done()
        if not busy and started - self._balanced_at >= self.settings.balance_every:
            self._balance(census, started)
        return census

    def _balance(self, census: Census, started: float) -> None:
        share = fair_share(census.tables, census.nodes)
        count = to_hand_over(
            self._holding(),
            share,
            handing_over=self._balancing,
            per_round=self.settings.balance_step,
        )
        self._balancing, self._balanced_at = count > 0, started
        if count:
            log.info(
                "this server holds %d of %d tables on %d servers (its share: %d): "
                "it hands %d over",
                self._holding(), census.tables, census.nodes, share, count,
            )  # fmt: skip
            self._handing_over = asyncio.get_running_loop().create_task(self._hand_over(count))

    async def _hand_over(self, count: int) -> None:
        """Hand ``count`` movable tables over, each once it is between hands (a table in a
        hand is never moved; none between hands within :attr:`~LeaseSettings.drain_wait`:
        fewer, the next round tries again)."""
        deadline = self.clock() + self.settings.drain_wait
        handed = 0
        while handed < count and not self._draining and self.clock() < deadline:
            with self._lock:
                held = [
                    lease
                    for lease in self._held
                    if lease not in self._stopped and lease not in self._fresh
                ]
            ready = list(
                itertools.islice(
                    (
                        lease
                        for lease in held
                        if self.owns(lease) and self.movable(lease) and self.between_hands(lease)
                    ),
                    count - handed,
                )
            )
            if not ready:
                await asyncio.sleep(POLL_SECONDS)
                continue
            with self._lock:
                self._stopped.update(ready)  # no new hand starts: nothing acts for them
            await self._release(ready)
            for lease in ready:
                self._released[lease] = self.clock()
                log.info("this server handed table %s over for balance", lease)
            handed += len(ready)

    def _holding(self) -> int:
        with self._lock:
            return len(self._held) - len(self._stopped)

    def _may_take(self, lease: str, unowned_for: float, census: Census | None) -> bool:
        """Whether to take over a table nobody holds: always without a census; else not one
        this process just handed over, and only below its share (or after a lease's
        length unowned, so no table waits on the balance)."""
        if census is None:
            return True
        grace = self.settings.seconds
        released = self._released.get(lease)
        if released is not None and self.clock() - released < grace:
            return False
        share = fair_share(census.tables, census.nodes)
        return may_take(self._holding(), share, unowned_for=unowned_for, grace=grace)

    # ------------------------------------------------------------ inside

    async def _run_statement(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """A lease statement, on the leases' own thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._statements, functools.partial(call, *args, **kwargs)
        )

    def _forget(self, lease: str) -> None:
        """No longer held (the lock is held)."""
        self._held.pop(lease, None)
        self._fresh.discard(lease)
        self._stopped.discard(lease)

    def _tell(self, listeners: list[Listener], leases: list[str]) -> None:
        """Tell each listener of each lease, on the event loop (from any thread)."""
        loop = self._loop
        for lease in leases:
            for listener in listeners:
                if loop is None:
                    listener(lease)
                else:
                    loop.call_soon_threadsafe(listener, lease)
