"""The deck of a hand in progress as JSON: the order of its cards, nothing that deals another.

>>> from pokerroom.deck import Deck
>>> deck = Deck()
>>> deck_from_json(deck_to_json(deck.dealt)) == deck.dealt
True
"""

from __future__ import annotations

from typing import Any

from pokerroom.cards import Card
from pokerroom.deck import DeckOrder
from pokerroom.errors import PokerroomError
from pokerroom.storage.codec import StorageError


def deck_to_json(order: DeckOrder) -> dict[str, Any]:
    return {
        "stock": [str(card) for card in order.stock],
        "reshuffles": [[str(card) for card in cards] for cards in order.reshuffles],
    }


def deck_from_json(data: object) -> DeckOrder:
    """The saved order, checked: 52 distinct cards, each reshuffle a list of cards (C-3)."""
    try:
        assert isinstance(data, dict)
        stock = tuple(Card.parse(text) for text in data["stock"])
        reshuffles = tuple(
            tuple(Card.parse(text) for text in cards) for cards in data["reshuffles"]
        )
    except (AssertionError, KeyError, TypeError, AttributeError, PokerroomError):
        raise StorageError("a saved deck cannot be read; the hand cannot be dealt again") from None
    if len(set(stock)) != 52 or len(stock) != 52:
        raise StorageError(
            "a saved deck does not hold the 52 cards; the hand cannot be dealt again"
        )
    return DeckOrder(stock, reshuffles)
