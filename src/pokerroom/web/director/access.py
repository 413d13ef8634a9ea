"""Who may see and drive the director's console (T-16): a director, or an admin.

The server's authentication puts the signed-in :class:`User` in the request's scope; a
visitor signed out is sent to sign in and come back, anyone else is refused in one line.
"""

from __future__ import annotations

from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from pokerroom.i18n import gettext
from pokerroom.room.seam import USER_SCOPE_KEY, User
from pokerroom.web.director.pages import refusal

DIRECTOR_ROLES = frozenset({"director", "admin"})
LOGIN_PATH = "/login"


def signed_in(request: Request) -> User | None:
    user = request.scope.get(USER_SCOPE_KEY)
    return user if isinstance(user, User) else None


def turned_away(request: Request) -> Response | None:
    """None when the visitor may use the console; else where he goes instead (T-16)."""
    user = signed_in(request)
    if user is None:
        back = quote(request.url.path, safe="/")
        return RedirectResponse(f"{LOGIN_PATH}?next={back}", status_code=303)
    if DIRECTOR_ROLES & user.roles:
        return None
    roles = ", ".join(sorted(user.roles)) or gettext("no role")
    said = gettext(
        "only a tournament director may use the director's console (T-16); "
        "{name} is signed in as {roles}"
    )
    return refusal(request, 403, said.format(name=user.name, roles=roles))
