"""uvicorn's server, made to hand its tables over before it stops (SIGTERM, Ctrl+C) when
it shares its database with other server processes."""

from __future__ import annotations

import socket

import uvicorn

from pokerroom.cluster.ownership import Ownership


class DrainingServer(uvicorn.Server):
    """Drains ``ownership`` (each table handed over between hands, its play saved), then
    shuts down as uvicorn does; while it drains, the tables not yet handed over play on."""

    def __init__(self, config: uvicorn.Config, ownership: Ownership | None) -> None:
        super().__init__(config)
        self.ownership = ownership

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self.ownership is not None:
            await self.ownership.drain()
        await super().shutdown(sockets)
