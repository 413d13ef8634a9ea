"""Closing a room: ``POST /rooms/<id>/close`` by its host or an admin, between hands.

The room leaves the lobby and the registry (a new socket to it is told there is no such
table), and every socket open on it gets a last ``closed`` frame and is closed, so its
page says so and stops reconnecting; a hand being played is never cut off: the close is
refused until it ends. In a cluster the close runs on the table's owner
(:mod:`pokerroom.web.lobby.table_commands`), whichever process served the page.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from pokerroom.room.seam import PROTOCOL_VERSION
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.errors import wants_json
from pokerroom.web.lobby.table_commands import on_owner, status_of


async def close_room(request: Request) -> Response:
    room_id = request.path_params["room_id"]
    outcome = await on_owner(request, "close", room_id, user_of(request), {})
    if outcome.error is not None:
        raise HTTPException(status_of(outcome), outcome.error)
    if wants_json(request.scope):
        return JSONResponse({"type": "closed", "v": PROTOCOL_VERSION, "id": room_id})
    return RedirectResponse("/", status_code=303)
