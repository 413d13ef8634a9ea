"""uvicorn's server, made to hand its tables over before it stops (SIGTERM, Ctrl+C) when
it shares its database with other server processes, and to settle its heap once started."""

from __future__ import annotations

import asyncio
import contextlib
import socket

import uvicorn

from pokerroom.cluster.ownership import Ownership
from pokerroom.room.hub import Hub
from pokerroom.web.heap import settle_heap

FLUSH_SECONDS = 2.0
"""How long the table sockets may take to send their last frame (the table moved) and close."""


class DrainingServer(uvicorn.Server):
    """Drains ``ownership`` (each table handed over between hands, its play saved), tells
    every socket its table moved (the page connects again, to another process), then shuts
    down as uvicorn does; while it drains, the tables not yet handed over play on."""

    def __init__(self, config: uvicorn.Config, ownership: Ownership | None, hub: Hub) -> None:
        super().__init__(config)
        self.ownership = ownership
        self.hub = hub

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """Start as uvicorn does (the app's tables loaded), then settle the heap
        (:mod:`pokerroom.web.heap`)."""
        await super().startup(sockets)
        settle_heap()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self.ownership is not None:
            await self.ownership.drain()
            self.hub.moved_all()  # the tables are run elsewhere now: reconnect there
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(FLUSH_SECONDS):
                    while self.hub.counter.open():
                        await asyncio.sleep(0.02)
        await super().shutdown(sockets)
