"""The hub's door to other processes: where a room is not run here, its messages and its
players' comings and goings go to the process that runs it (:mod:`pokerroom.cluster`).

A hub without a link runs every room itself (one process, the default).
"""

from __future__ import annotations

from typing import Protocol

from pokerroom.i18n import Language
from pokerroom.room.seam import Outcome, User


class RoomLink(Protocol):
    def remote(self, room_id: str) -> bool:
        """Whether another process runs ``room_id`` (this one keeps a copy to show)."""
        ...

    async def forward(
        self, room_id: str, sender: User | None, message: dict[str, object], language: Language
    ) -> Outcome:
        """Have the room's owner handle a checked message; its outcome, worded in
        ``language`` (a refusal if no owner answers)."""
        ...

    async def table_command(
        self,
        room_id: str,
        kind: str,
        sender: User | None,
        fields: dict[str, str],
        language: Language,
    ) -> Outcome:
        """Have the room's owner run a page's command for it (close it, switch its
        observers); its outcome, worded in ``language`` (a refusal if no owner answers)."""
        ...

    def club_changed(self, club_id: int) -> None:
        """A club's members or directors changed on this process: the others read them
        again (whoever owns the club's tournaments checks its directors)."""
        ...

    def presence(self, room_id: str, user: User, connected: bool) -> None:
        """The user's first socket on this process opened, or his last closed: the owner
        sums it with the other processes'."""
        ...
