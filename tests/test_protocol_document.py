"""docs/protocol.md is the protocol (issue 14 item 2): every client message and every server
frame it lists has an example there, and every example is what the code takes — a client
message the server's models accept, a frame the schema holds exactly (no field the schema
lacks, none of the wrong type). Examples may be abridged only where they say so: a
``"...": "..."`` entry (fields left out of that object), a ``"…"`` value (an item left
out), or a fragment without a ``type`` (additions to the table frame above it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ConfigDict, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from pokerroom.protocol.client import MESSAGE_TYPES, parse_message
from pokerroom.protocol.server import SOCKET_FRAME_TYPES, HttpFrame, SocketFrame

DOCUMENT = Path(__file__).parents[1] / "docs" / "protocol.md"
ELIDED = ("...", "…")
EXACT = ConfigDict(strict=True, extra="forbid")
FRAMES = TypeAdapter(SocketFrame, config=EXACT)
HTTP = TypeAdapter(HttpFrame, config=EXACT)


def examples(text: str) -> list[dict[str, Any]]:
    """Every JSON object of the document's ```json blocks, one or more per block."""
    found: list[dict[str, Any]] = []
    decoder = json.JSONDecoder()
    for block in text.split("```json\n")[1:]:
        body, at = block.split("```", 1)[0], 0
        while body[at:].strip():
            at += len(body[at:]) - len(body[at:].lstrip())
            value, at = decoder.raw_decode(body, at)
            assert isinstance(value, dict), f"an example that is not an object: {value!r:.60}"
            found.append(value)
    return found


def _at(data: Any, loc: tuple[int | str, ...]) -> Any:
    for step in loc:
        listed = isinstance(data, list) and isinstance(step, int) and step < len(data)
        if (isinstance(data, dict) and step in data) or listed:
            data = data[step]
        else:
            return None
    return data


def _path(data: Any, loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """The error's place in the data: pydantic puts a union's tag in ``loc`` too."""
    path: list[int | str] = []
    for number, step in enumerate(loc, 1):
        here = _at(data, tuple(path))
        present = isinstance(here, dict) and step in here
        if present or isinstance(here, list) or number == len(loc):  # the last: a missing key
            path.append(step)
    return tuple(path)


def real_problems(example: dict[str, Any], errors: list[ErrorDetails], fragment: bool) -> list[str]:
    """The errors an abridgement does not explain."""
    problems = []
    for error in errors:
        path = _path(example, tuple(error["loc"]))
        parent = _at(example, path[:-1])
        if error["type"] == "missing" and (
            fragment or (isinstance(parent, dict) and "..." in parent)
        ):
            continue
        if error["type"] == "extra_forbidden" and path[-1:] == ("...",):
            continue
        if _at(example, path) in ELIDED:
            continue
        problems.append(f"{'.'.join(map(str, path))}: {error['msg']}")
    return problems


def check(example: dict[str, Any]) -> list[str]:
    """What is wrong with one example ([] when it is what the code takes)."""
    kind = example.get("type")
    if kind in MESSAGE_TYPES and ("id" in example or kind == "hello"):
        parse_message(example)  # a client message: the server's own models
        return []
    adapter: TypeAdapter[Any] = HTTP if kind not in (None, *SOCKET_FRAME_TYPES) else FRAMES
    data = {"type": "table", "v": 1, **example} if kind is None else example  # additions
    try:
        adapter.validate_python(data)
    except ValidationError as error:
        return real_problems(data, error.errors(), fragment=kind is None)
    return []


DOCUMENTED = examples(DOCUMENT.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "example",
    DOCUMENTED,
    ids=[f"{i}-{e.get('type', 'fragment')}" for i, e in enumerate(DOCUMENTED)],
)
def test_every_example_is_what_the_code_takes(example: dict[str, Any]) -> None:
    assert check(example) == []


def test_every_message_and_frame_has_an_example() -> None:
    kinds = {e.get("type") for e in DOCUMENTED}
    assert set(MESSAGE_TYPES) <= kinds, set(MESSAGE_TYPES) - kinds
    assert set(SOCKET_FRAME_TYPES) | {"lobby"} <= kinds
    tables = {e.get("kind", "home") for e in DOCUMENTED if e.get("type", "table") == "table"}
    assert tables == {"home", "cash", "ofc", "tournament"}, tables


def test_the_check_finds_a_field_the_schema_lacks_and_a_wrong_type() -> None:
    """The check can fail: a stale field, a mistyped one, a missing one not marked as left out."""
    closed = {"type": "closed", "v": 1, "room": "q3", "message": "closed"}
    assert check(closed) == []
    assert check({**closed, "reason": "x"}) == ["reason: Extra inputs are not permitted"]
    assert check({**closed, "room": 3}) == ["room: Input should be a valid string"]
    assert check({"type": "closed", "v": 1, "room": "q3"}) == ["message: Field required"]
    assert check({"type": "closed", "v": 1, "room": "q3", "...": "..."}) == []
    with pytest.raises(ValueError, match="seat"):
        check({"type": "sit", "id": "c1", "seat": "three"})
