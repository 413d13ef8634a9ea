"""A :class:`~pokerroom.client.link.TableLink` over the network: one table socket of a
cardroom, kept open through drops and server restarts.

The socket (``/ws/tables/<id>``, the ``websockets`` library) carries the session cookie
and the server's own ``Origin``, as the browser's page does, and starts with
``{"type": "hello", "v": 1}``. Every frame is checked against the protocol
(:mod:`pokerroom.protocol.server`). When the connection drops, the link waits 1, 2, 4 …
30 s (with jitter) between attempts until it is back; the first frame after each hello
is a fresh snapshot, so the table resumes where it is. Each message gets a unique id
and is kept until answered (:mod:`pokerroom.client.outstanding`), then written again
after a reconnect; the server drops an id it already has. A frame sending the player
to another table (``you.moved_to``, a tournament's move) is followed at once.

What cannot get better by trying again ends the link with one line (:attr:`failure`):
another protocol version, a table that does not exist or is private, a refused handshake.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import secrets
from collections.abc import AsyncGenerator, AsyncIterator, Iterator, Mapping
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI
from websockets.typing import Origin

from pokerroom.client.backoff import FIRST_DELAY, reconnect_delays
from pokerroom.client.errors import ClientError, VersionMismatchError
from pokerroom.client.http import Server
from pokerroom.client.link import LinkFrame, LinkState
from pokerroom.client.outstanding import Unanswered
from pokerroom.client.saved_sessions import Session
from pokerroom.client.signing_in import SESSION_COOKIE
from pokerroom.i18n import current_language
from pokerroom.protocol.server import FrameError, parse_frame
from pokerroom.protocol.version import PROTOCOL_VERSION

OPEN_SECONDS = 10.0
"""How long opening a socket may take before the attempt counts as failed."""
FOR_GOOD = {"version", "unknown_room", "origin", "hello", "observers_off"}
"""Refusals at the handshake that trying again cannot change."""
REFUSED_FOR_GOOD = frozenset({4001, 4002, 4003, 4004, 4005, 4010, 1008})
"""The server's close codes for the same (``web.table_socket.CloseCode``; 4005: the table
takes no observers, 4010: its host closed it), and a policy violation: a socket from
another site."""


def notice(state: LinkState, message: str) -> LinkFrame:
    return {"type": "link", "state": state, "message": message}


MOVING_TRIES = 5
"""How often a message refused because its table is moving is sent in all."""
MOVING_WAIT = 1.0
"""Seconds before it is sent again."""
MOVING_KEPT = 64


class ServerLink:
    """One table of ``server`` as ``session``'s account (None: an observer) sees it."""

    def __init__(
        self,
        server: Server,
        room_id: str,
        session: Session | None,
        *,
        first_delay: float = FIRST_DELAY,
        rng: random.Random | None = None,
    ) -> None:
        self.server = server
        self.room_id = room_id
        self.session = session
        self.failure: ClientError | None = None
        """Why the link ended by itself, for good; None while it runs or after close()."""
        self._rng = rng or random.Random()
        self._first_delay = first_delay
        self._prefix = secrets.token_hex(4)
        self._ids = itertools.count(1)
        self._unanswered = Unanswered()
        self._moving: dict[str, tuple[dict[str, Any], int]] = {}
        """Recent messages by id, with how often each was sent again after "moving"."""
        self._retries: set[asyncio.Task[None]] = set()
        self._last: Mapping[str, Any] | None = None
        self._socket: ClientConnection | None = None
        self._serial = 0
        self._closed = asyncio.Event()
        self._writing = asyncio.Lock()
        """Held while writing: a message typed during the resending waits its turn, so
        messages reach the server in the order they were written down."""

    # ------------------------------------------------------------ TableLink

    async def frames(self) -> AsyncGenerator[Mapping[str, object], None]:
        """Every frame of the table, across reconnects, then one ``closed`` notice."""
        delays = self._fresh_delays()
        attempt_failed = False
        while not self._closed.is_set():
            reached = False
            try:
                async for frame in self._one_connection():
                    reached = True
                    if attempt_failed or frame["type"] == "link":
                        attempt_failed = False
                        delays = self._fresh_delays()
                    yield frame
            except ClientError as error:
                self.failure = error
                break
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake) as error:
                attempt_failed = True
                reason = _reason(error)
            else:
                reason = "the server closed the connection"
            finally:
                self._socket = None
            if self._closed.is_set():
                break
            if self._follow():
                continue
            wait = next(delays)
            lost = reached or not attempt_failed  # a drop, or an attempt that failed again
            word = "connection lost" if lost else "still unreachable"
            yield notice("reconnecting", f"{word} ({reason}): trying again in {wait:.1f} s")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closed.wait(), wait)
        message = "left the table" if self.failure is None else str(self.failure)
        yield notice("closed", message)

    async def send(self, message: Mapping[str, object], tries: int = 0) -> None:
        """Give ``message`` its id and write it now, or on the next connection (``tries``:
        how often it was sent before and refused because its table was moving)."""
        if self._closed.is_set() or self.failure is not None:
            raise ClientError("the link to the table is closed")
        data: dict[str, Any] = {**message, "id": f"{self._prefix}.{next(self._ids)}"}
        hand = None if self._last is None else self._last.get("hand")
        if data.get("type") == "act" and "turn" not in data and hand is not None:
            data["turn"] = hand["turn"]  # a resent act can only act on its own moment
        self._unanswered.add(data, self._last)
        self._moving[data["id"]] = (dict(message), tries)
        if len(self._moving) > MOVING_KEPT:
            del self._moving[next(iter(self._moving))]
        async with self._writing:
            socket = self._socket
            if socket is not None:
                await self._write(socket, data)

    async def close(self) -> None:
        """Leave the table: the socket closes and :meth:`frames` ends."""
        self._closed.set()
        socket = self._socket
        if socket is not None:
            with contextlib.suppress(Exception):
                await socket.close()

    # ------------------------------------------------------------ one connection

    @property
    def pending(self) -> int:
        """Messages sent and not answered yet."""
        return len(self._unanswered)

    async def _one_connection(self) -> AsyncIterator[Mapping[str, object]]:
        headers: dict[str, str] = {"Accept-Language": current_language()}  # frames in it
        if self.session is not None:
            headers["Cookie"] = f"{SESSION_COOKIE}={self.session.token}"
        url = self.server.socket_url(self.room_id)
        try:
            opened = connect(
                url,
                origin=Origin(self.server.origin),
                additional_headers=headers,
                open_timeout=OPEN_SECONDS,
                proxy=None,
            )
        except InvalidURI:
            raise ClientError(f"{url!r} is not a table address") from None
        try:
            socket = await opened
        except InvalidStatus as error:
            status = error.response.status_code
            if status < 500:
                raise ClientError(f"the server refused the table connection ({status})") from None
            raise
        async with socket:
            with contextlib.suppress(ConnectionClosed):  # a refusal may already be on its way
                await socket.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION}))
            try:
                first = self._read(await socket.recv())
            except ConnectionClosed as closed:
                why = closed.rcvd
                if why is not None and why.code in REFUSED_FOR_GOOD:
                    raise ClientError(f"the server refused the table: {why.reason}") from None
                raise
            if first["type"] == "error":
                code, line = first["code"], first["message"]
                if code == "version":
                    raise VersionMismatchError(
                        f"protocol version mismatch: the server does not speak version "
                        f"{PROTOCOL_VERSION} of the table protocol; update pokerroom to play there"
                    )
                if code in FOR_GOOD:
                    raise ClientError(f"the server refused the table: {line}")
            self._serial += 1
            self._note(first)
            yield notice("connected", f"connected to table {self.room_id}")
            yield first
            if self._closed.is_set() or self._follow_needed(first):
                return  # closed while the first frame was read: the socket was not kept yet
            async with self._writing:
                self._socket = socket
                for message in self._unanswered.unwritten(self._serial):
                    await self._write(socket, message)
            async for raw in socket:
                frame = self._read(raw)
                if frame["type"] == "closed":
                    raise ClientError(str(frame["message"]))  # the room is gone: no retry
                if self._note(frame):
                    yield frame
                if self._follow_needed(frame):
                    return

    def _read(self, raw: str | bytes) -> Mapping[str, Any]:
        try:
            frame: Mapping[str, Any] = parse_frame(raw)
        except FrameError as error:
            raise ClientError(str(error)) from None
        return frame

    def _note(self, frame: Mapping[str, Any]) -> bool:
        """Learn from ``frame`` what was answered; False when it is not worth showing."""
        if frame["type"] == "table":
            self._last = frame
            self._unanswered.table(frame)
            return True
        if frame["type"] == "error" and isinstance(frame.get("ref"), str):
            ours = frame["ref"].startswith(f"{self._prefix}.")
            if frame["code"] == "moving" and ours and self._send_again(frame["ref"]):
                return False
            return not (self._unanswered.refused(frame["ref"], frame["code"]) and ours)
        return True

    def _send_again(self, ref: str) -> bool:
        """A message its table's owner could not take (another server takes the table over):
        sent again under a new id a second later, up to :data:`MOVING_TRIES` times."""
        message, tries = self._moving.pop(ref, ({}, MOVING_TRIES))
        if tries + 1 >= MOVING_TRIES:
            return False

        async def later() -> None:
            await asyncio.sleep(MOVING_WAIT)
            with contextlib.suppress(ClientError):
                await self.send(message, tries + 1)

        task = asyncio.get_running_loop().create_task(later())
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)
        return True

    async def _write(self, socket: ClientConnection, message: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionClosed):  # kept: written again after a reconnect
            await socket.send(json.dumps(message))
            self._unanswered.written(str(message["id"]), self._serial)

    # ------------------------------------------------------------ moves

    def _follow_needed(self, frame: Mapping[str, Any]) -> bool:
        moved = frame.get("you", {}).get("moved_to") if frame["type"] == "table" else None
        return isinstance(moved, str) and moved != self.room_id

    def _follow(self) -> bool:
        """After a move (``you.moved_to``): switch to the new table; True if so."""
        last = self._last
        moved = None if last is None else last.get("you", {}).get("moved_to")
        if not isinstance(moved, str) or moved == self.room_id:
            return False
        self.room_id = moved
        self._last = None
        return True

    def _fresh_delays(self) -> Iterator[float]:
        return reconnect_delays(self._rng, first=self._first_delay)


def _reason(error: BaseException) -> str:
    if isinstance(error, ConnectionClosed):  # the server's reason, when it gave one
        said = "" if error.rcvd is None else error.rcvd.reason
        return said or "the connection dropped"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, TimeoutError):
        return "no answer"
    return str(error) or type(error).__name__
