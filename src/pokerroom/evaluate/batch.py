"""Evaluate many hands at once: numpy arrays of card indices in, strengths out.

Card indices are ``rank * 4 + suit`` (:attr:`pokerroom.cards.Card.index`).
Strengths match :func:`pokerroom.evaluate.high.high_strength` (higher wins);
lows are ``255 - rank set`` with 0 for no qualifying low.

>>> import numpy as np
>>> from pokerroom.cards import parse_cards
>>> hands = np.array([[c.index for c in parse_cards("As Ks Qs Js Ts 2c 3d")]], dtype=np.uint8)
>>> int(evaluate_high_batch(hands)[0])
7462
"""

from __future__ import annotations

import numba as nb
import numpy as np
import numpy.typing as npt

from pokerroom.errors import CardCountError, CardError
from pokerroom.evaluate.kernels import high_of_cards, kernel_tables, omaha_high, omaha_low

Hands = npt.NDArray[np.integer]
Strengths = npt.NDArray[np.uint16]


@nb.njit(cache=True, nogil=True)
def _first_bad_row(hands):  # type: ignore[no-untyped-def]
    for i in range(hands.shape[0]):
        seen = 0
        for j in range(hands.shape[1]):
            card = hands[i, j]
            if card < 0 or card >= 52 or seen >> card & 1:
                return i
            seen |= 1 << card
    return -1


@nb.njit(cache=True, nogil=True)
def _high_batch(hands, card_key, flush, no_flush, out):  # type: ignore[no-untyped-def]
    count = hands.shape[1]
    for i in range(hands.shape[0]):
        out[i] = high_of_cards(hands[i], count, card_key, flush, no_flush)


@nb.njit(cache=True, nogil=True)
def _omaha_high_batch(holes, boards, card_key, flush, no_flush5, out):  # type: ignore[no-untyped-def]
    for i in range(holes.shape[0]):
        out[i] = omaha_high(holes[i], holes.shape[1], boards[i], card_key, flush, no_flush5)


@nb.njit(cache=True, nogil=True)
def _omaha_low_batch(holes, boards, low_bit, three_lowest, out):  # type: ignore[no-untyped-def]
    for i in range(holes.shape[0]):
        out[i] = omaha_low(
            holes[i], holes.shape[1], boards[i], boards.shape[1], low_bit, three_lowest
        )


def _checked(hands: Hands, what: str, widths: range, validate: bool) -> Hands:
    array = np.ascontiguousarray(hands)
    if array.ndim != 2 or array.shape[1] not in widths:
        allowed = f"{widths.start}" if len(widths) == 1 else f"{widths.start} to {widths.stop - 1}"
        raise CardCountError(
            f"{what} must be an array of shape (hands, {allowed}), got shape {array.shape}"
        )
    if not np.issubdtype(array.dtype, np.integer):
        raise CardError(f"{what} must hold integer card indices 0..51, got dtype {array.dtype}")
    if validate:
        bad = _first_bad_row(array)
        if bad >= 0:
            raise CardError(
                f"{what} row {bad} is {array[bad].tolist()}: cards must be distinct indices 0..51"
            )
    return array


def evaluate_high_batch(hands: Hands, *, validate: bool = True) -> Strengths:
    """High strength of each row of 5, 6 or 7 cards (E-4).

    ``validate=False`` skips the check that rows hold distinct indices 0..51
    (about 20 % faster); rows that break it get meaningless strengths.
    """
    array = _checked(hands, "hands", range(5, 8), validate)
    tables = kernel_tables()
    no_flush = (tables.no_flush5, tables.no_flush6, tables.no_flush7)[array.shape[1] - 5]
    out = np.empty(array.shape[0], dtype=np.uint16)
    _high_batch(array, tables.card_key, tables.flush, no_flush, out)
    return out


def _omaha_inputs(holes: Hands, boards: Hands, validate: bool) -> tuple[Hands, Hands]:
    hole_array = _checked(holes, "holes", range(4, 7), False)
    board_array = _checked(boards, "boards", range(5, 6), False)
    if hole_array.shape[0] != board_array.shape[0]:
        raise CardCountError(
            f"holes and boards need one row each per hand, got {hole_array.shape[0]} "
            f"and {board_array.shape[0]}"
        )
    if validate:
        _checked(np.hstack([hole_array, board_array]), "hole + board", range(9, 12), True)
    return hole_array, board_array


def evaluate_omaha_high_batch(holes: Hands, boards: Hands, *, validate: bool = True) -> Strengths:
    """Omaha high strength per row: two of 4–6 hole cards and three of five board cards (E-5)."""
    hole_array, board_array = _omaha_inputs(holes, boards, validate)
    tables = kernel_tables()
    out = np.empty(hole_array.shape[0], dtype=np.uint16)
    _omaha_high_batch(hole_array, board_array, tables.card_key, tables.flush, tables.no_flush5, out)
    return out


def evaluate_omaha_low_batch(holes: Hands, boards: Hands, *, validate: bool = True) -> Strengths:
    """Omaha eight-or-better low per row as ``255 - rank set``, 0 for none (E-6, E-7)."""
    hole_array, board_array = _omaha_inputs(holes, boards, validate)
    tables = kernel_tables()
    out = np.empty(hole_array.shape[0], dtype=np.uint16)
    _omaha_low_batch(hole_array, board_array, tables.low_bit, tables.three_lowest, out)
    return out
