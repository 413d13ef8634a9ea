"""High-hand categories (E-1) and the straights they are built from (E-2)."""

from __future__ import annotations

import enum


class Category(enum.IntEnum):
    """The nine high-hand categories of E-1, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """Name as a player says it, e.g. 'Full house'."""
        return self.name.replace("_", " ").capitalize()


WHEEL_MASK = 0b1_0000_0000_1111  # A-2-3-4-5: the ace plays low (E-2)


def straight_top(rank_mask: int) -> int:
    """Top rank of the best straight in a 13-bit rank mask, or -1 (E-2: no wrap-around).

    >>> straight_top(0b1_1111_0000_0000)  # T J Q K A
    12
    >>> straight_top(WHEEL_MASK)  # 5-4-3-2-A counts as five-high
    3
    >>> straight_top(0b1_1000_0000_0111)  # K-A-2-3-4 is no straight
    -1
    """
    for top in range(12, 3, -1):
        run = 0b11111 << (top - 4)
        if rank_mask & run == run:
            return top
    return 3 if rank_mask & WHEEL_MASK == WHEEL_MASK else -1
