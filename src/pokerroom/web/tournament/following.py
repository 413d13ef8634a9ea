"""A cluster's web tournaments on this server (``pokerroom serve --broker``): a follower
copy of each tournament another process runs, listed here with its tables so its pages and
sockets work on any process; the copy run here, in place, when this process takes the
tournament over; and the tournament run here followed in place when it is handed over
(the cluster node's :class:`~pokerroom.cluster.node.Tournaments`)."""

from __future__ import annotations

from pokerroom.cluster.tournament_copy import TournamentCopy
from pokerroom.room.hub import Hub
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.rooms.store import StoredRoom
from pokerroom.storage.rooms.tournaments import TournamentJournal, rebuilt, run_journaled
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.saving.owned import let_go
from pokerroom.web.tournament.resume import in_its_club, list_copy, run_on
from pokerroom.web.tournament.saving import plain_account


class WebTournaments:
    """The tournaments of ``cardroom`` as its ``hub``'s process follows or runs them; one
    taken over gives the player to act the time he had left at its last input plus
    ``grace``."""

    def __init__(self, cardroom: Cardroom, hub: Hub, grace: float) -> None:
        self.cardroom = cardroom
        self.hub = hub
        self.grace = grace

    def follow(self, stored: StoredRoom) -> TournamentCopy:
        cardroom = self.cardroom
        tournament, serial, last_at = rebuilt(
            stored, cardroom.tables, cardroom.secret, plain_account(cardroom)
        )
        return TournamentCopy(in_its_club(tournament, stored, cardroom), stored, serial, last_at)

    def list(self, copy: TournamentCopy) -> None:
        list_copy(self.cardroom, copy.stored, copy.tournament)

    def run_here(self, copy: TournamentCopy) -> None:
        cardroom, tournament = self.cardroom, copy.tournament
        saver, secret = cardroom.tables, cardroom.secret
        now = self.hub.clock()
        run_journaled(tournament, saver, secret, copy.serial, copy.last_at, now, self.grace)
        run_on(cardroom, copy.stored, tournament)

    def stop_running(self, stored: StoredRoom) -> TournamentCopy | None:
        tournament = self.cardroom.registry.find(stored.id)
        room = None if tournament is None else tournament.room
        if not isinstance(room, RoomTournament) or not isinstance(room.journal, TournamentJournal):
            return None
        journal = room.journal
        room.journal = room.on_start = None  # it acts no more here: the new owner does
        return TournamentCopy(room, stored, journal.serial, journal.last_at)

    def drop(self, lease: str) -> None:
        let_go(self.cardroom, self.hub, lease)
