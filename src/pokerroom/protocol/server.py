"""Reading what the server sends: every frame checked against the schema before use.

The schema is :mod:`pokerroom.protocol.frames` itself: the typed dictionaries the server
builds its frames with are what pydantic validates here, so the server and its clients
share one definition and cannot drift apart. Checking is strict (a number is a number, a
string a string); fields a frame has beyond the schema are dropped, because a later
server of the same version may add fields (``docs/protocol.md``, Versions). A frame that
does not fit is a :class:`FrameError` with one line naming the field and what it must be.

>>> frame = parse_frame('{"type": "error", "v": 1, "code": "stale", "message": "too late",'
...                     ' "ref": "c9", "later": true}')
>>> frame["code"], frame["ref"], "later" in frame
('stale', 'c9', False)
>>> try:
...     parse_frame('{"type": "error", "v": 1, "code": 3, "message": "m", "ref": null}')
... except FrameError as error:
...     print(error)
the server's error frame does not fit the protocol: 'code' must be a string, got 3
"""

from __future__ import annotations

import json
from typing import Annotated, Any, TypeVar

from pydantic import ConfigDict, Discriminator, Field, Tag, TypeAdapter, ValidationError

from pokerroom.errors import PokerroomError
from pokerroom.protocol.chat_frames import LobbyChatFrame
from pokerroom.protocol.frames import (
    ClosedFrame,
    ErrorFrame,
    HttpErrorFrame,
    LobbyFrame,
    SavingFrame,
    SentOfcTableFrame,
    SentTableFrame,
    TournamentFrame,
)
from pokerroom.protocol.version import PROTOCOL_VERSION


def _frame_tag(data: Any) -> str | None:
    """A frame's schema: its ``type``, and for a table whether it is an OFC table."""
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    return "ofc" if kind == "table" and data.get("kind") == "ofc" else kind


SocketFrame = Annotated[
    Annotated[SentTableFrame, Tag("table")]
    | Annotated[SentOfcTableFrame, Tag("ofc")]
    | Annotated[ErrorFrame, Tag("error")]
    | Annotated[TournamentFrame, Tag("tournament")]
    | Annotated[ClosedFrame, Tag("closed")]
    | Annotated[SavingFrame, Tag("saving")],
    Discriminator(_frame_tag),
]
"""Anything a table socket sends: a table (a poker or an OFC table), a refusal, a
tournament's lobby, the last frame of a closed room, or whether the room can save."""
SOCKET_FRAME_TYPES = ("table", "error", "tournament", "closed", "saving")
HttpFrame = Annotated[LobbyFrame | LobbyChatFrame | HttpErrorFrame, Field(discriminator="type")]
"""A JSON answer of the server's HTTP side: the lobby, its chat, or a refusal."""

_LENIENT = ConfigDict(strict=True, extra="ignore")
_EXACT = ConfigDict(strict=True, extra="forbid")
T = TypeVar("T")


class FrameError(PokerroomError, ValueError):
    """A frame from the server that is not what the protocol documents."""


def _adapters(kind: Any) -> tuple[TypeAdapter[Any], TypeAdapter[Any]]:
    return TypeAdapter(kind, config=_LENIENT), TypeAdapter(kind, config=_EXACT)


_SOCKET = _adapters(SocketFrame)
_HTTP = _adapters(HttpFrame)


def parse_frame(raw: str | bytes, *, exact: bool = False) -> SocketFrame:
    """One frame from a table socket, checked; ``exact`` also refuses fields the schema
    does not name (the tests hold the server to the documented shape that way)."""
    data = _decoded(raw, "frame")
    kind = data.get("type")
    if kind not in SOCKET_FRAME_TYPES:
        got = "no 'type'" if kind is None else f"type {kind!r:.40}"
        raise FrameError(
            f"the server sent a frame of {got}; this client reads {', '.join(SOCKET_FRAME_TYPES)}"
        )
    frame: SocketFrame = _checked(_SOCKET[exact], data, f"{kind} frame", strip=str(kind))
    return frame


def parse_http(data: object, *, exact: bool = False) -> LobbyFrame | HttpErrorFrame:
    """A decoded JSON answer of ``GET /api/lobby`` (or a JSON refusal), checked."""
    answer = _object(data, "answer")
    kind = answer.get("type")
    if kind not in ("lobby", "error"):
        raise FrameError(f"the server answered with {kind!r:.40} where a lobby was expected")
    checked: LobbyFrame | HttpErrorFrame = _checked(
        _HTTP[exact], answer, f"{kind} answer", strip=str(kind)
    )
    return checked


def _decoded(raw: str | bytes, what: str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise FrameError(f"the server sent a {what} that is not JSON: {raw!r:.60}") from None
    return _object(data, what)


def _object(data: object, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise FrameError(f"the server sent a {what} that is not a JSON object: {data!r:.60}")
    return data


def _checked(adapter: TypeAdapter[T], data: dict[str, Any], what: str, strip: str = "") -> T:
    if data.get("v") != PROTOCOL_VERSION:
        raise FrameError(
            f"the server's {what} is of protocol version {data.get('v')!r:.20}; "
            f"this client speaks version {PROTOCOL_VERSION}"
        )
    try:
        return adapter.validate_python(data)
    except ValidationError as error:
        raise FrameError(
            f"the server's {what} does not fit the protocol: {_problem(error, strip)}"
        ) from None


_WANTED = {
    "int_type": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "string_type": "a string",
    "list_type": "a list",
    "dict_type": "an object",
    "model_type": "an object",
    "literal_error": "another word",
}


def _problem(error: ValidationError, strip: str) -> str:
    """The first thing wrong in one line: where (``seats.0.stack``) and what it must be."""
    problem = error.errors()[0]
    location = [str(part) for part in problem["loc"]]
    if location and location[0] == strip:
        location = location[1:]
    where = ".".join(location) or "the frame"
    match problem["type"]:
        case "missing":
            return f"it has no '{where}'"
        case "extra_forbidden":
            return f"'{where}' is not a field of the protocol"
    wanted = _WANTED.get(problem["type"], str(problem["msg"]).lower())
    shown = json.dumps(problem["input"], default=str)
    return f"'{where}' must be {wanted}, got {shown:.40}"
