"""Compiled (numba) building blocks that evaluate one hand inside a hot loop.

Cards are dense indices (``rank * 4 + suit``). A hand's cards are added up
through ``card_key``: the rank keys land above bit 16 and each card adds one
to its suit's 4-bit counter below, so after the sum a flush shows as a counter
of five or more (adding 3 sets the counter's top bit) and everything else is
one read of the no-flush table. Lows use an 8-bit rank set (ace = bit 0).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numba as nb
import numpy as np

from pokerroom.evaluate.tables import I64Array as IntArray
from pokerroom.evaluate.tables import U16Array, build

SUIT_COUNTERS = 0xFFFF
FLUSH_PROBE = 0x3333
FLUSH_BITS = 0x8888


def low_bits() -> IntArray:
    """Card index → its 8-bit low-rank bit (ace = 1, deuce = 2 … eight = 128), 0 above eight."""
    bits = np.zeros(52, dtype=np.int64)
    for index in range(52):
        rank = index // 4
        if rank == 12:
            bits[index] = 1
        elif rank <= 6:
            bits[index] = 1 << (rank + 1)
    return bits


def three_lowest() -> IntArray:
    """8-bit rank set → its three lowest ranks, 0 when it has fewer than three."""
    table = np.zeros(256, dtype=np.int64)
    for ranks in range(256):
        bits = [b for b in range(8) if ranks >> b & 1][:3]
        if len(bits) == 3:
            table[ranks] = sum(1 << b for b in bits)
    return table


@nb.njit(cache=True, nogil=True, inline="always")
def flush_suit(acc: int) -> int:
    """The suit holding five or more of the summed cards, or -1."""
    probe = (acc + FLUSH_PROBE) & FLUSH_BITS
    if probe == 0:
        return -1
    suit = 0
    while not probe & 0x8:
        probe >>= 4
        suit += 1
    return suit


@nb.njit(cache=True, nogil=True, inline="always")
def high_of_cards(cards, count, card_key, flush, no_flush):  # type: ignore[no-untyped-def]
    """Strength of the best five of ``cards[:count]`` (5–7 cards, E-4)."""
    acc = 0
    for j in range(count):
        acc += card_key[cards[j]]
    suit = flush_suit(acc)
    if suit < 0:
        return no_flush[min(acc >> 16, no_flush.shape[0] - 1)]  # clamped: bad rows cannot crash
    ranks = 0
    for j in range(count):
        card = cards[j]
        if card & 3 == suit:
            ranks |= 1 << (card >> 2)
    return flush[ranks]


@nb.njit(cache=True, nogil=True, inline="always")
def omaha_high(hole, n_hole, board, card_key, flush, no_flush5):  # type: ignore[no-untyped-def]
    """Best strength with exactly two of ``hole[:n_hole]`` and three of a 5-card board (E-5)."""
    triple_acc = np.empty(10, dtype=np.int64)
    triple_ranks = np.empty(10, dtype=np.int64)
    t = 0
    for a in range(3):
        for b in range(a + 1, 4):
            for c in range(b + 1, 5):
                triple_acc[t] = card_key[board[a]] + card_key[board[b]] + card_key[board[c]]
                triple_ranks[t] = (
                    (1 << (board[a] >> 2)) | (1 << (board[b] >> 2)) | (1 << (board[c] >> 2))
                )
                t += 1
    best = 0
    for a in range(n_hole - 1):
        for b in range(a + 1, n_hole):
            pair_acc = card_key[hole[a]] + card_key[hole[b]]
            pair_ranks = (1 << (hole[a] >> 2)) | (1 << (hole[b] >> 2))
            for t in range(10):
                acc = pair_acc + triple_acc[t]
                if (acc + FLUSH_PROBE) & FLUSH_BITS:
                    value = flush[pair_ranks | triple_ranks[t]]
                else:
                    value = no_flush5[acc >> 16]
                best = max(best, value)
    return best


@nb.njit(cache=True, nogil=True, inline="always")
def omaha_low(hole, n_hole, board, n_board, low_bit, three_lowest):  # type: ignore[no-untyped-def]
    """Best eight-or-better low (E-6, E-7) as a strength 255 - rank set; 0 when none."""
    board_ranks = 0
    for j in range(n_board):
        board_ranks |= low_bit[board[j]]
    best = 0
    for a in range(n_hole - 1):
        first = low_bit[hole[a]]
        if first == 0:
            continue
        for b in range(a + 1, n_hole):
            second = low_bit[hole[b]]
            if not second or second == first:
                continue
            pair = first | second
            rest = three_lowest[board_ranks & ~pair]
            if rest:
                best = max(best, 255 - (pair | rest))
    return best


class KernelTables(NamedTuple):
    """The arrays every kernel reads, passed in as one argument (numba takes named tuples)."""

    card_key: IntArray
    flush: U16Array
    no_flush5: U16Array
    no_flush6: U16Array
    no_flush7: U16Array
    low_bit: IntArray
    three_lowest: IntArray


@functools.cache
def kernel_tables() -> KernelTables:
    """Build (once) the arrays for the compiled kernels."""
    tables = build()
    return KernelTables(tables.card_key, tables.flush, *tables.no_flush, low_bits(), three_lowest())
