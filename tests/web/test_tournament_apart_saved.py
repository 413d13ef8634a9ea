"""A tournament played apart, saved (storage/rooms/tournament_tables.py): the director's
journal and each table's own, in the database, build it again exactly — stopped anywhere,
with or without a checkpoint of the director."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, cast

import pytest

from pokerroom.room.hub import Hub
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms import tournaments
from pokerroom.storage.rooms.store import RoomStore
from pokerroom.storage.rooms.tournament_tables import TABLE_KIND, open_table
from pokerroom.storage.rooms.tournaments import rebuilt, resume_saved, save_new
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.web.tournament.apart_here import play_apart_here
from tests.web.test_tournament_apart import Owners, apart_tournament, next_tick
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


class Clock:
    """What the one-process steps ask of a hub: the time, and a change to show."""

    def __init__(self, now: float) -> None:
        self.now = now
        self.changed: list[str] = []

    def clock(self) -> float:
        return self.now

    def room_changed(self, room_id: str) -> None:
        self.changed.append(room_id)


def test_a_server_alone_resumes_a_tournament_played_apart_and_plays_it_to_the_end(
    database_url: str,
) -> None:
    """A cluster's tournament, stopped mid-way, resumed by one server with no broker: it
    journals every table itself, takes the offers and records the hands (web/tournament/
    apart_here.py), and the tournament ends with every chip, every table's journal going
    on from its own last serial."""
    with open_database(database_url) as database:
        saver = RoomWriter(RoomStore(database))
        owners = saved_owners(saver, random.Random(21))
        owners.begin()
        owners.play(limit=40, to_the_end=False)
        assert owners.tournament.status == "running"
        stopped = owners.now
        assert saver.close()
    with open_database(database_url) as database:
        saver = RoomWriter(RoomStore(database))
        stored = saver.store.open_room("T1")
        assert stored is not None
        clock = Clock(stopped + 60)
        steps: list[Any] = []
        tournament = resume_saved(stored, saver, SECRET, clock.now, 3.0, lambda _id: False)
        play_apart_here(tournament, saver, cast(Hub, clock), steps.append)
        for _ in range(20_000):
            if tournament.status == "finished":
                break
            if steps:
                steps.pop(0)()
                continue
            clock.now = next_tick(tournament, clock.now)
        assert tournament.status == "finished"
        chips = sorted(record.chips for record in tournament.log().players.values())
        assert chips[-1] == sum(chips) == 12 * 1000
        assert saver.close()  # every table's inputs saved, none refused on its serial
        again = saver.store.open_room("T1")
        assert again is not None
        from_inputs = dataclasses.replace(again, checkpoint=None)  # its journals alone
        copy, _serial, _at = rebuilt(from_inputs, saver, SECRET, lambda _id: False)
        same(copy, tournament)  # every table journaled here too, from its own serial
