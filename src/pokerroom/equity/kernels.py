"""Compiled equity loops: settle one board for every player, over all boards or random ones.

``holes`` is a (players, hole size) array of card indices; -1 marks a card to
be dealt at random (Monte Carlo only). ``board`` has room for five cards, the
first ``known`` given. Accumulators per player: outright wins, partial shares
(ties), the pot share and its square (for the standard error).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from pokerroom.evaluate.kernels import flush_suit, omaha_high, omaha_low

HOLDEM, OMAHA, OMAHA_HILO = 0, 1, 2


@nb.njit(cache=True, nogil=True, inline="always")
def _holdem_values(holes, board, tables, high):  # type: ignore[no-untyped-def]
    """E-4 for every player: the board is summed once, each hole adds two keys."""
    card_key = tables.card_key
    board_acc = 0
    for j in range(5):
        board_acc += card_key[board[j]]
    for p in range(holes.shape[0]):
        first, second = holes[p, 0], holes[p, 1]
        acc = board_acc + card_key[first] + card_key[second]
        suit = flush_suit(acc)
        if suit < 0:
            high[p] = tables.no_flush7[acc >> 16]
            continue
        ranks = 0
        for card in (first, second, board[0], board[1], board[2], board[3], board[4]):
            if card & 3 == suit:
                ranks |= 1 << (card >> 2)
        high[p] = tables.flush[ranks]


@nb.njit(cache=True, nogil=True, inline="always")
def _settle(game, holes, board, tables, high, low, wins, ties, share, share_sq):  # type: ignore[no-untyped-def]
    """Value every hand on a full board and add each player's pot share (P-2, P-7)."""
    players, n_hole = holes.shape
    if game == HOLDEM:
        _holdem_values(holes, board, tables, high)
    else:
        for p in range(players):
            high[p] = omaha_high(
                holes[p], n_hole, board, tables.card_key, tables.flush, tables.no_flush5
            )
            if game == OMAHA_HILO:
                low[p] = omaha_low(holes[p], n_hole, board, 5, tables.low_bit, tables.three_lowest)
    best_high, best_low = 0, 0
    for p in range(players):
        best_high = max(best_high, high[p])
        if game == OMAHA_HILO:
            best_low = max(best_low, low[p])
    high_winners, low_winners = 0, 0
    for p in range(players):
        high_winners += high[p] == best_high
        if best_low:
            low_winners += low[p] == best_low
    if high_winners == 1 and best_low == 0:
        for p in range(players):
            if high[p] == best_high:
                wins[p] += 1
                share[p] += 1.0
                share_sq[p] += 1.0
        return
    high_half = 0.5 if best_low else 1.0  # P-7: no qualifying low, the high scoops
    for p in range(players):
        part = 0.0
        if high[p] == best_high:
            part += high_half / high_winners
        if best_low and low[p] == best_low:
            part += 0.5 / low_winners
        if part == 1.0:
            wins[p] += 1
        elif part > 0.0:
            ties[p] += 1
        share[p] += part
        share_sq[p] += part * part


@nb.njit(cache=True, nogil=True)
def enumerate_boards(game, holes, board, known, rest, comb, steps, tables, acc):  # type: ignore[no-untyped-def]
    """Settle up to ``steps`` boards in lexicographic order from ``comb``; return how many.

    ``comb`` holds indices into ``rest`` (the undealt cards) and is advanced in
    place, so the caller can continue where a chunk ended.
    """
    wins, ties, share, share_sq = acc
    players = holes.shape[0]
    need = 5 - known
    high = np.zeros(players, dtype=np.int64)
    low = np.zeros(players, dtype=np.int64)
    n_rest = rest.shape[0]
    done = 0
    while done < steps:
        if need > 0 and comb[0] > n_rest - need:
            break
        for j in range(need):
            board[known + j] = rest[comb[j]]
        _settle(game, holes, board, tables, high, low, wins, ties, share, share_sq)
        done += 1
        if need == 0:
            comb[0] = n_rest + 1
            break
        i = need - 1
        while i > 0 and comb[i] == n_rest - need + i:
            i -= 1
        comb[i] += 1
        for j in range(i + 1, need):
            comb[j] = comb[j - 1] + 1
    return done


@nb.njit(cache=True, nogil=True, inline="always")
def next_random(state):  # type: ignore[no-untyped-def]
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return x * np.uint64(0x2545F4914F6CDD1D)


@nb.njit(cache=True, nogil=True, inline="always")
def _draw(pool, taken, state):  # type: ignore[no-untyped-def]
    """Swap a uniformly chosen undealt card of ``pool[taken:]`` to ``pool[taken]`` and return it."""
    span = np.uint64(pool.shape[0] - taken)
    pick = taken + np.int64(((next_random(state) >> np.uint64(32)) * span) >> np.uint64(32))
    card = pool[pick]
    pool[pick] = pool[taken]
    pool[taken] = card
    return card


@nb.njit(cache=True, nogil=True)
def sample_boards(game, holes, board, known, rest, trials, state, tables, acc):  # type: ignore[no-untyped-def]
    """Settle ``trials`` random deals of the missing board and hole cards (xorshift64*)."""
    wins, ties, share, share_sq = acc
    players, n_hole = holes.shape
    high = np.zeros(players, dtype=np.int64)
    low = np.zeros(players, dtype=np.int64)
    dealt = holes.copy()
    pool = rest.copy()
    for _ in range(trials):
        taken = 0
        for p in range(players):
            for h in range(n_hole):
                if holes[p, h] < 0:
                    dealt[p, h] = _draw(pool, taken, state)
                    taken += 1
        for j in range(known, 5):
            board[j] = _draw(pool, taken, state)
            taken += 1
        _settle(game, dealt, board, tables, high, low, wins, ties, share, share_sq)
