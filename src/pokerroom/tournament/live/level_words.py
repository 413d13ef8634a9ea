"""What the director is told after changing a level not yet played (T-20), at any console."""

from __future__ import annotations

from pokerroom.tournament.structure import Level


def blinds_line(level: Level) -> str:
    """``1,000/2,000, ante 2,000, 20 min``."""
    return f"{level.small_blind:,}/{level.big_blind:,}, ante {level.ante:,}, {level.minutes:g} min"


def edited(level: Level) -> str:
    return f"level {level.number} is now {blinds_line(level)}"


def inserted(level: Level) -> str:
    return f"level {level.number} inserted: {blinds_line(level)}; later levels move up one"
