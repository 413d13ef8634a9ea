"""Pairwise settlement (O-5, O-6, O-7): rows, scoops, royalties, dead hands and surrender.

Each pair of players settles on its own; what one wins the other loses, so all
points sum to zero.

>>> from pokerroom.ofc.rows import Board
>>> strong = Board.of("As Ad Ac 2s 2d", "Ks Kd 3c 4s 5d", "Qs Qd 7c")
>>> weak = Board.of("Ts Td 8c 6s 4d", "9s 9d 3d 4h 5h", "Jh 8d 7d")
>>> settle_pair(strong, weak).points  # scoop 6 + royalties 6 + 7
19
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.ofc.rows import Board, Row, compare_row, is_fouled
from pokerroom.ofc.royalties import board_royalties

SCOOP_BONUS = 3  # O-5: three rows + 3 = 6 for a scoop
SURRENDER_COST = 2  # O-5


@dataclass(frozen=True, slots=True)
class PairSettlement:
    """The settlement of players ``first`` and ``second``; ``points`` go to ``first``."""

    first: int
    second: int
    rows: int
    scoop: int
    royalties: int
    surrender: int

    @property
    def points(self) -> int:
        return self.rows + self.scoop + self.royalties + self.surrender


def settle_pair(
    mine: Board | None, theirs: Board | None, first: int = 0, second: int = 1
) -> PairSettlement:
    """Settle two players; ``None`` is a surrendered hand (O-5)."""
    if mine is None or theirs is None:
        # O-5 interpretation: the surrenderer pays 2 to each opponent who did not surrender.
        surrender = (mine is not None) - (theirs is not None)
        return PairSettlement(first, second, 0, 0, 0, SURRENDER_COST * surrender)
    dead_mine, dead_theirs = is_fouled(mine), is_fouled(theirs)
    if dead_mine and dead_theirs:
        return PairSettlement(first, second, 0, 0, 0, 0)  # O-5: two dead hands score 0
    if dead_mine or dead_theirs:
        results = [-1 if dead_mine else 1] * 3  # O-5: a dead hand loses all three rows
    else:
        results = [compare_row(row, mine, theirs) for row in Row]
    rows = sum(results)
    scoop = SCOOP_BONUS if rows == 3 else -SCOOP_BONUS if rows == -3 else 0
    royalties = board_royalties(mine) - board_royalties(theirs)  # O-6: net; dead earns 0
    return PairSettlement(first, second, rows, scoop, royalties, 0)


def settlement_pairs(players: int) -> list[tuple[int, int]]:
    """O-7: 1–2, 1–3, then 2–3 (positions from 0, the button last)."""
    return [(a, b) for a in range(players) for b in range(a + 1, players)]


def settle(boards: Sequence[Board | None]) -> tuple[list[int], list[PairSettlement]]:
    """Points per position and the pair settlements in O-7 order; points sum to zero."""
    points = [0] * len(boards)
    pairs = []
    for a, b in settlement_pairs(len(boards)):
        pair = settle_pair(boards[a], boards[b], a, b)
        points[a] += pair.points
        points[b] -= pair.points
        pairs.append(pair)
    return points, pairs
