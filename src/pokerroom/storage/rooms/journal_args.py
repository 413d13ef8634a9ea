"""The arguments of a tournament's journaled calls as JSON, and which calls may be left out
(:mod:`.tournaments`, :mod:`.tournament_tables`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pokerroom.room.seam import User
from pokerroom.storage.rooms.saved_room import user_from_json, user_to_json

QUIET = frozenset({"tick", "advance", "presence"})
"""Calls left out when they changed nothing at a time already kept."""


def now_of(args: tuple[object, ...]) -> float:
    """The server time a journaled call ends with."""
    now = args[-1]
    if not isinstance(now, int | float) or isinstance(now, bool):
        raise TypeError(f"a journaled call ends with the server time, not {now!r}")
    return now


def encode_arg(arg: object) -> object:
    """A journaled call's argument as JSON (a user, a message, or a plain value)."""
    if isinstance(arg, User):
        return {"user": user_to_json(arg)}
    if isinstance(arg, Mapping):
        return {"message": json.loads(json.dumps(dict(arg)))}
    return arg


def decode_arg(value: Any) -> Any:
    """The argument :func:`encode_arg` kept."""
    if isinstance(value, dict) and "user" in value:
        return user_from_json(value["user"])
    if isinstance(value, dict) and "message" in value:
        return dict(value["message"])
    return value
