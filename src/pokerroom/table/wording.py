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

In Russian or Ukrainian the engine's template is worded with its parameters, the player
addressed as «вы», the options in the table's vocabulary (:mod:`pokerroom.engine.actions`
``Said``):

>>> from pokerroom.i18n import use_language
>>> error = IllegalAction(N_("player {player} has nothing to call"), "A-5", [], player=2)
>>> with use_language("ru"):
...     refusal(error, 2), refusal(error, 1)
('Вам нечего коллировать.', 'Игроку 2 нечего коллировать.')
>>> with use_language("ru"):
...     counted(5, "hand"), counted(21, "chip")
('5 раздач', '21 фишка')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from pokerroom.amounts import amount_text
from pokerroom.engine import IllegalAction
from pokerroom.i18n import N_, current_language, gettext, ngettext, number_text, pgettext
from pokerroom.said import Said

_RULE_ID = r"[A-Z]-\d+"
_AMOUNT = re.compile(r"(?<!\d)(?<!\d[.,])\d{4,}(?!\d|[.,]\d)")
"""A chip amount of four digits or more in an engine's refusal, grouped as players read it
(the engine's words keep plain digits for developers and logs)."""
_ONLY_IDS = re.compile(rf"{_RULE_ID}(?:\s*(?:…|-|to|and)\s*{_RULE_ID})*")
"""A part of a parenthesis that is only rule IDs ("O-4 … O-6", "A-8 and T-6")."""
_IN_PARENS = re.compile(r"(\s*)\(([^()]*)\)")
_LEADING_ID = re.compile(rf"^\s*{_RULE_ID}:\s*", re.MULTILINE)
FOLD_WHEN_FREE = N_("Checking is free: fold instead of check? Press f again to fold.")
"""Folding when a check is free throws a hand away for nothing: the first f asks (the web
table's table.js says the same of its fold button). Show it as ``gettext(FOLD_WHEN_FREE)``."""
_SECOND_PERSON = {"does": "do", "has": "have", "is": "are"}
"""The engine's verbs after "player N" as they read after "you"."""

YOU_FORMS = {
    N_("nobody bets now: player {player} is to draw (hand.draw)"): N_(
        "nobody bets now: you are to draw"
    ),
    N_("player {player} acted out of turn; player {to_act} is to act"): N_(
        "you acted out of turn; player {to_act} is to act"
    ),
    N_("player {player} must bring in or complete"): N_("you must bring in or complete"),
    N_("player {player} cannot check: {owed} is owed"): N_("you cannot check: {owed} is owed"),
    N_("player {player} has nothing to call"): N_("you have nothing to call"),
    N_("player {player} does not bring in"): N_("you do not bring in"),
    N_("player {player} may not bet now"): N_("you may not bet now"),
    N_("player {player} may not raise now"): N_("you may not raise now"),
    N_("player {player} may not complete now"): N_("you may not complete now"),
    N_("player {player} is owed {due} card(s), got {got}"): N_(
        "you are owed {due} card(s), got {got}"
    ),
    N_("player {player} is not due face-up cards now"): N_("you are not due face-up cards now"),
    N_("player {player} is not due hole cards now"): N_("you are not due hole cards now"),
    N_("player {player} drew out of turn; player {drawing} is to draw"): N_(
        "you drew out of turn; player {drawing} is to draw"
    ),
    N_("player {player} cannot discard {card}: not in his hand"): N_(
        "you cannot discard {card}: it is not in your hand"
    ),
    N_("player {player} is the last live hand for a pot and must show"): N_(
        "you are the last live hand for a pot and must show"
    ),
    N_("player {player} has nothing to show or muck now"): N_(
        "you have nothing to show or muck now"
    ),
}
"""The engine's refusals about "player {player}" as the player himself reads them."""

_KNOWN = (
    N_("fold"),
    N_("check"),
    N_("draw"),
    N_("show"),
    N_("call {amount}"),
    N_("bring in {amount}"),
    N_("complete to {span}"),
    N_("bet {span}"),
    N_("raise to {span}"),
    N_("{low}-{high} in steps of {step}"),
    N_("{first} or {second}"),
    N_("{low}-{high}"),
    N_("bet to {amount} is outside the legal range {low}-{high}"),
    N_("raise to {amount} is outside the legal range {low}-{high}"),
    N_("complete to {amount} is outside the legal range {low}-{high}"),
    N_("you may not raise now"),
)
"""English options and refusals a client gets as plain text (a protocol frame) and words
again in its reader's language: each template read back into its parameters."""
_PATTERNS = [
    (
        template,
        re.compile(
            "".join(
                f"(?P<{part[1:-1]}>.+?)" if part.startswith("{") else re.escape(part)
                for part in re.split(r"(\{\w+\})", template)
                if part
            )
        ),
    )
    for template in _KNOWN
]


def _phase(code: str) -> str:
    words = {
        "deal": pgettext("hand phase", "deal"),
        "bet": pgettext("hand phase", "bet"),
        "draw": pgettext("hand phase", "draw"),
        "runs": pgettext("hand phase", "runs"),
        "showdown": pgettext("hand phase", "showdown"),
        "done": pgettext("hand phase", "done"),
    }
    return words.get(code, code)


