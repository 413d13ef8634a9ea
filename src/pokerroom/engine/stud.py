"""Who acts first in Stud: the bring-in on third street, the best showing hand after (V-5).

>>> from pokerroom.cards import parse_cards
>>> ups = [parse_cards("Kd"), parse_cards("2s"), parse_cards("2c")]
>>> bring_in_player(ups, [True, True, True])  # equal deuces: clubs is the lower suit (C-2)
2
>>> best_showing([parse_cards("Kd 7s"), parse_cards("2s 2h"), parse_cards("Ac Qc")], [0, 1, 2])
1
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card
from pokerroom.evaluate.showing import evaluate_showing


def bring_in_player(up_cards: Sequence[Sequence[Card | None]], live: Sequence[bool]) -> int:
    """The player whose (last) face-up card is lowest, aces high; suits break ties (C-2)."""
    candidates = [
        (card.rank, card.suit, player)
        for player, cards in enumerate(up_cards)
        if live[player] and cards and (card := cards[-1]) is not None
    ]
    return min(candidates)[2]


def best_showing(up_cards: Sequence[Sequence[Card | None]], candidates: Sequence[int]) -> int:
    """The candidate with the best showing hand (E-8); the first such clockwise on a tie."""
    best, best_value = candidates[0], None
    for player in candidates:
        cards = [card for card in up_cards[player][-4:] if card is not None]
        if not cards:
            continue
        value = evaluate_showing(cards)
        if best_value is None or value > best_value:
            best, best_value = player, value
    return best


def shows_open_pair(up_cards: Sequence[Sequence[Card | None]], candidates: Sequence[int]) -> bool:
    """V-6: whether any candidate's face-up cards include a pair."""
    for player in candidates:
        ranks = [card.rank for card in up_cards[player] if card is not None]
        if len(set(ranks)) < len(ranks):
            return True
    return False
