"""Authentication: every HTTP request and WebSocket gets its :class:`~pokerroom.room.seam.User`.

The session cookie's token is looked up (its digest, unexpired) and the account becomes
``scope["pokerroom.user"]`` — None when signed out — for pages and sockets alike, so a
room checks every message against the session that sent it (A-2). Someone not signed in
gets a visitor cookie, the basis of the CSRF token of his sign-up and log-in forms; a
stale session cookie is deleted. A WebSocket opened from another site's page (its
``Origin`` is not this host) is refused: the browser would send the cookie along.
"""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from pokerroom.i18n import language_or_none
from pokerroom.room.seam import USER_SCOPE_KEY, User
from pokerroom.storage.accounts import Account
from pokerroom.web.auth.cookies import SESSION_COOKIE, VISITOR_COOKIE, set_cookie, token_in
from pokerroom.web.auth.tokens import form_token, new_token
from pokerroom.web.auth.visitor import VISITOR_SCOPE_KEY, Visitor
from pokerroom.web.cardroom import Cardroom

POLICY_VIOLATION = 1008


def user_of_account(account: Account) -> User:
    return User(id=account.id, name=account.name, roles=account.roles)


def signed_in(cardroom: Cardroom, tokens: Collection[str]) -> dict[str, User]:
    """Whom each session of ``tokens`` signs in now, with his name and roles (asked of
    open sockets: :mod:`pokerroom.room.session_watch`)."""
    accounts = cardroom.accounts.session_accounts(tokens)
    return {token: user_of_account(account) for token, account in accounts.items()}


def same_origin(headers: Headers) -> bool:
    """Whether the ``Origin`` (if the client sent one) names the host it connected to."""
    origin = headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == headers.get("host", "").lower()


class AuthenticationMiddleware:
    def __init__(self, app: ASGIApp, cardroom: Cardroom) -> None:
        self.app = app
        self.cardroom = cardroom

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if scope["type"] == "websocket" and not same_origin(headers):
            reason = "another site's page"  # machine words: a close reason for programs
            await WebSocketClose(code=POLICY_VIOLATION, reason=reason)(scope, receive, send)
            return
        cookies = cookie_parser(headers.get("cookie", ""))
        session_token = token_in(cookies, SESSION_COOKIE)
        account = None
        if session_token is not None:
            account = await run_in_threadpool(self.cardroom.accounts.session_account, session_token)
        set_cookies = []
        secure = self.cardroom.settings.secure_cookies
        if account is None and session_token is not None:
            set_cookies.append(set_cookie(SESSION_COOKIE, "", 0, secure=secure))
            session_token = None
        visitor_token = token_in(cookies, VISITOR_COOKIE)
        if visitor_token is None:
            visitor_token = new_token()
            set_cookies.append(set_cookie(VISITOR_COOKIE, visitor_token, None, secure=secure))
        basis = f"session:{session_token}" if session_token else f"visitor:{visitor_token}"
        user = None if account is None else user_of_account(account)
        scope = {
            **scope,
            USER_SCOPE_KEY: user,
            VISITOR_SCOPE_KEY: Visitor(
                user,
                session_token,
                form_token(self.cardroom.secret, basis),
                None if account is None else language_or_none(account.language),
            ),
        }
        if not set_cookies or scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_cookies(message: Message) -> None:
            if message["type"] == "http.response.start":
                response_headers = MutableHeaders(scope=message)
                for value in set_cookies:
                    response_headers.append("set-cookie", value)
            await send(message)

        await self.app(scope, receive, send_with_cookies)
