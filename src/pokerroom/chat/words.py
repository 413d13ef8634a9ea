"""Every sentence the chat says to a user, in one place (for translation later)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ChatRefusal:
    """Why a chat request changed nothing: a short ``code`` and a line naming the limit."""

    code: str
    message: str


def for_a_while(seconds: float) -> str:
    """``9 min``, ``2 h``, ``1 day``: a mute's length or what is left of it, rounded up."""
    if seconds < 60 * 60:
        return f"{max(1, -(-int(seconds) // 60))} min"
    if seconds < 24 * 60 * 60:
        return f"{-(-int(seconds) // 3600)} h"
    days = -(-int(seconds) // 86400)
    return f"{days} day" if days == 1 else f"{days} days"


def empty() -> ChatRefusal:
    return ChatRefusal("chat_empty", "type something: a chat line cannot be empty")


def too_long(chars: int, limit: int) -> ChatRefusal:
    return ChatRefusal(
        "chat_too_long", f"a chat line may hold at most {limit} characters; this one has {chars}"
    )


def flooding(lines: int, seconds: float, wait: float) -> ChatRefusal:
    return ChatRefusal(
        "chat_flood",
        f"at most {lines} chat lines in {seconds:g} seconds: wait {max(1, round(wait))} s",
    )


def muted(left: float) -> ChatRefusal:
    return ChatRefusal(
        "chat_muted", f"a moderator muted you: you may chat again in {for_a_while(left)}"
    )


def quiet_all_in() -> ChatRefusal:
    return ChatRefusal(
        "chat_all_in",
        "no chat while a player is all-in at this table: wait until the hand ends",
    )


def observers_off() -> ChatRefusal:
    return ChatRefusal("chat_observers_off", "the observers' chat is off at this table")


def signed_out() -> ChatRefusal:
    return ChatRefusal("chat_signed_out", "sign in to chat")


def not_moderator() -> ChatRefusal:
    return ChatRefusal(
        "chat_not_moderator",
        "only the host of a home game or the tournament director may do this",
    )


def no_such_user(user: int) -> ChatRefusal:
    return ChatRefusal("chat_no_user", f"user {user} has not chatted here")


def not_yourself() -> ChatRefusal:
    return ChatRefusal("chat_yourself", "you cannot do this to yourself")


def not_muted(name: str) -> ChatRefusal:
    return ChatRefusal("chat_not_muted", f"{name} is not muted")


def no_such_line(number: int) -> ChatRefusal:
    return ChatRefusal(
        "chat_no_line", f"there is no chat line {number} here to report (only recent ones)"
    )


def already_reported(number: int) -> ChatRefusal:
    return ChatRefusal("chat_reported", f"you already reported chat line {number}")


def no_switch() -> ChatRefusal:
    return ChatRefusal(
        "chat_no_switch", "name a switch to set: 'quiet_all_in' or 'observers' (true or false)"
    )
