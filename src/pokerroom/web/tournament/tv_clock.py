"""``/tournaments/<id>/clock``: the TV clock of a web tournament, and its JSON.

The same page, script and JSON as the director's console clock
(:mod:`pokerroom.web.director.clock_page`), read from the live tournament instead of the
store: its run's clock (levels, breaks and the director's actions on it, T-10, T-20) at the
tournament clock's time, and its field. A web tournament's pause (T-16) stops that time,
so the page shows it paused. Before the start it counts down to the set start, or says
what it waits for. Public: no card and nobody's hand, only the clock and the field (X-4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import N_, gettext
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.words import regulation_language
from pokerroom.tournament.clock import Schedule, clock_state
from pokerroom.tournament.clockface.feed import FeedReading
from pokerroom.tournament.clockface.field import field_of
from pokerroom.tournament.clockface.snapshot import ClockSnapshot, snapshot
from pokerroom.tournament.money.payouts import PayoutError
from pokerroom.web.director.clock_json import clock_json
from pokerroom.web.director.clock_page import POLL_SECONDS, clock_screen
from pokerroom.web.tournament.routes import advanced, tournament_of

SOON = 1e-6
"""A start that is due: the clock shows it as not yet started, at 0:00."""
WAITING = {
    "full": N_("Starts when every seat is taken"),
    "director": N_("Starts when the director starts it"),
}
"""The heading before a start that has no set time (said in the clock's language)."""


def tv_clock_routes() -> list[BaseRoute]:
    """After the console's own (``{tid:int}``): a web tournament's id is never a number."""
    return [
        Route("/tournaments/{tid}/clock", clock_page, methods=["GET"]),
        Route("/api/tournaments/{tid}/clock", clock_api, methods=["GET"]),
    ]


def reading_of(tournament: RoomTournament) -> FeedReading:
    """The clock at the latest time the tournament was told, and its field."""
    regulation, run = tournament.regulation, tournament.run
    if run is None:
        ahead = SOON if tournament.start_at is None else tournament.start_at - tournament.now
        schedule = Schedule(regulation.levels, regulation.breaks, start_at=max(ahead, SOON))
        return FeedReading(regulation, clock_state(schedule, (), 0.0), field_of(tournament.log()))
    state = run.clock_state(tournament.clock_time(tournament.now))  # T-9: a stage's own
    return FeedReading(regulation, state, field_of(run.tournament))


def _snapshot(tournament: RoomTournament) -> ClockSnapshot:
    reading = reading_of(tournament)
    try:
        shot = snapshot(reading)
    except PayoutError:  # too few entries yet for the regulation's payouts: no prizes
        shot = snapshot(replace(reading, field=None))
    return replace(shot, title=tournament.name, paused=shot.paused or tournament.paused)


def tv_json(tournament: RoomTournament) -> dict[str, Any]:
    """The clock's JSON (``type: clock``), as the console's TV clock gives it: in the
    regulation's ``language`` when it sets one, else the viewer's."""
    with regulation_language(tournament.regulation):
        shown = clock_json(tournament.id, _snapshot(tournament))
        if tournament.run is None and tournament.start_at is None:
            waiting = gettext(WAITING["full" if tournament.start_when_full else "director"])
            shown.update(heading=waiting, digits="--:--", seconds_left=None)
    return shown


def _read(request: Request) -> RoomTournament:
    return advanced(request, tournament_of(request))


async def clock_api(request: Request) -> Response:
    return JSONResponse(tv_json(_read(request)), headers={"Cache-Control": "no-store"})


async def clock_page(request: Request) -> Response:
    tournament = _read(request)
    context = {
        "clock": tv_json(tournament),
        "api": f"/api/tournaments/{tournament.id}/clock",
        "poll_seconds": POLL_SECONDS,
    }
    return clock_screen(request, context)
