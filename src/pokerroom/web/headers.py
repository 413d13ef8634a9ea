"""Headers on every response that close a few doors a browser would leave open.

No framing by other sites (clickjacking), no content sniffing, and no ``Referer`` to
other sites: an invite link's token in the address must not travel to whatever a page links.
The Content-Security-Policy lets a page load scripts, styles and images only from this
server and run no inline script or style (so text that slipped through escaping still
cannot run), post forms only here, and open sockets only to this server (``'self'``
covers its own ws/wss address). Every page's scripts and styles are files under
``/static``; the replayer's ``<script type="application/json">`` is data, never run.
A server reached over https (``--secure-cookies``) also sends HSTS, so a browser that has
seen it once never goes back to plain http for it (no downgrade to steal a cookie).
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    )
)
SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
}


HSTS = "max-age=31536000"
"""A year; not ``includeSubDomains``: other sites of the domain are not ours to decide."""


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp, https: bool = False) -> None:
        self.app = app
        self.headers = (
            {**SECURITY_HEADERS, "strict-transport-security": HSTS} if https else SECURITY_HEADERS
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in self.headers.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
