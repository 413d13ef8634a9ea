"""Stud showing hands (E-8): up to four face-up cards decide who acts first.

Only pairs, trips and quads count (no straights or flushes with fewer than five
cards); equal showing hands are separated by the suit of the highest card (C-2).

>>> from pokerroom.cards import parse_cards
>>> pair = evaluate_showing(parse_cards("9h 9c 2d"))
>>> pair > evaluate_showing(parse_cards("As Kd 7c"))
True
>>> evaluate_showing(parse_cards("Ks 7h")) > evaluate_showing(parse_cards("Kh 7s"))
True
>>> pair.describe()
'Pair of nines showing'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import Card, Rank
from pokerroom.errors import CardCountError
from pokerroom.evaluate.categories import Category
from pokerroom.evaluate.words import describe_showing

_SHOWING_CATEGORY = {
    (1,): Category.HIGH_CARD,
    (2,): Category.PAIR,
    (2, 2): Category.TWO_PAIR,
    (3,): Category.THREE_OF_A_KIND,
    (4,): Category.FOUR_OF_A_KIND,
}


@dataclass(frozen=True, order=True, slots=True)
class ShowingHand:
    """Comparable showing hand: category, ranks by group, then the top card's suit."""

    category: Category
    ranks: tuple[Rank, ...]
    top_suit: int

    def describe(self) -> str:
        return describe_showing(self.category, self.ranks)


def evaluate_showing(up_cards: Sequence[Card]) -> ShowingHand:
    """Rank 1–4 face-up Stud cards for the order of action (E-8)."""
    if not 1 <= len(up_cards) <= 4:
        raise CardCountError(f"a showing hand has 1 to 4 face-up cards, got {len(up_cards)}")
    ranks = [card.rank for card in up_cards]
    groups = sorted({(ranks.count(rank), rank) for rank in ranks}, reverse=True)
    top = groups[0][1]
    shape = tuple(count for count, _ in groups if count > 1) or (1,)
    top_suit = max(card.suit for card in up_cards if card.rank == top)
    return ShowingHand(_SHOWING_CATEGORY[shape], tuple(rank for _, rank in groups), top_suit)
