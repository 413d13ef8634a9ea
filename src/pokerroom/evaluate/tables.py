"""Lookup tables for high hands, built once per process in a few tens of milliseconds.

Every five-card hand class gets a *strength* from 1 (seven-high) to 7,462
(royal flush); higher is better and equal hands share a strength (E-1 … E-3).

Hands without a flush are looked up by the sum of per-rank keys: the keys are
chosen so that any multiset of at most seven ranks (each rank at most four
times) has a distinct sum among multisets of its size, so one addition per card
and one table read give the strength. Flushes are looked up by the 13-bit mask
of the ranks in the flush suit. The rank keys are the published ones of Kenneth
Shackleton's SKPokerEval; :func:`build` checks their uniqueness itself.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.evaluate.categories import Category, straight_top

RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
FLUSH_BITS = 13  # low bits of a packed suit entry that carry a flush strength
MIN_CARDS, MAX_CARDS = 5, 7

HandClass = tuple[Category, tuple[int, ...]]
U16Array = npt.NDArray[np.uint16]
I64Array = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Tables:
    """Everything the high-hand evaluators read; arrays are never written after build."""

    classes: tuple[HandClass, ...]
    """Index ``strength - 1`` → (category, defining ranks high to low)."""
    flush: U16Array
    """13-bit rank mask of one suit → strength of its best flush, 0 under five cards."""
    no_flush: tuple[U16Array, U16Array, U16Array]
    """For 5, 6 and 7 cards: rank-key sum → strength ignoring flushes."""
    suit_entry: tuple[int, ...]
    """13-bit rank mask of one suit → rank-key sum << 13 | flush strength."""
    card_key: I64Array
    """Card index → rank key << 16 | 1 << (4 * suit), for adding cards up in batch."""


def _five_card_classes() -> list[HandClass]:
    classes: list[tuple[Category, tuple[int, ...]]] = []
    for ranks in itertools.combinations(range(12, -1, -1), 5):
        top = straight_top(sum(1 << r for r in ranks))
        if top >= 0:
            classes += [(Category.STRAIGHT_FLUSH, (top,)), (Category.STRAIGHT, (top,))]
        else:
            classes += [(Category.FLUSH, ranks), (Category.HIGH_CARD, ranks)]
    for big, small in itertools.permutations(range(12, -1, -1), 2):
        classes += [(Category.FOUR_OF_A_KIND, (big, small)), (Category.FULL_HOUSE, (big, small))]
    for trips in range(13):  # the same rank is also the pair of the pair hands
        others = [r for r in range(12, -1, -1) if r != trips]
        for kickers in itertools.combinations(others, 2):
            classes.append((Category.THREE_OF_A_KIND, (trips, *kickers)))
        for pair_kickers in itertools.combinations(others, 3):
            classes.append((Category.PAIR, (trips, *pair_kickers)))
    for high, low in itertools.combinations(range(12, -1, -1), 2):
        for kicker in (r for r in range(12, -1, -1) if r not in (high, low)):
            classes.append((Category.TWO_PAIR, (high, low, kicker)))
    return sorted(classes)


def _rank_counts(hand_class: HandClass) -> dict[int, int]:
    category, ranks = hand_class
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = ranks[0]
        return {(12 if r < 0 else r): 1 for r in range(top - 4, top + 1)}
    multiplicities: tuple[int, ...] = {
        Category.FOUR_OF_A_KIND: (4, 1),
        Category.FULL_HOUSE: (3, 2),
        Category.THREE_OF_A_KIND: (3, 1, 1),
        Category.TWO_PAIR: (2, 2, 1),
        Category.PAIR: (2, 1, 1, 1),
    }.get(category, (1, 1, 1, 1, 1))
    return dict(zip(ranks, multiplicities, strict=True))


def _flush_table(strength_of: dict[HandClass, int]) -> U16Array:
    table = np.zeros(1 << 13, dtype=np.uint16)
    masks = np.arange(1 << 13)
    popcount = np.array([m.bit_count() for m in range(1 << 13)])
    for mask in np.flatnonzero(popcount == 5):
        ranks = tuple(r for r in range(12, -1, -1) if mask >> r & 1)
        top = straight_top(int(mask))
        key = (Category.STRAIGHT_FLUSH, (top,)) if top >= 0 else (Category.FLUSH, ranks)
        table[mask] = strength_of[key]
    for size in range(6, 14):
        level = masks[popcount == size]
        best = np.zeros(len(level), dtype=np.uint16)
        for rank in range(13):
            bit = 1 << rank
            has = (level & bit) != 0
            best = np.where(has, np.maximum(best, table[level & ~bit]), best)
        table[level] = best
    return table


def _no_flush_tables(classes: list[HandClass]) -> tuple[U16Array, U16Array, U16Array]:
    keys = np.array(RANK_KEYS, dtype=np.int64)
    powers = 5 ** np.arange(13, dtype=np.int64)
    codes, sums, values = [], [], []
    for strength, hand_class in enumerate(classes, start=1):
        if hand_class[0] in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            continue
        counts = _rank_counts(hand_class)
        codes.append(sum(int(powers[r]) * c for r, c in counts.items()))
        sums.append(sum(RANK_KEYS[r] * c for r, c in counts.items()))
        values.append(strength)
    code = np.array(codes, dtype=np.int64)
    key_sum = np.array(sums, dtype=np.int64)
    table = np.zeros(int(key_sum.max()) + 1, dtype=np.uint16)
    table[key_sum] = values
    tables = [table]
    for _ in range(MIN_CARDS + 1, MAX_CARDS + 1):
        digits = code[:, None] // powers[None, :] % 5
        room = digits < 4
        code = np.unique((code[:, None] + powers[None, :])[room])
        digits = code[:, None] // powers[None, :] % 5
        key_sum = digits @ keys
        if len(np.unique(key_sum)) != len(code):
            raise AssertionError("rank keys collide; the no-flush table would be wrong")
        previous = tables[-1]
        candidates = np.where(
            digits > 0, previous[np.clip(key_sum[:, None] - keys, 0, len(previous) - 1)], 0
        )
        table = np.zeros(int(key_sum.max()) + 1, dtype=np.uint16)
        table[key_sum] = candidates.max(axis=1)
        tables.append(table)
    return tables[0], tables[1], tables[2]


@functools.cache
def build() -> Tables:
    """Build (once) and return the tables."""
    classes = _five_card_classes()
    strength_of = {hand_class: i for i, hand_class in enumerate(classes, start=1)}
    flush = _flush_table(strength_of)
    rank_sum = [sum(RANK_KEYS[r] for r in range(13) if m >> r & 1) for m in range(1 << 13)]
    suit_entry = tuple(
        (rank_sum[m] << FLUSH_BITS) | int(flush[m]) if m.bit_count() >= 5 else rank_sum[m] << 13
        for m in range(1 << 13)
    )
    card_key = np.array(
        [(RANK_KEYS[i // 4] << 16) | (1 << (4 * (i % 4))) for i in range(52)], dtype=np.int64
    )
    return Tables(
        classes=tuple(classes),
        flush=flush,
        no_flush=_no_flush_tables(classes),
        suit_entry=suit_entry,
        card_key=card_key,
    )
