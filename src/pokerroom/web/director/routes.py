"""The one call that wires the director's console and the clock's TV page into an app.

::

    routes = director_routes(store, csrf_token=token_of, check_csrf=form_is_ours)
    app = Starlette(routes=[*routes, ...])

``csrf_token(request) -> str`` gives the token a page puts in each form's hidden field
:data:`CSRF_FIELD` (``csrf``); ``check_csrf(request, form) -> bool`` is called on
every POST before anything else and says whether the form's token is good. A refused
one is a 403 page with one line, and nothing changes. The signed-in user is read from
``request.scope["pokerroom.user"]`` (:data:`pokerroom.room.seam.USER_SCOPE_KEY`); only the
roles ``director`` and ``admin`` may use the console (T-16), a signed-out visitor goes to
``/login?next=...``. The clock's page and its JSON are public.

The paths:

- ``GET /director``: the live tournaments, and a new one (``POST /director/new``)
- ``GET /director/ID/TAB``: a tab (desk, tables, clock, discipline, money, log)
- ``POST /director/ID/act/ACTION``: an action (:data:`~.actions.ACTIONS`)
- ``GET /director/ID/print``: the seat cards and the list by table, to print
- ``GET /tournaments/ID/clock``: the TV page; ``GET /api/tournaments/ID/clock``: its JSON
- ``/static/director/...``: the pages' CSS and JavaScript
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import SystemTime, TimeSource
from pokerroom.web.director.clock_page import ClockEndpoints, ClockFeeds
from pokerroom.web.director.console import CSRF_FIELD, Console, Csrf
from pokerroom.web.director.desks import Desks
from pokerroom.web.director.pages import STATIC_DIR, STATIC_URL

__all__ = ["CSRF_FIELD", "director_routes"]


def director_routes(
    store: TournamentStore,
    *,
    csrf_token: Callable[[Request], str],
    check_csrf: Callable[[Request, FormData], bool],
    time: TimeSource | None = None,
) -> list[BaseRoute]:
    """The console's and the clock's routes over ``store`` (``time``: the clock's source,
    the system's by default)."""
    clock_time = SystemTime() if time is None else time
    console = Console(Desks(store, clock_time), Csrf(csrf_token, check_csrf))
    clock = ClockEndpoints(ClockFeeds(store, clock_time))
    return [
        Route("/director", console.index, methods=["GET"]),
        Route("/director/new", console.create, methods=["POST"]),
        Route("/director/{tid:int}", console.home, methods=["GET"]),
        Route("/director/{tid:int}/print", console.print_page, methods=["GET"]),
        Route("/director/{tid:int}/act/{action}", console.act, methods=["POST"]),
        Route("/director/{tid:int}/{tab}", console.tab, methods=["GET"]),
        Route("/tournaments/{tid:int}/clock", clock.page, methods=["GET"]),
        Route("/api/tournaments/{tid:int}/clock", clock.json, methods=["GET"]),
        Mount(STATIC_URL, app=StaticFiles(directory=STATIC_DIR), name="director-static"),
    ]
