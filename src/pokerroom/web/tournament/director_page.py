"""The director's console of a web tournament: ``/tournaments/<id>/director`` (T-16).

``GET`` shows the clock bar (always on top), the players' disputes with their hands'
histories (T-17), the levels and breaks, the tables and their players, the penalties, the
announcement and the director's last actions, with a form for each action (one template
include per section, ``templates/tournament_director/``); ``POST`` (CSRF-checked by
the app) turns the form into one ``director`` message
(:class:`~pokerroom.protocol.client.Director`) and hands it to
:meth:`RoomTournament.handle <pokerroom.room.tournament.event.RoomTournament.handle>` — the
same way in as the tournament's socket, so every action is one message. A refusal is
the page again with one line (409) and nothing changed; anyone but the creator, a
director or an admin gets 403. A script asking for JSON gets ``{"type": "done", ...}``
or the error frame.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import gettext
from pokerroom.room.seam import PROTOCOL_VERSION
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.roles import may_direct_event
from pokerroom.room.tournament.words import penalty_words, status_text
from pokerroom.tournament.clock.render import countdown
from pokerroom.tournament.live.events import DirectorAction
from pokerroom.tournament.penalties.menu import DEFAULT_OFFENCE, offence_lines
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.errors import error_response, wants_json
from pokerroom.web.pages.forms import form_fields
from pokerroom.web.templating import page
from pokerroom.web.tournament.chat_moderation import chat_moderation
from pokerroom.web.tournament.commands import DIRECTOR_FIELDS, on_owner, status_of
from pokerroom.web.tournament.routes import advanced, tournament_of

RECENT = 12


def director_page_routes() -> list[BaseRoute]:
    return [
        Route("/tournaments/{tid}/director", console, methods=["GET"]),
        Route("/tournaments/{tid}/director", act, methods=["POST"]),
    ]


def _now(request: Request) -> float:
    clock: Callable[[], float] = request.app.state.hub.clock
    return clock()


def _turned_away(request: Request, tournament: RoomTournament) -> Response | None:
    user = user_of(request)
    if user is None:
        if wants_json(request.scope):
            return error_response(request.scope, 403, gettext("sign in first"))
        return RedirectResponse(f"/login?next={tournament.url}/director", status_code=303)
    if not may_direct_event(user, tournament.creator, tournament.directors):
        return error_response(
            request.scope,
            403,
            gettext(
                "only the tournament's creator, a director or an admin directs it (T-16); "
                "{name} is none of these"
            ).format(name=user.name),
        )
    return None


async def console(request: Request) -> Response:
    tournament = tournament_of(request)
    refused = _turned_away(request, tournament)
    if refused is not None:
        return refused
    return _console(request, advanced(request, tournament), None)


async def act(request: Request) -> Response:
    tournament = tournament_of(request)
    refused = _turned_away(request, tournament)
    if refused is not None:
        return refused
    fields = await form_fields(request, *DIRECTOR_FIELDS)
    outcome = await on_owner(request, "director", tournament, fields)
    if outcome.error is not None:
        status = 409 if outcome.code != "moving" else status_of(outcome)
        if wants_json(request.scope):
            frame = {"type": "error", "v": PROTOCOL_VERSION, "code": outcome.code}
            return JSONResponse({**frame, "message": outcome.error}, status_code=status)
        return _console(request, tournament, outcome.error, status)
    said = outcome.said  # logged English, worded for him
    if wants_json(request.scope):
        return JSONResponse({"type": "done", "v": PROTOCOL_VERSION, "message": said})
    return _console(request, tournament, said)


def _console(
    request: Request, tournament: RoomTournament, message: str | None, status: int = 200
) -> Response:
    return page(
        request,
        "tournament_director.html",
        {
            "t": tournament.lobby(user_of(request)),
            "d": desk_view(tournament),
            "message": message,
            "chat_tables": chat_moderation(tournament, _now(request)),
            "status_text": status_text,
        },
        status_code=status,
    )


def when(number: int, now: int) -> str:
    """A level's place in the schedule, as a code the template words: played, now, to come."""
    if number < now:
        return "played"
    return "now" if number == now else "to come"  # machine words: codes


def desk_view(tournament: RoomTournament) -> dict[str, object]:
    """What the console shows besides the tournament's own frame."""
    run = tournament.run
    log = tournament.log()
    actions = [e.what for e in log.events if isinstance(e, DirectorAction)]
    view: dict[str, object] = {
        "started": run is not None and not run.over,
        "paused": tournament.paused,
        "announcement": tournament.announcement,
        "recent": actions[::-1][:RECENT],
        "offences": offence_lines(),
        "default_offence": DEFAULT_OFFENCE.value,
        "late_ended": log.late_ended,
        "disputes": list(reversed(tournament.disputes.filed)),
        "penalties": [
            {
                "number": g.number,
                "player": g.player,
                "penalty": penalty_words(g.penalty),
                "note": g.note,
            }
            for g in log.penalty_log.penalties()
        ],
    }
    if run is None:
        return view
    view["undoable"] = run.clock_undoable
    state = run.clock_state(tournament.clock_time(tournament.now))
    view["clock"] = {
        "level": state.level.number,
        "on_break": state.on_break is not None,
        "left": None if state.time_left is None else countdown(state.time_left),
    }
    view["levels"] = [
        {
            "level": level,
            "break": state.schedule.break_after(level.number),
            "when": when(level.number, state.level.number),
        }
        for level in state.schedule.levels
    ]
    view["tables"] = [
        {
            "number": table.number,
            "playing": table.playing,
            "waiting": run.waiting(table.number),
            "seats": [(seat, name, log.players[name].chips) for seat, name in table.seats],
        }
        for table in run.floor.tables()
    ]
    view["players"] = sorted(name for table in run.floor.tables() for _, name in table.seats)
    return view
