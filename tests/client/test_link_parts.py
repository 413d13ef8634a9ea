"""The link's parts without a network: which messages count as answered, the back-off
between reconnects, and the typed commands of the text mode."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokerroom.cli.connect.typed import typed
from pokerroom.client.backoff import reconnect_delays
from pokerroom.client.outstanding import MAX_OUTSTANDING, Unanswered, effect_seen
from pokerroom.errors import UsageError


def frame(turn: str = "1.5", seat: int | None = 1, **you: Any) -> dict[str, Any]:
    seats = [
        {"seat": 1, "you": seat == 1, "stack": 100, "away": False, "state": "playing"},
        {"seat": 2, "you": False, "stack": 100, "away": False},
    ]
    return {
        "type": "table",
        "status": "playing",
        "hand": {"number": 1, "turn": turn},
        "seats": seats,
        "you": {"seat": seat, "preaction": None, **you},
    }


def written(box: Unanswered, ident: str, connection: int, kind: str = "act") -> None:
    box.add({"type": kind, "id": ident}, frame())
    box.written(ident, connection)


def test_an_answer_also_answers_every_message_written_before_it_on_that_connection() -> None:
    box = Unanswered()
    written(box, "a", 1)
    written(box, "b", 1, "sit")
    written(box, "c", 2)
    assert box.refused("b", "seated") is False  # a refusal to show
    assert [m["id"] for m in box.unwritten(3)] == ["c"]


def test_a_replay_refusal_is_silent_only_for_a_message_written_again() -> None:
    box = Unanswered()
    written(box, "a", 1)
    assert box.refused("a", "replayed") is False, "the first sending refused: show it"
    written(box, "b", 1)
    box.written("b", 2)  # resent after a reconnect
    assert box.refused("b", "duplicate") is True
    assert len(box) == 0


def test_a_message_not_written_yet_is_never_answered_by_a_table_frame() -> None:
    box = Unanswered()
    box.add({"type": "act", "id": "a"}, frame("1.5"))
    box.table(frame("1.6"))
    assert len(box) == 1
    box.written("a", 1)
    box.table(frame("1.6"))
    assert len(box) == 0


def test_the_oldest_is_given_up_past_the_limit() -> None:
    box = Unanswered()
    for number in range(MAX_OUTSTANDING + 3):
        box.add({"type": "act", "id": str(number)}, None)
    assert len(box) == MAX_OUTSTANDING
    assert box.unwritten(1)[0]["id"] == "3"


@pytest.mark.parametrize(
    ("message", "before", "after", "seen"),
    [
        ({"type": "act"}, frame("1.5"), frame("1.5"), False),
        ({"type": "act"}, frame("1.5"), frame("1.6"), True),
        ({"type": "show"}, frame("1.5"), {**frame(), "hand": None}, True),
        ({"type": "preaction", "kind": "call_any"}, frame(), frame(preaction="call_any"), True),
        ({"type": "preaction", "kind": "clear"}, frame(preaction="check"), frame(), True),
        ({"type": "preaction", "kind": "check"}, frame(), frame(), False),
        ({"type": "sit", "seat": 1}, frame(seat=None), frame(seat=1), True),
        ({"type": "sit", "seat": 1}, frame(seat=None), frame(seat=None), False),
        ({"type": "leave"}, frame(), frame(seat=None), True),
        ({"type": "start"}, frame(), {**frame(), "status": "waiting"}, False),
        ({"type": "post"}, frame(), frame(cash={"state": "posting"}), True),
        ({"type": "post", "post": False}, frame(), frame(cash={"state": "posting"}), False),
    ],
)
def test_the_effect_of_each_message(
    message: dict[str, Any], before: dict[str, Any], after: dict[str, Any], seen: bool
) -> None:
    assert effect_seen(message, before, after) is seen


def test_a_top_up_is_seen_in_the_stack() -> None:
    after = frame()
    after["seats"][0] = {**after["seats"][0], "stack": 140}
    assert effect_seen({"type": "top_up", "amount": 40}, frame(), after)
    assert not effect_seen({"type": "top_up", "amount": 40}, frame(), frame())


@pytest.mark.parametrize("seed", range(5))
def test_the_waits_double_from_one_second_to_thirty_with_jitter(seed: int) -> None:
    delays = reconnect_delays(random.Random(seed))
    waits = [next(delays) for _ in range(9)]
    for wait, step in zip(waits, [1, 2, 4, 8, 16, 30, 30, 30, 30], strict=True):
        assert 0.8 * step <= wait <= min(30, 1.2 * step)
    assert len(set(waits)) > 1


def sized(word: str = "raise") -> dict[str, Any]:
    presets = [{"name": "min", "amount": 4}, {"name": "pot", "amount": 7}]
    actions = {"raise_to": {"word": word}, "presets": presets}
    return {"you": {"actions": actions}}


def test_a_sized_word_follows_the_table_and_a_preset_gives_its_amount() -> None:
    assert typed("raise 9", sized("bet")) == {"type": "act", "action": "bet", "amount": 9}
    assert typed("bet pot", sized()) == {"type": "act", "action": "raise", "amount": 7}
    assert typed("  ", None) is None
    assert typed("sitin post", None) == {"type": "sit_in", "post": True}


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("raise", "say the total to bet or raise to"),
        ("raise allin", "no preset 'allin'; the presets now: min, pot"),
        ("sit x", "a seat must be a whole number, not 'x'"),
        ("sit 2 100 now", "after the buy-in only 'post' may follow"),
        ("topup -5", "a top-up must be a whole number"),
        ("fold now", "not a table command: 'fold now'"),
    ],
)
def test_a_line_that_is_no_command_says_what_is_allowed(line: str, problem: str) -> None:
    with pytest.raises(UsageError) as refused:
        typed(line, sized())
    assert problem in str(refused.value) and "\n" not in str(refused.value)
