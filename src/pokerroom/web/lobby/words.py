"""The lobby page's words for each room's game and stakes, from the live room's settings
(:mod:`pokerroom.web.game_words` says them)."""

from __future__ import annotations

import re

from pokerroom.i18n import gettext, ngettext, number_text, use_language
from pokerroom.room.kinds import TABLE_ROOMS
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.registry import Listed, RoomKind
from pokerroom.storage.rooms.saved_room import live_room
from pokerroom.web.game_words import OFC_NAME, game_text, game_text_of, stakes_text, stakes_text_of

_GROUPED = re.compile(r"(?<=\d),(?=\d{3})")


def room_words(listed: Listed) -> dict[str, str]:
    """The room's game and stakes for the lobby and table pages, in the reader's language:
    worded again from the live room where its entry says what the room's settings say,
    else the entry's own words (translated where they are words this room writes)."""
    entry = listed.entry
    with use_language("en"):
        english = _room_words(listed)
    said = _room_words(listed)
    same_stakes = _digits(english["stakes"]) == _digits(entry.stakes)
    return {
        "game": said["game"] if english["game"] == entry.game else game_text_of(entry.game),
        "stakes": said["stakes"] if same_stakes else stakes_text_of(entry.stakes),
    }


def _digits(text: str) -> str:
    """``1,000`` and ``1000`` alike: the entry's words may group thousands or not."""
    return _GROUPED.sub("", text)


def _room_words(listed: Listed) -> dict[str, str]:
    entry, room = listed.entry, live_room(listed.room)
    if isinstance(room, OfcRoom):
        players = ngettext("{count} player", "{count} players", room.table_size)
        parts = [
            players.format(count=room.table_size),
            gettext("points: 1 a row, 6 a scoop, royalties; Fantasyland"),
        ]
        if room.max_hands is not None:
            hands = ngettext("{count} hand", "{count} hands", room.max_hands)
            parts.append(hands.format(count=number_text(room.max_hands)))
        return {"game": gettext(OFC_NAME), "stakes": ", ".join(parts)}
    settings = getattr(room, "settings", None) if isinstance(room, TABLE_ROOMS) else None
    if settings is None or entry.kind not in (RoomKind.HOME, RoomKind.CASH):
        return {"game": game_text_of(entry.game), "stakes": stakes_text_of(entry.stakes)}
    mixed = bool(getattr(settings, "mixed", False))
    stakes = stakes_text(
        settings.variant, settings.limit, settings.small_blind, settings.big_blind, settings.ante
    )
    parts = [stakes]
    if entry.kind is RoomKind.HOME:
        parts.append(gettext("stack {stack}").format(stack=number_text(settings.stack)))
    else:
        buy_in = f"{number_text(settings.min_buy_in)}-{number_text(settings.max_buy_in)}"
        parts.append(gettext("buy-in {amount}").format(amount=buy_in))
        if settings.rake is not None:
            parts.append(gettext("raked"))
    return {
        "game": game_text(settings.variant, settings.limit, mixed=mixed),
        "stakes": ", ".join(parts),
    }
