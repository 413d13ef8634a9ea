"""A per-connection token bucket: a steady rate with a burst, then refusals, then the door.

A person acts a few times a second at most (a bot with no think time, about once per turn);
a script sending hundreds must not starve the tables of others. Messages over the limit are
dropped one by one; a connection that keeps pushing after ``strikes`` refusals is closed.
Strikes are forgiven once the bucket has filled up again (the client was quiet long enough).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FloodLimit:
    """``rate`` messages a second on average, ``burst`` at once, ``strikes`` refusals tolerated."""

    rate: float = 20.0
    burst: int = 40
    strikes: int = 20

    def __post_init__(self) -> None:
        if self.rate <= 0 or self.burst < 1 or self.strikes < 1:
            raise ValueError(
                f"a flood limit needs a positive rate, burst and strikes, not "  # machine words
                f"{self.rate}, {self.burst} and {self.strikes}"
            )


class FloodGuard:
    """One connection's bucket, refilled from the times it is told."""

    def __init__(self, limit: FloodLimit, now: float) -> None:
        self.limit = limit
        self._tokens = float(limit.burst)
        self._refilled_at = now
        self._strikes = 0

    def allow(self, now: float) -> bool:
        """Take one token for a message arriving at ``now``; False if there was none left."""
        elapsed = max(0.0, now - self._refilled_at)
        self._refilled_at = now
        self._tokens = min(float(self.limit.burst), self._tokens + elapsed * self.limit.rate)
        if self._tokens >= self.limit.burst:
            self._strikes = 0
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        self._strikes += 1
        return False

    @property
    def exhausted(self) -> bool:
        """The connection was refused ``strikes`` times without calming down: close it."""
        return self._strikes >= self.limit.strikes
