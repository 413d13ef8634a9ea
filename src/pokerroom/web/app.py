"""The server: :func:`create_app` makes the Starlette (ASGI) application ``serve`` runs.

Requests pass, outermost first: the security headers (:mod:`pokerroom.web.headers`), the
authentication that puts the signed-in :class:`~pokerroom.web.seam.User` in every HTTP and
WebSocket scope (:mod:`pokerroom.web.auth.middleware`), the CSRF check of every POST
(:mod:`pokerroom.web.auth.csrf`), then the routes: the lobby, accounts and invite pages
(:mod:`pokerroom.web.pages`), ``/static``, and the ``routes`` the caller adds (the tables'
pages and sockets). ``app.state.cardroom`` holds the stores, the registry of live rooms and
the settings (:class:`~pokerroom.web.cardroom.Cardroom`).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.database import Database, open_database
from pokerroom.web.auth.csrf import CsrfMiddleware
from pokerroom.web.auth.middleware import AuthenticationMiddleware
from pokerroom.web.auth.rate_limit import LoginLimiter
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.errors import http_error, refusal, server_error
from pokerroom.web.headers import SecurityHeadersMiddleware
from pokerroom.web.pages import page_routes
from pokerroom.web.registry import Registry
from pokerroom.web.settings import ServerSettings, load_secret
from pokerroom.web.templating import STATIC


def create_app(
    database: Database | str | os.PathLike[str] | None = None,
    settings: ServerSettings | None = None,
    routes: Sequence[BaseRoute] = (),
) -> Starlette:
    """The cardroom's ASGI app on ``database`` (an open one, a URL, a path, or the default
    file; one given as URL or path is opened here and closed when the server stops)."""
    settings = settings or ServerSettings()
    owned = not isinstance(database, Database)
    opened = database if isinstance(database, Database) else open_database(database)
    cardroom = Cardroom(
        accounts=AccountStore(opened),
        registry=Registry(),
        settings=settings,
        secret=settings.secret_key or load_secret(),
        limiter=LoginLimiter(settings.login_failures, settings.login_window, settings.clock),
    )

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        cardroom.accounts.close_expired_sessions()
        yield
        if owned:
            opened.close()

    app = Starlette(
        routes=[
            *page_routes(),
            *routes,
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[
            Middleware(SecurityHeadersMiddleware),
            Middleware(AuthenticationMiddleware, cardroom=cardroom),
            Middleware(CsrfMiddleware, refuse=refusal),
        ],
        exception_handlers={HTTPException: http_error, 500: server_error},
        lifespan=lifespan,
    )
    app.state.cardroom = cardroom
    return app
