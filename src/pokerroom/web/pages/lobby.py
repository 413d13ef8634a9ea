"""The lobby: every public room with its game, stakes, seats taken and status.

``/`` is the page (``?kind=home|cash|tournament`` keeps one kind); ``/api/lobby`` the same
as JSON: ``{"type": "lobby", "v": 1, "rooms": [...]}``, each room as
:meth:`~pokerroom.web.registry.LobbyEntry.listing` gives it. A signed-in host also sees
his own rooms, private ones too, on the page.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import cardroom_of
from pokerroom.web.registry import RoomKind
from pokerroom.web.seam import PROTOCOL_VERSION
from pokerroom.web.templating import page

KINDS = ", ".join(kind.value for kind in RoomKind)


def kind_asked(request: Request) -> RoomKind | None:
    text = request.query_params.get("kind")
    if not text:
        return None
    try:
        return RoomKind(text)
    except ValueError:
        raise HTTPException(400, f"no kind of room {text[:40]!r}; the kinds are {KINDS}") from None


async def lobby_page(request: Request) -> Response:
    registry = cardroom_of(request).registry
    kind = kind_asked(request)
    user = user_of(request)
    context = {
        "rooms": [entry.listing(room_id) for room_id, entry in registry.entries(kind)],
        "mine": [] if user is None else [e.listing(i) for i, e in registry.hosted_by(user)],
        "kind": None if kind is None else kind.value,
        "kinds": [kind.value for kind in RoomKind],
    }
    return page(request, "lobby.html", context)


async def lobby_json(request: Request) -> Response:
    registry = cardroom_of(request).registry
    rooms = [entry.listing(room_id) for room_id, entry in registry.entries(kind_asked(request))]
    return JSONResponse({"type": "lobby", "v": PROTOCOL_VERSION, "rooms": rooms})


routes = [
    Route("/", lobby_page, methods=["GET"]),
    Route("/api/lobby", lobby_json, methods=["GET"]),
]
