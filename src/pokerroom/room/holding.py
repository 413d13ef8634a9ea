"""A table's change is shown only once it is saved; a table that cannot save pauses.

Every change of a saved table is queued for the server's writer, which numbers its writes
(tickets) and commits them in batches on its own thread. The hub asks :class:`Holding`
before it refreshes a room: a room whose last change has a ticket not yet saved is held
(nothing new of it is shown, its connections wait) until the writer reports the ticket
saved. A room held longer than ``pause_after`` seconds is paused: its players are told
:data:`CANNOT_SAVE`, its clock stands still and its messages are refused, until the writer
saves again; it then resumes by itself. So nothing a crash could lose is ever shown, and a
hand replayed after one never shows anyone a card again that he saw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from pokerroom.i18n import N_

CANNOT_SAVE = N_("the room cannot save: play pauses until it can")
SAVES_AGAIN = N_("the room saves again: play resumes")
PAUSE_AFTER = 3.0
"""Seconds a table waits for the database before it pauses (``pokerroom serve --pause-after``)."""


class Saves(Protocol):
    """What the hub needs of the writer (:class:`~pokerroom.storage.rooms.writer.RoomWriter`)."""

    @property
    def issued(self) -> int:
        """The ticket of the last write queued."""
        ...

    @property
    def saved(self) -> int:
        """The ticket of the last write committed."""
        ...

    on_saved: Callable[[int], None] | None


@dataclass(slots=True)
class Hold:
    ticket: int
    """The last write the room's shown state needs saved."""
    since: float
    """When the room was held with nothing saved since (the clock's reading): a writer
    that saves anything is not stalled."""
    paused: bool = False


class Holding:
    """Which rooms wait for their changes to be saved, and which of them are paused."""

    def __init__(self, saves: Saves, pause_after: float = PAUSE_AFTER) -> None:
        self.saves = saves
        self.pause_after = pause_after
        self._holds: dict[str, Hold] = {}

    def hold(self, room_id: str, now: float) -> bool:
        """The room just changed: whether what it shows now must wait to be saved."""
        ticket = self.saves.issued
        held = self._holds.get(room_id)
        if held is None and ticket <= self.saves.saved:
            return False
        if held is None:
            self._holds[room_id] = Hold(ticket, now)
        else:
            held.ticket = ticket
        return True

    def held(self, room_id: str) -> bool:
        return room_id in self._holds

    def paused(self, room_id: str) -> bool:
        held = self._holds.get(room_id)
        return held is not None and held.paused

    def stalled(self, now: float) -> list[str]:
        """The held rooms that have waited too long, now paused (each told once)."""
        due = [
            room_id
            for room_id, held in self._holds.items()
            if not held.paused and now - held.since >= self.pause_after
        ]
        for room_id in due:
            self._holds[room_id].paused = True
        return due

    def next_stall(self) -> float | None:
        """When the next held room would be paused, if nothing is saved until then."""
        waiting = [held.since for held in self._holds.values() if not held.paused]
        return min(waiting) + self.pause_after if waiting else None

    def released(self, now: float) -> list[tuple[str, float | None]]:
        """The rooms whose changes are all saved now, each with the seconds it was paused
        (None: it was not)."""
        saved = self.saves.saved
        done = [(room_id, held) for room_id, held in self._holds.items() if held.ticket <= saved]
        for room_id, _held in done:
            del self._holds[room_id]
        for held in self._holds.values():
            if not held.paused:  # the writer works: its wait starts again
                held.since = now
        return [(room_id, now - held.since if held.paused else None) for room_id, held in done]
