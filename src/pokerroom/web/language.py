"""Each request and socket speaks its visitor's language: chosen here, held in a context var.

The choice, first found wins: the language a signed-in account chose in the language menu
(read with the account by the authentication middleware, no query of its own), the
``pokerroom_lang`` cookie (set by the menu), the browser's ``Accept-Language``, English.
Pages and frames word themselves through :mod:`pokerroom.i18n`, which reads the context
variable this middleware sets around the request, so two visitors served by one event
loop never see each other's language.

The menu (``base.html``) posts to ``/language``: :mod:`pokerroom.web.pages.language_menu`.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from pokerroom.i18n import DEFAULT_LANGUAGE, Language, accepted_language, language_or_none
from pokerroom.i18n.context import use_language
from pokerroom.web.auth.visitor import VISITOR_SCOPE_KEY, Visitor

LANGUAGE_COOKIE = "pokerroom_lang"
LANGUAGE_SCOPE_KEY = "pokerroom.language"


def visitor_language(headers: Headers, saved: Language | None = None) -> Language:
    """The language of a request: the account's ``saved`` choice, the cookie,
    ``Accept-Language``, else English."""
    chosen = saved or language_or_none(
        cookie_parser(headers.get("cookie", "")).get(LANGUAGE_COOKIE)
    )
    return chosen or accepted_language(headers.get("accept-language")) or DEFAULT_LANGUAGE


def scope_language(scope: Scope) -> Language:
    """The language this middleware chose for ``scope`` (English outside it)."""
    found = scope.get(LANGUAGE_SCOPE_KEY)
    return language_or_none(found if isinstance(found, str) else None) or DEFAULT_LANGUAGE


class LanguageMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        visitor = scope.get(VISITOR_SCOPE_KEY)
        saved = visitor.language if isinstance(visitor, Visitor) else None
        language = visitor_language(Headers(scope=scope), saved)
        scope[LANGUAGE_SCOPE_KEY] = language
        with use_language(language):
            await self.app(scope, receive, send)
