"""Immutable sets of cards held as 64-bit masks (see :mod:`pokerroom.cards` for the layout).

>>> hand = CardSet.parse("Ah Kh")
>>> len(hand), str(hand)
(2, 'Ah Kh')
>>> Card.parse("Ah") in hand
True
>>> str(hand | CardSet.parse("2c"))
'Ah Kh 2c'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pokerroom.cards import ALL_CARDS, Card, card_from_bit, parse_cards

FULL_DECK_MASK = sum(card.bit for card in ALL_CARDS)


class CardSet:
    """A set of distinct cards; iteration runs from the highest card to the lowest."""

    __slots__ = ("_mask",)

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        mask = 0
        for card in cards:
            mask |= card.bit
        self._mask = mask

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        if mask & ~FULL_DECK_MASK:
            raise ValueError(f"mask {mask:#x} has bits that are not cards")
        result = cls.__new__(cls)
        result._mask = mask
        return result

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse text as :func:`pokerroom.cards.parse_cards` does."""
        return cls(parse_cards(text))

    @property
    def mask(self) -> int:
        return self._mask

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self._cards(), reverse=True))

    def _cards(self) -> Iterator[Card]:
        mask = self._mask
        while mask:
            low = mask & -mask
            yield card_from_bit(low)
            mask ^= low

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask & card.bit)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask | other._mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & other._mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self._mask & ~other._mask)

    def isdisjoint(self, other: CardSet) -> bool:
        return not self._mask & other._mask

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self._mask == other._mask

    def __hash__(self) -> int:
        return hash(self._mask)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
