"""Ace-to-five eight-or-better lows (E-6), from any five cards or Omaha-style (E-7).

A low is held as an 8-bit set of distinct ranks, bit 0 for the ace up to bit 7
for the eight. Comparing lows from the highest card down is exactly comparing
these sets as binary numbers, so the smaller set is the better low.

>>> evaluate_low(CardSet.parse("7c 5d 4h 3s 2c")) > evaluate_low(CardSet.parse("8c 4d 3h 2s Ac"))
True
>>> evaluate_low(CardSet.parse("6c 4d 3h 2s Ac")).describe()
'Six-four low'
>>> evaluate_low(CardSet.parse("9c 4d 3h 2s Ac")) is None
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from pokerroom.cards import Card, Rank
from pokerroom.cardset import CardSet
from pokerroom.errors import CardCountError
from pokerroom.evaluate.words import describe_low

_LOW_RANKS = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
)


def _lowest_table(count: int) -> tuple[int, ...]:
    """Rank set → its ``count`` lowest ranks, or 0 when it has fewer."""
    table = []
    for ranks in range(256):
        bits = [b for b in range(8) if ranks >> b & 1][:count]
        table.append(sum(1 << b for b in bits) if len(bits) == count else 0)
    return tuple(table)


_FIVE_LOWEST = _lowest_table(5)
_THREE_LOWEST = _lowest_table(3)


def low_ranks(mask: int) -> int:
    """The 8-bit set of distinct low ranks (A … 8) among the cards of a card-set mask."""
    ranks = 0
    for shift in (0, 16, 32, 48):
        suit = mask >> shift
        ranks |= (suit & 0x7F) << 1 | (suit >> 12 & 1)
    return ranks


def low_set(mask: int) -> int:
    """The best eight-or-better low from any five of the cards, as a rank set; 0 if none (E-6)."""
    return _FIVE_LOWEST[low_ranks(mask)]


@dataclass(frozen=True, slots=True)
class LowHand:
    """A qualifying low; ``a > b`` means ``a`` is the better (lower) low."""

    ranks_set: int

    @property
    def strength(self) -> int:
        """255 minus the rank set: higher is better, like every other hand value."""
        return 255 - self.ranks_set

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The five ranks, highest first (the ace last: it is the lowest card here)."""
        return tuple(_LOW_RANKS[b] for b in range(7, -1, -1) if self.ranks_set >> b & 1)

    def __lt__(self, other: LowHand) -> bool:
        return self.ranks_set > other.ranks_set

    def __le__(self, other: LowHand) -> bool:
        return self.ranks_set >= other.ranks_set

    def __gt__(self, other: LowHand) -> bool:
        return self.ranks_set < other.ranks_set

    def __ge__(self, other: LowHand) -> bool:
        return self.ranks_set <= other.ranks_set

    def describe(self) -> str:
        """Named by its two highest cards, e.g. 'Eight-seven low' (004)."""
        bits = [b for b in range(7, -1, -1) if self.ranks_set >> b & 1]
        return describe_low(bits[0], bits[1])

    def __str__(self) -> str:
        return self.describe()


def _mask_of(cards: CardSet | Iterable[Card]) -> int:
    return cards.mask if isinstance(cards, CardSet) else CardSet(cards).mask


def evaluate_low(cards: CardSet | Iterable[Card]) -> LowHand | None:
    """The best eight-or-better low using any five of 5–7 cards, or None (E-6, Stud Hi-Lo)."""
    mask = _mask_of(cards)
    count = mask.bit_count()
    if not 5 <= count <= 7:
        raise CardCountError(f"a low hand takes 5 to 7 cards, got {count}")
    found = low_set(mask)
    return LowHand(found) if found else None


def omaha_low_set(hole_mask: int, board_mask: int) -> int:
    """Best low with exactly two hole and three board cards, as a rank set; 0 if none (E-7)."""
    board_ranks = low_ranks(board_mask)
    best = 0
    hole_cards = [1 << b for b in range(64) if hole_mask >> b & 1]
    for first, second in itertools.combinations(hole_cards, 2):
        pair = low_ranks(first) | low_ranks(second)
        if pair.bit_count() != 2:
            continue
        rest = _THREE_LOWEST[board_ranks & ~pair]
        if rest and (best == 0 or pair | rest < best):
            best = pair | rest
    return best
