"""The session tokens a terminal keeps, so the next ``pokerroom connect`` needs no password.

One file, ``sessions.json`` in the user's config directory (platformdirs:
``~/.config/pokerroom`` on Linux), readable and writable by its owner only (mode 0600, in
a 0700 directory), holding for each server the account's name and session token — never
a password. A token is as good as a log-in until the server ends it (log-out, expiry);
one the server no longer knows is forgotten.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_config_path

from pokerroom.client.errors import ClientError

FILE_NAME = "sessions.json"


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in account on one server: the origin, the name and the session token."""

    origin: str
    name: str
    token: str


def sessions_file(directory: Path | None = None) -> Path:
    """Where the tokens are kept: ``directory`` or the user's config directory."""
    return (directory or user_config_path("pokerroom", appauthor=False)) / FILE_NAME


def _read(path: Path) -> dict[str, dict[str, str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        return {}  # an unreadable file only costs a new log-in
    if not isinstance(data, dict):
        return {}
    return {
        origin: entry
        for origin, entry in data.items()
        if isinstance(entry, dict)
        and isinstance(entry.get("name"), str)
        and isinstance(entry.get("token"), str)
    }


def _write(path: Path, data: dict[str, dict[str, str]]) -> None:
    """Write the file whole, owner-only from its first byte, then move it into place."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            os.fchmod(out.fileno(), 0o600)
            json.dump(data, out, indent=2, sort_keys=True)
        temporary.replace(path)
    except OSError as error:
        raise ClientError(f"cannot save the session in {path}: {error.strerror}") from None


def load_session(
    origin: str, name: str | None = None, directory: Path | None = None
) -> Session | None:
    """The saved session for ``origin`` (for account ``name`` when given), or None."""
    entry = _read(sessions_file(directory)).get(origin)
    if entry is None or (name is not None and entry["name"].casefold() != name.casefold()):
        return None
    return Session(origin, entry["name"], entry["token"])


def save_session(session: Session, directory: Path | None = None) -> Path:
    """Keep ``session`` (one per server: a new log-in replaces the old); the file's path."""
    path = sessions_file(directory)
    data = _read(path)
    data[session.origin] = {"name": session.name, "token": session.token}
    _write(path, data)
    return path


def forget_session(origin: str, directory: Path | None = None) -> None:
    """Drop the session saved for ``origin`` (the server no longer knows it)."""
    path = sessions_file(directory)
    data = _read(path)
    if data.pop(origin, None) is not None:
        _write(path, data)
