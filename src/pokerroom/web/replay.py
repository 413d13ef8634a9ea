"""Remembering which message ids each sender already used, so a replayed message changes nothing.

A client resends what it is not sure arrived (a dropped connection, a double click); the
server must apply each message once. Memory is bounded twice: the newest ids per sender, and
the senders least recently heard from are forgotten first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable


class ReplayGuard:
    """The last ``per_sender`` message ids of at most ``senders`` senders."""

    def __init__(self, per_sender: int = 256, senders: int = 4096) -> None:
        if per_sender < 1 or senders < 1:
            raise ValueError(f"replay memory must be positive, not {per_sender} and {senders}")
        self.per_sender = per_sender
        self.senders = senders
        self._seen: OrderedDict[Hashable, dict[str, None]] = OrderedDict()

    def first_time(self, sender: Hashable, message_id: str) -> bool:
        """Record ``message_id`` for ``sender``; False if it was already recorded (a replay)."""
        ids = self._seen.get(sender)
        if ids is None:
            ids = self._seen[sender] = {}
            if len(self._seen) > self.senders:
                self._seen.popitem(last=False)
        else:
            self._seen.move_to_end(sender)
        if message_id in ids:
            return False
        ids[message_id] = None
        if len(ids) > self.per_sender:
            del ids[next(iter(ids))]
        return True

    def forget(self, sender: Hashable) -> None:
        """Drop a sender's memory (an observer's connection that closed)."""
        self._seen.pop(sender, None)
