"""A terminal's home-series table saved as it is played, in the series store.

:class:`SeriesRoom` is a :class:`~pokerroom.room.seam.Room` around a
:class:`~pokerroom.room.home.HomeRoom` that plays a saved series: after every change the
hand in progress is saved (its deck and decisions so far), each finished hand with its
record, and the end of the series, through the series' :class:`SeriesLog`, before the hub
shows the change to anyone. ``pokerroom play --resume`` rebuilds the series from the same
rows (:func:`~pokerroom.storage.series_log.resume_series`) at the same decision, and
``pokerroom history`` reads them. A save that fails is kept in :attr:`SeriesRoom.failure`
and told to ``on_failure``: the table stops there, and what was saved before stays saved.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pokerroom.errors import PokerroomError
from pokerroom.protocol.frames import TableFrame
from pokerroom.room.home import HomeRoom
from pokerroom.room.live import FinishedHand
from pokerroom.room.seam import Outcome, User
from pokerroom.storage.series_log import SeriesLog


class SeriesRoom:
    """``room`` (playing ``log.series``) saved through ``log``; see the module docstring."""

    def __init__(
        self, room: HomeRoom, log: SeriesLog, on_failure: Callable[[str], None] | None = None
    ) -> None:
        self.room = room
        self.log = log
        self.on_failure = on_failure
        self.failure: str | None = None
        room.on_hand_finished = self._finished

    @property
    def id(self) -> str:
        return self.room.id

    @property
    def vocabulary(self) -> str:
        """The rule book's words, for the hub to word each frame in."""
        return self.room.vocabulary

    def snapshot(self, viewer: User | None) -> TableFrame:
        return self.room.snapshot(viewer)

    def deadline(self) -> float | None:
        return None if self.failure is not None else self.room.deadline()

    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        outcome = self.room.handle(sender, message, now)
        if outcome.changed:
            self._save_progress()
        return outcome

    def tick(self, now: float) -> bool:
        changed = self.room.tick(now)
        if changed:
            self._save_progress()
        return changed

    def presence(self, user: User, connected: bool, now: float) -> bool:
        changed = self.room.presence(user, connected, now)
        if changed:
            self._save_progress()
        return changed

    def save_progress(self) -> None:
        """Save the hand in progress as it is now (a table just opened on it)."""
        self._save_progress()

    def _save_progress(self) -> None:
        hand = self.room.hand
        if hand is not None and not self.room.hand_done:
            self._saving(lambda: self.log.save_progress(hand))

    def _finished(self, finished: FinishedHand[Any]) -> None:
        hand = self.room.hand
        assert hand is not None
        self._saving(lambda: self.log.hand_finished(hand, finished.record))
        if self.log.series.is_over:
            self._saving(self.log.series_finished)

    def _saving(self, save: Callable[[], object]) -> None:
        if self.failure is not None:
            return
        try:
            save()
        except PokerroomError as error:  # what was saved before it stays saved
            self.failure = str(error)
            if self.on_failure is not None:
                self.on_failure(self.failure)