def street_name(code: str) -> str:
    """A street's name for people, by the engine's name for it ("flop", "third")."""
    words = {
        "preflop": pgettext("street", "preflop"),
        "flop": pgettext("street", "flop"),
        "turn": pgettext("street", "turn"),
        "river": pgettext("street", "river"),
        "deal": pgettext("street", "deal"),
        "predraw": pgettext("street", "predraw"),
        "postdraw": pgettext("street", "postdraw"),
        "third": pgettext("street", "third"),
        "fourth": pgettext("street", "fourth"),
        "fifth": pgettext("street", "fifth"),
        "sixth": pgettext("street", "sixth"),
        "seventh": pgettext("street", "seventh"),
    }
    return words.get(code, code)


_PARAMETER_WORDS: Mapping[str, Callable[[str], str]] = {"phase": _phase, "street": street_name}


def said_text(
    said: str,
    you: int | None = None,
    *,
    forms: Mapping[str, str] = YOU_FORMS,
    words: Mapping[str, Callable[[str], str]] = _PARAMETER_WORDS,
) -> str:
    """Engine words in the reader's language: a :class:`~pokerroom.engine.actions.Said`
    template with its parameters worded in turn, "player {player}" as "you" when he is
    ``you``; a plain English option or refusal read back into its template first.

    >>> said_text("call 20")
    'call 20'
    >>> from pokerroom.i18n import use_language
    >>> with use_language("ru"):
    ...     said_text("raise to 4-200"), said_text(Said(N_("fold"))), said_text("call 1,500")
    ('рэйз до 4-200', 'пас', 'колл 1\\xa0500')
    """
    if not isinstance(said, Said):
        said = _read_back(said)
        if not isinstance(said, Said):
            return gettext(said) if said else said
    template, params = said.template, said.params
    if you is not None and params.get("player") == you and template in forms:
        template = forms[template]
    worded = {
        name: words[name](str(value))
        if name in words
        else said_text(value)
        if isinstance(value, str)
        else value
        for name, value in params.items()
    }
    translated = gettext(template)
    return translated.format(**worded) if params else translated


_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+")
"""An amount an English screen grouped ("21,559"): read back as the number it is."""


def _regrouped(grouped: str) -> str:
    return amount_text(int(grouped.replace(",", "")))


def _read_back(text: str) -> str:
    for template, pattern in _PATTERNS:
        found = pattern.fullmatch(text)
        if found:
            params = {
                name: amount_text(int(value.replace(",", "")))
                if _GROUPED.fullmatch(value)
                else value
                for name, value in found.groupdict().items()
            }
            return Said(template, **params)
    return text


def legal_text(options: list[str]) -> str:
    """What a player may do, in his language: "fold, call 2, raise to 4-200"."""
    said = ", ".join(said_text(option) for option in options)
    return _AMOUNT.sub(lambda digits: amount_text(int(digits[0])), said)


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
    """``count`` of ``noun`` in the language's plural form ("1 hand", "5 раздач"); each noun
    callers count has its own message (:data:`COUNTED`)."""
    forms = COUNTED.get(noun)
    if forms is None:
        return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
    written = str(count) if current_language() == "en" else number_text(count)
    return forms(count).format(count=written)


COUNTED: Mapping[str, Callable[[int], str]] = {
    "hand": lambda n: ngettext("{count} hand", "{count} hands", n),
    "chip": lambda n: ngettext("{count} chip", "{count} chips", n),
    "more time bank": lambda n: ngettext("{count} more time bank", "{count} more time banks", n),
    "player": lambda n: ngettext("{count} player", "{count} players", n),
    "table": lambda n: ngettext("{count} table", "{count} tables", n),
    "card": lambda n: ngettext("{count} card", "{count} cards", n),
    "seat": lambda n: ngettext("{count} seat", "{count} seats", n),
    "point": lambda n: ngettext("{count} point", "{count} points", n),
}
"""The nouns :func:`counted` knows, each with its own plural message."""


def refusal(error: IllegalAction, player: int) -> str:
    """Why an action was refused and what the player may do, addressed to him."""
    if current_language() != "en":
        return _refusal_words(error, player)
    reason = re.sub(
        rf"\bplayer {player} (does|has|is)\b",
        lambda verb: f"you {_SECOND_PERSON[verb[1]]}",
        error.reason,
    )
    reason = reason.replace(f"player {player} ", "you ")
    reason = plain(reason[:1].upper() + reason[1:])
    allowed = ", ".join(error.legal)
    said = (
        N_("{reason}. You may: {allowed}.").format(reason=reason, allowed=allowed)
        if allowed
        else f"{reason}."
    )
    return _AMOUNT.sub(lambda digits: amount_text(int(digits[0])), said)


def _refusal_words(error: IllegalAction, player: int) -> str:
    reason = plain(said_text(getattr(error, "said", error.reason), you=player)).rstrip(".")
    reason = reason[:1].upper() + reason[1:]
    allowed = ", ".join(said_text(option) for option in error.legal)
    said = (
        gettext(N_("{reason}. You may: {allowed}.")).format(reason=reason, allowed=allowed)
        if allowed
        else f"{reason}."
    )
    return _AMOUNT.sub(lambda digits: amount_text(int(digits[0])), said)
