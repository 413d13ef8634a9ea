"""Closing a room: ``POST /rooms/<id>/close`` by its host or an admin, between hands.

The room leaves the lobby and the registry (a new socket to it is told there is no such
table), and every socket open on it gets a last ``closed`` frame and is closed, so its
page says so and stops reconnecting; a hand being played is never cut off: the close is
refused until it ends.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from pokerroom.i18n import N_, gettext
from pokerroom.protocol.frames import closed_frame
from pokerroom.room.seam import PROTOCOL_VERSION
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import cardroom_of
from pokerroom.web.elsewhere import refuse_elsewhere
from pokerroom.web.errors import wants_json
from pokerroom.web.lobby.state import hand_in_play
from pokerroom.web.table_socket import ROOM_CLOSED

IN_PLAY = N_("a hand is being played at this table: close it when the hand is over")


async def close_room(request: Request) -> Response:
    cardroom = cardroom_of(request)
    room_id = request.path_params["room_id"]
    listed = cardroom.registry.find(room_id)
    if listed is None:
        raise HTTPException(404, gettext("no game {room} is open").format(room=repr(room_id[:40])))
    user = user_of(request)
    if user is None or not (listed.entry.host_id == user.id or user.has("admin")):
        raise HTTPException(403, gettext("only the game's host or an admin can close it"))
    refuse_elsewhere(request, room_id)
    if hand_in_play(listed):
        raise HTTPException(409, IN_PLAY)
    cardroom.registry.remove(room_id)
    request.app.state.hub.close_room(room_id, closed_frame(room_id, ROOM_CLOSED))
    if wants_json(request.scope):
        return JSONResponse({"type": "closed", "v": PROTOCOL_VERSION, "id": room_id})
    return RedirectResponse("/", status_code=303)
