"""What the load benchmark asks its server process to build (``load_server.py``): a small
module of its own, so the players' process does not import the server to say it."""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LoadConfig:
    """What the server process builds; ``flood_rate`` None keeps the default flood limit."""

    players: int
    tables: int
    pause: float
    limit: float
    flood_rate: float | None = None
    profile: str | None = None
    workers: int = 1
    """Server processes (more than one: on ``database``, PostgreSQL, with ``broker``)."""
    broker: str | None = None
    database: str | None = None

    @property
    def seats(self) -> int:
        """Seats per table: enough for every player (``bench_server`` checks the range)."""
        return max(2, -(-self.players // self.tables))

    def to_json(self) -> str:
        return json.dumps({name: getattr(self, name) for name in self.__slots__})

    @classmethod
    def from_json(cls, text: str) -> LoadConfig:
        return cls(**json.loads(text))
