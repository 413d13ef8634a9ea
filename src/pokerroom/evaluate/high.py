"""High hands of five to seven cards (E-1 … E-4), one hand at a time from Python.

>>> hand = evaluate_high(CardSet.parse("3c 3d 3h 4s 4c 9d Kh"))
>>> hand.describe()
'Full house, threes full of fours'
>>> evaluate_high(CardSet.parse("As Ks Qs Js Ts")) > hand
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from pokerroom.cards import Card, Rank
from pokerroom.cardset import CardSet
from pokerroom.errors import CardCountError
from pokerroom.evaluate.categories import Category
from pokerroom.evaluate.tables import FLUSH_BITS, MAX_CARDS, MIN_CARDS, build
from pokerroom.evaluate.words import describe_high

_FLUSH_FIELD = (1 << FLUSH_BITS) - 1
_SUIT_FIELD = 0x1FFF
_TABLES = build()
_ENTRY = _TABLES.suit_entry
_NO_FLUSH = tuple(table.data for table in _TABLES.no_flush)
_CLASSES = _TABLES.classes


def high_strength(mask: int) -> int:
    """Strength (1 … 7,462, higher wins) of the best five of the 5–7 cards in ``mask`` (E-4).

    The fast path for callers that hold card-set masks; it does not validate.
    """
    packed = (
        _ENTRY[mask & _SUIT_FIELD]
        + _ENTRY[mask >> 16 & _SUIT_FIELD]
        + _ENTRY[mask >> 32 & _SUIT_FIELD]
        + _ENTRY[mask >> 48]
    )
    flush = packed & _FLUSH_FIELD  # with at most 7 cards a flush beats anything else possible
    return flush or _NO_FLUSH[mask.bit_count() - MIN_CARDS][packed >> FLUSH_BITS]


@dataclass(frozen=True, order=True, slots=True)
class HighHand:
    """A high-hand value: compare with ``<``; equal strength means a split pot (E-3)."""

    strength: int

    @property
    def category(self) -> Category:
        return _CLASSES[self.strength - 1][0]

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The defining ranks, most significant first (straights: the top card)."""
        return tuple(Rank(r) for r in _CLASSES[self.strength - 1][1])

    def describe(self) -> str:
        """How a player would call the hand, e.g. 'Two pair, kings and fours'."""
        return describe_class(self.category, self.ranks)

    def __str__(self) -> str:
        return self.describe()


_HANDS = (HighHand(0), *(HighHand(strength) for strength in range(1, len(_CLASSES) + 1)))
"""Interned values: evaluating a hand allocates nothing."""


def describe_class(category: Category, ranks: tuple[Rank, ...]) -> str:
    """Words for a hand class given its category and defining ranks, in the reader's
    language (:mod:`pokerroom.evaluate.words`)."""
    return describe_high(category, ranks)


def _mask_of(cards: CardSet | Iterable[Card]) -> int:
    if isinstance(cards, CardSet):
        return cards.mask
    return CardSet(cards).mask


def evaluate_high(cards: CardSet | Iterable[Card]) -> HighHand:
    """The best high hand from five to seven cards, using any of them (E-1 … E-4)."""
    mask = _mask_of(cards)
    count = mask.bit_count()
    if not MIN_CARDS <= count <= MAX_CARDS:
        raise CardCountError(f"a high hand takes 5 to 7 cards, got {count}")
    return _HANDS[high_strength(mask)]


def best_five(cards: CardSet | Iterable[Card]) -> tuple[HighHand, list[Card]]:
    """The best hand and five cards that make it, high cards first (for display).

    >>> from pokerroom.cards import format_cards
    >>> hand, five = best_five(CardSet.parse("2c 3d 4h 5s 9c Ah Kd"))
    >>> hand.describe(), format_cards(five)
    ('Straight, five-high', '5s 4h 3d 2c Ah')
    """
    hand = evaluate_high(cards)
    pool = list(CardSet.from_mask(_mask_of(cards)))
    for five in itertools.combinations(pool, 5):
        if high_strength(CardSet(five).mask) == hand.strength:
            return hand, _display_order(hand, list(five))
    raise AssertionError("no five cards reproduce the hand's strength")


def _display_order(hand: HighHand, five: list[Card]) -> list[Card]:
    counts = {card.rank: sum(1 for c in five if c.rank == card.rank) for card in five}
    wheel = hand.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and hand.ranks[0] == 3

    def order(card: Card) -> tuple[int, int, int]:
        rank = -1 if wheel and card.rank is Rank.ACE else int(card.rank)
        return (counts[card.rank], rank, card.suit)

    return sorted(five, key=order, reverse=True)
