"""A form's answer (a registration's 200, a new table's redirect) only once it is saved.

:class:`SavedAnswers` holds the start of the answer to every request that may change
something (any method but GET, HEAD and OPTIONS) until everything the server queued for
saving by then is committed: it awaits the writer's future
(:meth:`~pokerroom.storage.rooms.writer.RoomWriter.when_saved`), completed from the
writer's thread, so the event loop serves everyone else meanwhile. When the database does
not take it within ``wait`` seconds the answer is a 503 that says so: what was asked is
kept in order and saved when the database is back.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerroom.i18n import N_
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.web.errors import error_response

READS = frozenset({"GET", "HEAD", "OPTIONS"})
NOT_SAVED = N_(
    "the room cannot save now: what you asked is kept and is saved when the database "
    "is back; reload in a moment to see it"
)
"""A marked message: the error page says it in the visitor's language."""


class SavedAnswers:
    """ASGI middleware: an answer that tells of a change waits until the change is saved."""

    def __init__(self, app: ASGIApp, saves: RoomWriter, wait: float) -> None:
        self.app = app
        self.saves = saves
        self.wait = wait

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in READS:
            await self.app(scope, receive, send)
            return
        refused = False

        async def send_when_saved(message: Message) -> None:
            nonlocal refused
            if message["type"] == "http.response.start":
                saved = asyncio.wrap_future(self.saves.when_saved())
                try:
                    await asyncio.wait_for(saved, self.wait)
                except TimeoutError:
                    refused = True
                    await error_response(scope, 503, NOT_SAVED)(scope, receive, send)
                    return
            if not refused:
                await send(message)

        await self.app(scope, receive, send_when_saved)
