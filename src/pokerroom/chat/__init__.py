"""Chat with moderation, as pure rules: no sockets, no pages, no clock of its own.

Sits between the bots and the room layer: a live table (:mod:`pokerroom.room`) and the
lobby keep a :class:`~pokerroom.chat.room_chat.RoomChat` each and tell it who speaks, what
and when; it answers with the line kept or a :class:`~pokerroom.chat.words.ChatRefusal`
naming the limit. What one viewer reads is built for that viewer alone
(:mod:`pokerroom.chat.frames`).
"""

from pokerroom.chat.room_chat import RoomChat, Speaker
from pokerroom.chat.rules import ChatRules
from pokerroom.chat.words import ChatRefusal

__all__ = ["ChatRefusal", "ChatRules", "RoomChat", "Speaker"]
