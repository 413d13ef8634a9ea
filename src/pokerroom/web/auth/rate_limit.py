"""Failed log-ins slow a guesser down (a few per name and per address, then a wait), and
new accounts are bounded per address (a script cannot fill the database with sign-ups).

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
>>> signups = SignupLimiter(accounts=1, window=3600, clock=lambda: now[0])
>>> signups.signed_up("10.0.0.1")
>>> signups.wait("10.0.0.1"), signups.wait("10.0.0.2")
(3600, 0)
>>> in_words(3600), in_words(59), in_words(61)
('60 min', '59 s', '2 min')
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable


class Window:
    """Times of events by key, each counted for ``window`` seconds; ``allowed`` at once."""

    def __init__(self, allowed: int, window: float, clock: Callable[[], float]) -> None:
        self.allowed = allowed
        self.window = window
        self.clock = clock
        self._by_key: dict[str, deque[float]] = {}

    def wait(self, key: str) -> int:
        """Seconds (rounded up) before one more event for ``key`` is allowed; 0: now."""
        now = self.clock()
        times = self._by_key.get(key)
        if times is None:
            return 0
        while times and times[0] + self.window <= now:
            times.popleft()
        if not times:
            del self._by_key[key]
            return 0
        if len(times) < self.allowed:
            return 0
        return math.ceil(times[0] + self.window - now)

    def add(self, key: str) -> None:
        self._by_key.setdefault(key, deque()).append(self.clock())

    def forget(self, key: str) -> None:
        self._by_key.pop(key, None)


class LoginLimiter:
    """Counts failures by name and by address within a sliding window."""

    def __init__(self, failures: int, window: float, clock: Callable[[], float]) -> None:
        self._failures = Window(failures, window, clock)

    def wait(self, name: str, address: str) -> int:
        """Seconds (rounded up) before ``name`` may be tried from ``address``; 0: now."""
        return max(self._failures.wait(f"name:{name}"), self._failures.wait(f"address:{address}"))

    def fail(self, name: str, address: str) -> None:
        """A wrong password (or an unknown name) for ``name`` from ``address``."""
        self._failures.add(f"name:{name}")
        self._failures.add(f"address:{address}")

    def succeed(self, name: str) -> None:
        """The right password: the name's failures are forgiven (not the address's)."""
        self._failures.forget(f"name:{name}")


class SignupLimiter:
    """Counts the accounts made from each address within a sliding window (an hour)."""

    def __init__(self, accounts: int, window: float, clock: Callable[[], float]) -> None:
        self._accounts = Window(accounts, window, clock)

    def wait(self, address: str) -> int:
        """Seconds (rounded up) before ``address`` may make another account; 0: now."""
        return self._accounts.wait(address)

    def signed_up(self, address: str) -> None:
        self._accounts.add(address)


def in_words(seconds: int) -> str:
    """A wait as a person reads it: seconds under a minute, else whole minutes rounded up."""
    return f"{seconds} s" if seconds < 60 else f"{math.ceil(seconds / 60)} min"
