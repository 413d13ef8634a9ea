"""Frames shared between a room's viewers: the public part built once per change.

After a change every connection of a room gets a snapshot built for its own viewer (X-4).
Most of each one is the same for everybody (seats, stacks, the board, the results), so a
room that can (:class:`SharedSnapshots`) builds that public part once per change and
language, the frame a signed-out observer sees, and each viewer's frame is made from it
by the room itself (:meth:`SharedSnapshots.snapshot_over`): his own cards, his hand log,
his ``you`` block and his chat put in as new values, everything else the shared objects
(``tests/web/test_shared_frames.py`` holds it to the frame built directly).

Each viewer's frame is then encoded whole (:func:`~pokerroom.room.outbox.encode_utf8`, orjson):
writing the shared values' text once and joining it with each viewer's own was tried, and
with orjson the join's Python steps cost more than encoding the whole frame again.

The hub forgets a room's shared part whenever the room changed, a connection is shown the
room anew or nobody watches it any more, so a frame never shows an older table than the
last change it was sent for.
"""

from __future__ import annotations

from typing import Protocol, cast, runtime_checkable

from pokerroom.i18n import Language, Vocabulary, use_language
from pokerroom.room.outbox import encode_utf8
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


class SharedFrames:
    """Every room's public part, per language and vocabulary, until the room changes."""

    def __init__(self) -> None:
        self._built: dict[str, dict[tuple[Language, Vocabulary], Frame]] = {}
        self._kinds: dict[type, bool] = {}

    def forget(self, room_id: str) -> None:
        """The room changed, someone is shown it anew or nobody here watches it any more:
        build its public part again when next asked."""
        self._built.pop(room_id, None)

    def encoded(
        self,
        room: Room,
        viewer: User | None,
        language: Language,
        vocabulary: Vocabulary,
        now: float,
    ) -> bytes:
        """The room's frame for ``viewer`` in his ``language`` and the table's
        ``vocabulary``, with the server's clock reading ``now``, as JSON in UTF-8."""
        with use_language(language, vocabulary):
            if not self._shares(room):
                return encode_utf8({**room.snapshot(viewer), "now": now})
            sharing = cast(SharedSnapshots, room)
            by_language = self._built.setdefault(room.id, {})
            shared = by_language.get((language, vocabulary))
            if shared is None:
                shared = by_language[language, vocabulary] = sharing.public_snapshot()
            frame = sharing.snapshot_over(shared, viewer)
        return encode_utf8({**frame, "now": now})

    def _shares(self, room: Room) -> bool:
        kind = type(room)
        shares = self._kinds.get(kind)
        if shares is None:
            shares = self._kinds[kind] = isinstance(room, SharedSnapshots)
        return shares
