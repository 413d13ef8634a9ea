"""A game and its stakes in the reader's language, for the lobby and the hand pages.

A room's :class:`~pokerroom.room.registry.LobbyEntry` keeps its game and stakes in English
(``/api/lobby`` is for scripts, and the hand archive stores the same words); the pages word
them again for each visitor: from the live room's settings where there is one
(:func:`pokerroom.web.lobby.words.room_words`), else from the stored English
(:func:`game_text_of`, :func:`stakes_text_of`).

>>> from pokerroom.engine import HOLDEM, Limit
>>> from pokerroom.i18n import use_language
>>> with use_language("ru"):
...     game_text(HOLDEM, Limit.NO_LIMIT), game_text_of("Texas Hold'em pot-limit")
('Техасский холдем, безлимит', 'Техасский холдем, пот-лимит')
>>> game_text(HOLDEM, Limit.NO_LIMIT)
"Texas Hold'em no-limit"
"""

from __future__ import annotations

import re

from pokerroom.engine import VARIANTS, Limit, Variant
from pokerroom.i18n import N_, gettext, number_text

VARIANT_NAMES = (
    N_("Texas Hold'em"),
    N_("4-card Omaha"),
    N_("4-card Omaha Hi-Lo"),
    N_("5-card Omaha"),
    N_("5-card Omaha Hi-Lo"),
    N_("6-card Omaha"),
    N_("6-card Omaha Hi-Lo"),
    N_("Double-board bomb-pot Omaha"),
    N_("Seven-card Stud"),
    N_("Seven-card Stud Hi-Lo"),
    N_("Five-card Draw"),
)
"""Every game's name as the engine gives it (:data:`pokerroom.engine.VARIANTS`)."""
LIMIT_NAMES = {
    "no-limit": N_("no-limit"),
    "pot-limit": N_("pot-limit"),
    "fixed-limit": N_("fixed-limit"),
    "mixed fixed-limit / pot-limit": N_("mixed fixed-limit / pot-limit"),
}
OFC_NAME = N_("OFC Pineapple")
_BUY_IN = re.compile(r"^buy-in ([0-9][0-9,]*)$")


def variant_text(variant: Variant) -> str:
    return gettext(variant.name)


def game_text(variant: Variant, limit: Limit, *, mixed: bool = False) -> str:
    """``Texas Hold'em no-limit``; «Техасский холдем, безлимит»."""
    words = N_("mixed fixed-limit / pot-limit") if mixed else limit.value
    return gettext("{game} {limit}").format(game=variant_text(variant), limit=gettext(words))


def game_text_of(english: str) -> str:
    """A game as the lobby stored it in English, in the reader's language (unknown words as
    they are: a tournament's own name for its game, say)."""
    if english == OFC_NAME:
        return gettext(OFC_NAME)
    for variant in sorted(VARIANTS.values(), key=lambda v: -len(v.name)):
        if english == variant.name:
            return variant_text(variant)
        rest = english.removeprefix(variant.name + " ")
        if rest != english and rest in LIMIT_NAMES:
            words = gettext(LIMIT_NAMES[rest])
            return gettext("{game} {limit}").format(game=variant_text(variant), limit=words)
    return english


def stakes_text_of(english: str) -> str:
    """A tournament's stored stakes (``buy-in 1,000``) in the reader's language."""
    found = _BUY_IN.match(english)
    if found is None:
        return english
    return gettext("buy-in {amount}").format(amount=number_text(int(found[1].replace(",", ""))))


def stakes_text(variant: Variant, limit: Limit, small: int, big: int, ante: int) -> str:
    """The forced bets in a few words, as :func:`~pokerroom.web.lobby.state.stakes_words`
    says them in English."""
    n = number_text
    if variant.stud:
        parts = [
            gettext("ante {ante}").format(ante=n(ante or small)),
            gettext("bring-in {amount}").format(amount=n(small)),
        ]
    elif variant.boards > 1:
        parts = [gettext("ante {ante}").format(ante=n(ante or big))]
    else:
        parts = [f"{n(small)}/{n(big)}"]
        if ante:
            parts.append(gettext("ante {ante}").format(ante=n(ante)))
    if limit is Limit.FIXED_LIMIT:
        parts.append(gettext("bets {small}/{big}").format(small=n(big), big=n(2 * big)))
    return ", ".join(parts)
