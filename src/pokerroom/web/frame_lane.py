"""A table socket's frames go straight to the server's socket, past the middleware.

Every change sends a frame to every seat, and each layer that wraps ``send`` (Starlette's
``WebSocket``, its exception handler, the last resort's exchange) added a coroutine to
every frame. Those layers look only at a socket's accept and its close, never at a frame
in between, so this middleware, the outermost, keeps the server's own ``send`` in the
scope, and the table socket's outbox writes its frames with it (:func:`frame_writer`);
accepts and closes still go through every layer.

Under uvicorn's WebSocket protocol (the one ``pokerroom serve`` runs, and guards,
:mod:`pokerroom.web.connection_guard`) a frame is written without a coroutine at all: its
UTF-8, as the outbox encoded it, is framed by the connection's own ``websockets`` protocol
and written to the transport, with the checks uvicorn's ``send`` makes first (the socket
open, its close not sent, its client reading). Whenever one fails the frame goes by
``send``, which waits for the client or says the socket is gone. Those steps, and the
text's decoding and encoding again, were a tenth of the serving thread's CPU an action
(``bench_server.py --think 0``: 0.50 → 0.45 ms, medians of 9 runs).
"""

from __future__ import annotations

from typing import NamedTuple

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from pokerroom.room.outbox import Send as SendText
from pokerroom.room.outbox import SendNow

SERVER_SEND = "pokerroom.server_send"
"""The scope key of the server's own ``send`` (a WebSocket's scope only)."""


class FrameLaneMiddleware:
    """Keeps a socket's unwrapped ``send`` in its scope."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[SERVER_SEND] = send
        await self.app(scope, receive, send)


class FrameWriter(NamedTuple):
    """How an accepted socket's frames are written: awaited, and at once where it can."""

    send: SendText
    now: SendNow | None


def frame_writer(websocket: WebSocket) -> FrameWriter:
    """The writer of an accepted ``websocket``'s text frames: through the server's own
    ``send`` when the app runs under :class:`FrameLaneMiddleware`, and straight to
    uvicorn's protocol when that is the server."""
    server_send: Send | None = websocket.scope.get(SERVER_SEND)
    if server_send is None:
        return FrameWriter(websocket.send_text, None)

    async def send_frame(text: str) -> None:
        """Through the server's ``send``: it waits while the client does not read."""
        await server_send({"type": "websocket.send", "text": text})

    protocol = getattr(server_send, "__self__", None)
    if not isinstance(protocol, WebSocketsSansIOProtocol):
        return FrameWriter(send_frame, None)

    def send_now(data: bytes) -> bool:
        """Written if uvicorn's ``send`` would write it without waiting (a transport
        closing also covers a client gone: uvicorn marks it so only once it is closed)."""
        if (
            protocol.close_sent
            or not protocol.handshake_complete
            or protocol.initial_response is not None
            or not protocol.writable.is_set()
            or protocol.transport.is_closing()
        ):
            return False
        try:
            protocol.conn.send_text(data)
        except InvalidState:  # closing: ``send`` tells the outbox the socket is gone
            return False
        protocol.transport.write(b"".join(protocol.conn.data_to_send()))
        return True

    return FrameWriter(send_frame, send_now)
