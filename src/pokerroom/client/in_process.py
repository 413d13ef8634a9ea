"""A :class:`~pokerroom.client.link.TableLink` to a room in this process, through its hub.

The local terminal table (``pokerroom play``) runs a room and a hub in the same process as
its screen; this link is the socket between them. The hub builds each frame for this link's
viewer and encodes it as it would for a WebSocket (its outbox); the link reads the text back
with the protocol's own check (:func:`pokerroom.protocol.server.parse_frame`), so the screen
gets exactly what ``pokerroom connect`` would get from a server. Messages get ids as over the
network and go to :meth:`Hub.deliver <pokerroom.room.hub.Hub.deliver>`. Nothing is lost in
between, so there is no reconnecting: the link is connected until it is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncGenerator, Mapping
from typing import Any

from pokerroom.client.errors import ClientError
from pokerroom.client.link import LinkFrame, LinkState
from pokerroom.i18n import DEFAULT_LANGUAGE, Language
from pokerroom.protocol.server import parse_frame
from pokerroom.room.hub import Connection, Hub
from pokerroom.room.seam import Room, User

_END = None
"""The queue's mark that the connection ended."""


def notice(state: LinkState, message: str) -> LinkFrame:
    return {"type": "link", "state": state, "message": message}


class InProcessLink:
    """``room`` of ``hub`` as ``viewer`` (None: an observer) sees it, in this process.

    The hub's clock task must run (``async with hub.running()``) for time to act.
    """

    def __init__(
        self,
        hub: Hub,
        room: Room,
        viewer: User | None,
        *,
        language: Language = DEFAULT_LANGUAGE,
    ) -> None:
        self.hub = hub
        self.room = room
        self.viewer = viewer
        self.language = language
        self._ids = itertools.count(1)
        self._queue: asyncio.Queue[Mapping[str, Any] | None] = asyncio.Queue()
        self._connection: Connection | None = None
        self._writer: asyncio.Task[None] | None = None
        self._closed = False
        self._last: Mapping[str, Any] | None = None

    def open(self) -> None:
        """Connect to the hub now (else the first :meth:`frames` does): the room learns the
        viewer is here, and the current snapshot is on its way."""
        if self._connection is not None or self._closed:
            return
        connection = self._connection = self.hub.connect(
            self.room, self.viewer, self._receive, language=self.language
        )
        self._writer = asyncio.get_running_loop().create_task(self._write(connection))

    async def _write(self, connection: Connection) -> None:
        """The hub's outbox for this viewer, until it ends (the room closed) or is closed."""
        ended = asyncio.ensure_future(connection.ended.wait())
        writer = asyncio.ensure_future(connection.outbox.run())
        try:
            await asyncio.wait({ended, writer}, return_when=asyncio.FIRST_COMPLETED)
            connection.outbox.finish()
            await writer
        finally:
            ended.cancel()
            writer.cancel()
            self._queue.put_nowait(_END)

    async def _receive(self, text: str) -> None:
        frame: Mapping[str, Any] = parse_frame(text)
        if frame["type"] == "table":
            self._last = frame
        self._queue.put_nowait(frame)

    # ------------------------------------------------------------ TableLink

    async def frames(self) -> AsyncGenerator[Mapping[str, object], None]:
        """Every frame for this viewer in order, then a ``closed`` notice."""
        self.open()
        while (frame := await self._queue.get()) is not _END:
            if frame["type"] == "closed":
                self._closed = True
                yield notice("closed", str(frame["message"]))
                return
            yield frame
        yield notice("closed", "left the table")

    async def send(self, message: Mapping[str, object]) -> None:
        """Give ``message`` an id (and an act its turn) and hand it to the hub."""
        connection = self._connection
        if self._closed or connection is None:
            raise ClientError("the link to the table is closed")
        data: dict[str, object] = {**message, "id": f"local.{next(self._ids)}"}
        hand = None if self._last is None else self._last.get("hand")
        if data.get("type") == "act" and "turn" not in data and hand is not None:
            data["turn"] = hand["turn"]
        self.hub.deliver(connection, data)

    async def close(self) -> None:
        """Leave the table: the hub forgets this viewer's connection; :meth:`frames` ends."""
        if self._closed:
            return
        self._closed = True
        connection, writer = self._connection, self._writer
        if connection is not None:
            self.hub.disconnect(connection)
            connection.ended.set()
        if writer is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await writer
        else:
            self._queue.put_nowait(_END)
