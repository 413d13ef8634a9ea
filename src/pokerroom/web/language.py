"""Each request and socket speaks its visitor's language: chosen here, held in a context var.

The choice, first found wins: the ``pokerroom_lang`` cookie (set by the language menu), then
the browser's ``Accept-Language``, then English. Pages and frames word themselves through
:mod:`pokerroom.i18n`, which reads the context variable this middleware sets around the
request, so two visitors served by one event loop never see each other's language.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from pokerroom.i18n import DEFAULT_LANGUAGE, Language, accepted_language, language_or_none
from pokerroom.i18n.context import use_language

LANGUAGE_COOKIE = "pokerroom_lang"
LANGUAGE_SCOPE_KEY = "pokerroom.language"


def visitor_language(headers: Headers) -> Language:
    """The language a request's cookie or ``Accept-Language`` asks for, else English."""
    chosen = language_or_none(cookie_parser(headers.get("cookie", "")).get(LANGUAGE_COOKIE))
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
        language = visitor_language(Headers(scope=scope))
        scope[LANGUAGE_SCOPE_KEY] = language
        with use_language(language):
            await self.app(scope, receive, send)
