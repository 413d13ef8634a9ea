"""What the cluster needs of a message broker, and one that lives inside a process.

Publish/subscribe fans notices out to every other process (a process never hears its own:
it knows what it did); request/reply carries a command to the one process that serves a
subject and brings its answer back. :class:`LocalBus` is the
broker of several nodes in one process (the tests'); :mod:`pokerroom.cluster.nats_broker`
is the real one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from pokerroom.errors import PokerroomError

Listener = Callable[[str, bytes], Coroutine[Any, Any, None]]
"""Told each message published on a subscribed subject: ``(subject, payload)``."""
Handler = Callable[[bytes], Awaitable[bytes]]
"""Answers one request."""


class NoAnswerError(PokerroomError, TimeoutError):
    """Nobody serves the subject, or nobody answered in time."""


class Subscription(Protocol):
    async def stop(self) -> None:
        """Receive nothing more on it."""
        ...


class Broker(Protocol):
    async def publish(self, subject: str, payload: bytes) -> None:
        """Every other process subscribed to ``subject`` hears ``payload`` (this one not)."""
        ...

    async def subscribe(self, subject: str, listener: Listener) -> Subscription:
        """Hear every message on ``subject`` (``*`` matches one token)."""
        ...

    async def serve(self, subject: str, handler: Handler) -> Subscription:
        """Answer the requests made on ``subject``."""
        ...

    async def request(self, subject: str, payload: bytes, timeout: float) -> bytes:
        """The answer of whichever other process serves ``subject``, or
        :class:`NoAnswerError`."""
        ...

    async def close(self) -> None: ...


def matches(pattern: str, subject: str) -> bool:
    """Whether ``subject`` is one of ``pattern``'s (NATS wildcards ``*`` and ``>``)."""
    wanted, given = pattern.split("."), subject.split(".")
    for index, token in enumerate(wanted):
        if token == ">":
            return len(given) > index
        if index >= len(given) or token not in ("*", given[index]):
            return False
    return len(wanted) == len(given)


class _Entry:
    def __init__(self, bus: LocalBus, pattern: str, call: Listener | Handler, serves: bool):
        self.bus, self.pattern, self.call, self.serves = bus, pattern, call, serves

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            self.bus.entries.remove(self)


class LocalBus:
    """A broker inside one process, shared by the nodes made on it (one event loop)."""

    def __init__(self) -> None:
        self.entries: list[_Entry] = []
        self.published: list[tuple[str, bytes]] = []
        """Everything published, in order (the tests read it)."""

    def broker(self) -> LocalBroker:
        return LocalBroker(self)


class LocalBroker:
    """One node's door to a :class:`LocalBus`."""

    def __init__(self, bus: LocalBus) -> None:
        self.bus = bus
        self._mine: list[_Entry] = []

    async def publish(self, subject: str, payload: bytes) -> None:
        self.bus.published.append((subject, payload))
        for entry in list(self.bus.entries):
            if not entry.serves and entry not in self._mine and matches(entry.pattern, subject):
                listener: Listener = entry.call  # type: ignore[assignment]
                asyncio.get_running_loop().create_task(listener(subject, payload))

    async def subscribe(self, subject: str, listener: Listener) -> Subscription:
        return self._add(_Entry(self.bus, subject, listener, serves=False))

    async def serve(self, subject: str, handler: Handler) -> Subscription:
        return self._add(_Entry(self.bus, subject, handler, serves=True))

    def _add(self, entry: _Entry) -> _Entry:
        self.bus.entries.append(entry)
        self._mine.append(entry)
        return entry

    async def request(self, subject: str, payload: bytes, timeout: float) -> bytes:
        for entry in list(self.bus.entries):  # a request is published too: never to itself
            if entry.serves and entry not in self._mine and matches(entry.pattern, subject):
                handler: Handler = entry.call  # type: ignore[assignment]
                try:
                    return await asyncio.wait_for(handler(payload), timeout)
                except TimeoutError:
                    raise NoAnswerError(subject) from None
        raise NoAnswerError(subject)

    async def close(self) -> None:
        for entry in self._mine:
            await entry.stop()
        self._mine.clear()
