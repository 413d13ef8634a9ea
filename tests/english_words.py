"""Finds English left in a screen rendered in Russian or Ukrainian.

A word of two or more Latin letters is English unless it is a name, a code or one of the
few words that stay English in every language (:data:`ALWAYS_ENGLISH`); rule IDs (``A-8``)
and card faces (``A♥``, ``Th``) are single letters or codes and pass.

>>> english_words("Ставка 1 200 (A-8): Ann, A♥ T♠ — OFC")
[]
>>> english_words("Ставка: raise to 200", allowed={"Ann"})
['raise', 'to']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

ALWAYS_ENGLISH = frozenset(
    {
        "OFC", "PHH", "PokerStars", "pokerroom", "CSV", "JSON", "TOML", "TV", "URL",
        "WebSocket", "PostgreSQL", "ICM", "SQLite", "Poker", "Now", "Chromium", "ID", "IDs",
        "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon",
        # statistics' names as every tracker writes them: VPIP, PFR, AF, WTSD, W$SD, bb/100
        "VPIP", "PFR", "AF", "WTSD", "SD", "bb",
    }
)  # fmt: skip
"""Product and format names, the statistics' abbreviations, and the names tests give their
players."""

_LATIN_WORD = re.compile(r"(?<![\w@/.:-])[A-Za-z][A-Za-z']+(?![\w@/-])")
_MACHINE = re.compile(r"https?://\S+|\S+@\S+|/[\w./-]+|\b[0-9a-f]{8,}\b|\b[A-Z]-\d+\b")


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words in ``text`` (in order, repeats kept) that are not allowed."""
    keep = ALWAYS_ENGLISH | set(allowed)
    bare = _MACHINE.sub(" ", text)
    return [word for word in _LATIN_WORD.findall(bare) if word not in keep]
