"""A player's name from the command line: checked once, before anything is saved.

>>> player_name("  Ann ")
'Ann'
>>> player_name("Ann\\x07")
Traceback (most recent call last):
...
pokerroom.errors.UsageError: --name may not hold control characters; ...
>>> player_name("Ann\u202e")
Traceback (most recent call last):
...
pokerroom.errors.UsageError: --name may not hold invisible characters (U+202E); ...
"""

from __future__ import annotations

import unicodedata

from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_

MAX_NAME = 24
"""Long enough for a nickname, short enough for a seat label."""
CONTROL = frozenset({"Cc", "Cs", "Cn"})
INVISIBLE = frozenset({"Cf", "Zl", "Zp"})
"""Format characters (U+200B, U+202E turning the text around) and line or paragraph breaks."""


def player_name(text: str) -> str:
    """``text`` without surrounding spaces, or a :class:`UsageError` saying what is allowed."""
    name = text.strip()
    if not name:
        raise UsageError(gettext(N_("--name must not be empty")))
    if len(name) > MAX_NAME:
        problem = N_("--name may have at most {most} characters, got {count}")
        raise UsageError(gettext(problem).format(most=MAX_NAME, count=len(name)))
    if any(unicodedata.category(char) in CONTROL for char in name):
        raise UsageError(
            gettext(
                N_(
                    "--name may not hold control characters; "
                    "use letters, digits, spaces or punctuation"
                )
            )
        )
    hidden = [char for char in name if unicodedata.category(char) in INVISIBLE]
    if hidden:
        problem = N_(
            "--name may not hold invisible characters ({code}); "
            "use letters, digits, spaces or punctuation"
        )
        raise UsageError(gettext(problem).format(code=f"U+{ord(hidden[0]):04X}"))
    return name
