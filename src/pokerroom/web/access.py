"""Who may come into a room: anyone to a public one; to a private one, only by its link.

A club's room lets in the club's approved members and admins only
(:mod:`pokerroom.web.clubs.access`). A private room lets in its host, an admin, and the
accounts that followed one of its invite links (a player who was signed in when he
opened it, or a guest the link made). A guest came for one game: he may enter only the
rooms whose link he followed. A tournament's table is entered as its tournament is.

The check is made in one place for every address that acts on a room: :func:`guard_rooms`
(``create_app`` gives it the app's routes) puts it in front of every route whose path
names a room (a :data:`ROOM_PARAMS` parameter) — the table page, its forms, the table
socket, the tournament's pages and forms, the invite and close forms, a room's downloads,
and any route added later with such a parameter. Whoever may not enter the room is
refused before the page sees the request: 403 with one line for a page or a form, for a
socket the refusal of an unknown table (the room is never told of him).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from pokerroom.i18n import N_
from pokerroom.room.registry import LobbyEntry
from pokerroom.room.seam import USER_SCOPE_KEY, User
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.clubs.access import club_of, club_refusal
from pokerroom.web.table_socket import refuse_unknown_room

ROOM_PARAMS = ("room_id", "tid")
"""The path parameters that name a room of the registry."""
GUEST_ONLY = N_(
    "a guest plays only the game whose invite link he followed; sign up to go to other tables"
)
PRIVATE = N_("this is a private game: open it through the invite link its host gave you")
PRIVATE_SIGNED_OUT = N_(
    "this is a private game: open it through the invite link its host gave you, or log in first"
)
"""The refusals are marked messages: the error page says them in the visitor's language."""


def refusal_to_enter(
    cardroom: Cardroom, room_id: str, entry: LobbyEntry, user: User | None
) -> str | None:
    """Why ``user`` (None: signed out) may not come into the room, in one line; None if
    he may."""
    club = club_of(cardroom.registry, entry)
    if club is not None:  # a club's own game: its members only, whatever the link
        return club_refusal(cardroom.clubs, cardroom.club_members, club, user)
    rooms = {room_id} if entry.tournament is None else {room_id, entry.tournament}
    if user is not None and user.has("guest"):
        if any(cardroom.accounts.has_pass(room, user.id) for room in rooms):
            return None
        return GUEST_ONLY
    if not entry.private:
        return None
    if user is None:
        return PRIVATE_SIGNED_OUT
    if entry.host_id == user.id or user.has("admin"):
        return None
    if any(cardroom.accounts.has_pass(room, user.id) for room in rooms):
        return None
    return PRIVATE


def may_enter(cardroom: Cardroom, room_id: str, entry: LobbyEntry, user: User | None) -> bool:
    """Whether ``user`` (None: signed out) may open the room's page and socket."""
    return refusal_to_enter(cardroom, room_id, entry, user) is None


def guard_rooms(routes: Iterable[BaseRoute], cardroom: Cardroom) -> list[BaseRoute]:
    """``routes`` with the check of :func:`refusal_to_enter` in front of each one whose
    path names a room (copies: the routes given are left as they were)."""
    return [_guarded_route(route, cardroom) for route in routes]


def _guarded_route(route: BaseRoute, cardroom: Cardroom) -> BaseRoute:
    if not isinstance(route, Route | WebSocketRoute):
        return route
    key = next((name for name in ROOM_PARAMS if name in route.param_convertors), None)
    if key is None:
        return route
    guarded = copy.copy(route)
    guarded.app = _room_guard(route.app, key, cardroom)
    return guarded


def _room_guard(app: ASGIApp, key: str, cardroom: Cardroom) -> ASGIApp:
    async def guard(scope: Scope, receive: Receive, send: Send) -> None:
        room_id = str(scope.get("path_params", {}).get(key, ""))
        listed = cardroom.registry.find(room_id)
        if listed is not None:
            user = scope.get(USER_SCOPE_KEY)
            viewer = user if isinstance(user, User) else None
            why = await run_in_threadpool(refusal_to_enter, cardroom, room_id, listed.entry, viewer)
            if why is not None:
                if scope["type"] == "websocket":
                    await refuse_unknown_room(WebSocket(scope, receive, send), room_id)
                    return
                raise HTTPException(403, why)
        await app(scope, receive, send)

    return guard
