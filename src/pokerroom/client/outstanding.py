"""The messages sent to a table that the server has not answered yet.

A message is answered when an error frame names its ``id`` (``ref``) or when a table frame
shows its effect (:func:`effect_seen`). The server reads one connection's messages in
order, so once a message is answered, every message sent before it on the same connection
was read too. What is left when a connection drops is sent again on the next one, in
order: the server refuses an id it already has (``replayed``), so a message whose answer
was lost with the connection never acts twice, and one that never arrived acts once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

REPLAY_CODES = frozenset({"replayed", "duplicate"})
"""The refusals of an id the server already has: the room's and the hub's."""
MAX_OUTSTANDING = 64
"""Far fewer than the ids a server remembers per player (256), so a resent message is
always recognised; past it the oldest is given up (a table needs a handful at most)."""

Frame = Mapping[str, Any]


@dataclass(slots=True)
class Outstanding:
    message: dict[str, Any]
    before: Frame | None
    """The last table frame when it was sent: what its effect is judged against."""
    connection: int | None = None
    """The connection it was last written to; None: not written yet."""
    resent: bool = False


class Unanswered:
    """Unanswered messages in the order they were written."""

    def __init__(self) -> None:
        self._waiting: dict[str, Outstanding] = {}

    def __len__(self) -> int:
        return len(self._waiting)

    def add(self, message: dict[str, Any], before: Frame | None) -> None:
        self._waiting[str(message["id"])] = Outstanding(message, before)
        while len(self._waiting) > MAX_OUTSTANDING:
            del self._waiting[next(iter(self._waiting))]

    def written(self, message_id: str, connection: int) -> None:
        item = self._waiting.get(message_id)
        if item is not None:
            item.resent = item.connection is not None
            item.connection = connection

    def unwritten(self, connection: int) -> list[dict[str, Any]]:
        """Every unanswered message not yet written to ``connection``, oldest first."""
        return [item.message for item in self._waiting.values() if item.connection != connection]

    def refused(self, ref: str, code: str) -> bool:
        """An error frame named ``ref``; True when it only says a resent message had
        already been handled (nothing to show: its first sending did act)."""
        item = self._waiting.get(ref)
        if item is None:
            return code in REPLAY_CODES
        self._answered(ref)
        return code in REPLAY_CODES and item.resent

    def table(self, frame: Frame) -> None:
        """A table frame: every written message whose effect it shows is answered."""
        newest = None
        for message_id, item in self._waiting.items():
            if item.connection is not None and effect_seen(item.message, item.before, frame):
                newest = message_id
        if newest is not None:
            self._answered(newest)

    def _answered(self, message_id: str) -> None:
        """``message_id`` and everything written before it on its connection."""
        connection = self._waiting[message_id].connection
        for earlier in list(self._waiting):
            item = self._waiting[earlier]
            if earlier == message_id or (connection is not None and item.connection == connection):
                del self._waiting[earlier]
            if earlier == message_id:
                return


def _moment(frame: Frame | None) -> tuple[object, object]:
    hand = None if frame is None else frame.get("hand")
    return (None, None) if hand is None else (hand.get("number"), hand.get("turn"))


def _own_seat(frame: Frame | None) -> Frame | None:
    if frame is None:
        return None
    return next((seat for seat in frame.get("seats", ()) if seat.get("you")), None)


def effect_seen(message: Mapping[str, Any], before: Frame | None, after: Frame) -> bool:
    """Whether ``after`` shows what ``message`` (sent when ``before`` was the table) did."""
    you: Frame = after.get("you", {})
    seat = _own_seat(after)
    match message.get("type"):
        case "act" | "draw" | "show" | "muck":
            return _moment(after) != _moment(before)  # the table moved past that decision
        case "preaction":
            wanted = None if message.get("kind") == "clear" else message.get("kind")
            return you.get("preaction") == wanted
        case "sit":
            return you.get("seat") is not None
        case "leave":
            return you.get("seat") is None or (seat is not None and seat.get("state") == "leaving")
        case "start":
            return after.get("status") != "waiting"
        case "sit_out":
            return seat is not None and (seat.get("away") or seat.get("state") == "sitting_out")
        case "sit_in":
            return seat is not None and not seat.get("away") and seat.get("state") != "sitting_out"
        case "top_up":
            old = _own_seat(before)
            return seat is not None and old is not None and seat["stack"] > old["stack"]
        case "post":
            wanted_state = "posting" if message.get("post", True) else "waiting"
            return (you.get("cash") or {}).get("state") == wanted_state
        case "straddle":
            return bool((you.get("straddle") or {}).get("on") == message.get("straddle", True))
    return False
