"""The chat as most viewers of one change read it, built once for them all.

A viewer who moderates nothing, mutes nobody's way and is muted by nobody, and ignores
no one (or never did) reads what every such viewer who sits as he does (at the table or
not) reads: the chat's frame depends on nothing else of his. So for one shared frame (one
change of the room, in one language, :mod:`pokerroom.room.shared_frames`) it is built once
per kind, and the same object is handed to each. Anyone else still gets his own.
"""

from __future__ import annotations

from collections.abc import Callable

from pokerroom.chat.room_chat import RoomChat
from pokerroom.protocol.chat_frames import ChatFrame
from pokerroom.room.seam import Frame


class SharedChat:
    """The plain viewers' chat frames of the last shared frame seen."""

    def __init__(self) -> None:
        self._over: Frame | None = None
        self._frames: dict[bool, ChatFrame] = {}

    def __getstate__(self) -> dict[str, object]:
        """A checkpoint keeps none: they are built again for the next change."""
        return {"_over": None, "_frames": {}}

    def frame(
        self,
        shared: Frame,
        chat: RoomChat,
        viewer: int,
        seated: bool,
        build: Callable[[], ChatFrame],
    ) -> ChatFrame | None:
        """The frame of a plain viewer (``build`` makes it for the first one over
        ``shared``); None if ``viewer`` is not plain (he mutes, is muted or ignores: his
        own is to be built)."""
        if viewer in chat.mutes or viewer in chat.ignored:
            return None
        if shared is not self._over:
            self._over, self._frames = shared, {}
        frame = self._frames.get(seated)
        if frame is None:
            frame = self._frames[seated] = build()
        return frame
