"""The tables of tournaments played apart, as one process of a cluster serves them.

Every process keeps a copy of every open web tournament (:mod:`.tournament_copy`). When
the tournament is played apart (:mod:`pokerroom.room.tournament.apart`) each of its tables
is a lease of its own, so the tables of one tournament are owned by any processes, and
the director by one of them. This process, for each such table:

- **owns it** (:meth:`ApartTables.run_here`, when the ownership loop gives it the lease, or
  when its director here opens it): the table's own journal is set, its commands are served
  here, each hand its copy of the director offers is taken into the table's journal at
  once (:meth:`ApartTables.take_offers`), and each hand it plays out is told to the
  director's owner (:meth:`ApartTables.tell_done`), again every second until it is recorded;
- **or follows it**: its copy replays the table's own journal (:class:`TableCopy`), reading
  the director further first when a ``take`` names a hand its copy has not offered yet.

The director's owner records a finished hand when asked (:meth:`ApartTables.record`): it
reads the table's journal up to the hand's end and keeps the finished hand in the
director's journal; asked again, it answers that it has it. Nothing that names a card goes
on the broker: the ask names the table, the hand's number and the serial of its end.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from pokerroom.cluster.broker import NoAnswerError
from pokerroom.cluster.subjects import BadPayloadError, command, encode, outcome_from
from pokerroom.i18n import DEFAULT_LANGUAGE
from pokerroom.room.seam import Outcome
from pokerroom.room.tournament.apart import finished_to_json
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.storage.rooms.store import RoomInput
from pokerroom.storage.rooms.tournament_tables import TableJournal, open_table, replay_table

if TYPE_CHECKING:
    from pokerroom.cluster.node import ClusterNode

log = logging.getLogger(__name__)

RETRY_SECONDS = 1.0
"""How often a finished hand the director has not recorded yet is told again."""
ASK_SECONDS = 3.0
"""How long one telling waits for the director's owner."""


class TableCopy:
    """A followed table of a tournament played apart, as the node follows a copy: its serial,
    and its catching up by replaying the table's own journal."""

    def __init__(self, room: TournamentTableRoom) -> None:
        self.room = room
        self.complete = True
        """False when the last replay stopped at a hand its director has not offered here."""

    @property
    def serial(self) -> int:
        return self.room.applied

    @property
    def last_at(self) -> float | None:
        return self.room.applied_at

    def catch_up(self, inputs: Sequence[RoomInput]) -> bool:
        """Replay what the table's owner saved; its hands are archived by the owner alone."""
        room = self.room
        before, archive = room.applied, room.on_hand_finished
        room.on_hand_finished = None
        try:
            self.complete = replay_table(room, inputs)
        finally:
            room.on_hand_finished = archive
        return room.applied != before


