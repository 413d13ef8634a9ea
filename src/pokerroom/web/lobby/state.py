"""The lobby stays true: seats taken and status are read from the room when it is listed.

*Decision*: rather than every change to a room (a socket's ``sit``, the clock dealing the
next hand, a player leaving) having to remember to update the room's
:class:`~pokerroom.room.registry.LobbyEntry`, the lobby asks each live home and cash room
for its occupied seats and status at the moment it lists them. The entry keeps what does
not change (name, game, stakes, seats in all, kind, host); nothing can go stale, and a
listing costs a count of each room's seats. Other rooms (a tournament's) keep the entry
their owner updates.

A room's own status becomes the lobby's: ``waiting`` (for players), ``playing`` (a hand
is being played, or the table pauses between hands), ``held`` (dealt, but fewer than two
players are here) and ``finished`` (the series is over).
"""

from __future__ import annotations

from dataclasses import replace

from pokerroom.engine import Limit, Variant
from pokerroom.room.kinds import TABLE_ROOMS
from pokerroom.room.registry import Listed, LobbyEntry, Registry, RoomKind
from pokerroom.room.seam import User
from pokerroom.storage.rooms.saved_room import live_room

LOBBY_STATUS = {
    "waiting": "waiting",
    "playing": "playing",
    "pause": "playing",
    "held": "held",
    "over": "finished",
}
"""A live room's ``status`` as the lobby shows it."""
LIVE_KINDS = (RoomKind.HOME, RoomKind.CASH)


def current_entry(listed: Listed) -> LobbyEntry:
    """The room's lobby entry with its seats taken and status as they are now."""
    room, entry = live_room(listed.room), listed.entry
    if not isinstance(room, TABLE_ROOMS) or entry.kind not in LIVE_KINDS:
        return entry
    status = LOBBY_STATUS.get(room.status, room.status)
    return replace(entry, seats_taken=len(room.occupants), status=status)


def public_entries(registry: Registry, kind: RoomKind | None) -> list[tuple[str, LobbyEntry]]:
    """The public rooms (of one kind, if given), each as it is now."""
    return [(i, current_entry(registry.get(i))) for i, _ in registry.entries(kind)]


def own_entries(registry: Registry, user: User) -> list[tuple[str, LobbyEntry]]:
    """The rooms ``user`` created, private ones too, each as it is now."""
    return [(i, current_entry(registry.get(i))) for i, _ in registry.hosted_by(user)]


def hand_in_play(listed: Listed) -> bool:
    """Whether a hand is being dealt or played at the room now (a closing must wait)."""
    room = live_room(listed.room)
    return isinstance(room, TABLE_ROOMS) and room.status == "playing"


def game_words(variant: Variant, limit: Limit, *, mixed: bool = False) -> str:
    """The game as the lobby names it: ``Hold'em no-limit``, ``Omaha Hi-Lo pot-limit``."""
    mixed_words = "mixed fixed-limit / pot-limit"  # machine words: stored English, /api/lobby
    return f"{variant.name} {mixed_words if mixed else limit}"


def stakes_words(
    variant: Variant, limit: Limit, small_blind: int, big_blind: int, ante: int
) -> str:
    """The forced bets in a few words, as the table's header says them (V-4, V-5), and
    the bets of a fixed-limit game."""
    if variant.stud:
        forced = f"ante {ante or small_blind}, bring-in {small_blind}"  # machine words: as above
    elif variant.boards > 1:
        forced = f"ante {ante or big_blind}"
    else:
        forced = f"{small_blind}/{big_blind}" + (f", ante {ante}" if ante else "")
    if limit is Limit.FIXED_LIMIT:
        forced += f", bets {big_blind}/{2 * big_blind}"
    return forced
