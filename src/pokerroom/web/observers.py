"""Observers on or off per table (issue 13 item 4, T-23): who may watch a table he does not
play at.

A home or cash table's host chooses when he creates it (``observers`` on the ``/new/home``
and ``/new/cash`` forms) and may change it from the table page; the choice is the room's
:class:`~pokerroom.room.registry.LobbyEntry` ``observers`` field, saved with the table's
lobby line and listed in the lobby. A tournament's tables take observers unless its
regulation says ``observers = false``.

*Decisions* (README "The table page"): by default a public table welcomes observers and a
private one does not (a private home game is among friends). When observers are off, once the
first hand is dealt only the table's players, its host and admins open it (before, anyone
let in may open it to take a seat); at a tournament table, every entrant of the tournament
(a player moved to another table follows his move; one who busted may stay).
Anybody else's page says so (and offers a free seat to a signed-in player), and his socket
gets one ``observers_off`` refusal and is closed; watchers already there when the host
switches observers off — or a player who gives up his seat — get the same and are closed.
"""

from __future__ import annotations

from pokerroom.i18n import N_, gettext
from pokerroom.room.cash import CashRoom
from pokerroom.room.hub import WatchRule
from pokerroom.room.live import LiveRoom
from pokerroom.room.registry import Listed
from pokerroom.room.seam import User
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.storage.rooms.saved_room import live_room
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.clubs.access import members_only

NO_OBSERVERS = N_(
    "this table takes no observers: only its players, its host and admins may open it; "
    "take a seat to play"
)
"""Said in the visitor's language where it is shown (the table page, the socket's close)."""


def welcome(listed: Listed) -> bool:
    """Whether the table takes observers now."""
    room = live_room(listed.room)
    if isinstance(room, TournamentTableRoom):
        return room.owner.regulation.observers
    return listed.entry.observers


def dealt(listed: Listed) -> bool:
    """Whether a hand was ever dealt at the table: before that there is nothing to watch
    but the seats, and anyone let in may open it to take one."""
    room = live_room(listed.room)
    return not isinstance(room, LiveRoom) or room.hand is not None


def plays_at(listed: Listed, user: User) -> bool:
    """Whether ``user`` is one of the table's own: seated, its host, an admin, or (at a
    tournament table) an entrant of the tournament."""
    if user.has("admin") or listed.entry.host_id == user.id:
        return True
    room = live_room(listed.room)
    if isinstance(room, TournamentTableRoom):
        return room.owner.name_of(user) is not None
    return isinstance(room, LiveRoom) and room.seat_of_user(user.id) is not None


def watch_rule(cardroom: Cardroom, room_id: str) -> WatchRule | None:
    """Why a viewer (None: signed out) may not watch the room now, None if he may; no rule
    at all (None) while everybody may: the hub then asks no socket at a change."""
    listed = cardroom.registry.find(room_id)
    club = members_only(cardroom.registry, cardroom.club_members, listed)
    table = None if listed is None or welcome(listed) or not dealt(listed) else listed
    if club is None and table is None:
        return None

    def refusal(viewer: User | None) -> str | None:
        outsider = None if club is None else club(viewer)
        if outsider is not None or table is None:
            return outsider
        if viewer is not None and plays_at(table, viewer):
            return None
        return gettext(NO_OBSERVERS)

    return refusal


def watch_refusal(cardroom: Cardroom, room_id: str, viewer: User | None) -> str | None:
    """Why ``viewer`` (None: signed out) may not watch the room now; None if he may."""
    rule = watch_rule(cardroom, room_id)
    return None if rule is None else rule(viewer)


def may_switch(listed: Listed, user: User | None) -> bool:
    """The host of a home or cash table, or an admin, switches its observers on or off."""
    if user is None or isinstance(live_room(listed.room), TournamentTableRoom):
        return False
    host = listed.entry.host_id
    return user.has("admin") or (host is not None and host == user.id)


def observer_context(
    cardroom: Cardroom, room_id: str, listed: Listed, user: User | None
) -> dict[str, object]:
    """What the table page shows of the observers: the state, the host's switch, and for
    a visitor kept out, why, and the free seats he may take from the page."""
    room = live_room(listed.room)
    refused = watch_refusal(cardroom, room_id, user)
    free: list[int] = []
    buy_in: tuple[int, int] | None = None
    if refused is not None and isinstance(room, LiveRoom):
        if not isinstance(room, TournamentTableRoom):
            free = [s for s in range(1, room.table_size + 1) if s not in room.occupants]
        if isinstance(room, CashRoom):
            buy_in = (room.settings.min_buy_in, room.settings.max_buy_in)
    return {
        "observers": welcome(listed),
        "may_switch": may_switch(listed, user),
        "refused": refused,
        "free_seats": free,
        "buy_in": buy_in,
    }
