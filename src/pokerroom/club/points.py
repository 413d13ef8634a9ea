"""How a finish earns season points: the shipped presets of a club's points formula.

Points are exact decimals rounded to hundredths per finish (half up), so a standings table
adds up the same on every machine and in every export.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from pokerroom.errors import UsageError
from pokerroom.i18n.marker import N_
from pokerroom.said import Said

HUNDREDTH = Decimal("0.01")


def rounded(value: Decimal | float) -> Decimal:
    """``value`` to hundredths, half up (``2.345`` → ``2.35``)."""
    return Decimal(str(value)).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


@dataclass(frozen=True, slots=True)
class ByPlace:
    """Fixed points for each place (``table[0]`` for the winner); places beyond the table
    earn ``others`` (0: nothing; a club may reward turning up)."""

    table: tuple[Decimal, ...] = tuple(
        Decimal(points) for points in (100, 70, 50, 40, 30, 25, 20, 15, 10, 5)
    )
    others: Decimal = Decimal(0)
    name: str = "places"

    def points(self, entrants: int, place: int) -> Decimal:
        check_finish(entrants, place)
        return rounded(self.table[place - 1] if place <= len(self.table) else self.others)


@dataclass(frozen=True, slots=True)
class SquareRoot:
    """``scale · √n / √k`` for ``n`` entrants and place ``k``: a bigger field is worth more,
    and each place down is worth less, ever more gently (the PokerStars school's league
    formula, buy-in factor left out)."""

    scale: Decimal = Decimal(10)
    name: str = "sqrt"

    def points(self, entrants: int, place: int) -> Decimal:
        check_finish(entrants, place)
        return rounded(float(self.scale) * math.sqrt(entrants) / math.sqrt(place))


Formula = ByPlace | SquareRoot
"""A points formula: ``points(entrants, place)`` for one finish."""


def check_finish(entrants: int, place: int) -> None:
    """A place must lie within the field: 1 for the winner up to ``entrants``."""
    if entrants < 1:
        raise UsageError(
            Said(N_("a tournament needs at least 1 entrant, not {count}"), count=entrants)
        )
    if not 1 <= place <= entrants:
        outside = N_("place {place} is not within the field of {count} (1-{count})")
        raise UsageError(Said(outside, place=place, count=entrants))


PRESETS: dict[str, Formula] = {"places": ByPlace(), "sqrt": SquareRoot()}
"""The shipped formulas by name: ``places`` (100, 70, 50 … for the top ten) and ``sqrt``."""
