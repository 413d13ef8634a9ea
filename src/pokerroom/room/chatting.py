"""A table's chat messages (``chat``, ``chat_ignore``, ``chat_report``, ``chat_mute``,
``chat_switch``) answered by its :class:`~pokerroom.chat.RoomChat`.

Chat changes the room like any other message: it is saved as the room's input, replayed
on a restart (so the moderation log and the reports survive one) and shown to nobody
before it is saved (the hub holds frames until the room's writer commits).
"""

from __future__ import annotations

from typing import Protocol

from pokerroom.chat import ChatRefusal, RoomChat, Speaker
from pokerroom.chat import words as chat_words
from pokerroom.protocol import client as msg
from pokerroom.room.seam import Outcome, User

ChatMessage = msg.Chat | msg.ChatIgnore | msg.ChatReport | msg.ChatMute | msg.ChatSwitch
CHAT_MESSAGES = (msg.Chat, msg.ChatIgnore, msg.ChatReport, msg.ChatMute, msg.ChatSwitch)


def chat_outcome(
    chat: RoomChat,
    sender: User | None,
    message: ChatMessage,
    now: float,
    *,
    seated: bool,
    moderator: bool,
    hand: int,
    all_in: bool,
) -> Outcome:
    """What one chat message did: the chat changed, or a refusal naming the limit."""
    if sender is None:
        return _refused(chat_words.signed_out())
    speaker = Speaker(sender.id, sender.name, seated=seated, moderator=moderator)
    done: object
    match message:
        case msg.Chat(text=text):
            done = chat.say(speaker, text, now, hand=hand, all_in=all_in)
        case msg.ChatIgnore(user=user, ignore=on):
            done = chat.ignore(speaker, user, on)
        case msg.ChatReport(line=line):
            done = chat.report(speaker, line, now)
        case msg.ChatMute(user=user, mute=True):
            done = chat.mute(speaker, user, now)
        case msg.ChatMute(user=user):
            done = chat.unmute(speaker, user, now)
        case msg.ChatSwitch(quiet_all_in=quiet, observers=observers):
            done = chat.switch(speaker, now, quiet_all_in=quiet, observers=observers)
    return _refused(done) if isinstance(done, ChatRefusal) else Outcome(True)


class ChattingTable(Protocol):
    """What a table room tells its chat about the sender and the hand."""

    chat: RoomChat
    hand_number: int

    def seat_of_user(self, user: int) -> int | None: ...

    def moderates(self, user: User | None) -> bool: ...


def table_chat_outcome(
    room: ChattingTable, sender: User | None, message: ChatMessage, now: float, *, all_in: bool
) -> Outcome:
    """A chat message at a table: seated players write at the table, others as observers."""
    return chat_outcome(
        room.chat,
        sender,
        message,
        now,
        seated=sender is not None and room.seat_of_user(sender.id) is not None,
        moderator=room.moderates(sender),
        hand=room.hand_number,
        all_in=all_in,
    )


def _refused(refusal: ChatRefusal) -> Outcome:
    return Outcome(False, refusal.message, refusal.code)
