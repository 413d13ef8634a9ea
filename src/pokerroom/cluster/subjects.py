"""The broker's subjects and what travels on them: ids, serials, epochs, forwarded
client messages and the saved inputs that name no card; never a card, a seed or a snapshot.

- ``pokerroom.room.<id>.cmd``: request/reply to the room's owner: a player's message
  (``{"kind": "message", "user", "message", "language"}``) or a user's presence on one
  process (``{"kind": "presence", "node", "user", "connected"}``) or a page's command for
  the table (``{"kind": "close" | "observers", "user", "fields", "language"}``); the answer is an
  outcome (``{"changed", "error", "code"}``).
- ``pokerroom.room.<id>.saved``: the owner committed the room's inputs up to ``serial``
  (``{"room", "serial", "epoch", "inputs"}``): ``inputs`` are those of that commit, so a
  follower that holds the ones before replays them without reading the database; they are
  left out (``[]``) when one of them is a message that names a card (a draw, an OFC
  placement) or is not a player's table command, and the follower reads the database. A
  web tournament's inputs are its journaled calls: a table's message (the same rule), or a
  call that carries no message nor text (its clock, entries, start); a director's
  message, a dispute or a broadcast mark are read from the database.
- ``pokerroom.rooms.opened`` / ``.closed``: a room was opened (or its lobby line changed)
  or closed (``{"room"}``): hints, checked against the database.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pokerroom.errors import PokerroomError
from pokerroom.room.seam import Outcome
from pokerroom.storage.rooms.store import RoomInput

OPENED = "pokerroom.rooms.opened"
CLOSED = "pokerroom.rooms.closed"
EVERY_SAVED = "pokerroom.room.*.saved"
CLUB_CHANGED = "pokerroom.clubs.changed"
"""A hint: a club's members or directors changed (``{"club"}``); every other
process reads them again, for its club tables' doors and its tournaments' directors."""


class BadPayloadError(PokerroomError, ValueError):
    """A broker message that is not what its subject carries."""


def command(room_id: str) -> str:
    """Where the owner of ``room_id`` takes its commands."""
    return f"pokerroom.room.{room_id}.cmd"


def saved(room_id: str) -> str:
    """Where the owner of ``room_id`` tells what it saved."""
    return f"pokerroom.room.{room_id}.saved"


SHARED_MESSAGES = frozenset(
    {
        "sit",
        "leave",
        "start",
        "act",
        "preaction",
        "show",
        "muck",
        "run_twice",
        "sit_out",
        "sit_in",
        "top_up",
        "post",
        "straddle",
        "surrender",
    }
)
"""The players' messages a notice may carry: table commands that name no card (a draw's
and an OFC placement's do: a discard is hidden) and say nothing private (chat's are left
to the database too)."""
SHARED_KINDS = frozenset(
    {
        "tick",
        "presence",
        "resume",
        "stop",
        "shift",
        "advance",
        "register",
        "unregister",
        "start",
        "pause",
        "unpause",
    }
)
"""The inputs other than messages a notice may carry: the clock, comings and goings, and a
web tournament's entries, start and clock (its calls that carry no message and no text)."""


@dataclass(frozen=True, slots=True)
class SavedNotice:
    """The owner (holding ``epoch``) committed the room's inputs up to ``serial``;
    ``inputs``, when given, are the last of them, in order, ending at ``serial``."""

    room: str
    serial: int
    epoch: int
    inputs: tuple[RoomInput, ...] = ()


def shareable(item: RoomInput) -> bool:
    """Whether ``item`` may travel in a notice: it names no card and nothing private."""
    if item.kind in SHARED_KINDS:
        return True
    return item.kind == "handle" and _message_type(item.data or {}) in SHARED_MESSAGES


def _message_type(data: dict[str, Any]) -> object:
    """The type of the message a ``handle`` input holds: a table's own, or the one among a
    web tournament's journaled call's arguments (``{"message": ...}``)."""
    args = data.get("args")
    if not isinstance(args, list):
        return data.get("type")
    messages = [arg["message"] for arg in args if isinstance(arg, dict) and "message" in arg]
    if len(messages) != 1 or not isinstance(messages[0], dict):
        return None
    return messages[0].get("type")


def notice_to_bytes(room: str, serial: int, epoch: int, inputs: list[RoomInput]) -> bytes:
    """A saved notice; ``inputs`` go with it only when every one of them may."""
    carried = inputs if all(shareable(item) for item in inputs) else []
    return encode(
        {
            "room": room,
            "serial": serial,
            "epoch": epoch,
            "inputs": [
                {"serial": i.serial, "kind": i.kind, "at": i.at, "user": i.user, "data": i.data}
                for i in carried
            ],
        }
    )


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
        room, serial, epoch = str(data["room"]), int(data["serial"]), int(data["epoch"])
    except (KeyError, TypeError, ValueError):
        raise BadPayloadError("a saved notice needs room, serial and epoch") from None
    return SavedNotice(room, serial, epoch, _inputs_from(data.get("inputs"), serial))


def _inputs_from(raw: object, serial: int) -> tuple[RoomInput, ...]:
    """A notice's inputs; none when any is in doubt (not an input, not shareable, or not
    one run of serials ending at the notice's): the follower then reads the database."""
    if not isinstance(raw, list):
        return ()
    try:
        inputs = tuple(
            RoomInput(
                int(item["serial"]),
                str(item["kind"]),
                float(item["at"]),
                _object_or_none(item.get("user")),
                _object_or_none(item.get("data")),
            )
            for item in raw
        )
    except (KeyError, TypeError, ValueError):
        return ()
    serials = [item.serial for item in inputs]
    if serials != list(range(serial - len(inputs) + 1, serial + 1)):
        return ()
    return inputs if all(shareable(item) for item in inputs) else ()


def _object_or_none(value: object) -> dict[str, Any] | None:
    if value is None or isinstance(value, dict):
        return value
    raise TypeError("not an object")


def outcome_to_bytes(outcome: Outcome) -> bytes:
    return encode(
        {
            "changed": outcome.changed,
            "error": outcome.error,
            "code": outcome.code,
            "said": outcome.said,
        }
    )


def outcome_from(payload: bytes) -> Outcome:
    data = decode(payload)
    error, code, said = data.get("error"), data.get("code"), data.get("said")
    return Outcome(
        bool(data.get("changed")),
        None if error is None else str(error),
        None if code is None else str(code),
        None if said is None else str(said),
    )
