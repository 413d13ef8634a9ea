"""Exact all-in equity of every starting-hand class against every other (169 × 169).

Playing out each of the ~47,000 distinct heads-up match-ups over its 1.7 million
boards takes hours, so the enumeration is turned around: every five-card board
is dealt once, every two-card hand that misses it is valued with pokerroom's
own seven-card evaluator (E-4), and the hands are walked from weakest to
strongest while per-class counts pile up how many hands each one beats or ties.
Pairs of hands that share a card are taken back out (card removal). Classes do
not change when suits are renamed, so only one board of each suit pattern is
dealt, weighted by how many boards share it (about 134,000 instead of 2.6
million). The result is exact: ``equity[i, j]`` is class i's average share of
the pot against class j over every pair of disjoint hands and every board.
"""

from __future__ import annotations

import itertools
import math

import numba as nb
import numpy as np
import numpy.typing as npt

from pokerroom.bots.hand_classes import CLASSES, combo_table, pair_counts
from pokerroom.evaluate.kernels import high_of_cards, kernel_tables

BOARDS_PER_MATCHUP = math.comb(48, 5)
_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


@nb.njit(cache=True, nogil=True, inline="always")
def _board_code(cards):  # type: ignore[no-untyped-def]
    """Five distinct card indices → one integer, independent of their order (sorts in place)."""
    for i in range(1, 5):
        card, j = cards[i], i - 1
        while j >= 0 and cards[j] > card:
            cards[j + 1] = cards[j]
            j -= 1
        cards[j + 1] = card
    code = 0
    for k in range(5):
        code = code * 64 + cards[k]
    return code


@nb.njit(cache=True, nogil=True)
def _canonical_codes(permutations):  # type: ignore[no-untyped-def]
    """For every board, the smallest code among its suit renamings."""
    codes = np.empty(2_598_960, dtype=np.int64)
    board = np.empty(5, dtype=np.int64)
    renamed = np.empty(5, dtype=np.int64)
    n = 0
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        board[0], board[1], board[2], board[3], board[4] = a, b, c, d, e
                        best = -1
                        for p in range(permutations.shape[0]):
                            for k in range(5):
                                renamed[k] = (board[k] & ~3) | permutations[p, board[k] & 3]
                            code = _board_code(renamed)
                            if best < 0 or code < best:
                                best = code
                        codes[n] = best
                        n += 1
    return codes


def canonical_boards() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """One board of each suit pattern (rows of five card indices) and how many it stands for."""
    codes, weights = np.unique(_canonical_codes(_PERMUTATIONS), return_counts=True)
    boards = np.empty((codes.shape[0], 5), dtype=np.int64)
    rest = codes.copy()
    for k in range(4, -1, -1):
        boards[:, k] = rest % 64
        rest //= 64
    return boards, weights.astype(np.int64)


@nb.njit(cache=True, nogil=True)
def _accumulate(boards, weights, combo_cards, combo_class, tables, doubled_wins):  # type: ignore[no-untyped-def]
    """Add, for every board, twice the wins plus the ties of each class against each class."""
    classes = doubled_wins.shape[0]
    combos = combo_cards.shape[0]
    seven = np.empty(7, dtype=np.int64)
    value = np.empty(combos, dtype=np.int64)
    live = np.empty(combos, dtype=np.int64)
    below = np.zeros(classes, dtype=np.int64)
    group = np.zeros(classes, dtype=np.int64)
    seen = np.empty(classes, dtype=np.int64)
    by_card = np.empty((52, 52), dtype=np.int64)
    by_card_count = np.zeros(52, dtype=np.int64)
    for n in range(boards.shape[0]):
        weight = weights[n]
        on_board = 0
        for k in range(5):
            seven[k] = boards[n, k]
            on_board |= np.int64(1) << boards[n, k]
        count = 0
        by_card_count[:] = 0
        for h in range(combos):
            first, second = combo_cards[h, 0], combo_cards[h, 1]
            if (on_board >> first) & 1 or (on_board >> second) & 1:
                continue
            seven[5], seven[6] = first, second
            value[h] = high_of_cards(seven, 7, tables.card_key, tables.flush, tables.no_flush7)
            live[count] = h
            count += 1
            by_card[first, by_card_count[first]] = h
            by_card_count[first] += 1
            by_card[second, by_card_count[second]] = h
            by_card_count[second] += 1
        order = live[:count][np.argsort(value[live[:count]], kind="mergesort")]
        below[:] = 0
        start = 0
        while start < count:
            stop = start
            distinct = 0
            while stop < count and value[order[stop]] == value[order[start]]:
                cls = combo_class[order[stop]]
                if group[cls] == 0:
                    seen[distinct] = cls
                    distinct += 1
                group[cls] += 1
                stop += 1
            for k in range(distinct):
                cls = seen[k]
                members = group[cls]
                for j in range(classes):
                    doubled_wins[cls, j] += weight * members * (2 * below[j] + group[j])
                doubled_wins[cls, cls] -= weight * members  # a hand does not tie itself
            for k in range(distinct):
                below[seen[k]] += group[seen[k]]
                group[seen[k]] = 0
            start = stop
        for card in range(52):  # hands sharing a card never meet: take their pairs back out
            for x in range(by_card_count[card]):
                hx = by_card[card, x]
                for y in range(by_card_count[card]):
                    hy = by_card[card, y]
                    if hx == hy:
                        continue
                    if value[hx] > value[hy]:
                        doubled_wins[combo_class[hx], combo_class[hy]] -= 2 * weight
                    elif value[hx] == value[hy]:
                        doubled_wins[combo_class[hx], combo_class[hy]] -= weight


def equity_matrix(boards_limit: int | None = None) -> npt.NDArray[np.float64]:
    """``[i, j]``: class i's exact all-in equity against class j (ties split).

    ``boards_limit`` deals only the first that many board patterns (for a quick
    smoke run; the result is then not an equity).
    """
    boards, weights = canonical_boards()
    if boards_limit is not None:
        boards, weights = boards[:boards_limit], weights[:boards_limit]
    cards, classes = combo_table()
    doubled_wins = np.zeros((CLASSES, CLASSES), dtype=np.int64)
    _accumulate(boards, weights, cards, classes, kernel_tables(), doubled_wins)
    meetings = pair_counts() * BOARDS_PER_MATCHUP
    return doubled_wins / (2 * meetings)
