"""C-1 (one deck, text forms) and C-2 (suit order only breaks ties)."""

from __future__ import annotations

import pytest
from hypothesis import given

from pokerroom.cards import ALL_CARDS, Card, Rank, Suit, format_cards, parse_cards
from pokerroom.cardset import CardSet
from pokerroom.errors import CardCountError, CardError, CardParseError, DuplicateCardError
from tests.strategies import distinct_cards


def test_c1_deck_has_52_distinct_cards_and_no_jokers() -> None:
    """C-1."""
    assert len(ALL_CARDS) == 52
    assert len({str(card) for card in ALL_CARDS}) == 52
    assert {card.rank for card in ALL_CARDS} == set(Rank)
    assert {card.suit for card in ALL_CARDS} == set(Suit)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Td 9c 2h", "As Td 9c 2h"),
        ("AsTd", "As Td"),
        ("A♠ 10♦", "As Td"),
        ("as td", "As Td"),
        ("10h,Jc", "Th Jc"),
        ("  Kd\tQc ", "Kd Qc"),
        ("", ""),
    ],
)
def test_c1_forgiving_parser_has_one_canonical_form(text: str, expected: str) -> None:
    """C-1."""
    assert format_cards(parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "bad"), [("Xx", "Xx"), ("As 1d", "1d"), ("AsK", "K"), ("Az", "Az")]
)
def test_c1_unknown_token_is_named_in_the_error(text: str, bad: str) -> None:
    """C-1."""
    with pytest.raises(CardParseError) as error:
        parse_cards(text)
    assert repr(bad) in str(error.value)
    assert "expected a rank" in str(error.value)


def test_c1_duplicate_card_is_rejected() -> None:
    """C-1."""
    with pytest.raises(DuplicateCardError, match="As appears twice"):
        parse_cards("As Kd as")


def test_wrong_count_is_rejected_with_the_expected_count() -> None:
    with pytest.raises(CardCountError, match="expected 2 cards, got 3"):
        parse_cards("As Kd Qc", count=2)


def test_card_errors_are_value_errors() -> None:
    assert issubclass(CardError, ValueError)


def test_c2_suit_order_spades_hearts_diamonds_clubs() -> None:
    """C-2."""
    assert Suit.SPADES > Suit.HEARTS > Suit.DIAMONDS > Suit.CLUBS


@given(distinct_cards(0, 52))
def test_c1_text_round_trip(cards: list[Card]) -> None:
    """C-1."""
    assert parse_cards(format_cards(cards)) == cards


@given(distinct_cards(0, 20))
def test_cardset_holds_exactly_its_cards(cards: list[Card]) -> None:
    card_set = CardSet(cards)
    assert len(card_set) == len(cards)
    assert sorted(card_set) == sorted(cards)
    assert all(card in card_set for card in cards)
    assert CardSet.from_mask(card_set.mask) == card_set


def test_card_index_and_bit_layout() -> None:
    ace_spades = Card.parse("As")
    assert ace_spades.index == 51
    assert ace_spades.bit == 1 << (3 * 16 + 12)
    assert Card.from_index(0) == Card.parse("2c")


def test_cardset_rejects_a_mask_with_non_card_bits() -> None:
    with pytest.raises(ValueError, match="not cards"):
        CardSet.from_mask(1 << 13)
