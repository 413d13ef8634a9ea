"""Invite links: the way into a private game, and a guest's way into the cardroom.

The room's host (or an admin) posts to ``/rooms/<id>/invites`` and gets a link
``/invite/<token>``, valid for the server's invite lifetime (7 days unless set). Whoever
opens it sees the game's name and one button: a signed-in player joins as himself; a
visitor picks a name and becomes a ``guest`` account, signed in at once, that may enter
that game only. Either way the account gets the room's pass (:mod:`pokerroom.web.access`)
and lands on the table, ``/tables/<id>``. The database keeps only the digest of the token.
A link dies with its room (once closed, it is answered as an expired link), and one game
takes at most ``guests_per_game`` guests, whatever links they came by (then 429: a
visitor signs up instead).
"""

from __future__ import annotations

from functools import partial

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from pokerroom.i18n import N_, gettext
from pokerroom.naming.account_names import AccountNameError
from pokerroom.room.registry import table_path
from pokerroom.room.seam import User
from pokerroom.storage.accounts import AccountError, GuestLimitError, Invite
from pokerroom.web.auth.tokens import new_token
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import Cardroom, cardroom_of
from pokerroom.web.errors import wants_json
from pokerroom.web.pages.forms import form_fields
from pokerroom.web.pages.signing_in import session_cookie
from pokerroom.web.templating import page

EXPIRED = N_("this invite link is not valid any more; ask the host for a new one")


def create_invite(cardroom: Cardroom, room_id: str, host: User) -> str:
    """A new invite link's token for ``room_id``, made by ``host`` (checked by the caller)."""
    token = new_token()
    cardroom.accounts.create_invite(room_id, host.id, token, cardroom.settings.invite_lifetime)
    return token


def invite_path(token: str) -> str:
    return f"/invite/{token}"


async def new_invite(request: Request) -> Response:
    cardroom = cardroom_of(request)
    room_id = request.path_params["room_id"]
    user = user_of(request)
    listed = cardroom.registry.find(room_id)
    if listed is None:
        raise HTTPException(404, gettext("no game {room} is open").format(room=repr(room_id[:40])))
    if user is None or not (listed.entry.host_id == user.id or user.has("admin")):
        raise HTTPException(403, gettext("only the game's host can invite players to it"))
    token = await run_in_threadpool(create_invite, cardroom, room_id, user)
    url = str(request.base_url.replace(path=invite_path(token)))
    if wants_json(request.scope):
        return JSONResponse({"type": "invite", "v": 1, "url": url})
    return page(request, "invite_link.html", {"url": url, "room": listed.entry.name})


async def _invite_or_404(cardroom: Cardroom, token: str) -> Invite:
    """The link's invite; a link whose room has closed is dead like an expired one."""
    invite = await run_in_threadpool(cardroom.accounts.find_invite, token)
    if invite is None or invite.room_id not in cardroom.registry:
        raise HTTPException(404, EXPIRED)
    return invite


def _room_name(cardroom: Cardroom, invite: Invite) -> str:
    listed = cardroom.registry.find(invite.room_id)
    return gettext("a private game") if listed is None else listed.entry.name


async def invite_page(request: Request) -> Response:
    cardroom = cardroom_of(request)
    token = request.path_params["token"]
    invite = await _invite_or_404(cardroom, token)
    context = {"room": _room_name(cardroom, invite), "name": "", "error": None, "token": token}
    return page(request, "invite.html", context)


async def accept_invite(request: Request) -> Response:
    cardroom = cardroom_of(request)
    token = request.path_params["token"]
    invite = await _invite_or_404(cardroom, token)
    user = user_of(request)
    response = RedirectResponse(table_path(invite.room_id), status_code=303)
    if user is not None:
        try:
            await run_in_threadpool(cardroom.accounts.follow_invite, token, user.id)
        except AccountError:
            raise HTTPException(404, EXPIRED) from None
        return response
    name = (await form_fields(request, "name"))["name"]
    context = {"room": _room_name(cardroom, invite), "name": name, "token": token}
    session = new_token()
    try:
        await run_in_threadpool(
            partial(
                cardroom.accounts.join_as_guest,
                token,
                name,
                session,
                cardroom.settings.session_lifetime,
                most_guests=cardroom.settings.guests_per_game,
            )
        )
    except GuestLimitError as error:
        return page(request, "invite.html", {**context, "error": str(error)}, 429)
    except AccountError:
        raise HTTPException(404, EXPIRED) from None
    except AccountNameError as error:
        return page(request, "invite.html", {**context, "error": str(error)}, 400)
    response.headers.append("set-cookie", session_cookie(cardroom, session))
    return response


routes = [
    Route("/rooms/{room_id}/invites", new_invite, methods=["POST"]),
    Route("/invite/{token}", invite_page, methods=["GET"]),
    Route("/invite/{token}", accept_invite, methods=["POST"]),
]
