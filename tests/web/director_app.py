"""The director's routes in a test app: a stand-in for the server's sign-in and CSRF.

:class:`SignedIn` is the tiny middleware the server's authentication stands for: it puts
whoever the test says in ``scope["pokerroom.user"]``. The CSRF hooks accept one token.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from starlette.applications import Starlette
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send

from pokerroom.room.seam import USER_SCOPE_KEY, User
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.web.director import CSRF_FIELD, director_routes

TOKEN = "the-form-token"
DIRECTOR = User(1, "Dana", frozenset({"director"}))
ADMIN = User(2, "Ada", frozenset({"admin"}))
PLAYER = User(3, "Pete", frozenset({"player"}))


@dataclass
class Visitor:
    """Who the next request comes from (None: signed out)."""

    user: User | None = DIRECTOR


@dataclass
class SignedIn:
    app: ASGIApp
    visitor: Visitor = field(default_factory=Visitor)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            scope[USER_SCOPE_KEY] = self.visitor.user
        await self.app(scope, receive, send)


def token_of(_request: Request) -> str:
    return TOKEN


def form_is_ours(_request: Request, form: FormData) -> bool:
    return form.get(CSRF_FIELD) == TOKEN


@dataclass
class Room:
    """A test client on the director's routes, with the visitor and the clock it controls."""

    client: TestClient
    visitor: Visitor
    time: SimulatedTime
    store: TournamentStore


def room(store: TournamentStore, time: SimulatedTime) -> Room:
    visitor = Visitor()
    routes = director_routes(store, csrf_token=token_of, check_csrf=form_is_ours, time=time)
    app = SignedIn(Starlette(routes=routes), visitor)
    return Room(TestClient(app), visitor, time, store)


SEEN = re.compile(r'name="seen" value="(\d+)"')


def seen(html: str) -> str:
    """The log length a console page was built on (its forms carry it)."""
    found = SEEN.search(html)
    assert found is not None, "no console form on this page"
    return found.group(1)