class ApartTables:
    """The node's side of the tables of tournaments played apart; see the module docstring."""

    def __init__(self, node: ClusterNode) -> None:
        self.node = node
        self._copies: dict[str, TableCopy] = {}
        self._telling: set[tuple[str, int]] = set()
        """The finished hands being told to the director's owner: (table, number)."""

    def table_of(self, room_id: str) -> TournamentTableRoom | None:
        """The listed table ``room_id`` of a tournament played apart (None: it is not one)."""
        listed = self.node.registry.find(room_id)
        room = None if listed is None else listed.room
        if isinstance(room, TournamentTableRoom) and room.owner.apart:
            return room
        return None

    def copy(self, room_id: str) -> TableCopy | None:
        """The followed copy of the table ``room_id`` (None: run here, or not one)."""
        room = self.table_of(room_id)
        if room is None or room.own_journal is not None:
            return None
        copy = self._copies.get(room_id)
        if copy is None or copy.room is not room:
            copy = self._copies[room_id] = TableCopy(room)
        return copy

    def hook(self, tournament: RoomTournament) -> None:
        """Hear ``tournament``'s offers, finished hands and new tables on this process."""
        if tournament.apart:
            tournament.on_offer = self._offered
            tournament.on_finished = self._finished
            tournament.on_table = partial(self._opened, tournament)

    # ------------------------------------------------------------ a table run here

    def _opened(self, tournament: RoomTournament, room: TournamentTableRoom) -> None:
        """The director run here opened a table: saved and leased here (epoch 1, with its
        recipe), journaled and served here until the balance hands it over."""
        open_table(self.node.writer, tournament, room)

    def _offered(self, room: TournamentTableRoom) -> None:
        """Told inside the director's call (perhaps on a page's thread): taken after it."""
        if room.own_journal is not None:
            self._soon(self._take_later, room)

    def _take_later(self, room: TournamentTableRoom) -> None:
        self.node._spawn(self.take_offers(room))

    def _soon(self, step: Callable[[TournamentTableRoom], None], room: TournamentTableRoom) -> None:
        loop = self.node._loop
        if loop is not None:
            loop.call_soon_threadsafe(step, room)

    async def take_offers(self, room: TournamentTableRoom) -> None:
        """Take every hand the director offered the table, in order, while it runs here."""
        node = self.node
        if room.own_journal is None or not node.ownership.owns(room.id):
            return
        if room.take_offered(time.time()):
            log.debug("table %s took up to step %d", room.id, room.taken)
            node.hub.room_changed(room.id)

    def _finished(self, room: TournamentTableRoom) -> None:
        if room.own_journal is not None:
            self._soon(self.untold, room)

    def untold(self, room: TournamentTableRoom) -> None:
        """The table's last hand, if the director has not recorded it, is told now (once at
        a time): its end just now, a table just run here (its last owner may have died
        first), or the sweep."""
        finished = room.finished
        offered = room.owner.offers_made.get(room.number, (0, None))[0]
        if finished is None or finished.number != offered or room.own_journal is None:
            return
        telling = (room.id, finished.number)
        if room.owner.hands_done.get(room.number) == finished.number or telling in self._telling:
            return
        self._telling.add(telling)
        self.node._spawn(self.tell_done(room, finished.number, room.applied))

    async def tell_done(self, room: TournamentTableRoom, number: int, serial: int) -> None:
        """Tell the director's owner that hand ``number`` of ``room`` ended at the table's
        input ``serial``, once that is saved; again until it is recorded (or the table is
        no longer run here: its next owner tells it)."""
        try:
            await self._tell(room, number, serial)
        finally:
            self._telling.discard((room.id, number))

    async def _tell(self, room: TournamentTableRoom, number: int, serial: int) -> None:
        node = self.node
        await asyncio.wrap_future(node.writer.when_saved())
        tournament = room.owner
        asked = {
            "kind": "hand_done",
            "room": tournament.id,
            "table": room.number,
            "number": number,
            "serial": serial,
            "language": DEFAULT_LANGUAGE,
            "user": None,
        }
        while room.own_journal is not None and tournament.hands_done.get(room.number) != number:
            log.debug("table %s tells hand %d (input %d)", room.id, number, serial)
            if await self._told(tournament, asked):
                return
            await asyncio.sleep(RETRY_SECONDS)

    async def _told(self, tournament: RoomTournament, asked: dict[str, object]) -> bool:
        """Whether the director's owner has the hand now: this process, asked directly (a
        process never hears its own messages on the broker), or another, over the broker."""
        node = self.node
        if tournament.journal is not None and node.ownership.owns(tournament.id):
            table, number, serial = (int(str(asked[key])) for key in ("table", "number", "serial"))
            outcome = await self.record(tournament, table, number, serial)
            if outcome.changed:
                await asyncio.wrap_future(node.writer.when_saved())  # told once it is saved
            return outcome.changed
        try:
            subject = command(node.ownership.lease_of(tournament.id))
            answer = await node.broker.request(subject, encode(asked), ASK_SECONDS)
            return outcome_from(answer).changed
        except (NoAnswerError, BadPayloadError):
            return False

    async def run_here(self, room_id: str) -> bool:
        """The ownership loop took the table ``room_id`` over: its copy, caught up, is run
        here in place (its sockets stay open) with its clock made fair."""
        node = self.node
        room = self.table_of(room_id)
        if room is None:
            return False
        await node._catch_up(room.owner.id)
        await node._catch_up(room_id)
        if not node.ownership.owns(room_id):
            return False
        if room.own_journal is None:
            journal = TableJournal(
                room, node.writer, last_serial=room.applied, last_at=room.applied_at
            )
            room.own_journal = journal
            now = time.time()
            if room.applied_at is not None:
                grace = node.ownership.settings.takeover_grace
                journal.shift(now, now + grace - room.applied_at)
            log.info("table %s taken over at input %d", room_id, room.applied)
            node.count_present(room, room.occupants.values())
        await node._serve(room_id)
        await self.take_offers(room)
        self.untold(room)
        node.hub.room_changed(room_id)
        return True

    def lost(self, room_id: str) -> bool:
        """The table ``room_id`` is no longer run here: followed in place from now on; if
        some of its play here was never saved (fenced out), the tournament's copy is read
        again from the database (its sockets told it moved)."""
        room = self.table_of(room_id)
        if room is None:
            return False
        if room.own_journal is None:
            return True
        room.own_journal = None
        if room.applied <= self.node._committed.get(room_id, 0):
            log.info("table %s is followed here now, at input %d", room_id, room.applied)
        elif not self.node.follow_anew(room.owner.id):  # its play here was never saved
            log.error(
                "table %s was lost with play never saved while its director runs here: "
                "its copy shows that play until the tournament is read again",
                room_id,
            )
        return True

    async def sweep(self) -> None:
        """Every table run here takes the hands offered it and tells its last one if the
        director has not recorded it: a step missed while this process could not act for
        a moment (its lease's renewal late) is taken now."""
        for room_id in list(self.node.registry):
            room = self.table_of(room_id)
            if room is not None and room.own_journal is not None:
                await self.take_offers(room)
                self.untold(room)

    async def after_director(self, tournament: RoomTournament) -> None:
        """The director's copy read further: the hands it offered the tables run here are
        taken now."""
        for room in list(tournament.rooms.values()):
            if room.own_journal is not None and room.taken + 1 in room.offers:
                await self.take_offers(room)

    # ------------------------------------------------------------ the director run here

    async def record(
        self, tournament: RoomTournament, table: int, number: int, serial: int
    ) -> Outcome:
        """The director run here records hand ``number`` of ``table``, read from the
        table's journal up to ``serial``; changed: it has it now (recorded before too)."""
        node = self.node
        if tournament.hands_done.get(table, 0) >= number:
            return Outcome(True)
        room = tournament.rooms.get(table)
        if room is not None and room.applied < serial:
            await node._catch_up(room.id)
        finished = None if room is None else room.finished
        if tournament.hands_done.get(table, 0) >= number:
            return Outcome(True)  # recorded while the table was read
        if finished is None or finished.number != number:
            return Outcome(False, "not read yet", "not_yet")  # machine words: retried
        tournament.hand_done(table, finished_to_json(finished), time.time())
        log.debug("tournament %s recorded hand %d of table %d", tournament.id, number, table)
        for room_id in [tournament.id, *(r.id for r in tournament.rooms.values())]:
            node.hub.room_changed(room_id)  # shown once the record is saved
        return Outcome(True)
