"""How many table sockets one client may hold (issue 21 item 24): per address, per account,
and for sockets of visitors not signed in ("observers" here) per address and per table.

A thousand observer sockets from one client made every honest player's frames a hundred
times slower; the caps keep one client to a share. They are taken when a socket opens,
before its ``hello`` (a socket waiting for its hello holds its place), and given back when
it closes. A signed-in user's sockets count against him and against his address.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pokerroom.i18n import N_, gettext

FROM_ADDRESS = N_("too many table sockets from this address (at most {cap}): close another tab")
OBSERVERS_FROM = N_(
    "too many table sockets of observers from this address (at most {cap}): close another tab"
)
OBSERVERS_AT = N_(
    "too many table sockets of observers at this table (at most {cap}): close another tab"
)
OF_ACCOUNT = N_("too many table sockets of this account (at most {cap}): close another tab")
"""What a refused socket's page says (in its visitor's language), by the cap it would pass."""


@dataclass(frozen=True, slots=True)
class SocketCaps:
    """The caps; generous enough for a club of thirty behind one address (NAT)."""

    per_address: int = 64
    per_user: int = 16
    observers_per_address: int = 16
    observers_per_table: int = 200


@dataclass(frozen=True, slots=True)
class SocketPlace:
    """One open socket's place in the counts, given back when it closes."""

    keys: tuple[tuple[str, object], ...]


class SocketCounter:
    """The open table sockets, counted by address, user, observer address and table."""

    def __init__(self, caps: SocketCaps) -> None:
        self.caps = caps
        self._counts: Counter[tuple[str, object]] = Counter()

    def take(self, address: str, user_id: int | None, room_id: str) -> SocketPlace | str:
        """Count a new socket in, or the line saying which cap it would pass."""
        caps = self.caps
        wanted: list[tuple[tuple[str, object], int, str]] = [
            (("address", address), caps.per_address, FROM_ADDRESS),
        ]
        if user_id is None:
            wanted.append((("observer", address), caps.observers_per_address, OBSERVERS_FROM))
            wanted.append((("table", room_id), caps.observers_per_table, OBSERVERS_AT))
        else:
            wanted.append((("user", user_id), caps.per_user, OF_ACCOUNT))
        for key, cap, whose in wanted:
            if self._counts[key] >= cap:
                return gettext(whose).format(cap=cap)
        for key, _cap, _whose in wanted:
            self._counts[key] += 1
        return SocketPlace(tuple(key for key, _cap, _whose in wanted))

    def open(self) -> int:
        """How many table sockets are open (every one counts under its address)."""
        return sum(count for (kind, _key), count in self._counts.items() if kind == "address")

    def give_back(self, place: SocketPlace) -> None:
        for key in place.keys:
            self._counts[key] -= 1
            if self._counts[key] <= 0:
                del self._counts[key]
