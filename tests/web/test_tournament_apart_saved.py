"""A tournament played apart, saved (storage/rooms/tournament_tables.py): the director's
journal and each table's own, in the database, build it again exactly — stopped anywhere,
with or without a checkpoint of the director."""

from __future__ import annotations

import random

import pytest

from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms import tournaments
from pokerroom.storage.rooms.store import RoomStore
from pokerroom.storage.rooms.tournament_tables import TABLE_KIND, open_table
from pokerroom.storage.rooms.tournaments import rebuilt, save_new
from pokerroom.storage.rooms.writer import RoomWriter
from tests.web.test_tournament_apart import Owners, apart_tournament
from tests.web.tournament_driver import TWELVE

SECRET = b"s" * 32


def saved_owners(saver: RoomWriter, rng: random.Random) -> Owners:
    """Owners of an apart tournament whose director and tables keep their calls in the
    database, as a process running all of them would."""
    tournament = save_new(saver, SECRET, apart_tournament(), TWELVE, {"host_id": 90})
    tournament.on_table = lambda room: open_table(saver, tournament, room)
    return Owners(rng, tournament)


def same(copy: RoomTournament, owner: RoomTournament) -> None:
    assert copy.log().events == owner.log().events
    assert sorted(copy.rooms) == sorted(owner.rooms)
    for number, room in owner.rooms.items():
        again = copy.rooms[number]
        assert (again.taken, again.applied, again.hand_number) == (
            room.taken,
            room.applied,
            room.hand_number,
        )
        assert (again.hand is None) == (room.hand is None)
        if room.hand is not None and again.hand is not None:
            assert again.hand.events == room.hand.events
        assert again.snapshot(None) == room.snapshot(None)


@pytest.mark.parametrize("checkpoints", [False, True])
def test_an_apart_tournament_is_built_again_from_its_journals_wherever_it_stopped(
    database_url: str, monkeypatch: pytest.MonkeyPatch, checkpoints: bool
) -> None:
    if checkpoints:
        monkeypatch.setattr(tournaments, "CHECKPOINT_HANDS", 7)
    with open_database(database_url) as database:
        saver = RoomWriter(RoomStore(database))
        owners = saved_owners(saver, random.Random(11))
        owners.begin()
        kept = 0
        while owners.tournament.status != "finished":
            owners.play(limit=15, to_the_end=False)
            assert saver.drain()
            stored = saver.store.open_room("T1")
            assert stored is not None
            kept += stored.checkpoint is not None and owners.tournament.status != "finished"
            copy, _serial, _at = rebuilt(stored, saver, SECRET, lambda _id: False)
            same(copy, owners.tournament)
        rows = [room for room in saver.store.open_rooms() if room.kind == TABLE_KIND]
        assert sorted(row.id for row in rows) == sorted(
            room.id for room in owners.tournament.rooms.values()
        )
        assert (kept > 0) == checkpoints
        assert saver.close()
