"""The table WebSocket: ``/ws/tables/{room_id}``, from the handshake to the last frame.

1. The room must exist (else close 4004; a room its viewer may not enter is answered the
   same, by :func:`pokerroom.web.access.guard_rooms` before this socket's code runs) and a
   browser's ``Origin`` must be this server's own host or an allowed one (else close
   4003): a cookie alone must not let another site act for a signed-in player (A-2). A
   table that takes no observers refuses anyone who does not play there with one
   ``observers_off`` frame and closes (4005); the hub does the same to a watcher when
   observers are switched off (:mod:`pokerroom.web.observers`).
2. The first message is ``{"type": "hello", "v": 1}``; another version is told both versions
   and the socket closes (4001); anything else first closes it (4002).
3. Then the current snapshot, and each message checked (:mod:`pokerroom.room.inbound`),
   rate-limited (:mod:`pokerroom.room.flood`, close 4029) and given to the hub. A message
   dropped by the rate limit was not handled: it may be sent again with the same id.
3a. One address, one account and one table hold a bounded number of sockets
   (:mod:`pokerroom.room.socket_caps`): one more is refused (``too_many_sockets``, close
   4008). A user who logs out (or whose roles change) has every socket ended
   (``session_ended``, close 4011; the page connects again as what it now is).
4. A room closed by its host (:meth:`~pokerroom.room.hub.Hub.close_room`) sends each of its
   sockets a last ``closed`` frame, then closes them (4010): the page stops reconnecting.

The viewer is whoever the server's authentication put in the scope (None: an observer).
Its language is the one :class:`~pokerroom.web.language.LanguageMiddleware` chose for the
socket: the refusals here are worded in it, and the hub words every frame for it in it.
The close reasons stay English: they are for machines (the page words the close codes).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass
from enum import IntEnum
from urllib.parse import urlsplit

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from pokerroom.i18n import gettext
from pokerroom.room.failures import describe_failure
from pokerroom.room.hub import Connection, Hub, SocketSettings
from pokerroom.room.inbound import Refusal, message_id, parse_object
from pokerroom.room.outbox import encode
from pokerroom.room.seam import PROTOCOL_VERSION, USER_SCOPE_KEY, Room, User
from pokerroom.web.auth.visitor import VISITOR_SCOPE_KEY, Visitor
from pokerroom.web.connection_limits import address_key
from pokerroom.web.frame_lane import frame_writer
from pokerroom.web.language import scope_language

log = logging.getLogger(__name__)

FLUSH_SECONDS = 1.0
"""How long the last frames (the reason for a close) may take to leave before the close."""
ROOM_CLOSED = "the table was closed by its host"  # machine words: pages word 4010 themselves
MAX_FRAME_BYTES = 4 * SocketSettings().max_message_chars
"""The largest WebSocket message the server reads at all (``pokerroom serve`` tells uvicorn):
the longest message the tables take, in UTF-8's widest characters. A longer one closes the
socket (1009) before it is buffered; one a little over the limit gets ``too_large``."""


class CloseCode(IntEnum):
    """Why the server closed a table socket (the 4000 range is the application's)."""

    VERSION = 4001
    HELLO = 4002
    ORIGIN = 4003
    UNKNOWN_ROOM = 4004
    NO_OBSERVERS = 4005
    TOO_MANY = 4008
    ROOM_CLOSED = 4010
    SESSION_ENDED = 4011
    MOVED = 4012
    """Another server process owns the table now: connect again."""
    FLOOD = 4029


@dataclass(frozen=True, slots=True)
class Close:
    code: CloseCode
    reason: str


ENDINGS = {
    "room_closed": Close(CloseCode.ROOM_CLOSED, ROOM_CLOSED),
    "observers_off": Close(CloseCode.NO_OBSERVERS, "no observers"),  # machine words
    "session_ended": Close(CloseCode.SESSION_ENDED, "session ended"),  # machine words
    "moved": Close(CloseCode.MOVED, "table moved"),  # machine words
}
"""The close for each reason the server ends a connection (:attr:`Connection.end_reason`)."""
CROSS_SITE = Close(CloseCode.ORIGIN, "cross-site socket refused")  # machine words
TOO_MANY = Close(CloseCode.TOO_MANY, "too many sockets")  # machine words
NO_HELLO = Close(CloseCode.HELLO, "no hello")  # machine words
UNKNOWN_ROOM = Close(CloseCode.UNKNOWN_ROOM, "unknown table")  # machine words
"""Close reasons are for programs: a page words the refusal frame sent before the close."""


def table_route(hub: Hub, path: str = "/ws/tables/{room_id}") -> WebSocketRoute:
    """The Starlette route of the table sockets, served by ``hub``."""

    async def endpoint(websocket: WebSocket) -> None:
        await serve_table_socket(hub, websocket)

    return WebSocketRoute(path, endpoint, name="table_socket")


def viewer_of(websocket: WebSocket) -> User | None:
    """The signed-in user the authentication middleware put in the scope, or None."""
    user = websocket.scope.get(USER_SCOPE_KEY)
    return user if isinstance(user, User) else None


async def serve_table_socket(hub: Hub, websocket: WebSocket) -> None:
    """Run one table connection until either side closes it."""
    await websocket.accept()
    room_id = str(websocket.path_params.get("room_id", ""))
    if not _origin_allowed(websocket, hub.settings.allowed_origins):
        origin = Refusal("origin", gettext("this page may not open a table socket of this server"))
        await _refuse(websocket, origin, CROSS_SITE)
        return
    room = hub.rooms.get(room_id)
    if room is None:
        await _refuse_unknown(websocket, room_id)
        return
    why = hub.refusal_to_watch(room_id, viewer_of(websocket))
    if why is not None:
        refused = Refusal("observers_off", why)
        await _refuse(websocket, refused, ENDINGS["observers_off"])
        return
    viewer = viewer_of(websocket)
    client = websocket.client.host if websocket.client else "unknown"
    place = hub.counter.take(address_key(client), None if viewer is None else viewer.id, room_id)
    if isinstance(place, str):
        too_many = Refusal("too_many_sockets", place)
        await _refuse(websocket, too_many, TOO_MANY)
        return
    try:
        await _serve_counted(hub, websocket, room)
    finally:
        hub.counter.give_back(place)


async def _serve_counted(hub: Hub, websocket: WebSocket, room: Room) -> None:
    """From the hello to the last frame, the socket's place in the caps taken."""
    if not await _handshake(hub, websocket):
        return
    lane = frame_writer(websocket)
    connection = hub.connect(
        room,
        viewer_of(websocket),
        lane.send,
        _session(websocket),
        scope_language(websocket.scope),
        send_now=lane.now,
    )
    loop = asyncio.get_running_loop()
    writer = loop.create_task(connection.outbox.run())
    ender = loop.create_task(_close_when_ended(connection, writer, websocket))
    close: Close | None = None
    try:
        close = await _read(hub, connection, websocket)
    finally:
        ender.cancel()
        hub.disconnect(connection)
        if close is None:
            writer.cancel()
        else:
            connection.outbox.finish()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(writer), FLUSH_SECONDS)
            writer.cancel()
    if close is not None:
        with contextlib.suppress(Exception):
            await websocket.close(close.code, close.reason)


