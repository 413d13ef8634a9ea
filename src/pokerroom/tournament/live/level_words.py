"""What the director is told after changing a level not yet played (T-20), at any console."""

from __future__ import annotations

from pokerroom.i18n import _, number_text
from pokerroom.tournament.structure import Level


def blinds_line(level: Level) -> str:
    """``1,000/2,000, ante 2,000, 20 min``."""
    return _("{small}/{big}, ante {ante}, {minutes} min").format(
        small=number_text(level.small_blind),
        big=number_text(level.big_blind),
        ante=number_text(level.ante),
        minutes=number_text(level.minutes) if level.minutes % 1 else f"{level.minutes:g}",
    )


def edited(level: Level) -> str:
    return _("level {number} is now {blinds}").format(
        number=level.number, blinds=blinds_line(level)
    )


def inserted(level: Level) -> str:
    return _("level {number} inserted: {blinds}; later levels move up one").format(
        number=level.number, blinds=blinds_line(level)
    )
