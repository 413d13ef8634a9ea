"""Who is at the other end of one request or socket, as the authentication found out."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import HTTPConnection

from pokerroom.i18n import Language
from pokerroom.room.seam import USER_SCOPE_KEY, User

VISITOR_SCOPE_KEY = "pokerroom.visitor"


@dataclass(frozen=True, slots=True)
class Visitor:
    user: User | None
    session_token: str | None
    """The signed-in session's token (None when signed out): logging out closes it."""
    csrf: str
    """The token every form of this visitor's must send back (CSRF)."""
    language: Language | None = None
    """The language the signed-in account chose in the language menu, None if none (or
    signed out): read with the account, so choosing the page's language costs no query."""


def visitor_of(connection: HTTPConnection) -> Visitor:
    """The visitor the authentication middleware put in the scope."""
    visitor = connection.scope.get(VISITOR_SCOPE_KEY)
    if not isinstance(visitor, Visitor):
        raise RuntimeError("the authentication middleware is not installed")
    return visitor


def user_of(connection: HTTPConnection) -> User | None:
    """The signed-in user (from the seam's scope key), None when signed out."""
    user = connection.scope.get(USER_SCOPE_KEY)
    return user if isinstance(user, User) else None
