"""The lobby: the list of rooms, creating home games and cash tables, closing them.

:func:`lobby_routes` gives the pages: ``/`` and ``/api/lobby`` (:mod:`.listing`),
``/new/home``, ``/new/ofc`` and ``/new/cash`` (:mod:`.creating`), ``/rooms/<id>/close``
(:mod:`.closing`), ``/api/lobby/chat`` (:mod:`.chat`). Seats taken and status are read
from each room when it is listed (:mod:`.state`).
"""

from __future__ import annotations

from starlette.routing import BaseRoute, Route

from pokerroom.web.lobby import chat, closing, creating, listing


def lobby_routes() -> list[BaseRoute]:
    return [
        Route("/", listing.lobby_page, methods=["GET"]),
        Route("/api/lobby", listing.lobby_json, methods=["GET"]),
        Route("/api/lobby/chat", chat.read_chat, methods=["GET"]),
        Route("/api/lobby/chat", chat.post_chat, methods=["POST"]),
        Route("/new/home", creating.home_form_page, methods=["GET"]),
        Route("/new/home", creating.create_home, methods=["POST"]),
        Route("/new/ofc", creating.ofc_form_page, methods=["GET"]),
        Route("/new/ofc", creating.create_ofc, methods=["POST"]),
        Route("/new/cash", creating.cash_form_page, methods=["GET"]),
        Route("/new/cash", creating.create_cash, methods=["POST"]),
        Route("/rooms/{room_id}/close", closing.close_room, methods=["POST"]),
    ]
