"""Omaha hands: exactly two of the 4–6 hole cards and three of the board (E-5, E-7).

The board's ace and king cannot join both hole aces: only trips play.

>>> hole, board = CardSet.parse("As Ah Kd 2c"), CardSet.parse("Ac 3d 4s 8h Kh")
>>> evaluate_omaha_high(hole, board).describe()
'Three of a kind, aces'
>>> evaluate_omaha_low(hole, board).describe()
'Eight-four low'
"""

from __future__ import annotations

import itertools

from pokerroom.cardset import CardSet
from pokerroom.errors import CardCountError
from pokerroom.evaluate.high import HighHand, high_strength
from pokerroom.evaluate.low import LowHand, omaha_low_set

HOLE_SIZES = (4, 5, 6)


def _bits(mask: int) -> list[int]:
    return [1 << b for b in range(64) if mask >> b & 1]


def _check(hole: CardSet, board: CardSet) -> None:
    if len(hole) not in HOLE_SIZES:
        raise CardCountError(f"Omaha takes 4, 5 or 6 hole cards, got {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise CardCountError(f"an Omaha hand needs 3 to 5 board cards, got {len(board)}")
    if not hole.isdisjoint(board):
        raise CardCountError(f"hole and board share cards: {hole & board}")


def omaha_high_strength(hole_mask: int, board_mask: int) -> int:
    """Best high strength using exactly two hole and three board cards (E-5)."""
    pairs = [a | b for a, b in itertools.combinations(_bits(hole_mask), 2)]
    triples = [a | b | c for a, b, c in itertools.combinations(_bits(board_mask), 3)]
    return max(high_strength(pair | triple) for pair in pairs for triple in triples)


def evaluate_omaha_high(hole: CardSet, board: CardSet) -> HighHand:
    """The Omaha high hand of ``hole`` on ``board`` (E-5)."""
    _check(hole, board)
    return HighHand(omaha_high_strength(hole.mask, board.mask))


def evaluate_omaha_low(hole: CardSet, board: CardSet) -> LowHand | None:
    """The Omaha eight-or-better low, chosen independently of the high (E-7); None if none."""
    _check(hole, board)
    found = omaha_low_set(hole.mask, board.mask)
    return LowHand(found) if found else None
