"""Client messages as the table reads them: each malformed one gets its code and one line."""

from __future__ import annotations

import pytest

from pokerroom.protocol import ProtocolError, parse_client
from pokerroom.protocol.client import MAX_MESSAGE_BYTES, Act, Draw, Preaction, Sit
from pokerroom.protocol.frames import error_frame


def test_every_message_type_parses() -> None:
    assert parse_client('{"type": "sit", "id": "1", "seat": 3}') == Sit(id="1", type="sit", seat=3)
    assert parse_client(b'{"type": "act", "id": "2", "action": "bring_in"}') == Act(
        id="2", type="act", action="bring_in"
    )
    assert parse_client('{"type": "draw", "id": "3", "cards": ["Td", "As"]}') == Draw(
        id="3", type="draw", cards=["Td", "As"]
    )
    assert parse_client('{"type": "preaction", "id": "4", "kind": "fold_any"}') == Preaction(
        id="4", type="preaction", kind="fold_any"
    )
    for kind in ("leave", "start", "show", "muck", "sit_out", "sit_in"):
        assert parse_client(f'{{"type": "{kind}", "id": "5"}}').type == kind
    assert parse_client('{"type": "hello", "id": "6", "v": 1}').type == "hello"


@pytest.mark.parametrize(
    ("raw", "code", "message"),
    [
        ("{", "malformed", "not JSON (Expecting property name enclosed in double quotes"),
        (b"\xff\xfe", "malformed", "a message is UTF-8 text"),
        ("[1, 2]", "malformed", 'a message is a JSON object {"type": ..., "id": ...}'),
        ("x" * (MAX_MESSAGE_BYTES + 1), "too_large", "a message is at most 4096 bytes"),
        ('{"type": "jump", "id": "a"}', "unknown_type", "unknown message (type 'jump'); types:"),
        ('{"id": "a"}', "unknown_type", "unknown message (no 'type')"),
        ('{"type": "sit", "id": "a"}', "missing_field", "sit needs 'seat'; its fields: id, seat"),
        ('{"type": "sit", "seat": 1}', "missing_field", "sit needs 'id'"),
        ('{"type": "leave", "id": "a", "seat": 1}', "extra_field", "leave has no field 'seat'"),
        ('{"type": "sit", "id": "a", "seat": "2"}', "wrong_type", "'seat' must be a whole number"),
        ('{"type": "sit", "id": "a", "seat": 2.0}', "wrong_type", "'seat' must be a whole number"),
        ('{"type": "sit", "id": "a", "seat": 0}', "bad_value", "'seat' is a seat number 1-10"),
        ('{"type": "act", "id": "a", "action": "allin"}', "bad_value", "'action' must be one of"),
        ('{"type": "act", "id": "a", "action": "bet"}', "amount", "bet needs an 'amount'"),
        (
            '{"type": "act", "id": "a", "action": "fold", "amount": 5}',
            "amount",
            "fold takes no 'amount'",
        ),
        ('{"type": "draw", "id": "a", "cards": ["1x"]}', "bad_card", "'1x' is not a card"),
        ('{"type": "draw", "id": "a", "cards": ["As", "As"]}', "bad_card", "a card is named twice"),
        ('{"type": "draw", "id": "a", "cards": "As"}', "wrong_type", "must be a list of cards"),
        ('{"type": "sit", "id": 7, "seat": 1}', "wrong_type", "'id' must be a string"),
    ],
)
def test_a_malformed_message_gets_its_code_and_one_line(
    raw: str | bytes, code: str, message: str
) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client(raw)
    assert caught.value.code == code
    assert caught.value.message.startswith(message) or message in caught.value.message
    assert "\n" not in caught.value.message


def test_the_refusal_names_the_message_it_answers() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client('{"type": "act", "id": "m7", "action": "raise"}')
    error = caught.value
    assert error.ref == "m7"
    assert error_frame(error.code, error.message, error.ref) == {
        "type": "error",
        "v": 1,
        "code": "amount",
        "message": "act: raise needs an 'amount': the total of your bet this round",
        "ref": "m7",
    }
