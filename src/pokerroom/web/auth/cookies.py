"""The two cookies: the session of a signed-in account, and a visitor's before sign-in.

Both are HTTP-only (no script reads them), ``SameSite=Lax`` (another site's form cannot
send them along) and ``Secure`` when the server is reached over https.
"""

from __future__ import annotations

from http.cookies import SimpleCookie

SESSION_COOKIE = "pokerroom_session"
"""A signed-in browser's random session token; the database holds only its digest."""
VISITOR_COOKIE = "pokerroom_visitor"
"""A random token for someone not signed in: the basis of the sign-up and log-in forms' CSRF."""
MAX_TOKEN = 100
"""A cookie value longer than this is ignored: no token of ours is that long."""


def set_cookie(name: str, value: str, max_age: int | None, *, secure: bool) -> str:
    """The ``Set-Cookie`` header value; ``max_age`` 0 deletes it, None: for the browser's life."""
    cookie: SimpleCookie = SimpleCookie()
    cookie[name] = value
    morsel = cookie[name]
    morsel["path"] = "/"
    morsel["httponly"] = True
    morsel["samesite"] = "Lax"
    if max_age is not None:
        morsel["max-age"] = max_age
    if secure:
        morsel["secure"] = True
    return morsel.OutputString()


def token_in(cookies: dict[str, str], name: str) -> str | None:
    """The cookie's token if it can be one of ours."""
    value = cookies.get(name)
    if not value or len(value) > MAX_TOKEN:
        return None
    return value
