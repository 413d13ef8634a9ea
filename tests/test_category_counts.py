"""E-1: exhaustive category counts over every 5-, 6- and 7-card hand.

Every hand of the 52-card deck is evaluated and its strength mapped to its
category (categories are contiguous strength ranges of the 7,462 hand classes).
The counts are the well-known combinatorial ones, so a single misranked hand
anywhere in the tables or kernels changes at least one of them.
"""

from __future__ import annotations

import itertools
import math

import numba as nb
import numpy as np
import numpy.typing as npt
import pytest

from pokerroom.evaluate.batch import evaluate_high_batch
from pokerroom.evaluate.categories import Category
from pokerroom.evaluate.kernels import high_of_cards, kernel_tables
from pokerroom.evaluate.tables import build

Counts = dict[Category, int]

CLASSES_PER_CATEGORY: Counts = {
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1_277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.PAIR: 2_860,
    Category.HIGH_CARD: 1_277,
}

FIVE_CARD_COUNTS: Counts = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

SIX_CARD_COUNTS: Counts = {
    Category.STRAIGHT_FLUSH: 1_844,
    Category.FOUR_OF_A_KIND: 14_664,
    Category.FULL_HOUSE: 165_984,
    Category.FLUSH: 205_792,
    Category.STRAIGHT: 361_620,
    Category.THREE_OF_A_KIND: 732_160,
    Category.TWO_PAIR: 2_532_816,
    Category.PAIR: 9_730_740,
    Category.HIGH_CARD: 6_612_900,
}

SEVEN_CARD_COUNTS: Counts = {
    Category.STRAIGHT_FLUSH: 41_584,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}

DISTINCT_STRENGTHS = {5: 7_462, 6: 6_075, 7: 4_824}


def _category_of_strength() -> npt.NDArray[np.int64]:
    """Strength (1 … 7,462) → category number; index 0 is unused (-1)."""
    classes = build().classes
    table = np.full(len(classes) + 1, -1, dtype=np.int64)
    table[1:] = [int(category) for category, _ in classes]
    return table


def _category_counts(histogram: npt.NDArray[np.int64]) -> Counts:
    per_category = np.bincount(
        _category_of_strength()[1:], weights=histogram[1:], minlength=len(Category)
    )
    return {category: int(per_category[category]) for category in Category}


@nb.njit(nogil=True)
def _histogram_six(card_key, flush, no_flush6):  # type: ignore[no-untyped-def]
    """Histogram of the strengths of all C(52, 6) hands, through the real kernel."""
    histogram = np.zeros(7463, dtype=np.int64)
    cards = np.empty(6, dtype=np.int64)
    for a in range(47):
        cards[0] = a
        for b in range(a + 1, 48):
            cards[1] = b
            for c in range(b + 1, 49):
                cards[2] = c
                for d in range(c + 1, 50):
                    cards[3] = d
                    for e in range(d + 1, 51):
                        cards[4] = e
                        for f in range(e + 1, 52):
                            cards[5] = f
                            histogram[high_of_cards(cards, 6, card_key, flush, no_flush6)] += 1
    return histogram


@nb.njit(nogil=True)
def _histogram_seven(card_key, flush, no_flush7):  # type: ignore[no-untyped-def]
    """Histogram of the strengths of all C(52, 7) hands, through the real kernel."""
    histogram = np.zeros(7463, dtype=np.int64)
    cards = np.empty(7, dtype=np.int64)
    for a in range(46):
        cards[0] = a
        for b in range(a + 1, 47):
            cards[1] = b
            for c in range(b + 1, 48):
                cards[2] = c
                for d in range(c + 1, 49):
                    cards[3] = d
                    for e in range(d + 1, 50):
                        cards[4] = e
                        for f in range(e + 1, 51):
                            cards[5] = f
                            for g in range(f + 1, 52):
                                cards[6] = g
                                strength = high_of_cards(cards, 7, card_key, flush, no_flush7)
                                histogram[strength] += 1
    return histogram


def test_e1_categories_are_contiguous_strength_ranges() -> None:
    """E-1: categories partition 1 … 7,462 into ascending, contiguous ranges of known sizes."""
    categories = _category_of_strength()[1:]
    assert len(categories) == 7_462
    assert np.all(np.diff(categories) >= 0)
    sizes = np.bincount(categories, minlength=len(Category))
    assert {category: int(sizes[category]) for category in Category} == CLASSES_PER_CATEGORY


def test_e1_all_five_card_hands_have_the_known_category_counts() -> None:
    """E-1: all 2,598,960 five-card hands through ``evaluate_high_batch``."""
    total = math.comb(52, 5)
    hands = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=total * 5,
    ).reshape(total, 5)
    strengths = evaluate_high_batch(hands)
    assert strengths.min() >= 1
    assert strengths.max() <= 7_462
    histogram = np.bincount(strengths, minlength=7_463).astype(np.int64)
    assert _category_counts(histogram) == FIVE_CARD_COUNTS
    assert np.count_nonzero(histogram) == DISTINCT_STRENGTHS[5]
    assert int(histogram.sum()) == total


@pytest.mark.parametrize(
    ("size", "expected"),
    [(6, SIX_CARD_COUNTS), (7, SEVEN_CARD_COUNTS)],
    ids=["six-cards", "seven-cards"],
)
def test_e1_all_six_and_seven_card_hands_have_the_known_category_counts(
    size: int, expected: Counts
) -> None:
    """E-1, E-4: all 20,358,520 six-card and 133,784,560 seven-card hands (best five)."""
    tables = kernel_tables()
    if size == 6:
        histogram = _histogram_six(tables.card_key, tables.flush, tables.no_flush6)
    else:
        histogram = _histogram_seven(tables.card_key, tables.flush, tables.no_flush7)
    assert histogram[0] == 0, "some hand evaluated to strength 0 (no table entry)"
    assert int(histogram.sum()) == math.comb(52, size)
    assert _category_counts(histogram) == expected
    assert np.count_nonzero(histogram) == DISTINCT_STRENGTHS[size]
