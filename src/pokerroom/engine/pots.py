"""Pots from contribution levels (P-1) and splitting them to the chip (P-3).

>>> [(p.amount, p.eligible) for p in build_pots([20, 50, 50], [False, False, False])]
[(60, (0, 1, 2)), (60, (1, 2))]
>>> split(10, [2, 0], chip=1)
{0: 5, 2: 5}
>>> split(7, [2, 0, 1], chip=1)  # odd chip to the first winner left of the button
{0: 3, 1: 2, 2: 2}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]
    """Players still in the hand who paid this level in full (P-1)."""


def build_pots(totals: Sequence[int], folded: Sequence[bool]) -> list[Pot]:
    """Main pot then side pots, from each player's chips in the hand (folded players' too).

    Levels are the totals of the players still in; adjacent levels with the same
    eligible players are merged into one pot.
    """
    live_levels = sorted({t for t, out in zip(totals, folded, strict=True) if not out and t > 0})
    if not live_levels and any(totals):  # the players still in put nothing in: all is theirs
        return [Pot(sum(totals), tuple(p for p, out in enumerate(folded) if not out))]
    pots: list[Pot] = []
    previous = 0
    for index, level in enumerate(live_levels):
        top = index == len(live_levels) - 1
        amount = sum((t if top else min(t, level)) - min(t, previous) for t in totals)
        eligible = tuple(
            p
            for p, (t, out) in enumerate(zip(totals, folded, strict=True))
            if not out and t >= level
        )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        previous = level
    return pots


def split(amount: int, winners: Sequence[int], chip: int) -> dict[int, int]:
    """Share ``amount`` equally in whole chips; leftover chips go one by one to the winners
    in position order from the first seat left of the button (P-3)."""
    ordered = sorted(winners)
    units, rest = divmod(amount, chip)
    each, odd = divmod(units, len(ordered))
    shares = dict.fromkeys(ordered, each * chip)
    for player in ordered[:odd]:
        shares[player] += chip
    if rest:
        shares[ordered[0]] += rest
    return shares
