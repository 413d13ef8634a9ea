"""``POST /tournaments/<id>/dispute``: a player disputes his table's last hand (T-17).

The table page's script posts the form fields ``table`` (the table's number) and ``text``
(what he disputes) with the ``X-CSRF-Token`` header; the answer is JSON, ``{"type":
"done", "message": ...}`` or the error frame with the refusal in one line (409), e.g. when
the next hand has started. The dispute goes through the tournament's journal, so it is
kept with the tournament's other calls.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import gettext
from pokerroom.room.seam import PROTOCOL_VERSION
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.errors import error_response
from pokerroom.web.pages.forms import form_fields
from pokerroom.web.tournament.commands import on_owner, status_of
from pokerroom.web.tournament.routes import tournament_of


def dispute_routes() -> list[BaseRoute]:
    return [Route("/tournaments/{tid}/dispute", dispute, methods=["POST"])]


async def dispute(request: Request) -> Response:
    tournament = tournament_of(request)
    user = user_of(request)
    if user is None:
        return error_response(
            request.scope, 403, gettext("sign in first: a player disputes a hand")
        )
    fields = await form_fields(request, "table", "text")
    table = fields["table"].strip()
    if not table.isdigit():
        return _refused(
            gettext("'table' is a table's number, got {given}").format(given=repr(table[:20]))
        )
    outcome = await on_owner(request, "dispute", tournament, fields)
    if outcome.error is not None:
        return _refused(outcome.error, status_of(outcome))
    return JSONResponse({"type": "done", "v": PROTOCOL_VERSION, "message": outcome.said})


def _refused(line: str, status: int = 409) -> Response:
    code = "refused" if status == 409 else "moving"
    frame = {"type": "error", "v": PROTOCOL_VERSION, "code": code, "message": line}
    return JSONResponse(frame, status_code=status)
