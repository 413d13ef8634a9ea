"""A terminal's home-series table saved as it is played, in the series store.

:class:`SeriesRoom` is a :class:`~pokerroom.storage.saving_room.SavingRoom` around a
:class:`~pokerroom.room.home.HomeRoom` that plays a saved series: after every change the
hand in progress is saved (its deck and decisions so far), each finished hand with its
record, and the end of the series, through the series' :class:`SeriesLog`, before the hub
shows the change to anyone. ``pokerroom play --resume`` rebuilds the series from the same
rows (:func:`~pokerroom.storage.series_log.resume_series`) at the same decision, and
``pokerroom history`` reads them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerroom.protocol.frames import TableFrame
from pokerroom.room.home import HomeRoom
from pokerroom.room.live import FinishedHand
from pokerroom.room.seam import User
from pokerroom.storage.saving_room import SavingRoom
from pokerroom.storage.series_log import SeriesLog


class SeriesRoom(SavingRoom):
    """``room`` (playing ``log.series``) saved through ``log``; see the module docstring."""

    def __init__(
        self, room: HomeRoom, log: SeriesLog, on_failure: Callable[[str], None] | None = None
    ) -> None:
        super().__init__(room, on_failure)
        self.room = room
        self.log = log
        room.on_hand_finished = self._finished

    def snapshot(self, viewer: User | None) -> TableFrame:
        return self.room.snapshot(viewer)

    def save_progress(self) -> None:
        hand = self.room.hand
        if hand is not None and not self.room.hand_done:
            self._saving(self.log.progress(hand))

    def _finished(self, finished: FinishedHand[Any]) -> None:
        hand = self.room.hand
        assert hand is not None
        self._saving(self.log.finished_hand(hand, finished.record))
        if self.log.series.is_over:
            self._saving(self.log.end())
