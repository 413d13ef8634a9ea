"""``POST /tournaments/<id>/dispute``: a player disputes his table's last hand (T-17).

The table page's script posts the form fields ``table`` (the table's number) and ``text``
(what he disputes) with the ``X-CSRF-Token`` header; the answer is JSON, ``{"type":
"done", "message": ...}`` or the error frame with the refusal in one line (409), e.g. when
the next hand has started. The dispute goes through the tournament's journal, so it is
kept with the tournament's other calls.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.errors import PokerroomError
from pokerroom.i18n import gettext
from pokerroom.room.seam import PROTOCOL_VERSION
from pokerroom.said import error_words
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.errors import error_response
from pokerroom.web.pages.forms import form_fields
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
    clock: Callable[[], float] = request.app.state.hub.clock
    try:
        said = tournament.dispute(user, int(table), fields["text"], clock())
    except PokerroomError as error:
        return _refused(error_words(error))
    request.app.state.hub.room_changed(tournament.id)
    return JSONResponse({"type": "done", "v": PROTOCOL_VERSION, "message": said})


def _refused(line: str) -> Response:
    frame = {"type": "error", "v": PROTOCOL_VERSION, "code": "refused", "message": line}
    return JSONResponse(frame, status_code=409)
