"""Every POST (any method that changes something) must carry the visitor's form token.

A form sends it as the field ``csrf``; a script as the header ``X-CSRF-Token``. Without
it, or with another visitor's, the request is refused with 403 and one line that says so,
before any page sees it, so nothing changes. The body is read here (at most
:data:`MAX_BODY` bytes) and handed on unchanged.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerroom.i18n import N_
from pokerroom.web.auth.tokens import same_token
from pokerroom.web.auth.visitor import VISITOR_SCOPE_KEY, Visitor

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
MAX_BODY = 1 << 20
MISSING = N_(
    "this form was refused: its security token (CSRF) is missing or out of date; "
    "reload the page and send it again"
)
TOO_LARGE = N_("this request is too large: at most 1024 KiB")
"""Said of :data:`MAX_BODY` (1 MiB); the refusal page says it in the visitor's language."""
MALFORMED = N_("this form could not be read: send it from the page again")

Refusal = Callable[[Scope, int, str], Awaitable[Response]]
"""Builds the refusal page (or JSON) for a scope, a status and one line."""


class TooLargeError(Exception):
    pass


class CsrfMiddleware:
    def __init__(self, app: ASGIApp, refuse: Refusal) -> None:
        self.app = app
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        try:
            body = await _read_body(receive)
        except TooLargeError:
            await (await self.refuse(scope, 413, TOO_LARGE))(scope, receive, send)
            return
        replay = _replaying(body, receive)
        try:
            given = await _token_given(scope, replay(), body)
        except (HTTPException, MultiPartException):  # python-multipart could not parse it
            await (await self.refuse(scope, 400, MALFORMED))(scope, receive, send)
            return
        visitor = scope.get(VISITOR_SCOPE_KEY)
        if not isinstance(visitor, Visitor) or given is None or not same_token(given, visitor.csrf):
            await (await self.refuse(scope, 403, MISSING))(scope, receive, send)
            return
        await self.app(scope, replay(), send)


async def _read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLargeError
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replaying(body: bytes, receive: Receive) -> Callable[[], Receive]:
    """A fresh ``receive`` that gives ``body`` once, then whatever the client sends next."""

    def replay() -> Receive:
        sent = False

        async def receive_again() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return receive_again

    return replay


async def _token_given(scope: Scope, receive: Receive, body: bytes) -> str | None:
    headers = Headers(scope=scope)
    header = headers.get(CSRF_HEADER)
    if header is not None:
        return header
    content_type = headers.get("content-type", "")
    if not content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        return None
    async with Request(scope, receive).form() as form:
        value = form.get(CSRF_FIELD)
    return value if isinstance(value, str) else None
