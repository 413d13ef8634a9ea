"""A follower's copy of a web tournament (issue 25: no sticky sessions) replays what its
owner saved: however the notices come — duplicated, with gaps, out of order, some without
their inputs — and read from the database where they fall short, it ends exactly at the
saved tournament, every viewer's snapshot the same as the owner's; and it never acts: it
writes nothing and archives no hand while it replays (SQLite and PostgreSQL). Its notices
carry its plays and clock, never a card nor a player's words."""

from __future__ import annotations

import json
import random

import pytest

from pokerroom.cards import ALL_CARDS
from pokerroom.cluster.subjects import notice_from, notice_to_bytes
from pokerroom.cluster.tournament_copy import TournamentCopy
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms.store import RoomInput
from pokerroom.storage.rooms.tournaments import rebuilt, starting_point
from pokerroom.web.cardroom import Cardroom
from tests.web.test_tournament_resume import PEOPLE, begun, cardroom_on
from tests.web.tournament_driver import TournamentDriver


def views(tournament: RoomTournament) -> list[str]:
    """Everything the tournament shows: its lobby frame and every table's snapshot, for
    each person and an observer."""
    shown = []
    for viewer in [None, *PEOPLE]:
        shown.append(json.dumps(tournament.lobby(viewer), sort_keys=True))
        for room in tournament.rooms.values():
            shown.append(json.dumps(room.snapshot(viewer), sort_keys=True))
    return shown


def played(cardroom: Cardroom, steps: int) -> TournamentDriver:
    """The saved tournament played ``steps`` steps (hands at two tables), all of it saved."""
    driver = begun(cardroom)
    for _ in range(steps):
        driver.step()
    assert cardroom.tables.drain()
    return driver


def no_archive(tournament: RoomTournament) -> list[int]:
    """As the registry's hand archive would: every table of the copy, listed, reports its
    finished hands; the hands reported."""
    reported: list[int] = []

    def listed(changed: RoomTournament) -> None:
        for room in changed.rooms.values():
            room.on_hand_finished = lambda finished: reported.append(finished.number)

    tournament.on_change = listed
    listed(tournament)
    return reported


def notices(inputs: list[RoomInput], rng: random.Random) -> list[tuple[RoomInput, ...]]:
    """The owner's commits as a broker may deliver them: in runs of 1–5 inputs, some
    twice, some lost, some late, some without their inputs (a card or a chat in them)."""
    runs: list[tuple[RoomInput, ...]] = []
    at = 0
    while at < len(inputs):
        size = rng.randint(1, 5)
        runs.append(tuple(inputs[at : at + size]))
        at += size
    delivered: list[tuple[RoomInput, ...]] = []
    for run in runs:
        chance = rng.random()
        if chance < 0.1:
            continue  # lost
        delivered.append(() if chance < 0.2 else run)
        if chance > 0.9:
            delivered.append(run)  # a duplicate
    for _ in range(len(delivered) // 5):  # some come late
        i, j = rng.randrange(len(delivered)), rng.randrange(len(delivered))
        delivered[i], delivered[j] = delivered[j], delivered[i]
    return delivered


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_copy_fed_disordered_notices_ends_at_the_saved_tournament(
    database_url: str, seed: int
) -> None:
    with open_database(database_url) as database:
        cardroom = cardroom_on(database)
        driver = played(cardroom, 400)
        store = cardroom.tables.store
        stored = store.open_room("T1")
        assert stored is not None
        saved = store.inputs("T1")
        assert len(saved) > 100 and driver.tournament.log().hands >= 4
        tournament, serial = starting_point(stored, None)  # the recipe: from the start
        assert serial == 0
        copy = TournamentCopy(tournament, stored, 0, None)
        archived = no_archive(tournament)
        rng = random.Random(seed)
        replayed_from_notices = 0
        for notice in notices(saved, rng):
            before = copy.serial
            copy.catch_up(notice)
            replayed_from_notices += copy.serial - before
            last = notice[-1].serial if notice else before + rng.randint(1, 3)
            if copy.serial < last:  # a gap, or no inputs: the database says
                copy.catch_up(store.inputs("T1", copy.serial))
        copy.catch_up(store.inputs("T1", copy.serial))  # the check every 2 s
        assert 0 < replayed_from_notices < len(saved)  # both paths were taken
        assert copy.serial == saved[-1].serial
        assert copy.last_at == saved[-1].at
        assert views(copy.tournament) == views(driver.tournament)
        assert set(copy.room_ids()) == {"T1", *(r.id for r in driver.tournament.rooms.values())}
        assert archived == []  # the owner archives its hands, never a follower
        assert copy.tournament.journal is None
        assert len(store.inputs("T1")) == len(saved)  # it wrote nothing
        assert cardroom.tables.close()


def test_a_copy_built_from_the_database_starts_at_its_last_input(database_url: str) -> None:
    with open_database(database_url) as database:
        cardroom = cardroom_on(database)
        driver = played(cardroom, 150)
        stored = cardroom.tables.store.open_room("T1")
        assert stored is not None
        tournament, serial, last_at = rebuilt(
            stored, cardroom.tables, cardroom.secret, lambda _id: False
        )
        saved = cardroom.tables.store.inputs("T1")
        assert (serial, last_at) == (saved[-1].serial, saved[-1].at)
        assert views(tournament) == views(driver.tournament)
        copy = TournamentCopy(tournament, stored, serial, last_at)
        assert not copy.catch_up(saved)  # all of them held: nothing replayed twice
        assert views(tournament) == views(driver.tournament)
        assert cardroom.tables.close()


def test_a_tournaments_notices_carry_its_plays_and_never_a_card(database_url: str) -> None:
    with open_database(database_url) as database:
        cardroom = cardroom_on(database)
        played(cardroom, 300)
        saved = cardroom.tables.store.inputs("T1")
        assert cardroom.tables.close()
    faces = [json.dumps(str(card)) for card in ALL_CARDS]
    carried: dict[str, int] = {}
    for item in saved:
        notice = notice_from(notice_to_bytes("T1", item.serial, 1, [item]))
        carried[item.kind] = carried.get(item.kind, 0) + len(notice.inputs)
        if notice.inputs:
            payload = notice_to_bytes("T1", item.serial, 1, [item]).decode()
            assert not [face for face in faces if face in payload], item
    assert carried["handle"] > 0 and carried["tick"] > 0  # the plays and the clock travel
    assert carried["register"] == 2 and carried["start"] == 1
    discard = {"message": {"type": "draw", "cards": ["Ah"]}}
    draw = {"table": 1, "args": [{"user": {"id": 1, "name": "Ann"}}, discard, 5.0]}
    hidden = RoomInput(1, "handle", 5.0, None, draw)  # a discard names a card: not carried
    assert notice_from(notice_to_bytes("T1", 1, 1, [hidden])).inputs == ()
    said = RoomInput(1, "dispute", 5.0, None, {"table": 1, "args": ["it was mine", 5.0]})
    assert notice_from(notice_to_bytes("T1", 1, 1, [said])).inputs == ()
