"""Failed log-ins slow a guesser down: a few per name and per address, then a wait.

Each failure counts for a window of time against the name tried and against the address
it came from (so neither one name guessed from many places nor many names from one place
gets far). Once either holds the allowed number, further attempts are refused — before
the password is even looked at — until the oldest failure ages out. Kept in memory: a
restart forgets them, which only helps a guesser once per restart.

>>> now = [0.0]
>>> limiter = LoginLimiter(failures=2, window=60, clock=lambda: now[0])
>>> limiter.fail("ann", "10.0.0.1"); limiter.fail("ann", "10.0.0.2")
>>> limiter.wait("ann", "10.0.0.3")
60
>>> now[0] = 59.5
>>> limiter.wait("ann", "10.0.0.3")
1
>>> now[0] = 60.0
>>> limiter.wait("ann", "10.0.0.3")
0
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable


class LoginLimiter:
    """Counts failures by name and by address within a sliding window."""

    def __init__(self, failures: int, window: float, clock: Callable[[], float]) -> None:
        self.failures = failures
        self.window = window
        self.clock = clock
        self._by_key: dict[str, deque[float]] = {}

    def wait(self, name: str, address: str) -> int:
        """Seconds (rounded up) before ``name`` may be tried from ``address``; 0: now."""
        now = self.clock()
        return max(self._wait(f"name:{name}", now), self._wait(f"address:{address}", now))

    def _wait(self, key: str, now: float) -> int:
        times = self._by_key.get(key)
        if times is None:
            return 0
        while times and times[0] + self.window <= now:
            times.popleft()
        if not times:
            del self._by_key[key]
            return 0
        if len(times) < self.failures:
            return 0
        return math.ceil(times[0] + self.window - now)

    def fail(self, name: str, address: str) -> None:
        """A wrong password (or an unknown name) for ``name`` from ``address``."""
        now = self.clock()
        for key in (f"name:{name}", f"address:{address}"):
            self._by_key.setdefault(key, deque()).append(now)

    def succeed(self, name: str) -> None:
        """The right password: the name's failures are forgiven (not the address's)."""
        self._by_key.pop(f"name:{name}", None)
