"""The hub's small parts on their own: replay memory, the flood bucket, safe failure lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.room.failures import describe_failure
from pokerroom.room.flood import FloodGuard, FloodLimit
from pokerroom.room.inbound import Refusal, message_id, parse_object
from pokerroom.room.replay import ReplayGuard


def test_a_replay_is_caught_per_sender() -> None:
    guard = ReplayGuard()
    assert guard.first_time("ann", "m1")
    assert not guard.first_time("ann", "m1")
    assert guard.first_time("bob", "m1")


@settings(max_examples=50)
@given(st.lists(st.tuples(st.sampled_from("abcdef"), st.text(max_size=3)), max_size=200))
def test_replay_memory_stays_bounded(messages: list[tuple[str, str]]) -> None:
    guard = ReplayGuard(per_sender=4, senders=3)
    for sender, ref in messages:
        guard.first_time(sender, ref)
    assert len(guard._seen) <= 3
    assert all(len(memory.ids) <= 4 for memory in guard._seen.values())


def test_the_oldest_ids_and_the_quietest_senders_are_forgotten_first() -> None:
    guard = ReplayGuard(per_sender=2, senders=2)
    for ref in ("x", "y", "z"):
        guard.first_time("ann", ref)
    assert guard.first_time("ann", "x")  # pushed out by z, and not numbered
    assert not guard.first_time("ann", "z")
    guard.first_time("bob", "b1")
    guard.first_time("ann", "m4")  # Ann was heard from last
    guard.first_time("cy", "c1")  # Bob is forgotten
    assert guard.first_time("bob", "b1")
    assert not guard.first_time("cy", "c1")


def test_a_numbered_id_older_than_the_window_is_still_refused() -> None:
    """A page's ids are ``<page>-<n>``: one pushed out of the window cannot be replayed."""
    guard = ReplayGuard(per_sender=256)
    assert all(guard.first_time("ann", f"pg-{n}") for n in range(1, 301))
    assert not guard.first_time("ann", "pg-1")  # 299 messages later
    assert not guard.first_time("ann", "pg-44")  # the last one pushed out
    assert not guard.first_time("ann", "pg-300")  # still in the window
    assert guard.first_time("ann", "pg-301") and guard.first_time("ann", "other-1")
    assert guard.first_time("bob", "pg-1")  # another sender's own


def test_a_bucket_refills_with_time_and_forgives_strikes_once_full() -> None:
    guard = FloodGuard(FloodLimit(rate=2.0, burst=2, strikes=3), now=0.0)
    assert guard.allow(0.0) and guard.allow(0.0)
    assert not guard.allow(0.0) and not guard.allow(0.1)
    assert not guard.exhausted
    assert guard.allow(0.5)  # one token back after half a second
    assert not guard.allow(0.5)
    assert guard.exhausted  # three refusals without calming down
    assert guard.allow(10.0) and not guard.exhausted


def test_a_flood_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive rate"):
        FloodLimit(rate=0)


def test_a_failure_line_names_the_class_and_place_but_not_the_message() -> None:
    def deal() -> None:
        raise ValueError("Ah Kh are Bob's cards")

    with pytest.raises(ValueError) as raised:
        deal()
    line = describe_failure(raised.value)
    assert line.startswith("ValueError at test_hub_parts.py:") and " deal" in line
    assert "Ah" not in line and "Bob" not in line


def test_a_checked_message_keeps_its_fields() -> None:
    message = parse_object('{"type": "bet", "id": "m1", "amount": 40}', 100)
    assert message == {"type": "bet", "id": "m1", "amount": 40}
    assert isinstance(message, dict) and message_id(message) == "m1"


def test_a_message_without_type_still_names_its_id_in_the_refusal() -> None:
    refusal = parse_object('{"id": "m7"}', 100)
    assert refusal == Refusal("no_type", 'a message needs a string "type"', "m7")
