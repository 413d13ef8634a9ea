"""The three-card top row of Open-Face Chinese Pineapple (E-9).

Three of a kind > pair > high card, kickers as in E-3; never a straight or a
flush. :meth:`TopRow.five_card_key` compares a top row with a five-card row for
the fouling rule (O-1): missing kickers count below any card.

>>> from pokerroom.cards import parse_cards
>>> evaluate_top_row(parse_cards("Qs Qd 2c")).describe()
'Pair of queens, two kicker'
>>> evaluate_top_row(parse_cards("2s 2d 2c")) > evaluate_top_row(parse_cards("As Ad Kc"))
True
>>> evaluate_top_row(parse_cards("As Kd Qc")).describe()  # no straight on top
'High card, ace'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import Card, Rank
from pokerroom.errors import CardCountError
from pokerroom.evaluate.categories import Category
from pokerroom.evaluate.words import describe_top_row

_BY_LARGEST_GROUP = {1: Category.HIGH_CARD, 2: Category.PAIR, 3: Category.THREE_OF_A_KIND}


@dataclass(frozen=True, order=True, slots=True)
class TopRow:
    """A top-row value; compare with ``<``."""

    category: Category
    ranks: tuple[Rank, ...]

    def five_card_key(self) -> tuple[int, tuple[int, ...]]:
        """(category, ranks) in the order of :class:`~pokerroom.evaluate.high.HighHand`."""
        return int(self.category), tuple(int(r) for r in self.ranks)

    def describe(self) -> str:
        return describe_top_row(self.category, self.ranks)


def evaluate_top_row(cards: Sequence[Card]) -> TopRow:
    """Value of an OFC top row of exactly three cards (E-9)."""
    if len(cards) != 3:
        raise CardCountError(f"the top row holds exactly 3 cards, got {len(cards)}")
    counts = Counter(card.rank for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return TopRow(_BY_LARGEST_GROUP[groups[0][1]], tuple(rank for rank, _ in groups))
