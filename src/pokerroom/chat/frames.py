"""A room's chat as one viewer reads it (X-4: built per viewer, never shared)."""

from __future__ import annotations

from pokerroom.chat.room_chat import Line, RoomChat, Speaker
from pokerroom.protocol.chat_frames import ChatFrame, ChatLineFrame, ChatModerationFrame


def chat_frame(
    chat: RoomChat,
    viewer: int | None,
    *,
    seated: bool,
    moderator: bool,
    all_in: bool,
) -> ChatFrame:
    """What ``viewer`` (None: signed out) reads and may do in ``chat``. A room's snapshot is
    not told the time: mutes carry when they end, and the page compares that with the
    frame's ``now``."""
    lines = chat.visible(viewer, seated=seated, moderator=moderator)
    mute = None if viewer is None else chat.mutes.get(viewer)
    switches = chat.switches
    channel = None if viewer is None else Speaker(viewer, "", seated, moderator).channel
    frame: ChatFrame = {
        "lines": [line_frame(line) for line in lines],
        "channel": channel,
        "muted_until": None if mute is None else mute.until,
        "ignored": sorted(chat.ignored.get(viewer, ())) if viewer is not None else [],
        "quiet_all_in": switches.quiet_all_in,
        "observers": switches.observers,
        "quiet_now": switches.quiet_all_in and all_in,
        "max_chars": chat.rules.max_chars,
        "moderator": moderator,
    }
    if moderator:
        frame["moderation"] = moderation_frame(chat)
    return frame


def moderation_frame(chat: RoomChat) -> ChatModerationFrame:
    """What the room's moderator (the host, the director) sees: mutes, reports, the log."""
    return {
        "mutes": [
            {"user": user, "name": mute.name, "until": mute.until, "times": mute.times}
            for user, mute in sorted(chat.mutes.items())
        ],
        "reports": [
            {"at": r.at, "reporter": r.reporter_name, "line": line_frame(r.line)}
            for r in chat.reports
        ],
        "log": [
            {
                "at": e.at,
                "moderator": e.moderator,
                "action": e.action,
                "target": e.target,
                "detail": e.detail,
            }
            for e in chat.log
        ],
    }


def line_frame(line: Line) -> ChatLineFrame:
    return {
        "n": line.number,
        "at": line.at,
        "channel": line.channel,
        "user": line.user,
        "name": line.name,
        "text": line.text,
        "hand": line.hand,
    }
