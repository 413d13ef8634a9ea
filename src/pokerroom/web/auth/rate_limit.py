"""Failed log-ins slow a guesser down (a few per name and per address, then a wait), and
new accounts are bounded per address (a script cannot fill the database with sign-ups).

Each failure counts for a window of time against the name tried and against the address
it came from (so neither one name guessed from many places nor many names from one place
gets far). Once either holds the allowed number, further attempts are refused — before
the password is even looked at — until the oldest failure ages out. Kept in memory: a
restart forgets them, which only helps a guesser once per restart.

An attempt is counted *before* its password is hashed (reserved, as if it failed) and
settled after: so forty log-ins sent at once are not all let through while the first
hashes run — only as many as the limit allows are ever checked (issue 21 item 27). A
sign-up reserves its place the same way and gives it back if no account was made.

>>> now = [0.0]
>>> limiter = LoginLimiter(failures=2, window=60, clock=lambda: now[0])
>>> first, second = limiter.reserve("ann", "10.0.0.1"), limiter.reserve("ann", "10.0.0.2")
>>> limiter.reserve("ann", "10.0.0.3")  # both places taken before either was checked
60
>>> now[0] = 59.5
>>> limiter.reserve("ann", "10.0.0.3")
1
>>> now[0] = 60.0
>>> limiter.wait("ann", "10.0.0.3")
0
>>> signups = SignupLimiter(accounts=1, window=3600, clock=lambda: now[0])
>>> place = signups.reserve("10.0.0.1")
>>> signups.reserve("10.0.0.1"), signups.wait("10.0.0.2")
(3600, 0)
>>> signups.give_back(place)  # the name was taken after all: no account was made
>>> signups.wait("10.0.0.1")
0
>>> in_words(3600), in_words(59), in_words(61)
('60 min', '59 s', '2 min')
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from pokerroom.i18n import gettext


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

    def add(self, key: str, at: float | None = None) -> float:
        """Count one event for ``key`` now (or at ``at``); its time, to take it back with
        :meth:`remove`."""
        now = self.clock() if at is None else at
        self._by_key.setdefault(key, deque()).append(now)
        return now

    def remove(self, key: str, at: float) -> None:
        """Take back one event counted at ``at`` (gone already if it aged out)."""
        times = self._by_key.get(key)
        if times is not None and at in times:
            times.remove(at)

    def forget(self, key: str) -> None:
        self._by_key.pop(key, None)


@dataclass(frozen=True, slots=True)
class Attempt:
    """A log-in counted before its password was checked, to settle when it has been."""

    name: str
    address: str
    at: float


class LoginLimiter:
    """Counts failures by name and by address within a sliding window."""

    def __init__(self, failures: int, window: float, clock: Callable[[], float]) -> None:
        self._failures = Window(failures, window, clock)

    def wait(self, name: str, address: str) -> int:
        """Seconds (rounded up) before ``name`` may be tried from ``address``; 0: now."""
        return max(self._failures.wait(f"name:{name}"), self._failures.wait(f"address:{address}"))

    def reserve(self, name: str, address: str) -> Attempt | int:
        """Count an attempt as a failure before its password is checked, or the seconds to
        wait when the name or the address has none left."""
        wait = self.wait(name, address)
        if wait:
            return wait
        at = self._failures.add(f"name:{name}")
        self._failures.add(f"address:{address}", at)
        return Attempt(name, address, at)

    def succeed(self, attempt: Attempt) -> None:
        """The right password: the name's failures are forgiven, and this attempt no longer
        counts against the address (its earlier failures still do)."""
        self._failures.forget(f"name:{attempt.name}")
        self._failures.remove(f"address:{attempt.address}", attempt.at)

    def withdraw(self, attempt: Attempt) -> None:
        """The password was never checked (the server was busy): the attempt is not counted."""
        self._failures.remove(f"name:{attempt.name}", attempt.at)
        self._failures.remove(f"address:{attempt.address}", attempt.at)


class SignupLimiter:
    """Counts the accounts made from each address within a sliding window (an hour)."""

    def __init__(self, accounts: int, window: float, clock: Callable[[], float]) -> None:
        self._accounts = Window(accounts, window, clock)

    def wait(self, address: str) -> int:
        """Seconds (rounded up) before ``address`` may make another account; 0: now."""
        return self._accounts.wait(address)

    def reserve(self, address: str) -> SignupPlace | int:
        """Count a new account before it is made, or the seconds to wait."""
        wait = self.wait(address)
        if wait:
            return wait
        return SignupPlace(address, self._accounts.add(address))

    def give_back(self, place: SignupPlace) -> None:
        """No account was made (its name was taken meanwhile, the server was busy)."""
        self._accounts.remove(place.address, place.at)


@dataclass(frozen=True, slots=True)
class SignupPlace:
    address: str
    at: float


def in_words(seconds: int) -> str:
    """A wait as a person reads it: seconds under a minute, else whole minutes rounded up."""
    if seconds < 60:
        return gettext("{seconds} s").format(seconds=seconds)
    return gettext("{minutes} min").format(minutes=math.ceil(seconds / 60))
