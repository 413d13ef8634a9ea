"""The broker's subjects and what travels on them: ids, serials, epochs and forwarded
client messages, never a card, a seed or a snapshot.

- ``pokerroom.room.<id>.cmd``: request/reply to the room's owner: a player's message
  (``{"kind": "message", "user", "message", "language"}``) or a user's presence on one
  process (``{"kind": "presence", "node", "user", "connected"}``) or a page's command for
  the table (``{"kind": "close" | "observers", "user", "fields", "language"}``); the answer is an
  outcome (``{"changed", "error", "code"}``).
- ``pokerroom.room.<id>.saved``: the owner committed the room's inputs up to ``serial``
  (``{"room", "serial", "epoch"}``).
- ``pokerroom.rooms.opened`` / ``.closed``: a room was opened (or its lobby line changed)
  or closed (``{"room"}``): hints, checked against the database.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pokerroom.errors import PokerroomError
from pokerroom.room.seam import Outcome

OPENED = "pokerroom.rooms.opened"
CLOSED = "pokerroom.rooms.closed"
EVERY_SAVED = "pokerroom.room.*.saved"


class BadPayloadError(PokerroomError, ValueError):
    """A broker message that is not what its subject carries."""


def command(room_id: str) -> str:
    """Where the owner of ``room_id`` takes its commands."""
    return f"pokerroom.room.{room_id}.cmd"


def saved(room_id: str) -> str:
    """Where the owner of ``room_id`` tells what it saved."""
    return f"pokerroom.room.{room_id}.saved"


@dataclass(frozen=True, slots=True)
class SavedNotice:
    """The owner (holding ``epoch``) committed the room's inputs up to ``serial``."""

    room: str
    serial: int
    epoch: int


def encode(data: dict[str, Any]) -> bytes:
    return json.dumps(data, separators=(",", ":")).encode()


def decode(payload: bytes) -> dict[str, Any]:
    try:
        data = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadPayloadError(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise BadPayloadError("not a JSON object")
    return data


def notice_from(payload: bytes) -> SavedNotice:
    data = decode(payload)
    try:
        return SavedNotice(str(data["room"]), int(data["serial"]), int(data["epoch"]))
    except (KeyError, TypeError, ValueError):
        raise BadPayloadError("a saved notice needs room, serial and epoch") from None


def outcome_to_bytes(outcome: Outcome) -> bytes:
    return encode({"changed": outcome.changed, "error": outcome.error, "code": outcome.code})


def outcome_from(payload: bytes) -> Outcome:
    data = decode(payload)
    error, code = data.get("error"), data.get("code")
    return Outcome(
        bool(data.get("changed")),
        None if error is None else str(error),
        None if code is None else str(code),
    )
