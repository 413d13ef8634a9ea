"""Who is at a table, summed over processes: the owner's tally of which processes hold a
socket of each user at each of its tables.

A process reports a user's first socket at a table and his last (connected or not); the
table hears "connected" when the first process reports him and "gone" when the last one
stops. Reports are sets, so one sent twice counts once.

>>> tally = PresenceTally()
>>> tally.report("t1", 7, "a", True), tally.report("t1", 7, "b", True)
(True, False)
>>> tally.report("t1", 7, "a", False), tally.report("t1", 7, "b", False)
(False, True)
"""

from __future__ import annotations


class PresenceTally:
    """(table, user) → the processes that hold a socket of his there."""

    def __init__(self) -> None:
        self._nodes: dict[tuple[str, int], set[str]] = {}

    def report(self, room_id: str, user_id: int, node: str, connected: bool) -> bool:
        """One process's report; True if the sum changed (the table should hear of it)."""
        key = (room_id, user_id)
        nodes = self._nodes.setdefault(key, set())
        before = bool(nodes)
        if connected:
            nodes.add(node)
        else:
            nodes.discard(node)
        if not nodes:
            del self._nodes[key]
        return before != bool(nodes)
