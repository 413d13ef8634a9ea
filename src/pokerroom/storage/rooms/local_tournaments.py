"""The tournaments played at this terminal (``pokerroom tournament play``): saved as the web
server saves its own (:mod:`pokerroom.storage.rooms.tournaments`), in a database file of
their own in the data directory, so that a server sharing that directory never lists them."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from pokerroom.i18n import gettext
from pokerroom.storage.codec import StorageError
from pokerroom.storage.database import data_dir, open_database
from pokerroom.storage.rooms.store import RoomStore, StoredRoom
from pokerroom.storage.rooms.tournaments import TOURNAMENT_KIND
from pokerroom.storage.rooms.writer import RoomWriter

DATABASE_FILE = "terminal-tournaments.db"
KEY_FILE = "terminal-tournaments.key"
YOU = 1
"""The person's user id in a tournament of this terminal (the bots have none)."""
KEY_BYTES = 32
"""The key that seals the checkpoints (a checkpoint is a pickle: only ours is unpickled)."""


def open_writer(folder: Path | None = None) -> tuple[RoomWriter, bytes]:
    """The writer of the terminal's tournaments and their checkpoint key (made the first
    time) in ``folder``, the data directory by default."""
    where = folder or data_dir()
    writer = RoomWriter(RoomStore(open_database(where / DATABASE_FILE)))
    try:
        return writer, _key(where / KEY_FILE)
    except BaseException:
        writer.close()
        writer.store.close()
        raise


def _key(path: Path) -> bytes:
    try:
        if path.is_file():
            return bytes.fromhex(path.read_text(encoding="ascii").strip())
        key = secrets.token_bytes(KEY_BYTES)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(key.hex())
        return key
    except (OSError, ValueError) as error:
        problem = gettext("cannot use the key in {path}: {error}")
        raise StorageError(problem.format(path=path, error=error)) from None


def next_id(store: RoomStore) -> str:
    """A new tournament's id: one more than the greatest so far (1 for the first)."""
    numbers = [int(room_id) for room_id in store.open_ids() if room_id.isdigit()]
    return str(max(numbers, default=0) + 1)


def saved_tournament(store: RoomStore, tournament_id: str | None) -> StoredRoom | None:
    """Tournament ``tournament_id``, or the latest one (None: there is none)."""
    rooms = [room for room in store.open_rooms(tournament_id) if room.kind == TOURNAMENT_KIND]
    return rooms[-1] if rooms else None
