"""The lobby's chat: ``GET /api/lobby/chat`` reads it, ``POST /api/lobby/chat`` (a JSON
``chat``, ``chat_ignore``, ``chat_report`` or ``chat_mute`` message, with the page's CSRF
header) changes it; the lobby page polls the first (``static/lobby_chat.js``).

Everyone signed in writes in one channel; admins and directors moderate it. It lives in
the server's memory only (no I/O on the event loop, nothing to wait for): a restart
clears it — the tables' chats, with their moderation, are the ones saved.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from pokerroom.chat import RoomChat
from pokerroom.chat.frames import chat_frame
from pokerroom.i18n import N_, gettext
from pokerroom.protocol import client as msg
from pokerroom.protocol.chat_frames import LobbyChatFrame
from pokerroom.room.chatting import chat_outcome
from pokerroom.room.seam import PROTOCOL_VERSION, User
from pokerroom.web.auth.visitor import user_of

LOBBY_MESSAGES = (msg.Chat, msg.ChatIgnore, msg.ChatReport, msg.ChatMute)
NOT_IN_LOBBY = N_("the lobby chat takes chat, chat_ignore, chat_report and chat_mute")
NOT_JSON = N_("send one JSON object: a chat message")


def moderates_lobby(user: User | None) -> bool:
    return user is not None and (user.has("admin") or user.has("director"))


def lobby_chat(request: Request) -> RoomChat:
    """The server's one lobby chat (``app.state.lobby_chat``)."""
    chat: RoomChat = request.app.state.lobby_chat
    return chat


def _now(request: Request) -> float:
    clock: Callable[[], float] = request.app.state.hub.clock
    return clock()


def _frame(request: Request) -> LobbyChatFrame:
    user = user_of(request)
    return {
        "type": "lobby_chat",
        "v": PROTOCOL_VERSION,
        "now": _now(request),
        "user": None if user is None else user.id,
        "chat": chat_frame(
            lobby_chat(request),
            None if user is None else user.id,
            seated=True,
            moderator=moderates_lobby(user),
            all_in=False,
        ),
    }


async def read_chat(request: Request) -> Response:
    return JSONResponse(_frame(request))


async def post_chat(request: Request) -> Response:
    """One chat message; the chat as the sender now reads it, or a refusal (409)."""
    try:
        data = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        return _refused("malformed", NOT_JSON)
    if not isinstance(data, dict):
        return _refused("malformed", NOT_JSON)
    try:
        message = msg.parse_message(data)
    except msg.ProtocolError as error:
        return _refused(error.code, error.message)
    if not isinstance(message, LOBBY_MESSAGES):
        return _refused("not_lobby", NOT_IN_LOBBY)
    user = user_of(request)
    outcome = chat_outcome(
        lobby_chat(request),
        user,
        message,
        _now(request),
        seated=True,
        moderator=moderates_lobby(user),
        hand=0,
        all_in=False,
    )
    if outcome.error is not None:
        return _refused(outcome.code or "refused", outcome.error)
    return JSONResponse(_frame(request))


def _refused(code: str, message: str) -> Response:
    said = gettext(message)  # a marked refusal in the visitor's language
    frame = {"type": "error", "v": PROTOCOL_VERSION, "code": code, "message": said}
    return JSONResponse(frame, status_code=409)
