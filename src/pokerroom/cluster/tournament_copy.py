"""A web tournament another process runs, as this process follows it.

A tournament is deterministic: replaying its journaled calls in order makes it again
(:mod:`pokerroom.storage.rooms.tournaments`). So a follower keeps a copy built from the
tournament's checkpoint and inputs, and catches it up by replaying the inputs the owner
saved after its own serial. The copy never acts: it has no journal (nothing written), its
hub neither ticks it nor hands it a message (they are forwarded to the owner), and while it
replays, its tables report no finished hand (the owner archives them) and it opens no
recurring tournament (the owner does). After a replay the registry hears of it once
(``on_change``), so a table the owner opened is listed here too.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cluster.follower import next_run
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.rooms.store import RoomInput, StoredRoom
from pokerroom.storage.rooms.tournaments import detached, replay


class TournamentCopy:
    """``tournament`` as saved up to the input ``serial`` (made at ``last_at``); ``stored``
    is its recipe and lobby line as read."""

    def __init__(
        self, tournament: RoomTournament, stored: StoredRoom, serial: int, last_at: float | None
    ) -> None:
        self.tournament = tournament
        self.stored = stored
        self._serial = serial
        self._last_at = last_at

    @property
    def serial(self) -> int:
        """The last input this copy holds."""
        return self._serial

    @property
    def last_at(self) -> float | None:
        """The time of the last input this copy holds (None: none yet)."""
        return self._last_at

    def room_ids(self) -> list[str]:
        """The tournament's id and its tables' (what its sockets watch)."""
        return [self.tournament.id, *(room.id for room in self.tournament.rooms.values())]

    def catch_up(self, inputs: Sequence[RoomInput]) -> bool:
        """Replay the owner's inputs that follow this copy's, in order (a duplicate is
        skipped, a gap stops it: the caller reads the rest from the database); whether the
        copy changed."""
        fresh = next_run(self._serial, inputs)
        if not fresh:
            return False
        tournament = self.tournament
        with detached(tournament):
            replay(tournament, fresh)
        self._serial, self._last_at = fresh[-1].serial, fresh[-1].at
        if tournament.on_change is not None:
            tournament.on_change(tournament)
        return True
