"""Words a room keeps between frames, held in every language and shown in each viewer's.

A table's frames are built per viewer, each inside ``use_language(viewer's language, the
table's vocabulary)`` (:mod:`pokerroom.room.hub`), so what a frame words as it is built is
already in its viewer's language. What a room words once and keeps (a hand's results, a
notice for one player, a line of the OFC log) is worded when it happens, in whichever
context that is (another player's socket, the clock): so it is worded then in every
language the room speaks, and each frame takes its viewer's. That costs three wordings per
rare event instead of one per frame, and no frame ever mixes two languages.

>>> from pokerroom.i18n import use_language, ngettext
>>> said = every_language("club", lambda: ngettext("{count} chip", "{count} chips", 5))
>>> with use_language("ru"):
...     for_viewer(said)
'{count} фишек'
>>> text_for_viewer("kept before rooms spoke other languages")
'kept before rooms spoke other languages'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from pokerroom.i18n import LANGUAGES, Language, Vocabulary, current_language, use_language

T = TypeVar("T")

Worded = dict[Language, T]
"""One thing said in each language the room speaks."""


def every_language(vocabulary: Vocabulary, make: Callable[[], T]) -> Worded[T]:
    """``make()`` worded in each language, in the table's ``vocabulary``."""
    said: Worded[T] = {}
    for language in LANGUAGES:
        with use_language(language, vocabulary):
            said[language] = make()
    return said


def for_viewer(said: Mapping[Language, T]) -> T:
    """What ``said`` says in the current language."""
    return said[current_language()]


def text_for_viewer(said: Mapping[Language, str] | str) -> str:
    """A line in the current language; one kept by a room saved before rooms spoke other
    languages (a plain string) is shown as it is."""
    return said if isinstance(said, str) else for_viewer(said)
