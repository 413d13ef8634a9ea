"""A terminal's OFC table saved as it is played, in the OFC store.

:class:`OfcSessionRoom` is a :class:`~pokerroom.storage.saving_room.SavingRoom` around an
:class:`~pokerroom.room.ofc.OfcRoom` that plays a saved session: after every change the
hand in progress is saved (its deck and the cards set so far), each settled hand, and the
last of ``--hands`` ends the session, through the session's :class:`OfcLog`, before the
hub shows the change to anyone. ``pokerroom ofc --resume`` deals the hand in progress
again from the same rows (:func:`~pokerroom.storage.ofc.log.resume_ofc_session`).
"""

from __future__ import annotations

from collections.abc import Callable

from pokerroom.ofc import OfcHand
from pokerroom.protocol.frames import OfcTableFrame
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.seam import User
from pokerroom.storage.ofc.log import OfcLog
from pokerroom.storage.saving_room import SavingRoom


class OfcSessionRoom(SavingRoom):
    """``room`` (playing ``log.session``) saved through ``log``; see the module docstring."""

    def __init__(
        self, room: OfcRoom, log: OfcLog, on_failure: Callable[[str], None] | None = None
    ) -> None:
        super().__init__(room, on_failure)
        self.room = room
        self.log = log
        room.on_hand_finished = self._settled

    def snapshot(self, viewer: User | None) -> OfcTableFrame:
        return self.room.snapshot(viewer)

    def save_progress(self) -> None:
        hand = self.room.hand
        if hand is not None and not self.room.hand_done:
            seats = self._session_seats()
            self._saving(self.log.progress(hand, seats))

    def _settled(self, hand: OfcHand, seats: tuple[int, ...]) -> None:
        self._saving(self.log.settled(hand, [seat - 1 for seat in seats]))

    def _session_seats(self) -> list[int]:
        """The session seat (from 0) of each position of the hand in play: room seat ``s``
        is session seat ``s - 1`` (:meth:`OfcRoom.playing`)."""
        return [seat - 1 for seat in self.room.hand_seats]
