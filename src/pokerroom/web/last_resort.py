"""The last resort of a request that failed: an answer for the client, one line for the log.

Starlette's own handler logs a traceback for every failed request and raises it again, and
uvicorn logs it once more: a request made to fail on purpose (a regulation nested 5,000
deep) wrote 380 KB, twenty of them 7.6 MB. Here, inside the security headers and outside
everything else:

* The database being unavailable (:class:`~pokerroom.storage.outage.DatabaseUnavailableError`)
  answers 503, "the database is unavailable, retrying" (a page reloads itself, a table
  socket closes with 1013, *try again later*, and the page and ``connect`` reconnect); the
  log has the outage's own two lines, not one per request. A connection that died under a
  request that had sent nothing yet and only reads (GET, HEAD, a socket's handshake) is
  tried once more first, on a fresh connection.
* Any other failure answers 500 (a socket closes with 1011) and logs one line: an id, the
  request, the exception's class and innermost frames, never its text (it may name a card,
  X-4); the 500 page shows the same id. The full stack, frames only, is logged as well the
  first time a failure comes from a place in the code, and again at most once a minute.
* A client that went away while its request was read, or before its socket was accepted
  (uvicorn's ``ClientDisconnected``), is nobody's failure: nothing logged.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.utils import ClientDisconnected

from pokerroom.i18n import Language, gettext, language_or_none, use_language
from pokerroom.room.failures import describe_failure
from pokerroom.storage.outage import DatabaseUnavailableError
from pokerroom.web.errors import MESSAGES, UNAVAILABLE, error_response, unavailable_response
from pokerroom.web.language import LANGUAGE_SCOPE_KEY, visitor_language

LOG = logging.getLogger("pokerroom.web")
STACK_EVERY_SECONDS = 60.0
"""How often one place in the code may log its full stack."""
TRY_AGAIN_LATER = 1013
INTERNAL_ERROR = 1011


class LastResortMiddleware:
    def __init__(self, app: ASGIApp, clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.stacks = StackLimit(STACK_EVERY_SECONDS, clock)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        exchange = Exchange(receive, send)
        try:
            try:
                await self.app(scope, exchange.receive, exchange.send)
            except DatabaseUnavailableError as error:
                if not (error.disconnected and _only_reads(scope) and not exchange.sent):
                    raise
                await self.app(scope, exchange.replay(), exchange.send)
        except DatabaseUnavailableError:
            await _answer(scope, exchange, None)
        except (ClientDisconnect, ClientDisconnected):
            return
        except Exception as error:
            ref = secrets.token_hex(4)
            self._log(scope, ref, error)
            await _answer(scope, exchange, ref)

    def _log(self, scope: Scope, ref: str, error: Exception) -> None:
        request = f"{scope.get('method', 'WebSocket')} {scope.get('path', '')}"
        LOG.error("error %s on %s: %s", ref, request, describe_failure(error))
        frames = traceback.extract_tb(error.__traceback__)
        if frames and self.stacks.due(type(error).__name__, frames[-1]):
            stack = "".join(traceback.format_list(frames)).rstrip()
            LOG.error("error %s, where (%s):\n%s", ref, type(error).__name__, stack)


def _only_reads(scope: Scope) -> bool:
    return scope["type"] == "websocket" or scope.get("method") in ("GET", "HEAD")


async def _answer(scope: Scope, exchange: Exchange, ref: str | None) -> None:
    """The 503 (``ref`` None) or 500 answer, or the socket's close, if there is still time."""
    with contextlib.suppress(Exception):  # the client may be gone already
        if scope["type"] == "websocket":
            with use_language(_language(scope)):
                await _close_socket(exchange, ref)
        elif not exchange.sent:
            if ref is None:
                response = unavailable_response(scope)
            else:
                with use_language(_language(scope)):
                    failed = gettext("{message} (error {ref})").format(
                        message=gettext(MESSAGES[500]), ref=ref
                    )
                response = error_response(scope, 500, failed)
            await response(scope, exchange.receive, exchange.send)


def _language(scope: Scope) -> Language:
    """The visitor's language: this middleware stands outside the language middleware."""
    chosen = scope.get(LANGUAGE_SCOPE_KEY)
    return language_or_none(chosen if isinstance(chosen, str) else None) or visitor_language(
        Headers(scope=scope)
    )


async def _close_socket(exchange: Exchange, ref: str | None) -> None:
    """Accepted first if need be: a close before the handshake is a bare HTTP 403 that the
    browser cannot read, and a reason is only sent on an open socket."""
    if exchange.closed:
        return
    if not exchange.sent:
        if not exchange.connected:
            await exchange.receive()
        await exchange.send({"type": "websocket.accept"})
    if ref is None:
        code, reason = TRY_AGAIN_LATER, gettext(UNAVAILABLE)  # the page shows this reason
    else:
        code, reason = INTERNAL_ERROR, f"the server failed (error {ref})"  # machine words
    await exchange.send({"type": "websocket.close", "code": code, "reason": reason})


class Exchange:
    """A request's messages both ways: what was received (to give again to a second try),
    whether anything was sent, whether a socket was accepted or closed."""

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive, self._send = receive, send
        self.received: list[Message] = []
        self._replaying: list[Message] = []
        self.sent = False
        self.closed = False

    @property
    def connected(self) -> bool:
        return any(message["type"] == "websocket.connect" for message in self.received)

    async def receive(self) -> Message:
        if self._replaying:
            return self._replaying.pop(0)
        message = await self._receive()
        if not self.sent:  # only what sent nothing yet is tried again: a socket's
            self.received.append(message)  # messages after its accept are not kept
        return message

    async def send(self, message: Message) -> None:
        self.sent = True
        self.closed = self.closed or message["type"] == "websocket.close"
        await self._send(message)

    def replay(self) -> Receive:
        """The receiving end for a second try: what the first one read, then the rest."""
        self._replaying = list(self.received)
        return self.receive


class StackLimit:
    """Whether a failure at a place in the code may log its stack: once a minute each."""

    def __init__(self, every: float, clock: Callable[[], float]) -> None:
        self.every = every
        self.clock = clock
        self.last: dict[tuple[str, str, int | None], float] = {}

    def due(self, kind: str, where: traceback.FrameSummary) -> bool:
        place = (kind, Path(where.filename).name, where.lineno)
        now = self.clock()
        last = self.last.get(place)
        if last is not None and now - last < self.every:
            return False
        self.last[place] = now
        return True
