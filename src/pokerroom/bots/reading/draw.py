"""Five-card Draw: which cards a sensible player keeps, and what a draw count tells.

A player who stands pat holds a straight or better (or bluffs); one who draws one
holds two pair or four to a flush or straight; two, three of a kind; three, a pair;
four or five, nothing. The reader uses the same rule for its own draw and to weigh
what an opponent may hold after his.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

STRAIGHTS = [frozenset(range(top - 4, top + 1)) for top in range(4, 13)] + [
    frozenset({12, 0, 1, 2, 3})
]
"""Rank sets of the ten straights (deuce 0 … ace 12; the wheel uses the ace low)."""


def keep(cards: Sequence[int]) -> list[int]:
    """The card indices (``rank * 4 + suit``) a sensible player keeps of his five."""
    ranks = Counter(card >> 2 for card in cards)
    suits = Counter(card & 3 for card in cards)
    rank_set = set(ranks)
    if len(rank_set) == 5 and (max(suits.values()) == 5 or rank_set in STRAIGHTS):
        return list(cards)
    if sorted(ranks.values()) == [2, 3]:
        return list(cards)
    grouped = [card for card in cards if ranks[card >> 2] >= 2]
    if ranks.most_common(1)[0][1] == 4:
        return list(cards)
    if grouped:
        return grouped
    suit, count = suits.most_common(1)[0]
    if count == 4:
        return [card for card in cards if card & 3 == suit]
    for straight in STRAIGHTS:
        inside = [card for card in cards if card >> 2 in straight]
        if len(inside) == 4:
            return inside
    return [max(cards, key=lambda card: card >> 2)]


def likelihood(cards: Sequence[int], drawn: int) -> float:
    """How likely a player holding ``cards`` is to draw ``drawn`` by the rule (with slack)."""
    expected = 5 - len(keep(cards))
    if drawn == expected:
        return 1.0
    if drawn == 0:
        return 0.03  # a pat bluff
    return 0.15 if abs(drawn - expected) == 1 else 0.05
