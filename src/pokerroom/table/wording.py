"""Messages for people at the table: plain English, no rule IDs in the way.

Rule IDs stay in the errors developers see (the engine's exceptions, the replay
report); a player reads what was wrong and what he may do instead.

>>> plain("bet to 1 is outside the legal range 4-200 (A-8); legal: fold, call 2")
'bet to 1 is outside the legal range 4-200; legal: fold, call 2'
>>> plain("fouled (dead hand, O-1); Fantasyland (O-4 … O-6); override (T-16, 002 7.4)")
'fouled (dead hand); Fantasyland; override (002 7.4)'
>>> plain("a bet (A-8 and T-6); a choice (fold and call, V-7)")
'a bet; a choice (fold and call)'
>>> plain("T-15: Ann's protest is heard")
"Ann's protest is heard"
>>> counted(1, "hand"), counted(3, "hand")
('1 hand', '3 hands')
>>> refusal(IllegalAction("player 2 does not bring in", "V-5", ["fold"]), 2)
'You do not bring in. You may: fold.'
>>> refusal(IllegalAction("player 2 has nothing to call", "A-5", []), 2)
'You have nothing to call.'
>>> refusal(IllegalAction("player 2 is owed 1 card(s), got 2", "V-8", []), 2)
'You are owed 1 card(s), got 2.'
>>> refusal(IllegalAction("bet to 25 is outside the range 50-21550", "A-8", ["bet 50-21550"]), 1)
'Bet to 25 is outside the range 50-21,550. You may: bet 50-21,550.'
"""

from __future__ import annotations

import re

from pokerroom.amounts import amount_text
from pokerroom.engine import IllegalAction

_RULE_ID = r"[A-Z]-\d+"
_AMOUNT = re.compile(r"(?<!\d)(?<!\d[.,])\d{4,}(?!\d|[.,]\d)")
"""A chip amount of four digits or more in an engine's refusal, grouped as players read it
(the engine's words keep plain digits for developers and logs)."""
_ONLY_IDS = re.compile(rf"{_RULE_ID}(?:\s*(?:…|-|to|and)\s*{_RULE_ID})*")
"""A part of a parenthesis that is only rule IDs ("O-4 … O-6", "A-8 and T-6")."""
_IN_PARENS = re.compile(r"(\s*)\(([^()]*)\)")
_LEADING_ID = re.compile(rf"^\s*{_RULE_ID}:\s*", re.MULTILINE)
FOLD_WHEN_FREE = "Checking is free: fold instead of check? Press f again to fold."
"""Folding when a check is free throws a hand away for nothing: the first f asks (the web
table's table.js says the same of its fold button)."""
_SECOND_PERSON = {"does": "do", "has": "have", "is": "are"}
"""The engine's verbs after "player N" as they read after "you"."""


def plain(text: str) -> str:
    """``text`` without the rule IDs it cites: "(A-8)", "(O-1, O-2)", "(O-4 … O-6)", the IDs
    among other words in a parenthesis ("(dead hand, O-1)" keeps "(dead hand)") and a line's
    leading "T-15: ". The rule book's clause numbers ("002 7.4") stay: directors know them."""
    return _LEADING_ID.sub("", _IN_PARENS.sub(_without_ids, text))


def _without_ids(found: re.Match[str]) -> str:
    space, inside = found[1], found[2]
    parts = inside.split(",")
    kept = [part for part in parts if not _ONLY_IDS.fullmatch(part.strip())]
    if len(kept) == len(parts):
        return found[0]
    return f"{space}({','.join(kept).strip()})" if kept else ""


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
    said = f"{reason}. You may: {allowed}." if allowed else f"{reason}."
    return _AMOUNT.sub(lambda digits: amount_text(int(digits[0])), said)
