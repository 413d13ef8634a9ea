"""Messages for people at the table: plain English, no rule IDs in the way.

Rule IDs stay in the errors developers see (the engine's exceptions, the replay
report); a player reads what was wrong and what he may do instead.

>>> plain("bet to 1 is outside the legal range 4-200 (A-8); legal: fold, call 2")
'bet to 1 is outside the legal range 4-200; legal: fold, call 2'
>>> counted(1, "hand"), counted(3, "hand")
('1 hand', '3 hands')
"""

from __future__ import annotations

import re

from pokerroom.engine import IllegalAction

_RULE_IDS = re.compile(r"\s*\((?:[A-Z]-\d+(?:,\s*|\s+and\s+)?)+\)")


def plain(text: str) -> str:
    """``text`` without its parenthesised rule IDs ("(A-8)", "(O-1, O-2)")."""
    return _RULE_IDS.sub("", text)


def counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def refusal(error: IllegalAction, player: int) -> str:
    """Why an action was refused and what the player may do, addressed to him."""
    reason = error.reason.replace(f"player {player} ", "you ")
    reason = plain(reason[:1].upper() + reason[1:])
    allowed = ", ".join(error.legal)
    return f"{reason}. You may: {allowed}." if allowed else f"{reason}."
