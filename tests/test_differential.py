"""Differential tests against independent evaluators (E-4, E-5, E-6, E-7).

Our values and an oracle's values over the same seeded random hands must induce
the same weak order: hand ``a`` beats, ties or loses to hand ``b`` for us exactly
when it does for the oracle. Oracle scales are converted to "higher is better"
first (eval7 already is; phevaluator and treys rank 1 = best; PokerKit lows have
entry index 0 = best). Cards reach every oracle as text ("As", "Td", …) built
here, independently of :mod:`pokerroom.cards`.

Oracles:

* E-4 high hands: eval7 (C) on 100,000 hands each of 5, 6 and 7 cards plus
  flush- and pair-rich decks; treys on 50,000; the single-hand
  :func:`~pokerroom.evaluate.high.high_strength` against eval7 on 20,000.
* E-5 Omaha high: phevaluator's Omaha evaluator on 40,000 hands for each of 4, 5
  and 6 hole cards. The installed phevaluator only ships the 4-card-hole
  evaluator (``evaluate_plo5_cards``/``evaluate_plo6_cards`` raise
  NotImplementedError), so 5- and 6-card holes take the best of its values over
  every 4-card subset of the hole: each pair of hole cards lies in some subset.
  PokerKit's ``OmahaHoldemHand`` cross-checks 5- and 6-card holes directly on
  2,000 hands each.
* E-6/E-7 eight-or-better lows: PokerKit. Its ``from_game`` costs ~0.45 ms per
  Omaha hand, so the 30,000-hand Omaha comparison ranks every
  two-hole-plus-three-board combination with PokerKit's own eight-or-better lookup
  (the table behind ``OmahaEightOrBetterLowHand``) and keeps the best, ~0.16 ms per
  hand. There are only 56 eight-or-better lows: 30,000 Omaha-4 hands meet each of
  them (and "no low") many times, and every low comparison insists on all 57
  (:data:`EVERY_LOW`). ``OmahaEightOrBetterLowHand.from_game`` itself is compared on
  6,000 hands, and 5- and 6-card holes on 4,000 each.
  The any-five low :func:`~pokerroom.evaluate.low.evaluate_low` is compared with
  ``EightOrBetterLowHand.from_game`` on 20,000 seven-card and 5,000 five- and
  six-card hands.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
import treys
from phevaluator.card import Card as PhevaluatorCard
from phevaluator.evaluator_omaha import evaluate_omaha_cards
from pokerkit import Card as PokerKitCard
from pokerkit import EightOrBetterLowHand, OmahaEightOrBetterLowHand, OmahaHoldemHand

from pokerroom.cardset import CardSet
from pokerroom.evaluate.batch import (
    evaluate_high_batch,
    evaluate_omaha_high_batch,
    evaluate_omaha_low_batch,
)
from pokerroom.evaluate.high import high_strength
from pokerroom.evaluate.low import LowHand, evaluate_low
from pokerroom.evaluate.omaha import evaluate_omaha_high, evaluate_omaha_low

with warnings.catch_warnings():
    # eval7 0.1.x builds its range parser with pyparsing's deprecated camelCase API at import
    # time; the warning is about eval7's own code, and the suite runs with warnings as errors.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

Hands = npt.NDArray[np.uint8]
Values = npt.NDArray[np.int64]

RANK_TEXT = "23456789TJQKA"
SUIT_TEXT = "cdhs"
CARD_TEXT = tuple(RANK_TEXT[i // 4] + SUIT_TEXT[i % 4] for i in range(52))
"""Card index (rank * 4 + suit) → text every oracle parses."""
MASK_BIT = tuple(1 << (i % 4 * 16 + i // 4) for i in range(52))
"""Card index → card-set mask bit (suit * 16 + rank)."""
WORST_PHEVALUATOR = 7_463  # phevaluator and treys rank 1 (royal flush) … 7,462 (seven-high)
NO_LOW = -1_000  # oracle value for "no qualifying low", below every real low
FULL_DECK = tuple(range(52))
TWO_SUITS = tuple(i for i in range(52) if i % 4 in (0, 3))  # clubs and spades: many flushes
FIVE_RANKS = tuple(i for i in range(52) if i // 4 in (0, 1, 2, 3, 12))  # A2345: quads, wheels
SIX_RANKS = tuple(i for i in range(52) if i // 4 in (7, 8, 9, 10, 11, 12))  # 9-A: boats, Broadway


def deal(seed: int, hands: int, size: int, deck: Sequence[int] = FULL_DECK) -> Hands:
    """``hands`` rows of ``size`` distinct cards drawn from ``deck``, reproducibly."""
    rng = np.random.default_rng(seed)
    cards = np.array(deck, dtype=np.uint8)
    order = np.argsort(rng.random((hands, len(cards))), axis=1)[:, :size]
    return cards[order]


def text(row: Sequence[int]) -> str:
    return " ".join(CARD_TEXT[card] for card in row)


def assert_same_order(
    ours: npt.ArrayLike, oracle: npt.ArrayLike, rows: Sequence[str], what: str
) -> None:
    """Fail unless ``ours`` and ``oracle`` (both higher = better) order the rows alike."""
    v = np.asarray(ours, dtype=np.int64)
    w = np.asarray(oracle, dtype=np.int64)
    assert v.shape == w.shape == (len(rows),)
    order = np.lexsort((w, v))  # by our value, ties by the oracle's
    dv, dw = np.diff(v[order]), np.diff(w[order])
    bad = np.flatnonzero((dw < 0) | ((dv == 0) != (dw == 0)))
    if bad.size:
        a, b = order[bad[0]], order[bad[0] + 1]
        pytest.fail(
            f"{what}: {bad.size} adjacent disagreements in {len(rows)} hands; first:\n"
            f"  [{rows[a]}] ours={v[a]} oracle={w[a]}\n"
            f"  [{rows[b]}] ours={v[b]} oracle={w[b]}"
        )


# ---------------------------------------------------------------- oracles


EVAL7_CARDS = tuple(eval7.Card(card) for card in CARD_TEXT)
TREYS_CARDS = tuple(treys.Card.new(card) for card in CARD_TEXT)
PHEVALUATOR_IDS: tuple[int, ...] = tuple(PhevaluatorCard.to_id(card) for card in CARD_TEXT)
POKERKIT_CARDS: tuple[Any, ...] = tuple(PokerKitCard.clean(card)[0] for card in CARD_TEXT)


def eval7_values(hands: Hands) -> Values:
    return np.array(
        [eval7.evaluate([EVAL7_CARDS[c] for c in row]) for row in hands.tolist()], dtype=np.int64
    )


def treys_values(hands: Hands) -> Values:
    evaluator = treys.Evaluator()
    return np.array(
        [
            WORST_PHEVALUATOR
            - evaluator.evaluate(
                [TREYS_CARDS[c] for c in row[:2]], [TREYS_CARDS[c] for c in row[2:]]
            )
            for row in hands.tolist()
        ],
        dtype=np.int64,
    )


def phevaluator_omaha_values(holes: Hands, boards: Hands) -> Values:
    """Best phevaluator Omaha rank over the 4-card subsets of each hole, higher = better."""
    values = []
    for hole_row, board_row in zip(holes.tolist(), boards.tolist(), strict=True):
        hole = [PHEVALUATOR_IDS[c] for c in hole_row]
        board = [PHEVALUATOR_IDS[c] for c in board_row]
        rank = min(evaluate_omaha_cards(*board, *four) for four in itertools.combinations(hole, 4))
        values.append(WORST_PHEVALUATOR - rank)
    return np.array(values, dtype=np.int64)


def pokerkit_omaha_high_values(holes: Hands, boards: Hands) -> Values:
    return np.array(
        [
            OmahaHoldemHand.from_game(
                [POKERKIT_CARDS[c] for c in hole], [POKERKIT_CARDS[c] for c in board]
            ).entry.index
            for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)
        ],
        dtype=np.int64,
    )


def low_value(hand: Any) -> int:
    """A PokerKit low hand (or None) as higher = better: entry index 0 is the wheel."""
    return NO_LOW if hand is None else -int(hand.entry.index)


def pokerkit_omaha_low_from_game(holes: Hands, boards: Hands) -> Values:
    return np.array(
        [
            low_value(
                OmahaEightOrBetterLowHand.from_game_or_none(
                    [POKERKIT_CARDS[c] for c in hole], [POKERKIT_CARDS[c] for c in board]
                )
            )
            for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)
        ],
        dtype=np.int64,
    )


def pokerkit_omaha_low_by_lookup(holes: Hands, boards: Hands) -> Values:
    """Best PokerKit eight-or-better entry over every two-hole + three-board combination."""
    lookup = OmahaEightOrBetterLowHand.lookup
    values = []
    for hole, board in zip(holes.tolist(), boards.tolist(), strict=True):
        hole_cards = [POKERKIT_CARDS[c] for c in hole]
        triples = list(itertools.combinations([POKERKIT_CARDS[c] for c in board], 3))
        best: int | None = None
        for pair in itertools.combinations(hole_cards, 2):
            for triple in triples:
                entry = lookup.get_entry_or_none(pair + triple)
                if entry is not None and (best is None or entry.index < best):
                    best = entry.index
        values.append(NO_LOW if best is None else -best)
    return np.array(values, dtype=np.int64)


def pokerkit_any_five_low(hands: Hands) -> Values:
    return np.array(
        [
            low_value(EightOrBetterLowHand.from_game_or_none([POKERKIT_CARDS[c] for c in row]))
            for row in hands.tolist()
        ],
        dtype=np.int64,
    )


# ---------------------------------------------------------------- E-4 high hands


def rows_text(hands: Hands) -> list[str]:
    return [text(row) for row in hands.tolist()]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_e4_high_batch_matches_eval7(size: int) -> None:
    """E-4: ``evaluate_high_batch`` orders 100,000 random hands exactly as eval7 does."""
    hands = deal(4_000 + size, 100_000, size)
    assert_same_order(
        evaluate_high_batch(hands), eval7_values(hands), rows_text(hands), f"{size}-card high"
    )


@pytest.mark.parametrize(
    "deck", [TWO_SUITS, FIVE_RANKS, SIX_RANKS], ids=["two-suits", "A2345", "nine-to-ace"]
)
def test_e4_high_batch_matches_eval7_on_rich_decks(deck: tuple[int, ...]) -> None:
    """E-2, E-4: 30,000 seven-card hands from short decks dense in flushes, quads, wheels."""
    hands = deal(4_100 + len(deck), 30_000, 7, deck)
    assert_same_order(
        evaluate_high_batch(hands), eval7_values(hands), rows_text(hands), "rich-deck high"
    )


def test_e4_single_hand_high_strength_matches_eval7() -> None:
    """E-4: the single-hand mask path ``high_strength`` on 20,000 hands of 5, 6 and 7 cards."""
    for size in (5, 6, 7):
        hands = deal(4_200 + size, 20_000 if size == 7 else 5_000, size)
        ours = [high_strength(sum(MASK_BIT[c] for c in row)) for row in hands.tolist()]
        assert_same_order(ours, eval7_values(hands), rows_text(hands), f"{size}-card mask")
        assert np.array_equal(ours, evaluate_high_batch(hands))


@pytest.mark.parametrize("size", [5, 7])
def test_e4_high_batch_matches_treys(size: int) -> None:
    """E-4: a second oracle, treys, on 50,000 random hands."""
    hands = deal(4_300 + size, 50_000, size)
    assert_same_order(
        evaluate_high_batch(hands), treys_values(hands), rows_text(hands), f"{size}-card treys"
    )


# ---------------------------------------------------------------- E-5 Omaha high


def omaha_rows(holes: Hands, boards: Hands) -> list[str]:
    return [
        f"{text(hole)} | {text(board)}"
        for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)
    ]


def omaha_deal(hole_size: int, hands: int, seed: int, deck: Sequence[int] = FULL_DECK) -> Hands:
    return deal(seed, hands, hole_size + 5, deck)


def card_set(row: Sequence[int]) -> CardSet:
    return CardSet.from_mask(sum(MASK_BIT[card] for card in row))


def low_strength(low: LowHand | None) -> int:
    return 0 if low is None else low.strength


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_e5_omaha_high_batch_matches_phevaluator(hole_size: int) -> None:
    """E-5: 40,000 Omaha hands (exactly two hole + three board) against phevaluator."""
    dealt = omaha_deal(hole_size, 40_000, 5_000 + hole_size)
    holes, boards = dealt[:, :hole_size], dealt[:, hole_size:]
    oracle = phevaluator_omaha_values(holes, boards)
    rows = omaha_rows(holes, boards)
    ours = evaluate_omaha_high_batch(holes, boards)
    assert_same_order(ours, oracle, rows, f"Omaha-{hole_size} high")
    single = [
        evaluate_omaha_high(card_set(hole), card_set(board)).strength
        for hole, board in zip(holes[:3_000].tolist(), boards[:3_000].tolist(), strict=True)
    ]
    assert np.array_equal(single, ours[:3_000]), "single-hand Omaha high differs from batch"


def test_e5_omaha_high_batch_matches_phevaluator_on_flush_rich_deck() -> None:
    """E-5: 30,000 two-suit Omaha hands, where the two-plus-three rule decides most flushes."""
    dealt = omaha_deal(4, 30_000, 5_100, TWO_SUITS)
    holes, boards = dealt[:, :4], dealt[:, 4:]
    assert_same_order(
        evaluate_omaha_high_batch(holes, boards),
        phevaluator_omaha_values(holes, boards),
        omaha_rows(holes, boards),
        "two-suit Omaha high",
    )


@pytest.mark.parametrize("hole_size", [5, 6])
def test_e5_big_hole_omaha_high_matches_pokerkit(hole_size: int) -> None:
    """E-5: 5- and 6-card holes against PokerKit's OmahaHoldemHand on 2,000 hands each."""
    dealt = omaha_deal(hole_size, 2_000, 5_200 + hole_size)
    holes, boards = dealt[:, :hole_size], dealt[:, hole_size:]
    assert_same_order(
        evaluate_omaha_high_batch(holes, boards),
        pokerkit_omaha_high_values(holes, boards),
        omaha_rows(holes, boards),
        f"Omaha-{hole_size} high vs PokerKit",
    )


