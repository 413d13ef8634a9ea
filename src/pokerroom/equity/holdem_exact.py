"""Exact Hold'em equity by nested loops over the missing board cards.

Each loop level adds one card's key to a running sum, so a board costs one
addition plus two per player, and results are kept as integer counts: outright
wins, and splits by the number of players sharing (turned into pot shares once
at the end). Chunks are ranges of the first missing card, so the caller can
show progress between them.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from pokerroom.evaluate.kernels import flush_suit


@nb.njit(cache=True, nogil=True, inline="always")
def _high(acc, first, second, board, no_flush7, flush):  # type: ignore[no-untyped-def]
    suit = flush_suit(acc)
    if suit < 0:
        return no_flush7[acc >> 16]
    ranks = 0
    for card in (first, second, board[0], board[1], board[2], board[3], board[4]):
        if card & 3 == suit:
            ranks |= 1 << (card >> 2)
    return flush[ranks]


@nb.njit(cache=True, nogil=True, inline="always")
def _settle(board_acc, board, holes, hole_acc, no_flush7, flush, high, wins, splits):  # type: ignore[no-untyped-def]
    best, count, winner = 0, 0, 0
    for p in range(holes.shape[0]):
        value = _high(board_acc + hole_acc[p], holes[p, 0], holes[p, 1], board, no_flush7, flush)
        high[p] = value
        if value > best:
            best, count, winner = value, 1, p
        elif value == best:
            count += 1
    if count == 1:
        wins[winner] += 1
        return
    for p in range(holes.shape[0]):
        if high[p] == best:
            splits[p, count] += 1


@nb.njit(cache=True, nogil=True)
def holdem_exact(holes, board, known, rest, first_from, first_to, tables, wins, splits):  # type: ignore[no-untyped-def]
    """Settle every board whose first missing card is in ``rest[first_from:first_to]``.

    ``wins[p]`` counts boards ``p`` wins alone; ``splits[p, k]`` boards he shares
    with ``k - 1`` others. Returns the number of boards settled.
    """
    card_key, no_flush7, flush = tables.card_key, tables.no_flush7, tables.flush
    players = holes.shape[0]
    hole_acc = np.empty(players, dtype=np.int64)
    for p in range(players):
        hole_acc[p] = card_key[holes[p, 0]] + card_key[holes[p, 1]]
    high = np.empty(players, dtype=np.int64)
    base = 0
    for j in range(known):
        base += card_key[board[j]]
    need = 5 - known
    n = rest.shape[0]
    if need == 0:
        _settle(base, board, holes, hole_acc, no_flush7, flush, high, wins, splits)
        return 1
    done = 0
    for a in range(first_from, first_to):
        board[known] = rest[a]
        acc_a = base + card_key[rest[a]]
        if need == 1:
            _settle(acc_a, board, holes, hole_acc, no_flush7, flush, high, wins, splits)
            done += 1
            continue
        for b in range(a + 1, n):
            board[known + 1] = rest[b]
            acc_b = acc_a + card_key[rest[b]]
            if need == 2:
                _settle(acc_b, board, holes, hole_acc, no_flush7, flush, high, wins, splits)
                done += 1
                continue
            for c in range(b + 1, n):
                board[known + 2] = rest[c]
                acc_c = acc_b + card_key[rest[c]]
                if need == 3:
                    _settle(acc_c, board, holes, hole_acc, no_flush7, flush, high, wins, splits)
                    done += 1
                    continue
                for d in range(c + 1, n):
                    board[known + 3] = rest[d]
                    acc_d = acc_c + card_key[rest[d]]
                    if need == 4:
                        _settle(acc_d, board, holes, hole_acc, no_flush7, flush, high, wins, splits)
                        done += 1
                        continue
                    for e in range(d + 1, n):
                        board[4] = rest[e]
                        acc_e = acc_d + card_key[rest[e]]
                        _settle(acc_e, board, holes, hole_acc, no_flush7, flush, high, wins, splits)
                        done += 1
    return done
