"""Signing a browser in and out: a fresh session token in the cookie, its digest stored."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from pokerroom.web.auth.cookies import SESSION_COOKIE, set_cookie
from pokerroom.web.auth.tokens import new_token
from pokerroom.web.cardroom import Cardroom


def session_cookie(cardroom: Cardroom, token: str) -> str:
    """The ``Set-Cookie`` value that carries a new session."""
    lifetime = int(cardroom.settings.session_lifetime.total_seconds())
    return set_cookie(SESSION_COOKIE, token, lifetime, secure=cardroom.settings.secure_cookies)


async def sign_in(
    cardroom: Cardroom, account_id: int, response: Response, old_token: str | None
) -> None:
    """Open a new session (never reuse one: no session fixation) and close the old."""
    token = new_token()
    await run_in_threadpool(
        cardroom.accounts.open_session, account_id, token, cardroom.settings.session_lifetime
    )
    if old_token is not None:
        await run_in_threadpool(cardroom.accounts.close_session, old_token)
    response.headers.append("set-cookie", session_cookie(cardroom, token))


async def sign_out(cardroom: Cardroom, token: str | None, response: Response) -> None:
    if token is not None:
        await run_in_threadpool(cardroom.accounts.close_session, token)
    response.headers.append(
        "set-cookie", set_cookie(SESSION_COOKIE, "", 0, secure=cardroom.settings.secure_cookies)
    )
