"""Every sentence the chat says to a user, in one place, in the language of whoever is
spoken to (the server words a refusal inside the recipient's ``use_language``)."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.i18n import N_, gettext, ngettext


@dataclass(frozen=True, slots=True)
class ChatRefusal:
    """Why a chat request changed nothing: a short ``code`` and a line naming the limit."""

    code: str
    message: str


def for_a_while(seconds: float) -> str:
    """``9 min``, ``2 h``, ``1 day``: a mute's length or what is left of it, rounded up."""
    if seconds < 60 * 60:
        minutes = max(1, -(-int(seconds) // 60))
        return ngettext("{count} min", "{count} min", minutes).format(count=minutes)
    if seconds < 24 * 60 * 60:
        hours = -(-int(seconds) // 3600)
        return ngettext("{count} h", "{count} h", hours).format(count=hours)
    days = -(-int(seconds) // 86400)
    return ngettext("{count} day", "{count} days", days).format(count=days)


def empty() -> ChatRefusal:
    return ChatRefusal("chat_empty", gettext(N_("type something: a chat line cannot be empty")))


def too_long(chars: int, limit: int) -> ChatRefusal:
    return ChatRefusal(
        "chat_too_long",
        gettext(N_("a chat line may hold at most {limit} characters; this one has {chars}")).format(
            limit=limit, chars=chars
        ),
    )


def flooding(lines: int, seconds: float, wait: float) -> ChatRefusal:
    return ChatRefusal(
        "chat_flood",
        gettext(N_("at most {lines} chat lines in {seconds} seconds: wait {wait} s")).format(
            lines=lines, seconds=f"{seconds:g}", wait=max(1, round(wait))
        ),
    )


def muted(left: float) -> ChatRefusal:
    return ChatRefusal(
        "chat_muted",
        gettext(N_("a moderator muted you: you may chat again in {time}")).format(
            time=for_a_while(left)
        ),
    )


def quiet_all_in() -> ChatRefusal:
    return ChatRefusal(
        "chat_all_in",
        gettext(N_("no chat while a player is all-in at this table: wait until the hand ends")),
    )


def observers_off() -> ChatRefusal:
    return ChatRefusal(
        "chat_observers_off", gettext(N_("the observers' chat is off at this table"))
    )


def signed_out() -> ChatRefusal:
    return ChatRefusal("chat_signed_out", gettext(N_("sign in to chat")))


def not_moderator() -> ChatRefusal:
    return ChatRefusal(
        "chat_not_moderator",
        gettext(N_("only the host of a home game or the tournament director may do this")),
    )


def no_such_user(user: int) -> ChatRefusal:
    return ChatRefusal(
        "chat_no_user", gettext(N_("user {user} has not chatted here")).format(user=user)
    )


def not_yourself() -> ChatRefusal:
    return ChatRefusal("chat_yourself", gettext(N_("you cannot do this to yourself")))


def not_muted(name: str) -> ChatRefusal:
    return ChatRefusal("chat_not_muted", gettext(N_("{name} is not muted")).format(name=name))


def no_such_line(number: int) -> ChatRefusal:
    return ChatRefusal(
        "chat_no_line",
        gettext(N_("there is no chat line {number} here to report (only recent ones)")).format(
            number=number
        ),
    )


def already_reported(number: int) -> ChatRefusal:
    return ChatRefusal(
        "chat_reported",
        gettext(N_("you already reported chat line {number}")).format(number=number),
    )


def no_switch() -> ChatRefusal:
    return ChatRefusal(
        "chat_no_switch",
        gettext(N_("name a switch to set: 'quiet_all_in' or 'observers' (true or false)")),
    )
