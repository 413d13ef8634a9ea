"""The chat part of a table frame (``"chat"``): what one viewer reads of a room's chat.

Built for one viewer (:func:`pokerroom.chat.frames.chat_frame`): the lines he may read, less
those he ignores; ``moderation`` only for the room's moderator. A line holds only what its
author typed, cleaned: the server never writes cards into chat (X-4).
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict


class ChatLineFrame(TypedDict):
    n: int
    """The line's number in this room's chat: what ``chat_report`` names."""
    at: float
    """When it was said, on the server's clock (the frame's ``now``)."""
    channel: Literal["table", "observers"]
    user: int
    name: str
    text: str
    hand: int
    """The hand being played when it was said (0: none yet)."""


class ChatMuteFrame(TypedDict):
    user: int
    name: str
    until: float
    times: int
    """How often he has been muted here: the next mute is the next step."""


class ChatReportFrame(TypedDict):
    at: float
    reporter: str
    line: ChatLineFrame


class ChatLogFrame(TypedDict):
    at: float
    moderator: str
    action: Literal["mute", "unmute", "report", "switch"]
    target: str | None
    detail: str


class ChatModerationFrame(TypedDict):
    mutes: list[ChatMuteFrame]
    """Everyone muted here, each with when his last mute ends (compare with ``now``)."""
    reports: list[ChatReportFrame]
    log: list[ChatLogFrame]
    """Newest last."""


class ChatFrame(TypedDict):
    lines: list[ChatLineFrame]
    """Oldest first."""
    channel: Literal["table", "observers"] | None
    """Where the viewer's lines go; None: he may not chat (signed out)."""
    muted_until: float | None
    """When the viewer's last mute ends (he is muted while it is after ``now``)."""
    ignored: list[int]
    """The users whose lines the viewer chose not to read."""
    quiet_all_in: bool
    observers: bool
    """Whether the observers' chat is open."""
    quiet_now: bool
    """A player is all-in and the all-in quiet switch is on: players may not chat."""
    max_chars: int
    moderator: bool
    moderation: NotRequired[ChatModerationFrame]


class LobbyChatFrame(TypedDict):
    """``GET /api/lobby/chat`` (and the answer to a ``POST`` there): the lobby's chat as
    the asking visitor reads it."""

    type: Literal["lobby_chat"]
    v: int
    now: float
    """The server's clock, which the lines' ``at`` and ``muted_until`` are read on."""
    user: int | None
    """The visitor's account id (None: signed out, he only reads)."""
    chat: ChatFrame
