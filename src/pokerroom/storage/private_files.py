"""The data directory and the database file are for their owner alone.

The database holds each table's seed and inputs (enough to rebuild the hand in play and
read every hole card), password hashes and session digests: the directory is made ``0700``
and the file ``0600`` whatever the umask. SQLite gives its journal and WAL files the
database file's mode, so they follow. A looser mode found on start is tightened, with one
warning line saying so.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

from pokerroom.storage.codec import StorageError

log = logging.getLogger(__name__)

PRIVATE_DIRECTORY = 0o700
PRIVATE_FILE = 0o600
OTHERS = 0o077
"""The group's and everyone else's permission bits."""


def private_directory(path: Path, *, tighten: bool) -> None:
    """Make ``path`` (and its parents) if missing, ``0700``; ``tighten`` an existing one too
    (only pokerroom's own data directory: a folder the user named may be shared on purpose)."""
    try:
        path.mkdir(mode=PRIVATE_DIRECTORY, parents=True, exist_ok=True)
    except OSError as error:
        why = error.strerror or error
        raise StorageError(f"cannot create the directory {path}: {why}") from None
    if tighten:
        _tighten(path)


def private_file(path: Path) -> None:
    """Make ``path`` an empty ``0600`` file if missing (SQLite takes an empty file as a new
    database); tighten an existing one."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    except FileExistsError:
        _tighten(path)
    except OSError as error:
        why = error.strerror or error
        raise StorageError(f"cannot create the database {path}: {why}") from None
    else:
        os.close(descriptor)


def _tighten(path: Path) -> None:
    """Take the group's and others' bits away; the owner's stay as they are."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return  # opening it says what is wrong, in its own words
    if not mode & OTHERS:
        return
    try:
        path.chmod(mode & ~OTHERS)
    except OSError as error:
        log.warning(
            "warning: %s is open to other users (mode %04o) and cannot be made private: %s",
            path,
            mode,
            error.strerror or error,
        )
        return
    log.warning(
        "warning: %s was open to other users (mode %04o); now %04o", path, mode, mode & ~OTHERS
    )
