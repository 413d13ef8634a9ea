"""The language menu on every page (``base.html``): ``POST /language`` with ``language``
(``en``, ``ru``, ``uk``) and ``next``, the page it was sent from.

The ``pokerroom_lang`` cookie keeps the choice for a year; a signed-in account keeps it
too (``accounts.language``), so it follows him to a new browser once he signs in there
(:mod:`pokerroom.web.language`). He goes back to the page he was on: a path of this site
only, never another site. A language the room does not speak is refused (400) and
changes nothing.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import LANGUAGES, N_, gettext
from pokerroom.web.auth.cookies import set_cookie
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import cardroom_of
from pokerroom.web.language import LANGUAGE_COOKIE
from pokerroom.web.pages.forms import form_fields, safe_next

COOKIE_SECONDS = 365 * 24 * 3600
"""The menu's cookie lasts a year."""
NO_SUCH_LANGUAGE = N_("no such language; choose English, Русский or Українська")


async def choose_language(request: Request) -> Response:
    """The language menu's POST: the cookie, the account's choice, back to the page."""
    fields = await form_fields(request, "language", "next")
    language = next((code for code in LANGUAGES if code == fields["language"]), None)
    if language is None:
        raise HTTPException(400, gettext(NO_SUCH_LANGUAGE))
    cardroom = cardroom_of(request)
    user = user_of(request)
    if user is not None:
        await run_in_threadpool(cardroom.accounts.set_language, user.id, language)
    response = RedirectResponse(safe_next(fields["next"] or "/"), status_code=303)
    secure = cardroom.settings.secure_cookies
    response.headers.append(
        "set-cookie", set_cookie(LANGUAGE_COOKIE, language, COOKIE_SECONDS, secure=secure)
    )
    return response


def language_routes() -> list[BaseRoute]:
    return [Route("/language", choose_language, methods=["POST"])]
