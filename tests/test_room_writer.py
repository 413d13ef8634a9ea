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
from pokerroom.storage.room_store import RoomInput, RoomStore
from pokerroom.storage.room_writer import RoomWriter


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
    with caplog.at_level(logging.ERROR, "pokerroom.storage.room_writer"):
        writer.put("t1", RoomInput(2, "tick", 2.0))
        for _ in range(200):
            if writer._thread is None:
                break
            time.sleep(0.01)
    assert writer._thread is None, "the writer kept retrying a closed database"
    assert writer.waiting == 1
    assert "1 table inputs were not saved: the database is closed" in caplog.text
