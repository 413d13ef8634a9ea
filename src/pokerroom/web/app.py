"""The server: :func:`create_app` makes the Starlette (ASGI) application ``serve`` runs.

Requests pass, outermost first: the security headers (:mod:`pokerroom.web.headers`), the
last resort of a request that failed (:mod:`pokerroom.web.last_resort`: 503 while the
database is unavailable, one log line per failure), the authentication that puts the
signed-in :class:`~pokerroom.room.seam.User` in every HTTP and WebSocket scope
(:mod:`pokerroom.web.auth.middleware`), the CSRF check of every POST
(:mod:`pokerroom.web.auth.csrf`), then the routes: the lobby, accounts and invite pages
(:mod:`pokerroom.web.pages`), the table sockets (:mod:`pokerroom.room.hub`, whose clock runs
in the app's lifespan), the director's console and clock pages
(:mod:`pokerroom.web.director`), the hand archive's pages (:mod:`pokerroom.web.archive`:
every room added to the registry saves its finished hands), ``/static``, and the ``routes``
the caller adds. Every route whose path names a room first checks that the visitor may
enter it (:func:`pokerroom.web.access.guard_rooms`).
``app.state.cardroom`` holds the stores, the registry of live rooms and the settings
(:class:`~pokerroom.web.cardroom.Cardroom`); ``app.state.hub`` the hub. The lifespan
resumes every saved table before the first request and notes when the clock stopped at
shutdown (:mod:`pokerroom.web.saving`). A server that is one of several (``broker``: they
share the database and a NATS broker) instead follows every table, takes over those nobody
owns and keeps its leases (``app.state.ownership``), in its lifespan
(:mod:`pokerroom.web.cluster`).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import partial

from starlette.applications import Starlette
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from pokerroom.chat import RoomChat
from pokerroom.cluster.lease_settings import LeaseSettings
from pokerroom.room.hub import Hub, SocketSettings
from pokerroom.room.registry import LiveRooms
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.clubs.store import ClubStore
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.hands.archive import HandArchive
from pokerroom.storage.hands.stats import HandStats
from pokerroom.storage.rooms.saved_room import resume_paused
from pokerroom.storage.rooms.store import RoomStore
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.web.access import guard_rooms
from pokerroom.web.archive.listener import archive_listener
from pokerroom.web.archive.pages import hand_routes
from pokerroom.web.auth.csrf import CSRF_FIELD, CsrfMiddleware
from pokerroom.web.auth.hashing import HashGate
from pokerroom.web.auth.middleware import AuthenticationMiddleware, signed_in
from pokerroom.web.auth.rate_limit import LoginLimiter, SignupLimiter
from pokerroom.web.auth.tokens import same_token
from pokerroom.web.auth.visitor import visitor_of
from pokerroom.web.browser_words import catalogue_routes
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.clubs.routes import club_routes
from pokerroom.web.director import director_routes
from pokerroom.web.errors import http_error, refusal
from pokerroom.web.frame_lane import FrameLaneMiddleware
from pokerroom.web.headers import SecurityHeadersMiddleware
from pokerroom.web.language import LanguageMiddleware
from pokerroom.web.last_resort import LastResortMiddleware
from pokerroom.web.lobby import lobby_routes
from pokerroom.web.observers import watch_rule
from pokerroom.web.pages import page_routes
from pokerroom.web.pages.language_menu import language_routes
from pokerroom.web.pages.observers import observer_routes
from pokerroom.web.pages.settle_up import settle_up_routes
from pokerroom.web.pages.table import table_routes
from pokerroom.web.player_stats.routes import stats_routes
from pokerroom.web.saving.answers import SavedAnswers
from pokerroom.web.saving.owned import owning
from pokerroom.web.saving.tables import SavingRegistry, restore_rooms, stop_rooms
from pokerroom.web.settings import ServerSettings, load_secret
from pokerroom.web.table_socket import table_route
from pokerroom.web.templating import STATIC
from pokerroom.web.tournament.apart_here import play_restored_apart
from pokerroom.web.tournament.broadcast_routes import broadcast_routes
from pokerroom.web.tournament.chat_moderation import chat_moderation_routes
from pokerroom.web.tournament.director_page import director_page_routes
from pokerroom.web.tournament.dispute_routes import dispute_routes
from pokerroom.web.tournament.resume import restore_tournaments, stop_tournaments
from pokerroom.web.tournament.routes import tournament_routes
from pokerroom.web.tournament.tv_clock import tv_clock_routes


def create_app(
    database: Database | str | os.PathLike[str] | None = None,
    settings: ServerSettings | None = None,
    routes: Sequence[BaseRoute] = (),
    sockets: SocketSettings | None = None,
    broker: str | None = None,
) -> Starlette:
    """The cardroom's ASGI app on ``database`` (an open one, a URL, a path, or the default
    file; one given as URL or path is opened here and closed when the server stops).
    ``sockets`` are the table connections' limits (the defaults when None; the load
    benchmark raises the flood limit for its players that act with no think time).
    ``broker`` (a NATS URL) makes the server one of several sharing the database
    (PostgreSQL): :mod:`pokerroom.web.cluster`, with the leases of ``settings.leases``.
    """
    settings = settings or ServerSettings()
    owned = not isinstance(database, Database)
    opened = database if isinstance(database, Database) else open_database(database)
    archive = HandArchive(opened)
    tournaments = TournamentStore(opened)
    tables = RoomWriter(RoomStore(opened))
    cardroom = Cardroom(
        accounts=AccountStore(opened),
        registry=SavingRegistry(tables, on_add=archive_listener(tables.keep_hand)),
        settings=settings,
        secret=settings.secret_key or load_secret(),
        limiter=LoginLimiter(settings.login_failures, settings.login_window, settings.clock),
        signups=SignupLimiter(settings.signups, settings.signup_window, settings.clock),
        hashing=HashGate(settings.hashes_at_once, settings.hashes_waiting),
        tables=tables,
        clubs=ClubStore(opened),
    )

    hub = Hub(
        LiveRooms(cardroom.registry),
        settings=sockets,
        watch_rules=partial(watch_rule, cardroom),
        saves=tables,
        pause_after=settings.pause_after,
        on_resumed=resume_paused,
        check_session=partial(signed_in, cardroom),
    )
    ownership = (
        None if broker is None else owning(cardroom, hub, settings.leases or LeaseSettings())
    )

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        cardroom.accounts.close_expired_sessions()
        if ownership is None or broker is None:  # one process alone
            restore_rooms(cardroom, hub.clock())
            restored = restore_tournaments(cardroom, hub.clock())
            play_restored_apart(cardroom, hub, restored, asyncio.get_running_loop().call_soon)
            async with hub.running():
                yield
        else:
            from pokerroom.web.cluster import clustered  # imports nats: only with a broker

            async with hub.running(), clustered(cardroom, hub, broker, ownership):
                yield
        stop_tournaments(cardroom, hub.clock())
        stop_rooms(cardroom, hub.clock())
        if owned:
            opened.close()

    app = Starlette(
        routes=guard_rooms(
            [
                *lobby_routes(),
                *club_routes(),
                *page_routes(),
                *language_routes(),
                table_route(hub),
                *table_routes(),
                *settle_up_routes(),
                *observer_routes(),
                *director_routes(tournaments, csrf_token=_form_token, check_csrf=_form_is_ours),
                *hand_routes(archive, cardroom.accounts, tournaments),
                *stats_routes(HandStats(opened)),
                *tournament_routes(),
                *tv_clock_routes(),
                *broadcast_routes(),
                *director_page_routes(),
                *dispute_routes(),
                *chat_moderation_routes(),
                *catalogue_routes(),
                *routes,
                Mount("/static", StaticFiles(directory=STATIC), name="static"),
            ],
            cardroom,
        ),
        middleware=[
            Middleware(FrameLaneMiddleware),
            Middleware(SecurityHeadersMiddleware, https=settings.secure_cookies),
            Middleware(LastResortMiddleware, clock=settings.clock),
            Middleware(AuthenticationMiddleware, cardroom=cardroom),
            Middleware(LanguageMiddleware),
            Middleware(CsrfMiddleware, refuse=refusal),
            Middleware(SavedAnswers, saves=tables, wait=settings.pause_after),
        ],
        exception_handlers={HTTPException: http_error},
        lifespan=lifespan,
    )
    app.state.cardroom = cardroom
    app.state.hub = hub
    app.state.ownership = ownership
    app.state.lobby_chat = RoomChat()
    return app


def _form_token(request: Request) -> str:
    return visitor_of(request).csrf


def _form_is_ours(request: Request, form: FormData) -> bool:
    """The director's own check of a form the CSRF middleware already let through."""
    given = form.get(CSRF_FIELD)
    return isinstance(given, str) and same_token(given, visitor_of(request).csrf)
