"""Frames shared between a room's viewers: the public part built and encoded once per change.

After a change every connection of a room gets a snapshot built for its own viewer (X-4).
Most of each one is the same for everybody (seats, stacks, the board, the results), so a
room that can (:class:`SharedSnapshots`) builds that public part once per change and
language, the frame a signed-out observer sees, and each viewer's frame is made from it
by the room itself (:meth:`SharedSnapshots.snapshot_over`): his own cards, his hand log,
his ``you`` block and his chat put in as new values, everything else the shared objects.
The text of the shared values is encoded once too, and each viewer's frame is written by
joining it with the text of his own values: the same text the whole frame encoded at once
would give (``tests/web/test_shared_frames.py`` holds it to the frame built directly).

The hub forgets a room's shared part whenever the room changed or a connection is shown
the room anew, so a frame never shows an older table than the last change it was sent for.
One part outlives a change: the text of each of the last hands' results (``results``), the
largest field after the seats. A room words a hand's results once and hands the same
objects out, unchanged, until the hand drops off the list; so a result that is the very
object the last change's frame had keeps its text, and only a new one is encoded.
"""

from __future__ import annotations

from json.encoder import encode_basestring_ascii
from typing import Protocol, cast, runtime_checkable

from pokerroom.i18n import Language, Vocabulary, use_language
from pokerroom.room.outbox import encode, value_text
from pokerroom.room.seam import Frame, Room, User


@runtime_checkable
class SharedSnapshots(Protocol):
    """A room whose viewers' frames share a public part."""

    def public_snapshot(self) -> Frame:
        """The table as a signed-out observer sees it (worded in the current language)."""
        ...

    def snapshot_over(self, shared: Frame, viewer: User | None) -> Frame:
        """``viewer``'s whole frame, equal to ``snapshot(viewer)``: a new mapping whose
        values are ``shared``'s own objects wherever he sees the same; none of ``shared``'s
        objects is changed."""
        ...


_MISSING = object()
"""A field the shared frame has not: a viewer's own."""

KEPT_FIELDS = frozenset({"results"})
"""The list fields whose items a room keeps and hands out again unchanged, the same
objects, from one change to the next (a hand's results, worded once when it ended)."""

KeptTexts = dict[int, tuple[object, str]]
"""Items of the kept fields by identity, with their text (the object held, so that its
identity is not taken by another)."""


class SharedText:
    """One public frame with the text of each of its fields, and, once a viewer's field
    copies a shared list or object with a few items of his own, the text of that field's
    items, so that his is written from them."""

    __slots__ = ("_before", "_fields", "_items", "_nested", "_objects", "frame", "kept")

    def __init__(self, frame: Frame, before: KeptTexts | None = None) -> None:
        self.frame = frame
        self._before: KeptTexts = {} if before is None else before
        """The kept items' text as the last change's frame had them."""
        self.kept: KeptTexts = {}
        """The kept items' text of this frame, once a viewer's frame has the field."""
        self._fields: dict[str, str] = {}
        """A shared field's text, name included, once a viewer's frame has it (one every
        viewer has his own of, his seat among the seats, is never encoded whole)."""
        self._items: dict[str, list[str]] = {}
        """A list field's items' text."""
        self._nested: dict[str, SharedText] = {}
        """An object field's text, field by field, once a viewer's copy keeps a part."""
        self._objects: dict[int, tuple[object, str]] = {}
        """A viewer's own object values by identity, with their text: one handed to
        several viewers (:mod:`pokerroom.room.shared_chat`) is encoded once."""

    def text(self, frame: Frame) -> str:
        """``frame`` (a viewer's, made from this one) as JSON, reusing the shared text."""
        shared, texts, parts = self.frame.get, self._fields, []
        for key, item in frame.items():
            if shared(key, _MISSING) is item:
                text = texts.get(key)
                if text is None:
                    text = texts[key] = f"{_key(key)}:{self._shared(key, item)}"
                parts.append(text)
            else:
                parts.append(f"{_key(key)}:{self._own(key, item)}")
        return "{" + ",".join(parts) + "}"

    def _shared(self, name: str, value: object) -> str:
        """A shared field's text: a kept field's items written from the last change's
        text of those that are the same objects."""
        if name not in KEPT_FIELDS or type(value) is not list:
            return value_text(value)
        before, kept, parts = self._before, self.kept, []
        for item in value:
            known = before.get(id(item))
            text = known[1] if known is not None and known[0] is item else value_text(item)
            kept[id(item)] = (item, text)
            parts.append(text)
        return "[" + ",".join(parts) + "]"

    def _own(self, name: str, value: object) -> str:
        """A viewer's own value of the field ``name``: written from the shared items'
        text where it holds them, its own items encoded."""
        shared = self.frame.get(name)
        if type(value) is list and type(shared) is list and len(value) == len(shared):
            texts = self._items.get(name)
            if texts is None:
                texts = self._items[name] = [value_text(item) for item in shared]
            return (
                "["
                + ",".join(
                    [
                        text if item is mine else value_text(mine)
                        for mine, item, text in zip(value, shared, texts, strict=True)
                    ]
                )
                + "]"
            )
        if type(value) is dict:
            known = self._objects.get(id(value))
            if known is not None and known[0] is value:
                return known[1]
            text = self._object_own(name, value, shared)
            self._objects[id(value)] = (value, text)
            return text
        return value_text(value)

    def _object_own(self, name: str, value: dict[str, object], shared: object) -> str:
        if type(shared) is dict and _keeps_a_part(value, shared):
            nested = self._nested.get(name)
            if nested is None:
                nested = self._nested[name] = SharedText(shared)
            return nested.text(value)
        return value_text(value)