# ---------------------------------------------------------------- E-6, E-7 lows


EVERY_LOW = 56 + 1
"""The eight-or-better lows (five of the eight ranks A-8, C(8, 5) = 56) and "no low"."""


def test_e7_omaha_low_batch_matches_pokerkit_lookup() -> None:
    """E-6, E-7: 15,000 Omaha-4 lows against PokerKit's eight-or-better ranking of all 60
    two-hole + three-board combinations (no-low hands tie below every low); every one of the
    56 lows is met."""
    dealt = omaha_deal(4, 15_000, 7_000)
    holes, boards = dealt[:, :4], dealt[:, 4:]
    ours = evaluate_omaha_low_batch(holes, boards)
    oracle = pokerkit_omaha_low_by_lookup(holes, boards)
    assert 0.25 < np.mean(oracle != NO_LOW) < 0.75, "sample should mix lows and no-lows"
    assert len(set(oracle.tolist())) == EVERY_LOW, "sample should meet every low"
    assert_same_order(ours, oracle, omaha_rows(holes, boards), "Omaha-4 low")
    assert np.array_equal(ours == 0, oracle == NO_LOW)
    single = [
        low_strength(evaluate_omaha_low(card_set(h), card_set(b)))
        for h, b in zip(holes[:5_000].tolist(), boards[:5_000].tolist(), strict=True)
    ]
    assert np.array_equal(single, ours[:5_000]), "single-hand Omaha low differs from batch"


