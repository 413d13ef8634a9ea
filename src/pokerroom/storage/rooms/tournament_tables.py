"""The tables of a tournament played apart, each saved as a journal of its own.

A table of an apart tournament (:mod:`pokerroom.room.tournament.apart`) is a room of kind
:data:`TABLE_KIND` in ``web_rooms`` (its settings name its tournament and number; it has no
seed: its hands come from the director's offers) with its own inputs, serials and lease, so
another process than the director's may own it. Its journal keeps the calls made to the
table alone — the hands it takes, its players' messages and connections, its ticks — and a
process that follows it replays them on its own copy of the tournament's table, after its
copy of the director has offered the hand a ``take`` names (:func:`replay_table` stops
there and says so). It has no checkpoint of its own: the director's keeps each table as its
process had replayed it, with the serial it had reached (:attr:`TournamentTableRoom.applied`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from pokerroom.errors import UsageError
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.storage.codec import StorageError
from pokerroom.storage.rooms.call_journal import CallJournal, decode_arg
from pokerroom.storage.rooms.store import RoomInput, RoomStore
from pokerroom.storage.rooms.writer import RoomWriter

log = logging.getLogger(__name__)


TABLE_KIND = "tournament_table"
"""The kind of a saved room that is a table of a tournament played apart."""
METHODS = frozenset({"take", "handle", "presence", "tick"})
"""The table's journaled methods; each input's kind is the method's name."""


def table_settings(tournament: RoomTournament, room: TournamentTableRoom) -> dict[str, object]:
    """What a table's ``web_rooms`` row keeps: whose table it is."""
    return {"tournament": tournament.id, "table": room.number}


def open_table(saver: RoomWriter, tournament: RoomTournament, room: TournamentTableRoom) -> None:
    """Save a table the floor just opened (in the director's call that opened it) and
    journal it here: the process running the director owns it first."""
    saver.create(
        room.id,
        TABLE_KIND,
        entry={"tournament": tournament.id, "table": room.number},
        settings=table_settings(tournament, room),
        seed=0,
    )
    room.own_journal = TableJournal(room, saver)


class TableJournal(CallJournal):
    """Keeps ``room``'s calls with ``saver`` under the room's own id; ``last_serial`` and
    ``last_at`` are the serial and time of its last saved input (0 and None: none yet)."""

    def __init__(
        self,
        room: TournamentTableRoom,
        saver: RoomWriter,
        *,
        last_serial: int = 0,
        last_at: float | None = None,
    ) -> None:
        super().__init__(saver, last_serial=last_serial, last_at=last_at)
        self.room = room

    def shift(self, now: float, seconds: float) -> None:
        """The table is run here from ``now``: its clocks move ``seconds`` later (the time
        left at its last input, plus a grace)."""
        self.room.shift_clock(seconds)
        self._put(RoomInput(0, "shift", now, data={"shift": seconds}))

    def _digest(self) -> tuple[object, ...]:
        room = self.room
        return room.hand_number, room.status, room.deadline(), room.taken, len(room.occupants)

    def _where(self, target: object) -> dict[str, object]:
        return {}

    def _kind(self, method: str) -> str:
        return method

    def _save(self, item: RoomInput) -> None:
        self.room.applied, self.room.applied_at = item.serial, item.at
        self.saver.put(self.room.id, item)


def replay_table(room: TournamentTableRoom, inputs: Sequence[RoomInput]) -> bool:
    """Make ``room``'s saved calls after its :attr:`~TournamentTableRoom.applied` serial
    again, in order; False if it stopped at a hand its director has not offered here yet
    (read the director further, then call again). A saved input that is not one of a
    table's is a :class:`StorageError`."""
    for item in inputs:
        if item.serial <= room.applied:
            continue
        if item.serial != room.applied + 1:
            return True  # a gap: the caller reads the rest from the database
        data = item.data or {}
        if item.kind == "shift":
            room.shift_clock(float(data["shift"]))
        elif item.kind in METHODS and isinstance(data.get("args"), list):
            args = [decode_arg(arg) for arg in data["args"]]
            try:
                getattr(room, item.kind)(*args)
            except LookupError:
                return False
            except UsageError:
                pass  # refused then, refused now
            except Exception as exc:
                item.failed_again(log, f"table {room.id}", exc)
        elif item.kind != "stop":
            where = f"table {room.id}: saved input {item.serial} ({item.kind!r})"  # machine words
            raise StorageError(f"{where} is not one it can replay")  # machine words: a log line
        room.applied, room.applied_at = item.serial, item.at
    return True


def replay_tables(tournament: RoomTournament, store: RoomStore) -> None:
    """Each table of an apart ``tournament`` replayed from the database after the serial
    its copy holds (the director replayed first: every hand a table took is offered)."""
    for room in list(tournament.rooms.values()):
        replay_table(room, store.inputs(room.id, room.applied))


def run_tables_here(
    tournament: RoomTournament, saver: RoomWriter, now: float, grace: float
) -> None:
    """Every table of an apart ``tournament`` rebuilt here is journaled here from ``now``
    (one process runs them all): its clocks made fair (the time left at its last input,
    plus ``grace``), every person counted gone until his socket says otherwise (H-11)."""
    for room in tournament.rooms.values():
        journal = TableJournal(room, saver, last_serial=room.applied, last_at=room.applied_at)
        room.own_journal = journal
        if room.applied_at is not None:
            journal.shift(now, now + grace - room.applied_at)
        count_gone(room, now)


def count_gone(room: TournamentTableRoom, now: float) -> None:
    """H-11: a table resumed at ``now`` counts every person it seats gone from then, until
    his socket says otherwise."""
    for occupant in list(room.occupants.values()):
        if occupant.user is not None and occupant.connected:
            room.presence(User(occupant.user, occupant.name), False, now)
