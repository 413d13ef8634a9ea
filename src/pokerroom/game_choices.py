"""What a table may be asked for: the games' codes, the betting structures, the rule profiles.

Apart from the engine, which loads the evaluator's tables on import, so that a command
line can name them in its help (``pokerroom play --help``) without loading it. The engine
keys its variants and profiles by these names (:mod:`pokerroom.engine.variants`,
:mod:`pokerroom.engine.options`).
"""

from __future__ import annotations

import enum


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
