"""pokerroom: a complete poker room in one package, on one rules-exact engine.

Layers, each importing only those before it: cards → evaluate (and equity) →
engine → table/series → tournament → bots → interfaces and storage.
"""

from pokerroom.cards import Card, Rank, Suit, format_cards, parse_cards
from pokerroom.cardset import CardSet
from pokerroom.deck import Deck

__all__ = ["Card", "CardSet", "Deck", "Rank", "Suit", "format_cards", "parse_cards"]
__version__ = "0.1.0"
