"""A terminal's table saved as it is played: the part every saved local room shares.

:class:`SavingRoom` is a :class:`~pokerroom.room.seam.Room` around a room of this process
(``pokerroom play``'s home series, ``pokerroom ofc``'s session) that saves the game after
every change, before the hub shows the change to anyone; what is saved and how is the
subclass's (:meth:`SavingRoom.save_progress` and the room's own hooks). A save that fails
is kept in :attr:`SavingRoom.failure` and told to ``on_failure``: the table stops there
(no deadline, no further save), and what was saved before stays saved. An unexpected
error is named by its kind alone: its text may hold the deck (X-4).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping

from pokerroom.errors import PokerroomError
from pokerroom.i18n import N_, gettext
from pokerroom.room.seam import Frame, Outcome, Room, User

CANNOT_SAVE = N_("the game could not be saved ({error})")


class SavingRoom(ABC):
    """``room`` saved after every change; see the module docstring."""

    def __init__(self, room: Room, on_failure: Callable[[str], None] | None = None) -> None:
        self._room = room
        self.on_failure = on_failure
        self.failure: str | None = None

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

    def _saving(self, save: Callable[[], object]) -> None:
        """Run one save; the first that fails stops the table."""
        if self.failure is not None:
            return
        try:
            save()
        except PokerroomError as error:  # what was saved before it stays saved
            self._fail(str(error))
        except Exception as error:  # the table stops with one plain line, no traceback
            self._fail(gettext(CANNOT_SAVE).format(error=type(error).__name__))

    def _fail(self, why: str) -> None:
        self.failure = why
        if self.on_failure is not None:
            self.on_failure(why)
