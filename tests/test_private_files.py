"""The database file and pokerroom's data directory are their owner's alone (issue 21 item 26).

The file holds each table's seed and inputs, password hashes and session digests: with the
usual umask 022 SQLite would make it 0644 in a 0755 directory, readable by every local user.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from pokerroom.storage import open_database
from pokerroom.web.settings import SECRET_FILE, load_secret


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    """The umask most systems give a user: files 0644 and directories 0755 unless asked."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def test_a_new_data_directory_and_database_are_private(private_data_dir: Path) -> None:
    with open_database() as database, database.engine.begin() as connection:
        connection.execute(text("PRAGMA journal_mode=WAL"))
        connection.execute(text("CREATE TABLE scratch (x INTEGER)"))
        connection.execute(text("INSERT INTO scratch VALUES (1)"))
        journals = [p for p in private_data_dir.iterdir() if p.name.startswith("pokerroom.db-")]
        assert {p.name for p in journals} == {"pokerroom.db-wal", "pokerroom.db-shm"}
        assert [mode(p) for p in journals] == [0o600, 0o600]
    assert mode(private_data_dir) == 0o700
    assert mode(private_data_dir / "pokerroom.db") == 0o600


def test_a_database_file_named_elsewhere_is_private_and_its_folder_left_alone(
    tmp_path: Path,
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    with open_database(shared / "club.db"):
        pass
    assert mode(shared / "club.db") == 0o600
    assert mode(shared) == 0o755  # the user's own folder: not ours to close


def test_an_open_data_directory_and_database_are_closed_with_one_warning_each(
    private_data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with open_database():
        pass
    private_data_dir.chmod(0o755)
    (private_data_dir / "pokerroom.db").chmod(0o644)
    with caplog.at_level(logging.WARNING), open_database():
        pass
    assert mode(private_data_dir) == 0o700
    assert mode(private_data_dir / "pokerroom.db") == 0o600
    assert [r.getMessage() for r in caplog.records] == [
        f"warning: {private_data_dir} was open to other users (mode 0755); now 0700",
        f"warning: {private_data_dir / 'pokerroom.db'} was open to other users (mode 0644); "
        "now 0600",
    ]
    caplog.clear()
    with caplog.at_level(logging.WARNING), open_database():
        pass
    assert caplog.records == []  # private now: nothing more to say


def test_the_servers_secret_is_made_in_a_private_data_directory(private_data_dir: Path) -> None:
    load_secret()
    assert mode(private_data_dir) == 0o700
    assert mode(private_data_dir / SECRET_FILE) == 0o600
