"""The seam between the terminal table and a connection to one table on a server.

The terminal table never sees a socket: it reads a :class:`TableLink`'s frames and sends
plain client messages through it. The link adds each message's ``id`` and keeps it until the
server has answered, so across a reconnect nothing typed is lost or sent twice. Besides the
server's own frames, a link yields :class:`LinkFrame` notices of its own state, so a screen
can say "reconnecting" without knowing how.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Mapping
from typing import Literal, Protocol, TypedDict

LinkState = Literal["connected", "reconnecting", "closed"]


class LinkFrame(TypedDict):
    """The link's own notice: ``{"type": "link", "state": ..., "message": one line}``."""

    type: Literal["link"]
    state: LinkState
    message: str


class TableLink(Protocol):
    """One table on a server, as the terminal table plays it."""

    def frames(self) -> AsyncGenerator[Mapping[str, object], None]:
        """Every frame for this viewer in order, across reconnects; ends when the link closes."""
        ...

    async def send(self, message: Mapping[str, object]) -> None:
        """Send one client message (``{"type": "act", ...}``, no ``id``: the link adds it)."""
        ...

    async def close(self) -> None:
        """Leave the table: the socket closes and :meth:`frames` ends."""
        ...
