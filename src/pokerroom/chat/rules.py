"""The limits of a chat: a line's length, the flood window and the mute ladder."""

from __future__ import annotations

from dataclasses import dataclass

MINUTE = 60.0
HOUR = 60 * MINUTE
DAY = 24 * HOUR


@dataclass(frozen=True, slots=True)
class ChatRules:
    """What a chat allows; the defaults are those of the cardroom's tables and lobby."""

    max_chars: int = 200
    """The longest line, in characters (code points: an emoji is one, a flag two)."""
    flood_lines: int = 5
    flood_seconds: float = 10.0
    """At most ``flood_lines`` lines by one user in any ``flood_seconds``."""
    mute_steps: tuple[float, ...] = (10 * MINUTE, HOUR, DAY)
    """How long a mute lasts: the first, the second, the third and every later one."""
    kept_lines: int = 50
    """Lines kept (and shown) per channel; older ones are forgotten."""
    kept_records: int = 200
    """Moderation log entries and reports kept."""
