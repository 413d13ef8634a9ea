"""One connection's outgoing frames, written by one task in the order they were posted.

A room change only marks the connection stale; its snapshot is built when the writer gets to
it, so a burst of changes costs one snapshot, a slow client never delays the others, and no
two tasks ever write to the same socket. The snapshot is always built for the connection's
own viewer (X-4): the outbox is given that one rendering function (which returns the frame's
UTF-8 text, :mod:`pokerroom.room.shared_frames`) and nothing else. A frame is written at
once where the socket takes it without waiting (:data:`SendNow`), else awaited (:data:`Send`).
"""

from __future__ import annotations

import asyncio
import logging
from _json import make_encoder
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from json.encoder import encode_basestring_ascii

import orjson

from pokerroom.i18n import gettext
from pokerroom.room.failures import describe_failure
from pokerroom.room.inbound import error_frame
from pokerroom.room.seam import Frame

log = logging.getLogger(__name__)

Send = Callable[[str], Awaitable[None]]
"""Writes one text frame to the socket."""

SendNow = Callable[[bytes], bool]
"""Writes one text frame, given as its UTF-8, at once if the socket takes it without
waiting; False when it cannot now (it is closing, or its client reads too slowly), and the
frame then goes by :data:`Send`."""

_SNAPSHOT = None
"""The queue's placeholder for "the current snapshot, built when sent"."""


def encode(frame: Frame | object) -> str:
    """Compact JSON of a frame or of a part of one; nested mappings become objects."""
    return encode_utf8(frame).decode()


def encode_utf8(frame: Frame | object) -> bytes:
    """:func:`encode` as UTF-8, as a socket sends it.

    Written by orjson, four times as fast as the standard library's encoder here; what
    orjson refuses (a lone surrogate, which a client's JSON may carry in a message id, a
    key that is not a string, an integer past 64 bits) the standard library writes, every
    character past ASCII escaped."""
    try:
        return orjson.dumps(frame, default=_plain)
    except orjson.JSONEncodeError:
        return "".join(_ENCODE(frame, 0)).encode()


def _plain(value: object) -> object:
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"a frame holds a {type(value).__name__}, which is not JSON")


_ENCODE = make_encoder(None, _plain, encode_basestring_ascii, None, ":", ",", False, False, True)
"""The standard library's C encoder made once, for what orjson refuses: compact, no check
for cycles (a frame is a tree the room built, never a cycle)."""


class Outbox:
    """Frames for one socket: direct ones (errors) and coalesced snapshots."""

    def __init__(
        self, render: Callable[[], bytes], send: Send, send_now: SendNow | None = None
    ) -> None:
        self._render = render
        self._send = send
        self._send_now = send_now
        self._queue: deque[Frame | None] = deque()
        self._snapshot_queued = False
        self._closing = False
        self._waiting: asyncio.Future[None] | None = None
        """What :meth:`run` waits on while there is nothing to send (a future, not an
        ``asyncio.Event``: one is made only when the writer has caught up)."""

    def post(self, frame: Frame) -> None:
        """Send ``frame`` after everything posted before it."""
        self._queue.append(frame)
        self._wake()

    def refresh(self) -> None:
        """Send the current snapshot; one already waiting covers this change too."""
        if not self._snapshot_queued:
            self._snapshot_queued = True
            self._queue.append(_SNAPSHOT)
        self._wake()

    @property
    def pending(self) -> int:
        return len(self._queue)

    def finish(self) -> None:
        """Stop after sending what is queued."""
        self._closing = True
        self._wake()

    def _sent_now(self, data: bytes) -> bool:
        """Whether ``data`` went at once. A failure of the writer itself (not of the
        socket: it says False then) is the server's defect: logged, and the frames go by
        the awaited send from then on."""
        send_now = self._send_now
        if send_now is None:
            return False
        try:
            return send_now(data)
        except Exception as exc:
            log.error("writing a frame at once failed: %s", describe_failure(exc))
            self._send_now = None
            return False

    def _wake(self) -> None:
        """Let :meth:`run` go on if it waits for something to send."""
        waiting = self._waiting
        if waiting is not None:
            self._waiting = None
            if not waiting.done():
                waiting.set_result(None)

    async def run(self) -> None:
        """Write frames until :meth:`finish` empties the queue or the socket fails."""
        loop = asyncio.get_running_loop()  # once: Python 3.11 asks the kernel at every call
        while True:
            if not self._queue and not self._closing:
                self._waiting = loop.create_future()
                await self._waiting
            while self._queue:
                data = self._next_frame()
                if data is None or self._sent_now(data):
                    continue
                try:
                    await self._send(data.decode())
                except Exception:  # the client is gone; its reader ends the connection
                    return
            if self._closing:
                return

    def _next_frame(self) -> bytes | None:
        item = self._queue.popleft()
        if item is _SNAPSHOT:
            self._snapshot_queued = False
        try:
            return self._render() if item is None else encode_utf8(item)
        except Exception as exc:
            log.error("building a frame failed: %s", describe_failure(exc))
            if item is None:
                why = gettext("the server could not show the table")
                failed = error_frame("server_error", why, None)
                return encode_utf8(failed)
            return None
