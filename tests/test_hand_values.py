"""Hand values E-1 … E-9: every RULES.md example, category order, and invariants."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.cards import Card, Suit, parse_cards
from pokerroom.cardset import CardSet
from pokerroom.errors import CardCountError
from pokerroom.evaluate import (
    Category,
    HighHand,
    best_five,
    evaluate_high,
    evaluate_low,
    evaluate_omaha_high,
    evaluate_omaha_low,
    evaluate_showing,
    evaluate_top_row,
    high_strength,
)
from pokerroom.evaluate.batch import evaluate_high_batch
from tests.strategies import distinct_cards

SUITS = "cdhs"


def five(ranks: str) -> HighHand:
    """A rainbow-ish five-card hand from ranks alone (no flush unless asked)."""
    used: set[str] = set()
    cards = []
    for position, rank in enumerate(ranks):
        suit = next(
            SUITS[(position + k) % 4]
            for k in range(4)
            if rank + SUITS[(position + k) % 4] not in used
        )
        used.add(rank + suit)
        cards.append(rank + suit)
    return evaluate_high(CardSet.parse(" ".join(cards)))


def hand(text: str) -> HighHand:
    return evaluate_high(CardSet.parse(text))


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("33344", "222AA"),
        ("AA223", "KKQQJ"),
        ("99882", "9955A"),
        ("9955A", "9955K"),
        ("888KQ", "888KT"),
        ("KKAQ3", "KKAQ2"),
        ("AJ432", "AT987"),
    ],
)
def test_e3_examples_that_must_hold(better: str, worse: str) -> None:
    """E-3."""
    assert five(better) > five(worse)


def test_e3_hands_differing_only_in_suits_are_equal() -> None:
    """E-3."""
    assert hand("As Kd Qh 9c 7s") == hand("Ad Ks Qc 9h 7d")
    assert hand("Ah Kh Qh 9h 7h") == hand("As Ks Qs 9s 7s")


def test_e1_categories_rank_in_order() -> None:
    """E-1."""
    ladder = [
        "As Kd Qh 9c 7s",  # high card
        "2s 2d 3h 4c 5s",
        "2s 2d 3h 3c 4s",
        "2s 2d 2h 3c 4s",
        "As 2d 3h 4c 5s",
        "2h 3h 4h 5h 7h",
        "2s 2d 2h 3c 3s",
        "2s 2d 2h 2c 3s",
        "As 2s 3s 4s 5s",
        "Ts Js Qs Ks As",
    ]
    values = [hand(text) for text in ladder]
    assert values == sorted(values)
    assert [v.category for v in values[:-1]] == list(Category)
    assert values[-1].describe() == "Royal flush"


def test_e1_strengths_run_from_1_to_7462() -> None:
    """E-1."""
    assert hand("7s 5d 4h 3c 2s").strength == 1
    assert hand("As Ks Qs Js Ts").strength == 7462


def test_e2_wheel_is_the_lowest_straight_and_no_wrap_around() -> None:
    """E-2."""
    wheel = hand("As 2d 3h 4c 5s")
    assert wheel.category is Category.STRAIGHT
    assert wheel.describe() == "Straight, five-high"
    assert wheel < hand("2s 3d 4h 5c 6s")
    assert hand("Ts Jd Qh Kc As") > hand("9s Td Jh Qc Ks")
    assert hand("Ks Ad 2h 3c 4s").category is Category.HIGH_CARD
    assert hand("As 2s 3s 4s 5s") < hand("2h 3h 4h 5h 6h")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("3c 3d 3h 4s 4c", "Full house, threes full of fours"),
        ("Kc Kd 4h 4s 9c", "Two pair, kings and fours"),
        ("Jc Jd 4h 2s 9c", "Pair, jacks"),
        ("Ac Ad Ah As 9c", "Four of a kind, aces"),
        ("6c 6d 6h As 9c", "Three of a kind, sixes"),
        ("2h 7h 9h Jh Kh", "Flush, king-high"),
        ("9s Td Jh Qc Ks", "Straight, king-high"),
        ("5d 6d 7d 8d 9d", "Straight flush, nine-high"),
        ("Ac Td 4h 2s 9c", "High card, ace"),
    ],
)
def test_e1_descriptions(text: str, words: str) -> None:
    """E-1."""
    assert hand(text).describe() == words


def test_e4_holdem_uses_zero_one_or_two_hole_cards() -> None:
    """E-4."""
    board = "Ts Js Qs Ks As"
    assert hand(f"2c 3d {board}") == hand(f"4c 5d {board}")  # plays the board
    assert hand("Ah 2c Kh Qh Jh 3d Th").describe() == "Royal flush"  # one hole card
    assert hand("Ah Ac Ad 7h 2s 2c 9d").describe() == "Full house, aces full of twos"


def test_e4_best_five_cards_reproduce_the_value() -> None:
    """E-4."""
    value, cards = best_five(CardSet.parse("Ah Ac Ad 7h 2s 2c 9d"))
    assert value == evaluate_high(CardSet(cards))
    assert len(cards) == 5


def test_e4_card_count_is_checked() -> None:
    """E-4."""
    with pytest.raises(CardCountError, match="5 to 7 cards, got 4"):
        hand("As Ks Qs Js")
    with pytest.raises(CardCountError, match="got 8"):
        hand("As Ks Qs Js Ts 9s 8s 7s")


def test_e5_omaha_uses_exactly_two_hole_and_three_board_cards() -> None:
    """E-5."""
    four_hearts = CardSet.parse("Ah Kh Qh Jh")
    assert (
        evaluate_omaha_high(four_hearts, CardSet.parse("2h 7c 8d 9s 3c")).category
        is not Category.FLUSH
    )
    one_heart = CardSet.parse("Ah Kc Qd Js")
    assert (
        evaluate_omaha_high(one_heart, CardSet.parse("2h 7h 8h 9h 3c")).category
        is not Category.FLUSH
    )
    quads_on_board = evaluate_omaha_high(
        CardSet.parse("2c 2d 3h 3s"), CardSet.parse("Ac Ad Ah As Kc")
    )
    assert quads_on_board.describe() == "Full house, aces full of threes"
    five_cards = evaluate_omaha_high(
        CardSet.parse("2c 2d Kh 3s Ks"), CardSet.parse("Ac Ad Ah 9s Kc")
    )
    assert five_cards.describe() == "Full house, aces full of kings"


TEN_LOWS_004 = [  # 004, weakest first: must order exactly like this (E-6)
    "8c 7d 6h 5s 4c",
    "8c 7d 6h 5s 3c",
    "8c 6d 4h 2s Ac",
    "8c 4d 3h 2s Ac",
    "7c 6d 5h 4s 2c",
    "7c 6d 5h 2s Ac",
    "7c 5d 4h 3s 2c",
    "6c 5d 4h 3s 2c",
    "6c 4d 3h 2s Ac",
    "5c 4d 3h 2s Ac",
]


def test_e6_the_ten_lows_of_004_order_as_listed() -> None:
    """E-6."""
    lows = [evaluate_low(CardSet.parse(text)) for text in TEN_LOWS_004]
    assert all(low is not None for low in lows)
    assert all(a < b for a, b in itertools.pairwise(lows))  # type: ignore[operator]


def test_e6_examples_that_must_hold() -> None:
    """E-6."""

    def low(text: str) -> object:
        return evaluate_low(CardSet.parse(text))

    assert low("7c 5d 4h 3s 2c") > low("8c 4d 3h 2s Ac")  # type: ignore[operator]
    assert low("6c 4d 3h 2s Ac") > low("6c 5d 4h 3s 2c")  # type: ignore[operator]
    best = evaluate_low(CardSet.parse("5h 4h 3h 2h Ah"))  # straights and flushes ignored
    assert best is not None and best.describe() == "Five-four low"
    assert low("9c 4d 3h 2s Ac") is None  # a nine does not qualify
    assert low("Ac Ad 2h 3s 4c") is None  # pairs do not make five different ranks
    paired = evaluate_low(CardSet.parse("Ac Ad 2h 3s 4c 8d Kh"))
    assert paired is not None and paired.describe() == "Eight-four low"


def test_e7_omaha_high_and_low_may_use_different_hole_cards() -> None:
    """E-7."""
    hole, board = CardSet.parse("Ad 2c Ks Kh"), CardSet.parse("Kd 3s 4h 7c Qd")
    assert evaluate_omaha_high(hole, board).describe() == "Three of a kind, kings"
    low = evaluate_omaha_low(hole, board)
    assert low is not None and [r.char for r in low.ranks] == ["7", "4", "3", "2", "A"]


def test_e7_omaha_low_needs_three_low_board_cards() -> None:
    """E-7."""
    assert evaluate_omaha_low(CardSet.parse("Ad 2c 3s 4h"), CardSet.parse("5d 6s Kh Qc Jd")) is None
    low = evaluate_omaha_low(CardSet.parse("Ad 2c 3s 4h"), CardSet.parse("5d 6s 8h Qc Jd"))
    assert low is not None and low.describe() == "Eight-six low"  # all three low board cards


def test_e8_showing_hands_pairs_beat_high_cards_no_straights() -> None:
    """E-8."""

    def showing(text: str) -> object:
        return evaluate_showing(parse_cards(text))

    assert showing("2c 2d") > showing("As Kd")  # type: ignore[operator]
    assert showing("2c 2d 2h") > showing("Ac Ad Kh Ks")  # type: ignore[operator]
    assert showing("Ac Ad Kh Ks") > showing("Ac Ad Qh 9s")  # type: ignore[operator]
    straightish = evaluate_showing(parse_cards("5c 6d 7h 8s"))
    assert straightish.category is Category.HIGH_CARD
    flushish = evaluate_showing(parse_cards("5h 6h 7h 9h"))
    assert flushish < evaluate_showing(parse_cards("2c 2d 3h 4s"))


def test_e8_c2_equal_showing_hands_split_by_suit_of_highest_card() -> None:
    """E-8, C-2."""
    assert evaluate_showing(parse_cards("Ks 7h")) > evaluate_showing(parse_cards("Kh 7s"))
    assert evaluate_showing(parse_cards("9s 9c")) > evaluate_showing(parse_cards("9h 9d"))
    assert evaluate_showing(parse_cards("Qc")) < evaluate_showing(parse_cards("Qd"))


def test_e9_top_row_trips_pair_high_card_without_straights_or_flushes() -> None:
    """E-9."""

    def top(text: str) -> object:
        return evaluate_top_row(parse_cards(text))

    assert top("2c 2d 2h") > top("Ac Ad Kh")  # type: ignore[operator]
    assert top("Ac Ad Kh") > top("Ac Ad Qh")  # type: ignore[operator]
    assert top("2c 2d 3h") > top("Ac Kd Qh")  # type: ignore[operator]
    assert evaluate_top_row(parse_cards("Qh Kh Ah")).category is Category.HIGH_CARD
    assert evaluate_top_row(parse_cards("Qs Qd 2c")).describe() == "Pair of queens, two kicker"


def test_e9_top_row_against_a_five_card_row_for_fouling() -> None:
    """E-9."""
    middle = hand("Qc Qh Kd 3s 2c")
    top_pair_ace_kicker = evaluate_top_row(parse_cards("Qs Qd Ac"))
    assert top_pair_ace_kicker.five_card_key() > (middle.category, tuple(middle.ranks))
    top_pair_king = evaluate_top_row(parse_cards("Qs Qd Kc"))
    assert top_pair_king.five_card_key() < (middle.category, tuple(middle.ranks))


SUIT_PERMUTATIONS = list(itertools.permutations(Suit))


@given(distinct_cards(5, 7), st.sampled_from(SUIT_PERMUTATIONS))
def test_e3_relabelling_suits_never_changes_a_value(
    cards: list[Card], perm: tuple[Suit, ...]
) -> None:
    """E-3."""
    relabelled = [Card(card.rank, perm[card.suit]) for card in cards]
    assert evaluate_high(cards) == evaluate_high(relabelled)


@given(distinct_cards(7, 7))
def test_e4_single_hand_batch_and_subsets_agree(cards: list[Card]) -> None:
    """E-4."""
    mask = CardSet(cards).mask
    batch = evaluate_high_batch(np.array([[c.index for c in cards]], dtype=np.uint8))
    subsets = max(high_strength(CardSet(five).mask) for five in itertools.combinations(cards, 5))
    assert high_strength(mask) == int(batch[0]) == subsets
