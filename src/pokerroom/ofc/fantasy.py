"""Fantasyland (O-4): who earns 14 cards at once for the next hand.

>>> from pokerroom.ofc.rows import Board
>>> earns_fantasy(Board.of("As Ad Ac 2s 2d", "Ks Kd 3c 4s 5d", "Qs Qd 7c"), in_fantasy=False)
True
>>> earns_fantasy(Board.of("As Ad Ac 2s 2d", "Ks Kd 3c 4s 5d", "Qs Qd 7c"), in_fantasy=True)
False
"""

from __future__ import annotations

from pokerroom.cards import Rank
from pokerroom.evaluate.categories import Category
from pokerroom.evaluate.high import evaluate_high
from pokerroom.evaluate.toprow import evaluate_top_row
from pokerroom.ofc.rows import Board, is_fouled


def earns_fantasy(board: Board, *, in_fantasy: bool) -> bool:
    """O-4: entry with QQ+ on top; a repeat needs trips on top or quads+ on the bottom."""
    if not board.complete or is_fouled(board):
        return False  # O-4: only a hand that is not dead
    top = evaluate_top_row(board.top)
    if top.category is Category.THREE_OF_A_KIND:
        return True
    if in_fantasy:
        return evaluate_high(board.bottom).category >= Category.FOUR_OF_A_KIND
    return top.category is Category.PAIR and top.ranks[0] >= Rank.QUEEN
