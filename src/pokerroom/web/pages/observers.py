"""The table page's observer controls: the host switches observers on or off, and a player
a no-observers table keeps out takes a free seat from its page.

``POST /tables/<id>/observers`` (``observers=yes|no``, the form's CSRF token like every
POST): the host of a home or cash table or an admin; the lobby line changes and is saved
with the table, and the hub dismisses every watcher the table no longer takes.
``POST /tables/<id>/sit`` (``seat``, and at a cash table ``buy_in`` and ``post``): the same
``sit`` message the socket carries, for a signed-in player whose page cannot open the
socket because he does not play there yet.
"""

from __future__ import annotations

import secrets

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import gettext
from pokerroom.room.registry import Listed, table_path
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import cardroom_of
from pokerroom.web.language import scope_language
from pokerroom.web.lobby.table_commands import no_table, on_owner, status_of
from pokerroom.web.pages.forms import form_fields
from pokerroom.web.templating import page


def _listed(request: Request) -> tuple[str, Listed]:
    room_id = str(request.path_params["room_id"])
    listed = cardroom_of(request).registry.find(room_id)
    if listed is None:
        raise HTTPException(404, no_table(room_id))
    return room_id, listed


async def switch_observers(request: Request) -> Response:
    room_id, _ = _listed(request)
    fields = await form_fields(request, "observers")
    outcome = await on_owner(request, "observers", room_id, user_of(request), fields)
    if outcome.error is not None:
        raise HTTPException(status_of(outcome), outcome.error)
    return RedirectResponse(table_path(room_id), status_code=303)


async def sit_from_page(request: Request) -> Response:
    room_id, listed = _listed(request)
    user = user_of(request)
    if user is None:
        raise HTTPException(403, gettext("log in to take a seat"))
    form = await form_fields(request, "seat", "buy_in", "post")
    message: dict[str, object] = {"type": "sit", "id": f"page-{secrets.token_hex(6)}"}
    for key in ("seat", "buy_in"):
        if form[key].strip():
            if not form[key].strip().isdigit():
                raise HTTPException(
                    400,
                    gettext("{field}: a whole number, got {text}").format(
                        field=key, text=repr(form[key][:20])
                    ),
                )
            message[key] = int(form[key])
    if form["post"]:
        message["post"] = True
    hub = request.app.state.hub
    if hub.link is not None and hub.link.remote(room_id):  # run by another process
        outcome = await hub.link.forward(room_id, user, message, scope_language(request.scope))
    else:
        outcome = listed.room.handle(user, message, hub.clock())
    if outcome.error is not None:
        context = {"title": gettext("No seat taken"), "message": gettext(outcome.error)}
        return page(request, "message.html", context, 400)
    if outcome.changed:
        hub.room_changed(room_id)
    return RedirectResponse(table_path(room_id), status_code=303)


def observer_routes() -> list[BaseRoute]:
    return [
        Route("/tables/{room_id}/observers", switch_observers, methods=["POST"]),
        Route("/tables/{room_id}/sit", sit_from_page, methods=["POST"]),
    ]
