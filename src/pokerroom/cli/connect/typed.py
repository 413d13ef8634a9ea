"""What a player types at a server's table in the text mode, turned into a client message.

Words as a player says them: ``fold``, ``check``, ``call``, ``raise 12`` (the round's total,
A-7; ``bet`` and ``complete`` are the same word here, the table knows which it is),
``raise pot`` (a preset by name: ``min``, ``½``, ``⅔``, ``pot``, ``allin``, ``2.5x``, ``3x``),
``bringin``, ``show``, ``muck``, ``draw 7c 2d`` (nothing after ``draw``: stand pat),
``twice`` or ``once`` (asked to run it twice),
``pre call_any`` (a pre-action, X-3), ``sit 3 [BUY-IN] [post]``, ``leave``, ``start``,
``sitout``, ``sitin [post]``, ``topup 40``, ``post``, ``wait`` (for the big blind),
``straddle`` / ``nostraddle`` (where the host allows straddles), ``quit``. A line that
is none of these is one line saying what is allowed; nothing is sent.

>>> typed("raise 12", None)
{'type': 'act', 'action': 'raise', 'amount': 12}
>>> typed("sit 4 150 post", None)
{'type': 'sit', 'seat': 4, 'buy_in': 150, 'post': True}
>>> typed("draw 7c 2d", None)
{'type': 'draw', 'cards': ['7c', '2d']}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext

QUIT = "quit"
COMMANDS = (  # the commands as a player types them, in every language
    "fold, check, call, raise N|PRESET, bringin, show, muck, draw [CARDS], "  # machine words
    "twice, once, pre KIND, sit SEAT [BUY-IN] [post], leave, start, sitout, sitin [post], "
    "topup N, post, wait, straddle, nostraddle, quit"
)
PRESET_WORDS = {"allin": "all-in", "all-in": "all-in", "2.5x": "2.5×", "3x": "3×", "1/2": "½"}
PLAIN: dict[str, dict[str, Any]] = {
    "fold": {"type": "act", "action": "fold"},
    "check": {"type": "act", "action": "check"},
    "call": {"type": "act", "action": "call"},
    "bringin": {"type": "act", "action": "bring_in"},
    "show": {"type": "show"},
    "muck": {"type": "muck"},
    "twice": {"type": "run_twice", "agree": True},
    "once": {"type": "run_twice", "agree": False},
    "leave": {"type": "leave"},
    "start": {"type": "start"},
    "sitout": {"type": "sit_out"},
    "post": {"type": "post"},
    "wait": {"type": "post", "post": False},
    "straddle": {"type": "straddle"},
    "nostraddle": {"type": "straddle", "straddle": False},
}


WHAT_WORDS = {"a seat": N_("a seat"), "a buy-in": N_("a buy-in"), "a top-up": N_("a top-up")}


def _whole(word: str, what: str) -> int:
    if not word.isdigit():
        raise UsageError(
            gettext("{what} must be a whole number, not {word}").format(
                what=gettext(WHAT_WORDS[what]), word=repr(word)
            )
        )
    return int(word)


def _sized(words: list[str], table: Mapping[str, Any] | None) -> dict[str, Any]:
    actions = None if table is None else table["you"]["actions"]
    sized = None if actions is None else actions["raise_to"]
    word = "raise" if sized is None else sized["word"]
    if len(words) != 1:
        raise UsageError(
            gettext("say the total to bet or raise to: raise 12, or a preset: raise pot")
        )
    asked = words[0].lower()
    if asked.isdigit():
        return {"type": "act", "action": word, "amount": int(asked)}
    name = PRESET_WORDS.get(asked, asked)
    presets = {} if actions is None else {p["name"]: p["amount"] for p in actions["presets"]}
    if name not in presets:
        offered = ", ".join(presets) or gettext("none now")
        raise UsageError(
            gettext("no preset {asked}; the presets now: {offered}").format(
                asked=repr(asked), offered=offered
            )
        )
    return {"type": "act", "action": word, "amount": presets[name]}


def typed(line: str, table: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The message for ``line`` at ``table`` (the last snapshot); None for an empty line.

    Raises :class:`UsageError` (one line) for anything else; ``quit`` is :data:`QUIT`.
    """
    words = line.split()
    if not words:
        return None
    verb, rest = words[0].lower(), words[1:]
    if verb in PLAIN and not rest:
        return dict(PLAIN[verb])
    match verb:
        case "quit" | "exit":
            return {"type": QUIT}
        case "raise" | "bet" | "complete":
            return _sized(rest, table)
        case "draw":
            return {"type": "draw", "cards": rest}
        case "pre" if len(rest) == 1:
            return {"type": "preaction", "kind": rest[0].lower()}
        case "sit" if 1 <= len(rest) <= 3:
            message: dict[str, Any] = {"type": "sit", "seat": _whole(rest[0], N_("a seat"))}
            if len(rest) >= 2:
                message["buy_in"] = _whole(rest[1], N_("a buy-in"))
            if len(rest) == 3:
                if rest[2].lower() != "post":
                    raise UsageError(
                        gettext("after the buy-in only 'post' may follow, not {word}").format(
                            word=repr(rest[2])
                        )
                    )
                message["post"] = True
            return message
        case "sitin" if rest in ([], ["post"]):
            return {"type": "sit_in", "post": bool(rest)}
        case "topup" if len(rest) == 1:
            return {"type": "top_up", "amount": _whole(rest[0], N_("a top-up"))}
    raise UsageError(
        gettext("not a table command: {line}; commands: {commands}").format(
            line=f"{line.strip()!r:.40}", commands=COMMANDS
        )
    )
