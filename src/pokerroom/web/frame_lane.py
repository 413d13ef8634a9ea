"""A table socket's frames go straight to the server's socket, past the middleware.

Every change sends a frame to every seat, and each layer that wraps ``send`` (Starlette's
``WebSocket``, its exception handler, the last resort's exchange) added a coroutine to
every frame: a fifth of the Python work of sending one. Those layers look only at a
socket's accept and its close, never at a frame in between, so this middleware, the
outermost, keeps the server's own ``send`` in the scope and the table socket's outbox
writes its frames with it (:func:`frame_sender`); accepts and closes still go through
every layer.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

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


def frame_sender(websocket: WebSocket) -> Callable[[str], Awaitable[None]]:
    """Writes one text frame on an accepted ``websocket``: through the server's own
    ``send`` when the app runs under :class:`FrameLaneMiddleware`."""
    server_send: Send | None = websocket.scope.get(SERVER_SEND)
    if server_send is None:
        return websocket.send_text

    async def send_frame(text: str) -> None:
        await server_send({"type": "websocket.send", "text": text})

    return send_frame
