"""A viewer's frame written as JSON from the text of the shared frame it was made from.

Every viewer's frame of one change is the public frame with a few values of his own (his
seat, his hand log, his ``you`` block, his chat, the clock): the rest are the public
frame's own objects (:mod:`pokerroom.room.shared_frames`). Walking every field of every
viewer's frame to join its text was most of the server's time per action, so the public
frame's text is cut once into the fixed pieces between a viewer's own values (a
layout per set of fields that are his), and each viewer's text is those pieces
joined with the text of his values only. A value of his that is a copy of a shared list
or object with a few items changed (his seat among the seats, his log in the hand) is
written the same way from that value's pieces; anything else is encoded whole. Any frame
gets its own layout, so the text is always what encoding the whole frame gives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from json.encoder import encode_basestring_ascii

from pokerroom.room.outbox import value_text

_MISSING = object()
"""A field the shared object has not: a viewer's own."""

_Fields = tuple[tuple[str, ...], tuple[str, ...]]
"""Which fields are a viewer's own, in order, and the fixed text before, between and after
them: one more piece than fields."""
_Items = tuple[tuple[int, ...], tuple[str, ...]]
"""Which items of a list are a viewer's own, and the fixed text around them."""


class ObjectText:
    """A shared object's text, cut into pieces around the fields a viewer has of his own."""

    __slots__ = ("_layouts", "_nested", "_objects", "_shared", "_texts")

    def __init__(self, shared: Mapping[str, object]) -> None:
        self._shared = shared
        self._texts: dict[str, str] = {}
        """Each shared field's text, its name included, once a layout needs it (a field
        that is every viewer's own, his seat among the seats, is never encoded whole)."""
        self._layouts: dict[tuple[tuple[str, ...], tuple[str, ...]], _Fields] = {}
        self._nested: dict[str, ObjectText | ListText] = {}
        """The text of a shared field that viewers copy with items of their own."""
        self._objects: dict[int, tuple[object, str]] = {}
        """A viewer's own object values by identity, with their text: one handed to
        several viewers (:mod:`pokerroom.room.shared_chat`) is encoded once."""

    def text(self, value: Mapping[str, object]) -> str:
        """``value`` (a copy of the shared object, some fields his own) as JSON."""
        shared = self._shared.get
        own = tuple([key for key, item in value.items() if shared(key, _MISSING) is not item])
        keys = tuple(value)
        layout = self._layouts.get((keys, own))
        if layout is None:
            layout = self._layouts[keys, own] = self._layout(keys, own)
        names, pieces = layout
        parts = [pieces[0]]
        for name, piece in zip(names, pieces[1:], strict=True):
            parts.append(self._own(name, value[name]))
            parts.append(piece)
        return "".join(parts)

    def _layout(self, keys: tuple[str, ...], own: tuple[str, ...]) -> _Fields:
        mine = set(own)
        segments: list[list[str]] = [[]]
        for key in keys:
            if key in mine:
                segments.append([])
            else:
                segments[-1].append(self._field_text(key))
        return own, _pieces("{", segments, [f"{_key(key)}:" for key in own], "}")

    def _field_text(self, key: str) -> str:
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = f"{_key(key)}:{value_text(self._shared[key])}"
        return text

    def _own(self, name: str, value: object) -> str:
        """A viewer's own value of the field ``name``."""
        kind = type(value)
        if kind is not list and kind is not dict:
            return value_text(value)
        known = self._objects.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        text = self._copy_text(name, value)
        if kind is dict:
            self._objects[id(value)] = (value, text)
        return text

    def _copy_text(self, name: str, value: object) -> str:
        """A list or an object: from the shared one's pieces if it copies it with a few
        items changed, else encoded whole."""
        shared = self._shared.get(name)
        nested = self._nested.get(name)
        if nested is None:
            if type(value) is list and type(shared) is list:
                nested = self._nested[name] = ListText(shared)
            elif type(value) is dict and type(shared) is dict:
                nested = self._nested[name] = ObjectText(shared)
            else:
                return value_text(value)
        return nested.copy_text(value)

    def copy_text(self, value: object) -> str:
        """``value`` as JSON: from the pieces if it is an object sharing a list or an
        object with the shared one, else encoded whole (quicker than joining the text of
        every field)."""
        if type(value) is not dict:
            return value_text(value)
        shared = self._shared.get
        for key, item in value.items():
            if (type(item) is list or type(item) is dict) and shared(key, _MISSING) is item:
                return self.text(value)
        return value_text(value)


class ListText:
    """A shared list's text, cut into pieces around the items a viewer has of his own."""

    __slots__ = ("_layouts", "_shared", "_texts")

    def __init__(self, shared: Sequence[object]) -> None:
        self._shared = shared
        self._texts = [value_text(item) for item in shared]
        self._layouts: dict[tuple[int, ...], _Items] = {}

    def copy_text(self, value: object) -> str:
        """``value`` as JSON: a list as long as the shared one from its pieces, anything
        else encoded whole."""
        if type(value) is not list or len(value) != len(self._shared):
            return value_text(value)
        shared = self._shared
        own = tuple([index for index, mine in enumerate(value) if mine is not shared[index]])
        layout = self._layouts.get(own)
        if layout is None:
            layout = self._layouts[own] = self._layout(own)
        indices, pieces = layout
        parts = [pieces[0]]
        for index, piece in zip(indices, pieces[1:], strict=True):
            parts.append(value_text(value[index]))
            parts.append(piece)
        return "".join(parts)

    def _layout(self, own: tuple[int, ...]) -> _Items:
        texts = self._texts
        bounds = (-1, *own, len(texts))
        segments = [texts[start + 1 : end] for start, end in pairwise(bounds)]
        return own, _pieces("[", segments, [""] * len(own), "]")


def _pieces(
    opening: str, segments: Sequence[Sequence[str]], heads: Sequence[str], closing: str
) -> tuple[str, ...]:
    """The fixed text before, between and after a viewer's own values: ``segments`` the
    shared items' text around them (one more than ``heads``, what starts each own value:
    its name in an object), commas put where encoding the whole would put them."""
    pieces, piece = [], opening
    for segment, head in zip(segments, heads, strict=False):
        pieces.append(piece + "".join([text + "," for text in segment]) + head)
        piece = ","
    last = ",".join(segments[-1])
    pieces.append((piece + last if last else "" if heads else opening) + closing)
    return tuple(pieces)


_KEYS: dict[str, str] = {}


def _key(key: str) -> str:
    """A frame's field name as JSON (a few dozen names, each encoded once)."""
    text = _KEYS.get(key)
    if text is None:
        text = encode_basestring_ascii(key)
        if len(_KEYS) < 1024:
            _KEYS[key] = text
    return text
