"""Messages for people at the table: plain English, no rule IDs in the way.

Rule IDs stay in the errors developers see (the engine's exceptions, the replay
report); a player reads what was wrong and what he may do instead.

>>> plain("bet to 1 is outside the legal range 4-200 (A-8); legal: fold, call 2")
'bet to 1 is outside the legal range 4-200; legal: fold, call 2'
>>> counted(1, "hand"), counted(3, "hand")
('1 hand', '3 hands')
>>> refusal(IllegalAction("player 2 does not bring in", "V-5", ["fold"]), 2)
'You do not bring in. You may: fold.'
>>> refusal(IllegalAction("player 2 has nothing to call", "A-5", []), 2)
'You have nothing to call.'
>>> refusal(IllegalAction("player 2 is owed 1 card(s), got 2", "V-8", []), 2)
'You are owed 1 card(s), got 2.'
"""

from __future__ import annotations

import re

from pokerroom.engine import IllegalAction

_RULE_IDS = re.compile(r"\s*\((?:[A-Z]-\d+(?:,\s*|\s+and\s+)?)+\)")
_SECOND_PERSON = {"does": "do", "has": "have", "is": "are"}
"""The engine's verbs after "player N" as they read after "you"."""


def plain(text: str) -> str:
    """``text`` without its parenthesised rule IDs ("(A-8)", "(O-1, O-2)")."""
    return _RULE_IDS.sub("", text)


def counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def refusal(error: IllegalAction, player: int) -> str:
    """Why an action was refused and what the player may do, addressed to him."""
    reason = re.sub(
        rf"\bplayer {player} (does|has|is)\b",
        lambda verb: f"you {_SECOND_PERSON[verb[1]]}",
        error.reason,
    )
    reason = reason.replace(f"player {player} ", "you ")
    reason = plain(reason[:1].upper() + reason[1:])
    allowed = ", ".join(error.legal)
    return f"{reason}. You may: {allowed}." if allowed else f"{reason}."
