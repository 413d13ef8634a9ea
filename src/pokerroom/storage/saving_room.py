"""A terminal's table saved as it is played: the part every saved local room shares.

:class:`SavingRoom` is a :class:`~pokerroom.room.seam.Room` around a room of this process
(``pokerroom play``'s home series, ``pokerroom ofc``'s session) that saves the game after
every change; what is saved is the subclass's (:meth:`SavingRoom.save_progress` and the
room's own hooks), each save taken as the game is at the change and written by
:attr:`SavingRoom.writer` on its own thread. The hub is given the writer (``saves=``), so
it shows a change only once it is saved. A save that fails stops the table (no deadline,
no further save, ``on_failure`` told), and what was saved before stays saved.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping

from pokerroom.room.seam import Frame, Outcome, Room, User
from pokerroom.storage.local_writer import LocalWriter, Save


class SavingRoom(ABC):
    """``room`` saved after every change; see the module docstring."""

    def __init__(self, room: Room, on_failure: Callable[[str], None] | None = None) -> None:
        self._room = room
        self.writer = LocalWriter(on_failure)

    @property
    def on_failure(self) -> Callable[[str], None] | None:
        """Told why, once, when a save fails (on the loop the table runs on)."""
        return self.writer.on_failure

    @on_failure.setter
    def on_failure(self, told: Callable[[str], None] | None) -> None:
        self.writer.on_failure = told

    @property
    def failure(self) -> str | None:
        """Why the table stopped: the first save that failed, in one line."""
        return self.writer.failure

    @property
    def id(self) -> str:
        return self._room.id

    @property
    def vocabulary(self) -> str:
        """The rule book's words, for the hub to word each frame in."""
        return str(getattr(self._room, "vocabulary", "club"))

    def snapshot(self, viewer: User | None) -> Frame:
        return self._room.snapshot(viewer)

    def deadline(self) -> float | None:
        return None if self.failure is not None else self._room.deadline()

    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        outcome = self._room.handle(sender, message, now)
        if outcome.changed:
            self.save_progress()
        return outcome

    def tick(self, now: float) -> bool:
        changed = self._room.tick(now)
        if changed:
            self.save_progress()
        return changed

    def presence(self, user: User, connected: bool, now: float) -> bool:
        changed = self._room.presence(user, connected, now)
        if changed:
            self.save_progress()
        return changed

    @abstractmethod
    def save_progress(self) -> None:
        """Save the game in progress as it is now (after a change, or a table just opened)."""

    def _saving(self, save: Save) -> None:
        """Queue one save, its data taken now; the first that fails stops the table."""
        self.writer.put(save)

    def close(self) -> None:
        """Write every save queued (the table is left)."""
        self.writer.close()
