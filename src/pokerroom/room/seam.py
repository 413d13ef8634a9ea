"""The seam between a live table and the sockets that watch it.

A room is pure and deterministic: it is told who sent what and what time it is, and answers
whether the table changed. The hub at the server's edge owns the sockets, the clock task and
the broadcast: when a room changed, every connection gets the room's snapshot built for its
own viewer, so nothing hidden (X-4) can travel to the wrong socket by construction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from pokerroom.protocol.version import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION", "USER_SCOPE_KEY", "Frame", "Outcome", "Room", "User"]

USER_SCOPE_KEY = "pokerroom.user"
"""Where the server's authentication puts the signed-in :class:`User` in an ASGI scope."""

Frame = Mapping[str, object]
"""A JSON-ready message for one recipient: ``{"type": ..., "v": PROTOCOL_VERSION, ...}``."""


@dataclass(frozen=True, slots=True)
class User:
    """A signed-in account as the rooms see it; guests have the role ``guest``."""

    id: int
    name: str
    roles: frozenset[str] = frozenset({"player"})

    def has(self, role: str) -> bool:
        return role in self.roles


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one message did: changed the table, or was refused with one line that says why."""

    changed: bool
    error: str | None = None
    code: str | None = None
    """A short machine-readable reason (``out_of_turn``, ``amount``, ``not_your_seat``...)."""
    said: str | None = None
    """What a page's command did, in words for its sender (the page shows it)."""


class Room(Protocol):
    """One live table (a home game, a cash table, a tournament table) as the hub drives it."""

    @property
    def id(self) -> str: ...

    def snapshot(self, viewer: User | None) -> Frame:
        """The whole table as ``viewer`` may see it now (None: an observer)."""
        ...

    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        """Apply one parsed client message; a refusal changes nothing (A-2, X-3)."""
        ...

    def tick(self, now: float) -> bool:
        """Let time act (shot clock, time bank, the next hand); True if the table changed."""
        ...

    def deadline(self) -> float | None:
        """When :meth:`tick` next has something to do, or None."""
        ...

    def presence(self, user: User, connected: bool, now: float) -> bool:
        """A seated user's connection came or went (H-11); True if the table changed."""
        ...