async def _close_when_ended(
    connection: Connection, writer: asyncio.Task[None], websocket: WebSocket
) -> None:
    """The server ended the connection (its room closed, or it may no longer watch): send
    what is queued, the last frame saying why, then close; the reader then sees the
    client's goodbye."""
    await connection.ended.wait()
    connection.outbox.finish()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(writer), FLUSH_SECONDS)
    close = ENDINGS.get(connection.end_reason, ENDINGS["room_closed"])
    with contextlib.suppress(Exception):
        await websocket.close(close.code, close.reason)


async def _handshake(hub: Hub, websocket: WebSocket) -> bool:
    """Wait for ``hello`` in our version; False (the socket closed) otherwise."""
    hello = f'{{"type": "hello", "v": {PROTOCOL_VERSION}}}'  # machine words
    hello_first = gettext("the first message must be {hello}").format(hello=hello)
    try:
        event = await asyncio.wait_for(websocket.receive(), hub.settings.hello_seconds)
    except TimeoutError:
        within = gettext("{said}, within {seconds} s").format(
            said=hello_first, seconds=f"{hub.settings.hello_seconds:g}"
        )
        late = Refusal("hello", within)
        await _refuse(websocket, late, NO_HELLO)
        return False
    if event["type"] == "websocket.disconnect":
        return False
    message = parse_object(event.get("text"), hub.settings.max_message_chars)
    if isinstance(message, Refusal) or message["type"] != "hello" or "v" not in message:
        await _refuse(websocket, Refusal("hello", hello_first), NO_HELLO)
        return False
    version = message["v"]
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        shown = json.dumps(version)[:20]  # "1", a string, is not 1
        mismatch = Refusal(
            "version",
            gettext(
                "this server speaks protocol version {version}, "
                "the client sent version {sent}: reload the page"
            ).format(version=PROTOCOL_VERSION, sent=shown),
        )
        await _refuse(
            websocket,
            mismatch,
            Close(CloseCode.VERSION, f"version {shown} is not {PROTOCOL_VERSION}"),  # machine words
        )
        return False
    return True


