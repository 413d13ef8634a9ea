"""Reading one client text frame: size, JSON, an object with a ``type`` and a string ``id``.

Everything wrong is answered by a :class:`Refusal` with one line that says what was wrong
and what is allowed; nothing reaches a room unless it passed these checks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pokerroom.room.seam import PROTOCOL_VERSION, Frame
from pokerroom.table.wording import plain

MAX_ID_CHARS = 64
"""A message id is the client's own label; a longer one would only cost the server memory."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a frame was not handled: a machine-readable ``code`` and a one-line ``message``."""

    code: str
    message: str
    ref: str | None = None

    def frame(self) -> Frame:
        """The error frame the sender (and only the sender) receives."""
        return error_frame(self.code, self.message, self.ref)


def error_frame(code: str, message: str, ref: str | None) -> Frame:
    """``{"type": "error", "v": 1, "code": ..., "message": ..., "ref": ...}``; the message
    in plain words, without the rule IDs it may cite (they are for developers)."""
    return {
        "type": "error",
        "v": PROTOCOL_VERSION,
        "code": code,
        "message": plain(message),
        "ref": ref,
    }


def _no_constants(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")  # machine words: for client programs


def parse_object(text: str | None, max_chars: int) -> dict[str, object] | Refusal:
    """The frame as a JSON object with a string ``type``, or why it is not one."""
    if text is None:
        binary = "send text frames holding JSON, not binary frames"  # machine words
        return Refusal("binary", binary)
    if len(text) > max_chars:
        too_large = f"a message may hold at most {max_chars} characters"  # machine words
        return Refusal("too_large", too_large)
    try:
        value = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as exc:
        where = (
            f" ({exc.msg} at column {exc.colno})"  # machine words: JSON's own
            if isinstance(exc, json.JSONDecodeError)
            else ""
        )
        return Refusal("malformed", f"the message is not valid JSON{where}")  # machine words
    if not isinstance(value, dict):
        return Refusal(
            "not_object",
            'a message must be a JSON object like {"type": ..., "id": ...}',  # machine words
        )
    ref = value.get("id") if isinstance(value.get("id"), str) else None
    if not isinstance(value.get("type"), str):
        return Refusal("no_type", 'a message needs a string "type"', _short(ref))  # machine words
    return value


def message_id(message: dict[str, object]) -> str | Refusal:
    """The message's ``id``: a non-empty string of at most :data:`MAX_ID_CHARS` characters."""
    value = message.get("id")
    if not isinstance(value, str) or not value:
        return Refusal(
            "no_id",
            'a message needs a non-empty string "id", unique per message',  # machine words
        )
    if len(value) > MAX_ID_CHARS:
        return Refusal(
            "bad_id",
            f'a message "id" may hold at most {MAX_ID_CHARS} characters',  # machine words
        )
    return value


def _short(ref: str | None) -> str | None:
    return ref if ref is None or len(ref) <= MAX_ID_CHARS else None
