"""A typed line made safe to keep and show: no control or invisible formatting characters,
whitespace folded, nothing that is not a whole character.

HTML is not this module's business: every page sets chat text as text (``textContent``)
and Jinja escapes it; here only what could break a line, a terminal or an encoder goes.

>>> clean("  hi\\n\\tthere\\u202e ")
'hi there'
>>> clean("nice hand 👍🏽") == "nice hand 👍🏽"
True
>>> clean("\\ud83d")  # half of an emoji's UTF-16 pair, as JSON allows it
''
"""

from __future__ import annotations

import unicodedata

KEPT_FORMATS = frozenset({"\u200d", "\ufe0f", "\ufe0e"})
"""Invisible characters that join emoji (a family, a flag, a coloured heart): kept."""


def clean(text: str) -> str:
    """``text`` without control characters (C0, C1, lone surrogates, bidirectional
    overrides and other invisible formats but the emoji joiners) and with every run of
    whitespace one space, trimmed."""
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn") or (
            unicodedata.category(char) == "Cf" and char not in KEPT_FORMATS
        ):
            continue
        else:
            kept.append(char)
    return " ".join("".join(kept).split())
