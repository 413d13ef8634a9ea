"""Names that look alike are the same name (issue 21 item 30): ``аdmin`` with a Cyrillic
``а``, full-width ``ａｄｍｉｎ``, ``AIice`` (a capital I) beside ``alice`` cannot pass for
one another or for the room's staff.

Two names are compared by their *skeletons*, after Unicode TS #39: each character is
replaced by a representative of the characters it can be mistaken for, and case is
ignored; two names look alike when they share a skeleton. A name has two: one mapped
before its case is folded (a capital ``I`` passes for an ``l``), one after (``ADMIN`` is
``admin``). The confusable pairs are Unicode's own list (``confusables.txt``) as the
``confusable-homoglyphs`` package keeps it; that list pairs characters both ways, so here
the characters it pairs form groups, each written as its plainest member (an ASCII
lowercase letter, else an ASCII letter, if the group has one). Only single characters
are grouped: ``rn`` and ``m`` stay apart, so that ordinary names are never refused.

A skeleton is for comparing only, never shown.

>>> look_alike("аdmin", "admin"), look_alike("ＡＤＭＩＮ", "admin")
(True, True)
>>> look_alike("Аlice1", "alice1"), look_alike("AIice1", "alice1")
(True, True)
>>> look_alike("Oleg", "Оleg"), look_alike("0leg", "oleg")  # Latin O, Cyrillic О, zero
(True, True)
>>> look_alike("Олена", "Олег"), look_alike("rn", "m"), look_alike("Lukasz", "Łukasz")
(False, False, False)
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache

from confusable_homoglyphs.confusables import confusables_data


def look_alike(name: str, other: str) -> bool:
    """Whether one name could pass for the other."""
    return not skeletons(name).isdisjoint(skeletons(other))


@lru_cache(maxsize=4096)
def skeletons(name: str) -> frozenset[str]:
    """The forms in which two names that look alike are equal."""
    text = unicodedata.normalize("NFKC", name)
    return frozenset((_plain(_plain(text).casefold()), _plain(text.casefold())))


def _plain(text: str) -> str:
    groups = _representatives()
    return "".join(groups.get(character, character) for character in text)


@cache
def _representatives() -> dict[str, str]:
    """Each confusable character's group's representative."""
    parent: dict[str, str] = {}

    def root(character: str) -> str:
        while parent.get(character, character) != character:
            character = parent[character]
        return character

    for character, alikes in confusables_data.items():
        for alike in alikes:
            other = alike["c"]
            if len(character) == 1 and len(other) == 1:
                first, second = root(character), root(other)
                if first != second:
                    parent[max(first, second, key=_plainness)] = min(first, second, key=_plainness)
    return {character: root(character) for character in parent}


def _plainness(character: str) -> tuple[bool, bool, bool, str]:
    """Sorts the plainest first: ASCII lowercase letters, ASCII letters (so that ``O``, not
    the digit ``0``, stands for its group, and lowercased joins ``o``'s), ASCII, the rest."""
    ascii = character.isascii()
    return (
        not (ascii and character.islower()),
        not (ascii and character.isalpha()),
        not ascii,
        character,
    )
