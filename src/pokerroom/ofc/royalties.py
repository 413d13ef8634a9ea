"""Royalties (O-6): bonus points for strong rows, paid by each opponent net of his own.

>>> from pokerroom.ofc.rows import Board
>>> board_royalties(Board.of("9s 9d 9c 2s 2d", "Ks Qs Js Ts 9h", "Qh Qd 7c"))
17
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card, Rank
from pokerroom.evaluate.categories import Category
from pokerroom.evaluate.high import evaluate_high
from pokerroom.evaluate.toprow import TopRow, evaluate_top_row
from pokerroom.ofc.rows import Board, Row, is_fouled

# O-6, bottom row; the royal flush is a straight flush to the ace.
BOTTOM_ROYALTIES: dict[Category, int] = {
    Category.STRAIGHT: 2,
    Category.FLUSH: 4,
    Category.FULL_HOUSE: 6,
    Category.FOUR_OF_A_KIND: 10,
    Category.STRAIGHT_FLUSH: 15,
}
BOTTOM_ROYAL_FLUSH = 25

# O-6, middle row.
MIDDLE_ROYALTIES: dict[Category, int] = {
    Category.THREE_OF_A_KIND: 2,
    Category.STRAIGHT: 4,
    Category.FLUSH: 8,
    Category.FULL_HOUSE: 12,
    Category.FOUR_OF_A_KIND: 20,
    Category.STRAIGHT_FLUSH: 30,
}
MIDDLE_ROYAL_FLUSH = 50


def top_royalty(top: TopRow) -> int:
    """O-6 top row: 66 = 1 … AA = 9; 222 = 10 … AAA = 22; anything else 0."""
    first = top.ranks[0]
    if top.category is Category.THREE_OF_A_KIND:
        return 10 + (first - Rank.TWO)
    if top.category is Category.PAIR and first >= Rank.SIX:
        return 1 + (first - Rank.SIX)
    return 0


def row_royalty(row: Row, cards: Sequence[Card]) -> int:
    """Royalty of one full row by O-6, regardless of fouling."""
    if row is Row.TOP:
        return top_royalty(evaluate_top_row(cards))
    hand = evaluate_high(cards)
    royal = hand.category is Category.STRAIGHT_FLUSH and hand.ranks[0] is Rank.ACE
    if row is Row.BOTTOM:
        return BOTTOM_ROYAL_FLUSH if royal else BOTTOM_ROYALTIES.get(hand.category, 0)
    return MIDDLE_ROYAL_FLUSH if royal else MIDDLE_ROYALTIES.get(hand.category, 0)


def board_royalties(board: Board) -> int:
    """All royalties of a finished board; a dead hand earns none (O-5)."""
    if is_fouled(board):
        return 0
    return sum(row_royalty(row, board.row(row)) for row in Row)
