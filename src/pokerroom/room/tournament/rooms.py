"""One tournament's rooms for a hub of its own (``pokerroom tournament play``): its lobby and
every table it has opened so far, found by id as a server's registry finds them."""

from __future__ import annotations

from collections.abc import Iterable

from pokerroom.room.seam import Room
from pokerroom.room.tournament.event import RoomTournament


class TournamentRooms:
    """:class:`~pokerroom.room.hub.Rooms` of ``tournament``: new tables appear as it opens them."""

    def __init__(self, tournament: RoomTournament) -> None:
        self.tournament = tournament

    def get(self, room_id: str, /) -> Room | None:
        if room_id == self.tournament.id:
            return self.tournament
        return next((room for room in self.tournament.rooms.values() if room.id == room_id), None)

    def values(self) -> Iterable[Room]:
        return [self.tournament, *self.tournament.rooms.values()]
