"""Saved tables (issue 13 item 1): a restarted server resumes every table where it was.

A home series and a cash table are played into the middle of a hand on SQLite and on
PostgreSQL, the database is closed (a crash, or a clean stop) and opened again, and the
resumed table is checked against the one before: every viewer's snapshot is the same but
for the clock readings, which moved by the downtime plus the reconnect grace (A-18: the
time left is kept; H-11: nobody is sat out for the restart). Then it is played to the end
in lockstep with the same table never stopped, same seed, same inputs (differential).
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pokerroom.protocol.frames import TableFrame
from pokerroom.room import CashRoom, HomeRoom
from pokerroom.room import cash as cash_module
from pokerroom.room import live as live_module
from pokerroom.room.registry import LobbyEntry, RoomKind, new_room_id
from pokerroom.room.seam import User
from pokerroom.storage.codec import StorageError
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.rooms import saved_room as saved_room_module
from pokerroom.storage.rooms import writer as room_writer_module
from pokerroom.storage.rooms.recipes import NotFreshError, build_room
from pokerroom.storage.rooms.saved_room import replay
from pokerroom.storage.rooms.store import RoomStore, RoomWrite, StoredRoom
from pokerroom.table.cash import CashSettings
from pokerroom.table.series import SeriesSettings
from pokerroom.web.app import create_app
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.saving import RESUME_GRACE, SavedRoom, open_room
from pokerroom.web.saving import tables as tables_module
from pokerroom.web.saving.tables import restore_rooms, stop_rooms
from tests.web.conftest import settings
from tests.web.helpers import cardroom
from tests.web.resume_play import Play, without_clocks

USERS = [User(1, "Ann"), User(2, "Bob"), User(3, "Cy")]
HOME = LobbyEntry("Friday", "NLHE", "10/20", 0, 4, kind=RoomKind.HOME, host_id=1)
CASH = LobbyEntry("Main", "NLHE", "1/2", 0, 6, kind=RoomKind.CASH)
DOWNTIME = 600.0
SEED = 2**61 + 4_327_001
"""A seed long enough that finding its digits in a frame would be no accident."""


def cardroom_on(database: Database) -> Cardroom:
    return cardroom(TestClient(create_app(database, settings())))


def stored(cardroom: Cardroom) -> StoredRoom:
    """The one saved table, once everything queued is written."""
    assert cardroom.tables.drain()
    (room,) = cardroom.tables.store.open_rooms()
    return room


def saved(cardroom: Cardroom, room_id: str) -> SavedRoom:
    room = cardroom.registry.get(room_id).room
    assert isinstance(room, SavedRoom)
    return room


def mid_hand(play: Play, hand_number: int, *, steps: int = 2000) -> int:
    """Play until hand ``hand_number`` waits on a player, a few actions in; the steps taken."""
    room = play.room
    assert isinstance(room, SavedRoom)
    for step in range(steps):
        live = room.room
        events = 0 if live.hand is None else len(live.hand.events)
        if live.hand_number >= hand_number and live.turn is not None and events > 4:
            return step
        assert play.step(step), "the table stopped before the hand wanted"
    raise AssertionError("the hand wanted never came")


def check_resumed(before: dict[int | None, TableFrame], play: Play, shift: float) -> None:
    """Every viewer sees what he saw, all disconnected, every clock ``shift`` later."""
    for viewer, frame in play.views().items():
        after, clocks = without_clocks(frame)
        expected, old_clocks = without_clocks(before[viewer])
        for seat in expected["seats"]:
            seat["connected"] = seat["connected"] and seat["user"] is None  # a bot stays
        assert after == expected
        assert clocks == pytest.approx([t + shift for t in old_clocks])
        assert clocks, "the resumed table has a running clock"


def lockstep(resumed: Play, uninterrupted: Play, first: int) -> int:
    """Play both to the end, step by step; every viewer's snapshot the same but for the
    clocks, which stay one shift apart. The steps taken."""
    shift: float | None = None
    for step in range(first, first + 5000):
        going = resumed.step(step)
        assert uninterrupted.step(step) == going
        a, b = resumed.views(), uninterrupted.views()
        for viewer in a:
            frame, clocks = without_clocks(a[viewer])
            expected, old_clocks = without_clocks(b[viewer])
            assert frame == expected
            if clocks and shift is None:
                shift = clocks[0] - old_clocks[0]
            assert clocks == pytest.approx([t + (shift or 0) for t in old_clocks])
        if not going:
            return step
    raise AssertionError("the table never finished")


def test_a_home_series_stopped_mid_hand_resumes_and_ends_as_if_never_stopped(
    database_url: str,
) -> None:
    with open_database(database_url) as database:
        first = cardroom_on(database)
        room = HomeRoom(new_room_id(), seats=4, host=1, bots={4: "equity"}, max_hands=8, seed=SEED)
        play = Play(open_room(first, room, HOME), USERS, seed=3)
        for seat, user in enumerate(USERS, 1):  # the full table starts by itself
            assert play.send(user, "sit", seat=seat).changed
        steps = mid_hand(play, 3)
        before = play.views()
        recipe = stored(first)
    # a crash: no stop was saved, the clock stopped at the table's last input
    assert recipe.last_at is not None
    with open_database(database_url) as database:
        resumed = cardroom_on(database)
        assert restore_rooms(resumed, play.now + DOWNTIME) == [room.id]
        play.room, play.now = saved(resumed, room.id), play.now + DOWNTIME
        check_resumed(before, play, play.now + RESUME_GRACE - recipe.last_at)
        for user in USERS:  # everyone reconnects within the grace
            assert play.room.presence(user, True, play.now)
        reference = Play(build_room("home", room.id, recipe.settings, recipe.seed), USERS, seed=3)
        replay_steps(reference, steps)
        end = lockstep(play, reference, steps)
        assert resumed.tables.close()
    frame = play.snap(None)
    assert frame["status"] == "over" and 3 <= frame["hands_played"] <= 8, end
    assert sum(s["chips"] for s in frame["standings"]) == 4 * SeriesSettings().stack
    assert all(str(recipe.seed) not in text for text in play.seen)  # C-3, X-4


def replay_steps(play: Play, steps: int) -> None:
    """The uninterrupted table: the same players sit, start and take the same steps."""
    for seat, user in enumerate(USERS, 1):
        play.send(user, "sit", seat=seat)
    for step in range(steps):
        assert play.step(step)


def test_a_cash_table_stopped_cleanly_keeps_the_time_left_on_the_shot_clock(
    database_url: str,
) -> None:
    cash = CashSettings(seats=6, small_blind=1, big_blind=2)
    with open_database(database_url) as database:
        first = cardroom_on(database)
        table = CashRoom(new_room_id(), settings=cash, seed=SEED)
        play = Play(open_room(first, table, CASH), USERS, seed=5)
        for seat, user in enumerate(USERS, 1):
            assert play.send(user, "sit", seat=seat * 2, buy_in=cash.max_buy_in).changed
        steps = mid_hand(play, 4)
        room = play.room
        assert isinstance(room, SavedRoom)
        turn = room.room.turn
        assert turn is not None and turn.deadline is not None
        stopped = play.now + 7  # the player to act thinks 7 seconds, then the server stops
        left = turn.deadline - stopped
        before = play.views()
        assert stop_rooms(first, stopped)
        recipe = stored(first)
    with open_database(database_url) as database:
        resumed = cardroom_on(database)
        restore_rooms(resumed, stopped + DOWNTIME)
        play.room, play.now = saved(resumed, room.id), stopped + DOWNTIME
        check_resumed(before, play, DOWNTIME + RESUME_GRACE)
        hand = play.snap(None)["hand"]
        clock = None if hand is None else hand["clock"]
        assert clock is not None
        assert clock["deadline"] - play.now == pytest.approx(left + RESUME_GRACE)
        for user in USERS:
            play.room.presence(user, True, play.now)
        reference = Play(build_room("cash", room.id, recipe.settings, recipe.seed), USERS, seed=5)
        for seat, user in enumerate(USERS, 1):
            reference.send(user, "sit", seat=seat * 2, buy_in=cash.max_buy_in)
        for step in range(steps):
            reference.step(step)
        lockstep_hands(play, reference, steps, hands=10)
        assert resumed.tables.close()
    assert all(str(recipe.seed) not in text for text in play.seen)  # C-3, X-4


def lockstep_hands(resumed: Play, uninterrupted: Play, first: int, hands: int) -> None:
    """A cash table never ends: both are played until ``hands`` hands are finished."""
    room = resumed.room
    assert isinstance(room, SavedRoom) and isinstance(room.room, CashRoom)
    step = first
    while room.room.table.hands_played < hands:
        step = lockstep_once(resumed, uninterrupted, step)
    reference = uninterrupted.room
    assert isinstance(reference, CashRoom)
    assert [h.phh for h in room.room.hands] == [h.phh for h in reference.hands]
    assert room.room.ledger == reference.ledger


def lockstep_once(resumed: Play, uninterrupted: Play, step: int) -> int:
    assert resumed.step(step) == uninterrupted.step(step)
    for viewer, frame in resumed.views().items():
        assert without_clocks(frame)[0] == without_clocks(uninterrupted.views()[viewer])[0]
    return step + 1


# ------------------------------------------------------------------ the app and the store


def test_a_restarted_app_lists_and_serves_its_saved_tables(tmp_path: Path) -> None:
    """``create_app`` resumes every saved table in its lifespan (the hub's own clock), and
    the lobby and the table socket serve it; the seed is in neither."""
    url = f"sqlite:///{tmp_path / 'cardroom.db'}"
    with TestClient(create_app(url, settings())) as client:
        room = open_room(cardroom(client), HomeRoom(new_room_id(), seats=2), HOME)
        now = client.app.state.hub.clock()  # type: ignore[attr-defined]
        for seat, user in enumerate(USERS[:2], 1):
            assert room.handle(user, {"type": "sit", "id": f"s{seat}", "seat": seat}, now).changed
        before = without_clocks(room.snapshot(None))[0]
        seed = stored(cardroom(client)).seed
    with TestClient(create_app(url, settings())) as client:
        lobby = client.get("/api/lobby").text
        assert room.id in lobby and str(seed) not in lobby
        again = saved(cardroom(client), room.id)
        after = without_clocks(again.snapshot(None))[0]
        for seat in before["seats"]:
            seat["connected"] = seat["connected"] and seat["user"] is None
        assert after == before
        with client.websocket_connect(f"/ws/tables/{room.id}") as socket:
            socket.send_json({"type": "hello", "v": 1})
            table = socket.receive_json()
        assert table["room"] == room.id and table["hand"]["number"] == 1
        assert str(seed) not in json.dumps(table)


def test_a_closed_table_is_not_resumed_and_lobby_changes_are_kept(database_url: str) -> None:
    with open_database(database_url) as database:
        room_store = cardroom_on(database)
        kept = open_room(room_store, HomeRoom(new_room_id()), HOME)
        closed = open_room(room_store, CashRoom(new_room_id()), CASH)
        room_store.registry.update(kept.id, seats_taken=3, status="playing")
        room_store.registry.remove(closed.id)
        assert room_store.tables.close()
    with open_database(database_url) as database:
        resumed = cardroom_on(database)
        assert restore_rooms(resumed, 0.0) == [kept.id]
        assert resumed.registry.get(kept.id).entry.seats_taken == 3
        assert resumed.registry.get(kept.id).entry.status == "playing"


def test_a_room_already_played_at_cannot_be_saved_and_a_room_without_a_seed_gets_one(
    database_url: str,
) -> None:
    with open_database(database_url) as database:
        room_store = cardroom_on(database)
        used = HomeRoom(new_room_id())
        used.handle(USERS[0], {"type": "sit", "id": "1", "seat": 1}, 0.0)
        with pytest.raises(NotFreshError, match=r"already in use \(Ann\)"):
            open_room(room_store, used, HOME)
        fresh = open_room(room_store, HomeRoom(new_room_id()), HOME)
        assert room_store.registry.find(used.id) is None
        seed = stored(room_store).seed
        assert seed.bit_length() > 32 and fresh.room.seed == seed  # type: ignore[union-attr]


@pytest.fixture
def few_hands_a_checkpoint(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    monkeypatch.setattr(saved_room_module, "CHECKPOINT_HANDS", 3)
    yield 3


def test_a_long_played_table_resumes_from_its_checkpoint(
    database_url: str,
    few_hands_a_checkpoint: int,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Only the inputs after the last checkpoint are replayed; a checkpoint not signed by
    this server is not read, and the table is replayed from its seed to the same state."""
    replayed: list[int] = []

    def counting(room: object, inputs: list[object]) -> None:
        replayed.append(len(inputs))
        replay(room, inputs)  # type: ignore[arg-type]

    monkeypatch.setattr(tables_module, "replay", counting)
    with open_database(database_url) as database:
        first = cardroom_on(database)
        room = open_room(first, CashRoom(new_room_id()), CASH)
        play = Play(room, USERS, seed=8)
        for seat, user in enumerate(USERS, 1):
            assert play.send(user, "sit", seat=seat, buy_in=200).changed
        mid_hand(play, 3 * few_hands_a_checkpoint + 2)
        before = play.views()
        recipe = stored(first)
    assert recipe.checkpoint is not None and recipe.last_at is not None
    with open_database(database_url) as database:
        resumed = cardroom_on(database)
        restore_rooms(resumed, play.now)
        again = Play(saved(resumed, room.id), USERS, seed=8)
        check_resumed(before, again, play.now + RESUME_GRACE - recipe.last_at)
        assert replayed == [recipe.last_serial - recipe.checkpoint.serial]
        assert replayed[0] < recipe.last_serial / 3
        before = again.views()
        assert resumed.tables.close()
    with open_database(database_url) as database, caplog.at_level(logging.WARNING):
        resumed = cardroom_on(database)
        resumed.secret = b"another server's secret, 32 bytes"
        every_input = stored(resumed).last_serial
        restore_rooms(resumed, play.now)
        check_resumed(before, Play(saved(resumed, room.id), USERS, seed=8), RESUME_GRACE)
        assert resumed.tables.close()
    assert "not signed by this server" in caplog.text
    assert replayed[-1] == every_input


def test_inputs_wait_in_memory_while_the_database_fails(
    database_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A failing write loses nothing: the table plays on, the inputs wait, and they are
    written in order once the database works again (a gapless prefix at every moment)."""
    monkeypatch.setattr(room_writer_module, "RETRY_SECONDS", 0.01)
    failures = [StorageError("cannot use the database: disk I/O error")] * 3
    real_write = RoomStore.write

    def write(store: RoomStore, batch: list[RoomWrite]) -> None:
        if failures:
            raise failures.pop()
        real_write(store, batch)

    with open_database(database_url) as database:
        room_store = cardroom_on(database)
        room = open_room(room_store, HomeRoom(new_room_id(), seats=3), HOME)
        monkeypatch.setattr(RoomStore, "write", write)
        with caplog.at_level(logging.WARNING):
            for seat, user in enumerate(USERS[:2], 1):
                message = {"type": "sit", "id": f"s{seat}", "seat": seat}
                assert room.handle(user, message, float(seat)).changed
            assert room_store.tables.close()
        assert "table inputs wait to be saved: cannot use the database" in caplog.text
        assert "the tables are saved again" in caplog.text
        saved_inputs = room_store.tables.store.inputs(room.id)
    assert [(i.serial, i.at) for i in saved_inputs] == [(1, 1.0), (2, 2.0)]


RESUME_ELSEWHERE = """
import json, sys
from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from pokerroom.web.saving.tables import restore_rooms
from tests.web.conftest import settings
cardroom = create_app(open_database(sys.argv[1]), settings()).state.cardroom
(room_id,) = restore_rooms(cardroom, 0.0)
print(json.dumps(cardroom.registry.get(room_id).room.snapshot(None)["hand"], sort_keys=True))
cardroom.tables.close()
"""


def test_another_process_with_another_string_hash_resumes_the_same_table(tmp_path: Path) -> None:
    """Nothing a table does depends on the process (Python salts its string hashes per
    process): a table resumed by another server process is where it was."""
    url = f"sqlite:///{tmp_path / 'cardroom.db'}"
    with open_database(url) as database:
        first = cardroom_on(database)
        play = Play(open_room(first, CashRoom(new_room_id(), seed=SEED), CASH), USERS, seed=2)
        for seat, user in enumerate(USERS, 1):
            assert play.send(user, "sit", seat=seat, buy_in=200).changed
        mid_hand(play, 4)
        hand = json.dumps(play.snap(None)["hand"], sort_keys=True)
        assert first.tables.close()
    hash_seed = "4021" if os.environ.get("PYTHONHASHSEED") != "4021" else "77"
    elsewhere = subprocess.run(
        [sys.executable, "-c", RESUME_ELSEWHERE, url],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
    )
    resumed, before = json.loads(elsewhere.stdout), json.loads(hand)
    assert resumed.pop("clock")["deadline"] != before.pop("clock")["deadline"]  # shifted
    assert resumed == before


@pytest.fixture
def few_kept_hands(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    monkeypatch.setattr(live_module, "KEPT_HANDS", 2)
    monkeypatch.setattr(cash_module, "KEPT_HANDS", 2)
    yield 2


def test_a_table_played_past_its_kept_hands_resumes_as_if_never_stopped(
    database_url: str, few_hands_a_checkpoint: int, few_kept_hands: int
) -> None:
    """A room keeps only its last hands (and so do its checkpoints): resumed from a
    checkpoint taken past them, it keeps the same last hands as the table never stopped
    and plays on in lockstep with it."""
    cash = CashSettings(seats=6, small_blind=1, big_blind=2)
    with open_database(database_url) as database:
        first = cardroom_on(database)
        play = Play(open_room(first, CashRoom(new_room_id(), settings=cash), CASH), USERS, seed=9)
        for seat, user in enumerate(USERS, 1):
            assert play.send(user, "sit", seat=seat, buy_in=cash.max_buy_in).changed
        steps = mid_hand(play, few_kept_hands + few_hands_a_checkpoint + 1)
        room = play.room
        assert isinstance(room, SavedRoom) and isinstance(room.room, CashRoom)
        assert len(room.room.hands) == few_kept_hands
        before = play.views()
        recipe = stored(first)
    assert recipe.checkpoint is not None and recipe.checkpoint.serial > 0
    with open_database(database_url) as database:
        resumed = cardroom_on(database)
        restore_rooms(resumed, play.now)
        play.room = saved(resumed, room.id)
        check_resumed(before, play, RESUME_GRACE)
        for user in USERS:
            play.room.presence(user, True, play.now)
        reference = Play(build_room("cash", room.id, recipe.settings, recipe.seed), USERS, seed=9)
        for seat, user in enumerate(USERS, 1):
            reference.send(user, "sit", seat=seat, buy_in=cash.max_buy_in)
        for step in range(steps):
            reference.step(step)
        lockstep_hands(play, reference, steps, hands=few_kept_hands + few_hands_a_checkpoint + 2)
        assert resumed.tables.close()
