"""The live rooms of one server, and what the lobby shows of each.

A room (:class:`~pokerroom.room.seam.Room`: a home game, a cash table, a tournament's
table) is added with its :class:`LobbyEntry`; whoever runs the room keeps the entry
current with :meth:`Registry.update` (a player sat down, the game started), except the
seats taken and status of a home or cash room, which the lobby reads from the room itself
(:mod:`pokerroom.web.lobby.state`)::

    registry.add(room, LobbyEntry("Friday game", "NLHE", "1/2", 0, 6, kind=RoomKind.HOME,
                                  private=True, host_id=user.id))
    registry.update(room.id, seats_taken=3, status="playing")
    registry.get(room.id).room      # the hub looks the room up by id
    registry.entries()              # the public listings, for the lobby
    registry.remove(room.id)

A registry made with ``on_add`` tells it of every room added (the server's hand archive
listens there, :func:`pokerroom.web.archive.listener.archive_listener`: every hand a room
added with ``registry.add`` finishes is saved, nothing else to call).

The lobby lists public entries only; a private room is reached by its invite link
(:mod:`pokerroom.web.pages.invites`) or by its host, and :func:`pokerroom.web.access.may_enter`
says who may come in. Ids are :func:`new_room_id` strings (unguessable, URL-safe).

>>> registry = Registry()
>>> class Table:
...     id = "t1"
>>> registry.add(Table(), LobbyEntry("Main", "NLHE", "1/2", 2, 9, kind=RoomKind.CASH))
>>> registry.update("t1", seats_taken=3)
>>> [(room_id, entry.seats_taken) for room_id, entry in registry.entries()]
[('t1', 3)]
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace
from typing import Any

from pokerroom.errors import PokerroomError
from pokerroom.protocol.frames import LobbyRoomFrame
from pokerroom.room.seam import Room, User


class RoomKind(enum.StrEnum):
    HOME = "home"
    CASH = "cash"
    TOURNAMENT = "tournament"


class RoomError(PokerroomError, LookupError):
    """A room id that is not (or already) in the registry."""


@dataclass(frozen=True, slots=True)
class LobbyEntry:
    """One line of the lobby."""

    name: str
    game: str
    """The game as players name it: ``NLHE``, ``PLO``, ``7-Card Stud``, ``001 home series``."""
    stakes: str
    """Blinds, limits or buy-in as shown: ``1/2``, ``buy-in 100``."""
    seats_taken: int
    seats_total: int
    kind: RoomKind
    status: str = "waiting"
    """``waiting`` (for players), ``playing``, ``registering``, ``break``, ``finished``."""
    private: bool = False
    """Not listed; reached by its invite link only."""
    host_id: int | None = None
    """The account that created it (a home game's host), if any."""
    tournament: str | None = None
    """A tournament's table: the tournament's id. Its page lists it; the lobby does not."""
    observers: bool = True
    """Whether people without a seat may watch (:mod:`pokerroom.web.observers`)."""
    player_run: bool = False
    """A tournament made by a plain account, not a director or an admin (T-16)."""
    club: int | None = None
    """A club's own room: listed to its members only, entered by them only (private too)."""

    def listing(self, room_id: str) -> LobbyRoomFrame:
        """The entry as ``/api/lobby`` gives it."""
        listing: LobbyRoomFrame = {
            "id": room_id,
            "name": self.name,
            "game": self.game,
            "stakes": self.stakes,
            "seats": {"taken": self.seats_taken, "total": self.seats_total},
            "status": self.status,
            "kind": self.kind.value,
            "private": self.private,
            "observers": self.observers,
            "url": f"/tournaments/{room_id}"
            if self.kind is RoomKind.TOURNAMENT and self.tournament is None
            else table_path(room_id),
        }
        if self.kind is RoomKind.TOURNAMENT and self.tournament is None:
            listing["player_run"] = self.player_run
        return listing


@dataclass(frozen=True, slots=True)
class Listed:
    room: Room
    entry: LobbyEntry


def table_path(room_id: str) -> str:
    """The address of a room's table page."""
    return f"/tables/{room_id}"


def new_room_id() -> str:
    """A fresh room id: short, URL-safe and unguessable, so a private room's page cannot be
    found by counting."""
    return secrets.token_urlsafe(9)


class Registry:
    """Room id → the live room and its lobby entry, in the order they were added."""

    def __init__(self, on_add: Callable[[Room, LobbyEntry], None] | None = None) -> None:
        self._rooms: dict[str, Listed] = {}
        self._on_add = on_add

    def add(self, room: Room, entry: LobbyEntry) -> None:
        """List a new room under its own ``room.id`` (and tell ``on_add`` of it)."""
        if room.id in self._rooms:
            raise RoomError(f"a room {room.id!r} is already open")  # machine words: an invariant
        self._rooms[room.id] = Listed(room, entry)
        if self._on_add is not None:
            self._on_add(room, entry)

    def reattach(self, room_id: str) -> None:
        """Tell ``on_add`` again of a room whose live state was rebuilt in place (a cluster's
        stale copy rebuilt from the database), so what it attached holds the new state."""
        listed = self.get(room_id)
        if self._on_add is not None:
            self._on_add(listed.room, listed.entry)

    def update(self, room_id: str, **changes: Any) -> None:
        """Change fields of the room's entry (``seats_taken=3``, ``status="playing"``)."""
        listed = self.get(room_id)
        self._rooms[room_id] = Listed(listed.room, replace(listed.entry, **changes))

    def remove(self, room_id: str) -> Room:
        """Close the room: it leaves the lobby; the room is given back."""
        listed = self._rooms.pop(room_id, None)
        if listed is None:
            raise RoomError(f"no room {room_id!r}")  # machine words: an invariant
        return listed.room

    def relist(self, room_id: str, entry: LobbyEntry) -> None:
        """Show another lobby line for a room run elsewhere (nothing is saved from here)."""
        listed = self.get(room_id)
        self._rooms[room_id] = Listed(listed.room, entry)

    def forget(self, room_id: str) -> None:
        """Drop a room another process closed (nothing is saved from here)."""
        self._rooms.pop(room_id, None)

    def get(self, room_id: str) -> Listed:
        listed = self._rooms.get(room_id)
        if listed is None:
            raise RoomError(f"no room {room_id!r}")  # machine words: an invariant
        return listed

    def find(self, room_id: str) -> Listed | None:
        """The room and its entry, or None (a page answers 404)."""
        return self._rooms.get(room_id)

    def entries(self, kind: RoomKind | None = None) -> list[tuple[str, LobbyEntry]]:
        """The public rooms (of one kind, if given), as the lobby lists them."""
        return [
            (room_id, listed.entry)
            for room_id, listed in self._rooms.items()
            if not listed.entry.private
            and listed.entry.tournament is None
            and kind in (None, listed.entry.kind)
        ]

    def hosted_by(self, user: User) -> list[tuple[str, LobbyEntry]]:
        """The rooms ``user`` created, private ones too: his own part of the lobby."""
        return [
            (room_id, listed.entry)
            for room_id, listed in self._rooms.items()
            if listed.entry.host_id == user.id
        ]

    def __contains__(self, room_id: object) -> bool:
        return room_id in self._rooms

    def __len__(self) -> int:
        return len(self._rooms)

    def __iter__(self) -> Iterator[str]:
        return iter(self._rooms)


class LiveRooms:
    """The registry's rooms as the hub reads them: ``get`` a room by id, every room's
    ``values`` for the clock (the shape of a mapping)."""

    def __init__(self, registry: Registry) -> None:
        self._registry = registry

    def get(self, room_id: str, /) -> Room | None:
        listed = self._registry.find(room_id)
        return None if listed is None else listed.room

    def values(self) -> list[Room]:
        return [self._registry.get(room_id).room for room_id in self._registry]


def entry_to_json(entry: LobbyEntry) -> dict[str, Any]:
    """A lobby line as it is saved with its table."""
    return {**asdict(entry), "kind": entry.kind.value}


def entry_from_json(data: dict[str, Any]) -> LobbyEntry:
    return LobbyEntry(**{**data, "kind": RoomKind(data["kind"])})