async def _read(hub: Hub, connection: Connection, websocket: WebSocket) -> Close | None:
    """Hand each message to the hub; the close to send, or None when the client left."""
    settings = hub.settings
    while True:
        event = await websocket.receive()
        if event["type"] == "websocket.disconnect":
            return None
        if connection.ended.is_set():
            continue  # the room is closed: nothing more reaches it
        message = parse_object(event.get("text"), settings.max_message_chars)
        ref = None if isinstance(message, Refusal) else _ref(message)
        if not connection.flood.allow(hub.clock()):
            if connection.flood.exhausted:
                closed = gettext("too many messages: the connection is closed")
                flood = Refusal("flood", closed, ref)
                connection.outbox.post(flood.frame())
                return Close(CloseCode.FLOOD, "too many messages")  # machine words
            rate = gettext("at most {rate} messages a second; this one was dropped").format(
                rate=f"{settings.flood.rate:g}"
            )
            connection.outbox.post(Refusal("rate_limit", rate, ref).frame())
            continue
        if isinstance(message, Refusal):
            connection.outbox.post(message.frame())
            continue
        try:
            hub.deliver(connection, message)
        except Exception as exc:  # the hub's own defect: keep it off the wire
            log.error("delivering a message failed: %s", describe_failure(exc))
            failed = Refusal("server_error", gettext("the server failed on this message"))
            connection.outbox.post(failed.frame())


async def refuse_unknown_room(websocket: WebSocket, room_id: str) -> None:
    """Accept the socket only to say there is no such table, and close it (4004)."""
    await websocket.accept()
    await _refuse_unknown(websocket, room_id)


async def _refuse_unknown(websocket: WebSocket, room_id: str) -> None:
    unknown = Refusal(
        "unknown_room", gettext("there is no table {name}").format(name=repr(room_id[:40]))
    )
    await _refuse(websocket, unknown, UNKNOWN_ROOM)


async def _refuse(websocket: WebSocket, refusal: Refusal, close: Close) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(encode(refusal.frame()))
        await websocket.close(close.code, close.reason)


def _session(websocket: WebSocket) -> str | None:
    """The token of the session the socket was opened in, as the authentication found it."""
    visitor = websocket.scope.get(VISITOR_SCOPE_KEY)
    return visitor.session_token if isinstance(visitor, Visitor) else None


def _ref(message: dict[str, object]) -> str | None:
    ref = message_id(message)
    return None if isinstance(ref, Refusal) else ref


def _origin_allowed(websocket: WebSocket, allowed: frozenset[str]) -> bool:
    """No Origin (not a browser), this server's own host, or one the settings allow."""
    origin = websocket.headers.get("origin")
    if origin is None or origin in allowed:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")
