"""Compiled loops of the reader: a holding's strength on random run-outs, and the pot share
of the bot's own hand against one hand drawn from each opponent's range per trial.

A hand is an array of card indices of its final size: a card still to come is
:data:`~pokerroom.bots.reading.game.FUTURE`. Boards are rows of five. Cards
are drawn from ``rest`` (every card the bot has not seen) skipping the ones in
``used``, a 52-bit mask, so no card appears twice in one deal.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from pokerroom.equity.kernels import next_random
from pokerroom.evaluate.kernels import high_of_cards, omaha_high, omaha_low

FLOP, OMAHA, STUD = 0, 1, 2


@nb.njit(cache=True, nogil=True, inline="always")
def _below(state, span):  # type: ignore[no-untyped-def]
    """A random whole number 0 … span - 1."""
    return np.int64(((next_random(state) >> np.uint64(32)) * np.uint64(span)) >> np.uint64(32))


@nb.njit(cache=True, nogil=True, inline="always")
def _fresh(rest, used, state):  # type: ignore[no-untyped-def]
    """A card of ``rest`` not in ``used``; any card of ``rest`` when none is left (eight
    Stud players can need more cards than the deck has: the simulation then reuses one)."""
    for _ in range(64):
        card = rest[_below(state, rest.shape[0])]
        if not (used >> card) & 1:
            return card
    for card in rest:
        if not (used >> card) & 1:
            return card
    return rest[0]


@nb.njit(cache=True, nogil=True, inline="always")
def _stud_low(cards, low_bit):  # type: ignore[no-untyped-def]
    """Eight-or-better low of any five of seven cards as 255 - rank set, 0 when none."""
    ranks = 0
    for j in range(cards.shape[0]):
        ranks |= low_bit[cards[j]]
    chosen, count = 0, 0
    for bit in range(8):
        if ranks >> bit & 1 and count < 5:
            chosen |= 1 << bit
            count += 1
    return 255 - chosen if count == 5 else 0


@nb.njit(cache=True, nogil=True, inline="always")
def _values(kind, hi_lo, hand, board, buffer, tables):  # type: ignore[no-untyped-def]
    """(high, low) of a complete hand on a complete board (low 0 without a split)."""
    low = 0
    if kind == FLOP:
        buffer[0], buffer[1] = hand[0], hand[1]
        for j in range(5):
            buffer[2 + j] = board[j]
        high = high_of_cards(buffer, 7, tables.card_key, tables.flush, tables.no_flush7)
    elif kind == OMAHA:
        high = omaha_high(
            hand, hand.shape[0], board, tables.card_key, tables.flush, tables.no_flush5
        )
        if hi_lo:
            low = omaha_low(hand, hand.shape[0], board, 5, tables.low_bit, tables.three_lowest)
    elif kind == STUD:
        high = high_of_cards(hand, 7, tables.card_key, tables.flush, tables.no_flush7)
        if hi_lo:
            low = _stud_low(hand, tables.low_bit)
    else:
        high = high_of_cards(hand, 5, tables.card_key, tables.flush, tables.no_flush5)
    return high, low


@nb.njit(cache=True, nogil=True)
def strengths(kind, hands, weights, present, board, known, used, rest, runs, seed, tables):  # type: ignore[no-untyped-def]
    """Each hand's mean high value over ``runs`` random completions.

    Slots from ``present`` on, FUTURE slots, and board cards from ``known`` on are dealt at random
    (what was still to come when the hand acted); hands of weight 0 are skipped.
    """
    state = np.array([np.uint64(seed) | np.uint64(1)], dtype=np.uint64)
    count, size = hands.shape
    out = np.zeros(count, dtype=np.float64)
    hand = np.empty(size, dtype=np.int64)
    full = np.empty(5, dtype=np.int64)
    buffer = np.empty(7, dtype=np.int64)
    for i in range(count):
        if weights[i] <= 0.0:
            continue
        mine = used
        for j in range(present):
            if hands[i, j] >= 0:
                mine |= np.int64(1) << hands[i, j]
        for j in range(known):
            full[j] = board[j]
        total = 0.0
        for _ in range(runs):
            taken = mine
            for j in range(size):
                if j < present and hands[i, j] >= 0:
                    hand[j] = hands[i, j]
                else:
                    hand[j] = _fresh(rest, taken, state)
                    taken |= np.int64(1) << hand[j]
            for j in range(known, 5):
                full[j] = _fresh(rest, taken, state)
                taken |= np.int64(1) << full[j]
            high, _low = _values(kind, False, hand, full, buffer, tables)
            total += high
        out[i] = total / runs
    return out


@nb.njit(cache=True, nogil=True)
def _pick(cumulative, count, state):  # type: ignore[no-untyped-def]
    """An index drawn with probability proportional to its weight (binary search)."""
    target = (np.float64(next_random(state) >> np.uint64(11)) / 9007199254740992.0) * cumulative[
        count - 1
    ]
    low, high = 0, count - 1
    while low < high:
        middle = (low + high) // 2
        if cumulative[middle] > target:
            high = middle
        else:
            low = middle + 1
    return low


@nb.njit(cache=True, nogil=True)
def pot_share(  # type: ignore[no-untyped-def]
    kind, hi_lo, mine, ranges, cumulative, counts, boards, used, rest, trials, seed, tables
):
    """The bot's mean share of the pot: its hand ``mine`` against one hand per opponent.

    ``ranges[k]`` holds opponent k's candidate hands (``counts[k]`` of them), drawn by
    their ``cumulative`` weights; a deal whose hands share a card is drawn again (a few
    times, then the clashing opponent gets random cards). ``boards`` rows have the
    cards to come as FUTURE (Stud and Draw: one row, unused); the pot is split evenly
    between the boards (P-8).
    """
    state = np.array([np.uint64(seed) | np.uint64(1)], dtype=np.uint64)
    opponents = ranges.shape[0]
    size = mine.shape[0]
    n_boards = boards.shape[0]
    hands = np.empty((opponents + 1, size), dtype=np.int64)
    full = boards.copy()
    buffer = np.empty(7, dtype=np.int64)
    high = np.zeros(opponents + 1, dtype=np.int64)
    low = np.zeros(opponents + 1, dtype=np.int64)
    total = 0.0
    for _ in range(trials):
        taken = used
        for k in range(opponents):
            row = -1
            for _attempt in range(8):
                candidate = _pick(cumulative[k], counts[k], state)
                clash = False
                for j in range(size):
                    card = ranges[k, candidate, j]
                    if card >= 0 and ((taken & ~used) >> card) & 1:  # his up cards are seen
                        clash = True
                        break
                if not clash:
                    row = candidate
                    break
            for j in range(size):
                card = ranges[k, row, j] if row >= 0 else -2
                if card == -1 or (row < 0 and card < 0):
                    card = -2
                hands[k + 1, j] = card
                if card >= 0:
                    taken |= np.int64(1) << card
        for j in range(size):
            hands[0, j] = mine[j]
        for p in range(opponents + 1):
            for j in range(size):
                if hands[p, j] < 0:
                    hands[p, j] = _fresh(rest, taken, state)
                    taken |= np.int64(1) << hands[p, j]
        for b in range(n_boards):
            for j in range(5):
                if boards[b, j] < 0:
                    full[b, j] = _fresh(rest, taken, state)
                    taken |= np.int64(1) << full[b, j]
        for b in range(n_boards):
            for p in range(opponents + 1):
                high[p], low[p] = _values(kind, hi_lo, hands[p], full[b], buffer, tables)
            best_high, best_low = 0, 0
            for p in range(opponents + 1):
                best_high = max(best_high, high[p])
                best_low = max(best_low, low[p])
            high_winners, low_winners = 0, 0
            for p in range(opponents + 1):
                high_winners += high[p] == best_high
                low_winners += low[p] == best_low
            part = 1.0 / n_boards
            if best_low > 0:
                total += part * 0.5 * ((high[0] == best_high) / high_winners)
                total += part * 0.5 * ((low[0] == best_low) / low_winners)
            else:
                total += part * ((high[0] == best_high) / high_winners)
    return total / trials


def warm_up() -> None:
    """Load (or compile) both kernels once, so no player's decision waits for it."""
    from pokerroom.evaluate.kernels import kernel_tables

    tables = kernel_tables()
    hands = np.array([[0, 1, 2, 3, -2, -2, -2]], dtype=np.int64)
    rest = np.arange(4, 52, dtype=np.int64)
    board = np.zeros(5, dtype=np.int64)
    strengths(STUD, hands, np.ones(1), 4, board, 5, np.int64(15), rest, 1, 1, tables)
    mine = np.array([4, 5, 6, 7, -2, -2, -2], dtype=np.int64)
    pot_share(
        STUD, False, mine, hands[None], np.ones((1, 1)), np.ones(1, dtype=np.int64),
        board[None], np.int64(255), rest, 1, 1, tables,
    )  # fmt: skip
