"""A viewer's frame written from the shared frame's text is the text of the whole frame
encoded at once, whatever the viewer's copy changed: fields replaced, added, dropped or
moved, items of a shared list or object replaced, values handed to several viewers, the
shared text (taken as viewers need it) used again for the next viewer
(:mod:`pokerroom.room.shared_frames`)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.room.outbox import KnownText, encode, value_text
from pokerroom.room.shared_frames import SharedText

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=12,
)
frames = st.dictionaries(st.sampled_from("abcdefgh"), values, min_size=1, max_size=8)


def copy_of(shared: dict[str, Any], rng: random.Random, spare: list[object]) -> dict[str, Any]:
    """A viewer's frame as a room makes one: the shared one with a few changes."""
    frame = dict(shared)
    for _ in range(rng.randint(0, 4)):
        roll, key = rng.random(), rng.choice("abcdefghij")
        if roll < 0.3:
            frame[key] = rng.choice(spare)  # his own value, maybe another viewer's too
        elif roll < 0.4:
            frame.pop(key, None)
        elif roll < 0.5 and key in frame:
            frame[key] = frame.pop(key)  # moved to the end
        elif roll < 0.8 and type(frame.get(key)) is list and frame[key]:
            items = list(frame[key])
            items[rng.randrange(len(items))] = rng.choice(spare)
            frame[key] = items
        elif type(frame.get(key)) is dict and frame[key]:
            inner = dict(frame[key])
            inner[rng.choice(list(inner))] = rng.choice(spare)
            if rng.random() < 0.3:
                inner["new"] = rng.choice(spare)
            frame[key] = inner
    return frame


@settings(max_examples=300, deadline=None)
@given(shared=frames, spare=st.lists(values, min_size=1, max_size=4), seed=st.integers())
def test_every_viewers_text_is_his_whole_frame_encoded(
    shared: dict[str, Any], spare: list[object], seed: int
) -> None:
    rng = random.Random(seed)
    text = SharedText(shared)
    for _ in range(6):
        frame = copy_of(shared, rng, spare)
        assert text.text(frame) == encode(frame)
    assert text.text(dict(shared)) == encode(shared)


def test_a_value_equal_to_the_shared_one_but_not_it_is_written_as_it_is() -> None:
    """``1 == True == 1.0`` but their text differs: a viewer's own value is never taken for
    the shared one because it is equal to it."""
    shared: dict[str, Any] = {"a": 1, "b": [0, None], "c": {"d": False, "e": []}, "f": 0.0}
    text = SharedText(shared)
    for frame in (
        {**shared, "a": True},
        {**shared, "a": 1.0},
        {**shared, "b": [False, None]},
        {**shared, "c": {"d": 0, "e": shared["c"]["e"]}},
        {**shared, "f": 0},
        dict(shared),
    ):
        assert text.text(frame) == encode(frame)


def test_a_hand_log_copied_in_is_written_from_its_known_text() -> None:
    """The log a viewer's hand carries is his own (its text written by the stories)."""
    shared: dict[str, Any] = {
        "hand": {"number": 3, "log": ["Ann calls 2"], "boards": [["As"]]},
        "you": None,
    }
    text = SharedText(shared)
    for lines in (["You call 2"], ["Ann calls 2", "Bob folds"]):
        log = KnownText(lines, value_text(lines))
        frame = {**shared, "hand": {**shared["hand"], "log": log}, "you": {"seat": 1}}
        assert text.text(frame) == encode(frame)


def test_each_viewers_own_object_gets_its_own_text() -> None:
    """An object handed to several viewers is encoded once (kept by identity); another
    viewer's, alike but for one card, is not taken for it."""
    seats = [{"seat": 1, "cards": []}, {"seat": 2, "cards": []}]
    text = SharedText({"seats": seats, "chat": {"lines": []}})
    chat = {"lines": ["hi"]}
    for cards in (["As", "Kd"], ["Qh", "Jc"], ["As", "Kd"]):
        frame = {"seats": [{**seats[0], "cards": cards}, seats[1]], "chat": chat}
        assert text.text(frame) == encode(frame)
        other = {"seats": seats, "chat": {"lines": ["hi", cards[0]]}}
        assert text.text(other) == encode(other)


def test_a_kept_item_is_written_from_its_last_text_only_when_it_is_the_same_object() -> None:
    """The next change's results keep the text of the very objects the last one had; a new
    result, even one equal to an old one (``1 == True``), is encoded."""
    old = {"number": 1, "amount": 1}
    first = SharedText({"results": [old]})
    assert first.text({"results": first.frame["results"]}) == encode({"results": [old]})
    new = {"number": 2, "amount": True}
    twin = {"number": 1, "amount": True}
    second = SharedText({"results": [new, twin, old]}, first.kept)
    frame = {"results": second.frame["results"]}
    assert second.text(frame) == encode(frame)
    assert set(second.kept) == {id(new), id(twin), id(old)}
