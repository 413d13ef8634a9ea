"""A player's name from the command line: checked once, before anything is saved.

>>> player_name("  Ann ")
'Ann'
>>> player_name("Ann\\x07")
Traceback (most recent call last):
...
pokerroom.errors.UsageError: --name may not hold control characters; ...
"""

from __future__ import annotations

import unicodedata

from pokerroom.errors import UsageError

MAX_NAME = 24
"""Long enough for a nickname, short enough for a seat label."""


def player_name(text: str) -> str:
    """``text`` without surrounding spaces, or a :class:`UsageError` saying what is allowed."""
    name = text.strip()
    if not name:
        raise UsageError("--name must not be empty")
    if len(name) > MAX_NAME:
        raise UsageError(f"--name may have at most {MAX_NAME} characters, got {len(name)}")
    if any(unicodedata.category(char) in {"Cc", "Cs", "Cn"} for char in name):
        raise UsageError(
            "--name may not hold control characters; use letters, digits, spaces or punctuation"
        )
    return name
