"""A room that does nothing: enough for the registry, the lobby and the invite links."""

from __future__ import annotations

from collections.abc import Mapping

from pokerroom.room.seam import Frame, Outcome, User


class StillRoom:
    def __init__(self, room_id: str) -> None:
        self._id = room_id

    @property
    def id(self) -> str:
        return self._id

    def snapshot(self, viewer: User | None) -> Frame:
        return {"type": "table", "v": 1}

    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        return Outcome(changed=False, error="nothing happens here", code="still")

    def tick(self, now: float) -> bool:
        return False

    def deadline(self) -> float | None:
        return None

    def presence(self, user: User, connected: bool, now: float) -> bool:
        return False
