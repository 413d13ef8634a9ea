"""T-23: the director marks a web tournament's broadcast table.

``POST /tournaments/<id>/broadcast`` with ``table`` (a table's number; blank: back to the
regulation's choice, the final table). Directors only (T-16); the form's CSRF token as on
every POST. Every table's viewers get a fresh snapshot: the new broadcast table's players
are told, and its spectators get the delayed hands from then on.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import gettext
from pokerroom.room.seam import PROTOCOL_VERSION
from pokerroom.room.tournament.roles import may_direct
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.errors import error_response, wants_json
from pokerroom.web.pages.forms import form_fields
from pokerroom.web.tournament.commands import on_owner, status_of
from pokerroom.web.tournament.routes import tournament_of


async def mark_broadcast(request: Request) -> Response:
    tournament = tournament_of(request)
    if not may_direct(user_of(request)):
        return error_response(
            request.scope,
            403,
            gettext("only a tournament director marks the broadcast table (T-16)"),
        )
    text = (await form_fields(request, "table"))["table"].strip()
    if text and not text.isdigit():
        return error_response(
            request.scope,
            400,
            gettext("table: a table's number, or blank; got {given}").format(given=repr(text[:20])),
        )
    outcome = await on_owner(request, "broadcast", tournament, {"table": text})
    if outcome.error is not None:
        return error_response(request.scope, status_of(outcome), outcome.error)
    done = outcome.said
    if wants_json(request.scope):
        return JSONResponse({"type": "done", "v": PROTOCOL_VERSION, "message": done})
    return RedirectResponse(tournament.url, status_code=303)


def broadcast_routes() -> list[BaseRoute]:
    return [Route("/tournaments/{tid}/broadcast", mark_broadcast, methods=["POST"])]
