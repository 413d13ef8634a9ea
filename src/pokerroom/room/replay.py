"""Remembering which message ids each sender already used, so a replayed message changes nothing.

A client resends what it is not sure arrived (a dropped connection, a double click); the
server must apply each message once. Memory is bounded twice: the newest ids per sender, and
the senders least recently heard from are forgotten first.

An id that has left the window is not forgotten for good when it counts: the table page's
ids are ``<page>-<n>`` and the terminal client's ``<link>.<n>``, so for each prefix the
highest number pushed out of the window is kept, and an id of that prefix numbered no
higher is refused as a replay (issue 21 item 30). An id that does not end in a number is
remembered by the window only.

>>> guard = ReplayGuard(per_sender=2)
>>> [guard.first_time("ann", ref) for ref in ("p-1", "p-2", "p-3", "p-1", "p-4", "q-1")]
[True, True, True, False, True, True]
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field

_NUMBERED = re.compile(r"(.*?)(\d{1,18})")
PREFIXES = 64
"""Prefixes (page loads, client links) whose floor is kept per sender, the latest first."""


@dataclass(slots=True)
class _Memory:
    """One sender's recent ids, and per id prefix the highest number that left them."""

    ids: dict[str, None] = field(default_factory=dict)
    floors: OrderedDict[str, int] = field(default_factory=OrderedDict)

    def too_old(self, message_id: str) -> bool:
        numbered = _NUMBERED.fullmatch(message_id)
        if numbered is None or numbered[1] not in self.floors:
            return False
        return int(numbered[2]) <= self.floors[numbered[1]]

    def pushed_out(self, message_id: str) -> None:
        numbered = _NUMBERED.fullmatch(message_id)
        if numbered is None:
            return
        prefix, number = numbered[1], int(numbered[2])
        self.floors[prefix] = max(number, self.floors.get(prefix, number))
        self.floors.move_to_end(prefix)
        if len(self.floors) > PREFIXES:
            self.floors.popitem(last=False)


class ReplayGuard:
    """The last ``per_sender`` message ids of at most ``senders`` senders."""

    def __init__(self, per_sender: int = 256, senders: int = 4096) -> None:
        if per_sender < 1 or senders < 1:
            given = f"{per_sender} and {senders}"
            raise ValueError(f"replay memory must be positive, not {given}")  # machine words
        self.per_sender = per_sender
        self.senders = senders
        self._seen: OrderedDict[Hashable, _Memory] = OrderedDict()

    def first_time(self, sender: Hashable, message_id: str) -> bool:
        """Record ``message_id`` for ``sender``; False if it was already recorded (a replay)
        or is numbered below one that left the window."""
        memory = self._seen.get(sender)
        if memory is None:
            memory = self._seen[sender] = _Memory()
            if len(self._seen) > self.senders:
                self._seen.popitem(last=False)
        else:
            self._seen.move_to_end(sender)
        if message_id in memory.ids or memory.too_old(message_id):
            return False
        memory.ids[message_id] = None
        if len(memory.ids) > self.per_sender:
            oldest = next(iter(memory.ids))
            del memory.ids[oldest]
            memory.pushed_out(oldest)
        return True

    def forget(self, sender: Hashable) -> None:
        """Drop a sender's memory (an observer's connection that closed)."""
        self._seen.pop(sender, None)
