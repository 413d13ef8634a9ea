"""The 169 Hold'em starting-hand classes: pairs, suited and offsuit rank pairs.

Suits are interchangeable before the flop, so every push/fold decision depends
only on the class. Classes are numbered on the usual 13 × 13 grid with the
ace first: ``row * 13 + column`` where rows and columns run A, K, … 2; the
diagonal holds the pairs, above it (row < column) the suited hands and below
it the offsuit ones.

>>> class_name(class_of_cards(Card.parse("Ah"), Card.parse("Kh")))
'AKs'
>>> [class_name(c) for c in (0, 1, 13, 168)]
['AA', 'AKs', 'AKo', '22']
>>> class_combos(class_index("AKs")), class_combos(class_index("AKo")), class_combos(0)
(4, 12, 6)
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from pokerroom.cards import RANK_CHARS, Card

CLASSES = 169
COMBOS = 1326


def _grid_rank(rank: int) -> int:
    """Card rank (deuce 0 … ace 12) → grid line (ace 0 … deuce 12)."""
    return 12 - rank


def class_of_ranks(high: int, low: int, suited: bool) -> int:
    """The class of two ranks (deuce 0 … ace 12); ``suited`` is ignored for a pair."""
    high, low = max(high, low), min(high, low)
    row, column = _grid_rank(high), _grid_rank(low)
    if high == low or suited:
        return row * 13 + column
    return column * 13 + row


def class_of_cards(first: Card, second: Card) -> int:
    """The class of a two-card hand."""
    return class_of_ranks(first.rank, second.rank, first.suit == second.suit)


def class_of_indices(first: int, second: int) -> int:
    """The class of two dense card indices (``rank * 4 + suit``)."""
    return class_of_ranks(first >> 2, second >> 2, first & 3 == second & 3)


def class_name(cls: int) -> str:
    """'AA', 'AKs', 'AKo' …"""
    if not 0 <= cls < CLASSES:
        raise ValueError(f"a hand class is 0 … {CLASSES - 1}, got {cls}")
    row, column = divmod(cls, 13)
    high, low = RANK_CHARS[12 - min(row, column)], RANK_CHARS[12 - max(row, column)]
    if row == column:
        return high + low
    return high + low + ("s" if row < column else "o")


@functools.cache
def _names() -> dict[str, int]:
    return {class_name(cls): cls for cls in range(CLASSES)}


def class_index(name: str) -> int:
    """The class named like 'AA', 'AKs' or 'T9o'."""
    try:
        return _names()[name.strip()[:2].upper() + name.strip()[2:].lower()]
    except KeyError:
        raise ValueError(
            f"{name!r} is not a starting-hand class; use two ranks (high first) like 'AA', "
            "then 's' (suited) or 'o' (offsuit) for two different ranks, e.g. 'AKs', 'T9o'"
        ) from None


def class_combos(cls: int) -> int:
    """How many two-card combinations a class holds: 6 (pair), 4 (suited), 12 (offsuit)."""
    row, column = divmod(cls, 13)
    return 6 if row == column else 4 if row < column else 12


@functools.cache
def combo_table() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every two-card combination as card indices (1326 × 2) and its class."""
    cards = np.array([(a, b) for b in range(52) for a in range(b)], dtype=np.int64)
    classes = np.array([class_of_indices(int(a), int(b)) for a, b in cards], dtype=np.int64)
    cards.setflags(write=False)
    classes.setflags(write=False)
    return cards, classes


@functools.cache
def pair_counts() -> npt.NDArray[np.int64]:
    """``[i, j]``: combinations of class i and class j sharing no card (card removal)."""
    cards, classes = combo_table()
    masks = (np.int64(1) << cards[:, 0]) | (np.int64(1) << cards[:, 1])
    disjoint = (masks[:, None] & masks[None, :]) == 0
    one_hot = np.zeros((COMBOS, CLASSES))
    one_hot[np.arange(COMBOS), classes] = 1.0
    # In floats, so BLAS multiplies (integer matmul takes seconds); every sum is a whole
    # number of at most 1326, exact in a double.
    product = one_hot.T @ disjoint.astype(np.float64) @ one_hot
    counts: npt.NDArray[np.int64] = np.rint(product).astype(np.int64)
    counts.setflags(write=False)
    return counts
