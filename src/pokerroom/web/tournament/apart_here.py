"""A tournament played apart, with its director and all its tables on this one process.

A tournament made by a cluster is played apart (:mod:`pokerroom.room.tournament.apart`); a
server alone on that database (no broker) resumes it and runs every part of it itself.
The two steps a cluster's node carries between processes are taken here, each just after
the call that asked for it (never inside it: each is a call of another journal): a hand
the director offers is taken by its table, a hand a table played out is recorded by the
director.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pokerroom.room.hub import Hub
from pokerroom.room.tournament.apart import finished_to_json
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.storage.rooms.tournament_tables import open_table
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.web.cardroom import Cardroom

Soon = Callable[[Callable[[], object]], object]
"""Runs a step after the call in progress (the event loop's ``call_soon``)."""


def play_apart_here(tournament: RoomTournament, saver: RoomWriter, hub: Hub, soon: Soon) -> None:
    """Take ``tournament``'s offers and record its finished hands on this process."""
    steps = _Steps(tournament, saver, hub, soon)
    tournament.on_table = steps.opened
    tournament.on_offer = steps.offered
    tournament.on_finished = steps.finished
    for room in tournament.rooms.values():
        steps.offered(room)
        steps.finished(room)


class _Steps:
    """The two steps of a tournament played apart, each taken just after the call that
    asked for it."""

    def __init__(self, tournament: RoomTournament, saver: RoomWriter, hub: Hub, soon: Soon):
        self.tournament, self.saver, self.hub, self.soon = tournament, saver, hub, soon

    def opened(self, room: TournamentTableRoom) -> None:
        open_table(self.saver, self.tournament, room)

    def offered(self, room: TournamentTableRoom) -> None:
        if room.taken + 1 in room.offers:
            self.soon(partial(self._take, room))

    def finished(self, room: TournamentTableRoom) -> None:
        finished = room.finished
        if finished is not None and self.tournament.hands_done.get(room.number) != finished.number:
            self.soon(partial(self._record, room))

    def _take(self, room: TournamentTableRoom) -> None:
        if room.take_offered(self.hub.clock()):
            self.hub.room_changed(room.id)

    def _record(self, room: TournamentTableRoom) -> None:
        tournament, finished = self.tournament, room.finished
        if finished is None:
            return
        tournament.hand_done(room.number, finished_to_json(finished), self.hub.clock())
        for room_id in [tournament.id, *(r.id for r in tournament.rooms.values())]:
            self.hub.room_changed(room_id)


def play_restored_apart(cardroom: Cardroom, hub: Hub, restored: list[str], soon: Soon) -> None:
    """Of the tournaments a server alone just restored, those played apart run here."""
    for tournament_id in restored:
        room = cardroom.registry.get(tournament_id).room
        if isinstance(room, RoomTournament) and room.apart:
            play_apart_here(room, cardroom.tables, hub, soon)
