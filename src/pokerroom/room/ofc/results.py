"""A settled OFC hand as the results frame: points, fouls, royalties, every pair (O-5 … O-7).

Everything here is public once the round ends: every board is shown then (O-4), and the
discards, never named, are not in it (O-2).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.ofc import Board, HandResult, Row
from pokerroom.protocol.frames import OfcResultFrame, OfcRowsFrame


def rows_frame(board: Board) -> OfcRowsFrame:
    return {
        "top": [str(card) for card in board.row(Row.TOP)],
        "middle": [str(card) for card in board.row(Row.MIDDLE)],
        "bottom": [str(card) for card in board.row(Row.BOTTOM)],
    }


def result_frame(
    number: int,
    seats: Sequence[int],
    names: Sequence[str],
    result: HandResult,
    lines: Sequence[str],
) -> OfcResultFrame:
    """Hand ``number`` settled; ``seats`` and ``names`` by position."""
    return {
        "number": number,
        "players": [
            {
                "seat": seats[p],
                "name": names[p],
                "points": result.points[p],
                "fouled": result.fouled[p],  # O-1
                "royalties": result.royalties[p],  # O-6
                "surrendered": board is None,  # O-5
                "fantasy_next": result.fantasy_next[p],  # O-4
                "board": None if board is None else rows_frame(board),
            }
            for p, board in enumerate(result.boards)
        ],
        "pairs": [
            {
                "first": seats[pair.first],
                "second": seats[pair.second],
                "rows": pair.rows,
                "scoop": pair.scoop,
                "royalties": pair.royalties,
                "surrender": pair.surrender,
                "points": pair.points,
            }
            for pair in result.pairs  # O-7 order
        ],
        "lines": list(lines),
    }
