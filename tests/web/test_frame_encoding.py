"""A frame's text (:func:`pokerroom.room.outbox.encode`): compact JSON that reads back as the
frame, written by orjson, and by the standard library where orjson refuses a value (a
client's message id may hold a lone surrogate, which JSON's ``\\ud800`` allows)."""

from __future__ import annotations

import asyncio
import json
from enum import Enum, IntEnum
from types import MappingProxyType

import pytest

from pokerroom.room.inbound import error_frame, parse_object
from pokerroom.room.outbox import Outbox, encode


class Suit(Enum):
    SPADES = "s"


class Seat(IntEnum):
    FIRST = 1


def test_a_frame_is_compact_json_of_what_it_holds() -> None:
    frame = {
        "type": "table",
        "name": "Стол «Ёлка» 👍",
        "seats": ({"seat": Seat.FIRST, "suit": Suit.SPADES}, None),
        "game": MappingProxyType({"blinds": [1, 2], "ante": 0.5}),
        "open": True,
    }
    text = encode(frame)
    assert text == (
        '{"type":"table","name":"Стол «Ёлка» 👍","seats":[{"seat":1,"suit":"s"},null],'
        '"game":{"blinds":[1,2],"ante":0.5},"open":true}'
    )


@pytest.mark.parametrize(
    "value",
    [
        {"ref": "\ud800"},  # orjson refuses a lone surrogate
        {"points": {1: "one"}},  # and a key that is not a string
        {"chips": 2**70},  # and an integer past 64 bits
    ],
)
def test_what_orjson_refuses_is_written_all_the_same(value: dict[str, object]) -> None:
    assert json.loads(encode(value)) == json.loads(json.dumps(value))


def test_a_value_that_is_not_json_is_refused() -> None:
    with pytest.raises(TypeError):
        encode({"hand": object()})


def test_a_refusal_quoting_a_lone_surrogate_id_reaches_its_sender() -> None:
    """A client that names its message ``"\\ud800"`` gets its refusal, not silence."""
    message = parse_object('{"type": "jump", "id": "\\ud800"}', 4096)
    assert isinstance(message, dict)
    sent: list[str] = []

    async def send(text: str) -> None:
        sent.append(text)

    async def run() -> None:
        outbox = Outbox(lambda: b"{}", send)
        outbox.post(error_frame("unknown_type", "no such message", str(message["id"])))
        outbox.finish()
        await outbox.run()

    asyncio.run(run())
    assert [json.loads(text)["ref"] for text in sent] == ["\ud800"]


def test_a_writer_that_fails_on_its_own_is_logged_once_and_its_frames_still_go(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A frame written at once (:data:`~pokerroom.room.outbox.SendNow`) whose writer fails
    in itself, not for the socket, is a defect: logged, and every frame goes by the awaited
    send, in order, without asking the writer again."""
    sent: list[str] = []
    asked: list[bytes] = []

    async def send(text: str) -> None:
        sent.append(text)

    def broken_now(data: bytes) -> bool:
        asked.append(data)
        raise AttributeError("the server's protocol changed")

    async def run() -> None:
        outbox = Outbox(lambda: b'{"type": "table"}', send, broken_now)
        for number in range(3):
            outbox.post(error_frame("refused", f"no {number}", None))
        outbox.finish()
        await outbox.run()

    with caplog.at_level("ERROR"):
        asyncio.run(run())
    assert [json.loads(text)["message"] for text in sent] == ["no 0", "no 1", "no 2"]
    assert len(asked) == 1
    logged = [r.message for r in caplog.records if "at once" in r.message]
    assert len(logged) == 1 and logged[0].startswith("writing a frame at once failed: Attribute")
    assert "protocol changed" not in logged[0]  # a failure's text is never logged