def _keeps_a_part(value: dict[str, object], shared: dict[str, object]) -> bool:
    """Whether a viewer's copy of a shared object keeps one of its lists or objects (his
    hand keeps the boards and pots): then it is written from the shared text; else
    encoding his whole is quicker than joining the text of each of its fields."""
    for key, item in value.items():
        if (type(item) is list or type(item) is dict) and shared.get(key) is item:
            return True
    return False


_KEYS: dict[str, str] = {}


def _key(key: str) -> str:
    """A frame's field name as JSON (a few dozen names, each encoded once)."""
    text = _KEYS.get(key)
    if text is None:
        text = encode_basestring_ascii(key)
        if len(_KEYS) < 1024:
            _KEYS[key] = text
    return text


class SharedFrames:
    """Every room's public part, per language and vocabulary, until the room changes, and
    the text of its kept items until nobody here watches it."""

    def __init__(self) -> None:
        self._built: dict[str, dict[tuple[Language, Vocabulary], SharedText]] = {}
        self._kept: dict[str, dict[tuple[Language, Vocabulary], KeptTexts]] = {}
        self._kinds: dict[type, bool] = {}

    def forget(self, room_id: str) -> None:
        """The room changed (or someone is shown it anew): build its public part again."""
        self._built.pop(room_id, None)

    def drop(self, room_id: str) -> None:
        """Nobody here watches the room any more: forget all of it."""
        self._built.pop(room_id, None)
        self._kept.pop(room_id, None)

    def text(
        self,
        room: Room,
        viewer: User | None,
        language: Language,
        vocabulary: Vocabulary,
        now: float,
    ) -> str:
        """The room's frame for ``viewer`` in his ``language`` and the table's
        ``vocabulary``, with the server's clock reading ``now``, as JSON text."""
        with use_language(language, vocabulary):
            if not self._shares(room):
                return encode({**room.snapshot(viewer), "now": now})
            sharing = cast(SharedSnapshots, room)
            by_language = self._built.setdefault(room.id, {})
            shared = by_language.get((language, vocabulary))
            if shared is None:
                kept = self._kept.setdefault(room.id, {})
                before = kept.get((language, vocabulary))
                shared = SharedText(sharing.public_snapshot(), before)
                by_language[language, vocabulary] = shared
                kept[language, vocabulary] = shared.kept
            frame = dict(sharing.snapshot_over(shared.frame, viewer))
        frame["now"] = now
        return shared.text(frame)

    def _shares(self, room: Room) -> bool:
        kind = type(room)
        shares = self._kinds.get(kind)
        if shares is None:
            shares = self._kinds[kind] = isinstance(room, SharedSnapshots)
        return shares
