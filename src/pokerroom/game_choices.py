"""What a table may be asked for: the games' codes, the betting structures, the rule profiles.

Apart from the engine, which loads the evaluator's tables on import, so that a command
line can name them in its help (``pokerroom play --help``) without loading it. The engine
keys its variants and profiles by these names (:mod:`pokerroom.engine.variants`,
:mod:`pokerroom.engine.options`).
"""

from __future__ import annotations

import enum

from pokerroom.i18n import N_, gettext


class Limit(enum.StrEnum):
    """Betting structures B-1 … B-3."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


VARIANT_CODES = (
    "holdem",
    "omaha",
    "omaha-hilo",
    "omaha5",
    "omaha5-hilo",
    "omaha6",
    "omaha6-hilo",
    "bomb-pot-omaha",
    "stud",
    "stud-hilo",
    "draw",
)
"""Every variant of the engine by its code, in the order help texts list them."""


class Profile(enum.StrEnum):
    """The rule profiles of RULES.md, where the sources disagree."""

    HOME = "home"
    CLUB = "club"
    SPORT = "sport"


PROFILE_NAMES = tuple(profile.value for profile in Profile)
"""The profiles' names, in the order help texts list them."""


GAME_NAMES = {
    "holdem": N_("Texas Hold'em"),
    "omaha": N_("4-card Omaha"),
    "omaha-hilo": N_("4-card Omaha Hi-Lo"),
    "omaha5": N_("5-card Omaha"),
    "omaha5-hilo": N_("5-card Omaha Hi-Lo"),
    "omaha6": N_("6-card Omaha"),
    "omaha6-hilo": N_("6-card Omaha Hi-Lo"),
    "bomb-pot-omaha": N_("Double-board bomb-pot Omaha"),
    "stud": N_("Seven-card Stud"),
    "stud-hilo": N_("Seven-card Stud Hi-Lo"),
    "draw": N_("Five-card Draw"),
    "ofc": N_("Open-Face Chinese Pineapple"),
}
"""Each game's name as people read it, by its code (the engine's ``Variant.name`` is the
English one): «Техасский холдем», «Семикарточный стад», «Пятикарточное дро»."""
LIMIT_NAMES = {
    Limit.NO_LIMIT: N_("No-limit"),
    Limit.POT_LIMIT: N_("Pot-limit"),
    Limit.FIXED_LIMIT: N_("Fixed-limit"),
}
PROFILE_TITLES = {
    Profile.HOME: N_("Home game"),
    Profile.CLUB: N_("Club"),
    Profile.SPORT: N_("Sport"),
}


def game_name(code: str) -> str:
    """The name people read for the game ``code``, in their language.

    >>> game_name("stud")
    'Seven-card Stud'
    >>> from pokerroom.i18n import use_language
    >>> with use_language("ru"):
    ...     game_name("holdem"), game_name("ofc")
    ('Техасский холдем', 'Китайский покер (ананас), OFC')
    """
    return gettext(GAME_NAMES[code]) if code in GAME_NAMES else code


def limit_name(limit: str) -> str:
    """A betting structure as people read it: "No-limit", «Безлимитный»."""
    return gettext(LIMIT_NAMES[Limit(limit)])


def profile_title(profile: str) -> str:
    """A rules profile as people read it: "Home game", «Домашняя игра»."""
    return gettext(PROFILE_TITLES[Profile(profile)])
