"""The table page: ``/tables/<id>``, where people play (issue 13 item 4).

The page is a shell: the room's name and stakes, the felt, the action bar. Everything
on the felt comes over the table socket (``/ws/tables/<id>``, ``docs/protocol.md``) and
is drawn by ``static/table.js`` from each snapshot, which the room built for this
viewer alone (X-4); the page itself carries no card. A private room's page opens only
for those :func:`~pokerroom.web.access.may_enter` lets in (checked, as for every route that
acts on a room, by :func:`~pokerroom.web.access.guard_rooms`); anyone else who may enter a
room and has no seat in it watches it as an observer. A cash table's host and players
find its settle-up (:mod:`pokerroom.web.pages.settle_up`) linked under its stakes.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import current_language, gettext, use_language, vocabulary_of_profile
from pokerroom.room import CashRoom
from pokerroom.storage.rooms.saved_room import live_room
from pokerroom.table.run_twice import PROMPT
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import cardroom_of
from pokerroom.web.lobby.table_commands import no_table
from pokerroom.web.lobby.words import room_words
from pokerroom.web.observers import observer_context
from pokerroom.web.pages.settle_up import may_read
from pokerroom.web.templating import page


async def table_page(request: Request) -> Response:
    room_id = str(request.path_params["room_id"])
    cardroom = cardroom_of(request)
    listed = cardroom.registry.find(room_id)
    if listed is None:
        raise HTTPException(404, no_table(room_id))
    user = user_of(request)
    room = live_room(listed.room)
    context = {
        "room_id": room_id,
        "entry": listed.entry,
        "kind": listed.entry.kind.value,
        **observer_context(cardroom, room_id, listed, user),
        "run_twice": {key: gettext(words) for key, words in PROMPT.items()},
        "words": room_words(listed),
        "settle_up": isinstance(room, CashRoom) and may_read(listed.entry, room, user),
    }
    profile = getattr(getattr(room, "settings", None), "profile", "club")
    with use_language(current_language(), vocabulary_of_profile(profile)):  # «Фолд» at home
        return page(request, "table.html", context)


def table_routes() -> list[BaseRoute]:
    return [
        Route("/tables/{room_id}", table_page, methods=["GET"]),
    ]