def test_e7_omaha_low_batch_matches_pokerkit_from_game() -> None:
    """E-6, E-7: 3,000 Omaha-4 lows against ``OmahaEightOrBetterLowHand.from_game`` itself."""
    dealt = omaha_deal(4, 3_000, 7_100)
    holes, boards = dealt[:, :4], dealt[:, 4:]
    oracle = pokerkit_omaha_low_from_game(holes, boards)
    assert len(set(oracle.tolist())) == EVERY_LOW, "sample should meet every low"
    assert_same_order(
        evaluate_omaha_low_batch(holes, boards),
        oracle,
        omaha_rows(holes, boards),
        "Omaha-4 low vs from_game",
    )


@pytest.mark.parametrize("hole_size", [5, 6])
def test_e7_big_hole_omaha_low_matches_pokerkit(hole_size: int) -> None:
    """E-6, E-7: 5- and 6-card holes, 4,000 hands each, PokerKit lookup over 2 + 3 choices."""
    dealt = omaha_deal(hole_size, 4_000, 7_200 + hole_size)
    holes, boards = dealt[:, :hole_size], dealt[:, hole_size:]
    oracle = pokerkit_omaha_low_by_lookup(holes, boards)
    assert len(set(oracle.tolist())) == EVERY_LOW, "sample should meet every low"
    assert_same_order(
        evaluate_omaha_low_batch(holes, boards),
        oracle,
        omaha_rows(holes, boards),
        f"Omaha-{hole_size} low",
    )


@pytest.mark.parametrize(("size", "hands"), [(5, 5_000), (6, 5_000), (7, 10_000)])
def test_e6_any_five_low_matches_pokerkit(size: int, hands: int) -> None:
    """E-6: ``evaluate_low`` (best eight-or-better low of any five) vs EightOrBetterLowHand."""
    dealt = deal(6_000 + size, hands, size)
    ours = [low_strength(evaluate_low(card_set(row))) for row in dealt.tolist()]
    oracle = pokerkit_any_five_low(dealt)
    assert np.any(oracle == NO_LOW)
    assert np.any(oracle != NO_LOW)
    assert_same_order(ours, oracle, rows_text(dealt), f"{size}-card low")
