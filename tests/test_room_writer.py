"""The live tables' background writer and a database closed under it (a crash in the tests,
a store closed too early): nothing is written to a closed database — its engine would open
a new pool that nobody closes — and the writer's thread ends instead of retrying forever."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from pokerroom.storage.codec import StorageError
from pokerroom.storage.database import open_database
from pokerroom.storage.hands.archive import HandSeat, WebHand
from pokerroom.storage.models import utcnow
from pokerroom.storage.rooms.store import RoomInput, RoomStore
from pokerroom.storage.rooms.writer import RoomWriter


def test_a_closed_database_refuses_a_session_naming_itself(tmp_path: Path) -> None:
    database = open_database(tmp_path / "store.db")
    database.close()
    with pytest.raises(StorageError, match=r"store\.db: it is closed"), database.session():
        pass


def test_the_writer_stops_when_its_database_is_closed_under_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = RoomStore(open_database(tmp_path / "store.db"))
    store.create("t1", "home", entry={}, settings={}, seed=7)
    writer = RoomWriter(store)
    writer.put("t1", RoomInput(1, "tick", 1.0))
    assert writer.drain()
    store.database.close()
    with caplog.at_level(logging.ERROR, "pokerroom.storage.rooms.writer"):
        writer.put("t1", RoomInput(2, "tick", 2.0))
        for _ in range(200):
            if writer._thread is None:
                break
            time.sleep(0.01)
    assert writer._thread is None, "the writer kept retrying a closed database"
    assert writer.waiting == 1
    assert "1 table inputs were not saved: the database is closed" in caplog.text


def test_an_answer_waits_for_its_commit_and_a_hand_the_archive_refuses_holds_nothing_up(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Every write gets a ticket whose future the writer's thread completes once it is
    committed; a hand the database refuses for good (its account gone) is one log line and
    the table's inputs are saved all the same."""
    store = RoomStore(open_database(tmp_path / "store.db"))
    writer = RoomWriter(store)
    writer.create("t1", "home", entry={}, settings={}, seed=7)
    ghost = HandSeat(0, 1, account_id=999, name="Ghost", result=0)
    hand = WebHand("t1", "home", "Kitchen", "NLHE", 2, 1, utcnow(), "phh", 0, (ghost,))
    with caplog.at_level(logging.ERROR, "pokerroom.storage.rooms.store"), writer.together():
        writer.keep_hand(hand)
        writer.put("t1", RoomInput(1, "tick", 1.0))
        assert writer.issued == 1, "written together: queued only when the block ends"
    saved = writer.when_saved()
    saved.result(timeout=10)
    assert writer.saved == writer.issued == 3
    assert [item.serial for item in store.inputs("t1")] == [1]
    assert "hand 1 of t1 was not archived" in caplog.text
    assert writer.close()
