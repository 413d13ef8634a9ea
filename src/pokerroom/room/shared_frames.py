"""Frames shared between a room's viewers: the public part built and encoded once per change.

After a change every connection of a room gets a snapshot built for its own viewer (X-4).
Most of each one is the same for everybody (seats, stacks, the board, the results), so a
room that can (:class:`SharedSnapshots`) builds that public part once per change and
language, the frame a signed-out observer sees, and each viewer's frame is made from it
by the room itself (:meth:`SharedSnapshots.snapshot_over`): his own cards, his hand log,
his ``you`` block and his chat put in as new values, everything else the shared objects.
The text of the shared frame is cut once into the pieces around a viewer's own values, and
each viewer's frame is written by joining them with the text of his own values
(:mod:`pokerroom.room.frame_text`): the same text the whole frame encoded at once would
give (``tests/web/test_shared_frames.py`` holds it to the frame built directly).

The hub forgets a room's shared part whenever the room changed or a connection is shown
the room anew, so a frame never shows an older table than the last change it was sent for.
"""

from __future__ import annotations

from typing import Protocol, cast, runtime_checkable

from pokerroom.i18n import Language, Vocabulary, use_language
from pokerroom.room.frame_text import ObjectText
from pokerroom.room.outbox import encode
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
        self._built: dict[str, dict[tuple[Language, Vocabulary], tuple[Frame, ObjectText]]] = {}
        self._kinds: dict[type, bool] = {}

    def forget(self, room_id: str) -> None:
        """The room changed (or someone is shown it anew): build its public part again."""
        self._built.pop(room_id, None)

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
                public = sharing.public_snapshot()
                shared = by_language[language, vocabulary] = (public, ObjectText(public))
            frame = dict(sharing.snapshot_over(shared[0], viewer))
        frame["now"] = now
        return shared[1].text(frame)

    def _shares(self, room: Room) -> bool:
        kind = type(room)
        shares = self._kinds.get(kind)
        if shares is None:
            shares = self._kinds[kind] = isinstance(room, SharedSnapshots)
        return shares
