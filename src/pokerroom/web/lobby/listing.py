"""The lobby: every public room with its game, stakes, seats taken, status and kind.

``/`` is the page (``?kind=home|cash|tournament`` keeps one kind); ``/api/lobby`` the same
as JSON (documented in ``docs/protocol.md``): ``{"type": "lobby", "v": 1, "rooms": [...],
"mine": [...]}``, each room as :meth:`~pokerroom.room.registry.LobbyEntry.listing` gives
it, read from the room as it is now (:mod:`pokerroom.web.lobby.state`). ``mine`` holds
the signed-in user's own rooms, private ones too (empty when signed out); on the page
they are "Your games", each with its invite link's button and a close button, and the
page's list of the other rooms leaves them out, so that each game is listed once. The page
also lists the games of the visitor's clubs ("Your clubs' games"); the JSON does not.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from pokerroom.i18n import gettext
from pokerroom.protocol.frames import LobbyRoomFrame
from pokerroom.room.registry import RoomKind
from pokerroom.room.seam import PROTOCOL_VERSION, User
from pokerroom.room.tournament.roles import may_create
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import cardroom_of
from pokerroom.web.lobby.state import current_entry, own_entries, public_entries
from pokerroom.web.lobby.words import room_words
from pokerroom.web.templating import page

KINDS = ", ".join(kind.value for kind in RoomKind)


def kind_asked(request: Request) -> RoomKind | None:
    text = request.query_params.get("kind")
    if not text:
        return None
    try:
        return RoomKind(text)
    except ValueError:
        raise HTTPException(
            400,
            gettext("no kind of room {kind}; the kinds are {kinds}").format(
                kind=repr(text[:40]), kinds=KINDS
            ),
        ) from None


def may_create_home(user: User | None) -> bool:
    """A signed-in ``host`` creates home games; a guest never does."""
    return user is not None and user.has("host") and not user.has("guest")


def may_create_cash(user: User | None) -> bool:
    """A ``host`` or an ``admin`` opens cash tables; a guest never does."""
    return user is not None and (user.has("host") or user.has("admin")) and not user.has("guest")


def _listings(request: Request) -> tuple[list[LobbyRoomFrame], list[LobbyRoomFrame]]:
    """The public rooms asked for, and the signed-in user's own rooms."""
    registry = cardroom_of(request).registry
    user = user_of(request)
    rooms = [entry.listing(i) for i, entry in public_entries(registry, kind_asked(request))]
    own = [] if user is None else own_entries(registry, user)
    mine = [entry.listing(i) for i, entry in own]
    return rooms, mine


async def lobby_page(request: Request) -> Response:
    rooms, mine = _listings(request)
    user = user_of(request)
    kind = kind_asked(request)
    own = {room["id"] for room in mine}
    registry = cardroom_of(request).registry
    clubs = await club_rooms(request, user, own)
    words = {room["id"]: room_words(registry.get(room["id"])) for room in (*rooms, *mine, *clubs)}
    context = {
        # Each game once on the page: a host's own rooms are under "Your games" only.
        "rooms": [room for room in rooms if room["id"] not in own],
        "mine": mine,
        "club_rooms": clubs,
        "kind": None if kind is None else kind.value,
        "kinds": [kind.value for kind in RoomKind],
        "may_create_home": may_create_home(user),
        "may_create_cash": may_create_cash(user),
        "may_create_tournament": may_create(user),
        "words": words,
    }
    return page(request, "lobby.html", context)


async def club_rooms(request: Request, user: User | None, own: set[str]) -> list[LobbyRoomFrame]:
    """The games of the clubs ``user`` is an approved member of (his own aside): the page
    lists them to him alone; ``/api/lobby`` never does."""
    if user is None:
        return []
    cardroom = cardroom_of(request)
    memberships = await run_in_threadpool(cardroom.clubs.memberships, user.id)
    clubs = {club.id for club, member in memberships if member.approved}
    return [
        current_entry(listed).listing(room_id)
        for room_id in cardroom.registry
        if (listed := cardroom.registry.get(room_id)).entry.club in clubs
        and listed.entry.tournament is None
        and room_id not in own
    ]


async def lobby_json(request: Request) -> Response:
    rooms, mine = _listings(request)
    return JSONResponse({"type": "lobby", "v": PROTOCOL_VERSION, "rooms": rooms, "mine": mine})
