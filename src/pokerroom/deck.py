"""The deck of one hand: a full reshuffle (C-3), burns kept apart (C-4, C-5), exhaustion (C-6).

A new :class:`Deck` is made for every hand, so every hand starts from all 52
cards. Shuffling uses :class:`secrets.SystemRandom` unless a seed is given for
reproducible play and tests. :attr:`Deck.dealt` is the order of the hand's cards
(the shuffle and any C-6 reshuffle so far), so a saved hand in progress can be dealt
again identically (:meth:`Deck.again`) without a value that predicts another hand.

>>> deck = Deck(seed=7)
>>> hole = deck.deal(2)
>>> burned = deck.burn()
>>> flop = deck.deal(3)
>>> len(deck), len(deck.burned)
(46, 1)
>>> Deck.again(deck.dealt).deal(2) == hole
True
"""

from __future__ import annotations

import copy
import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from pokerroom.cards import ALL_CARDS, Card
from pokerroom.errors import DeckError


@dataclass(frozen=True, slots=True)
class DeckOrder:
    """The order of one hand's cards: the stock as shuffled (dealt from the end), and each
    C-6 reshuffle of burns or muck so far. Secret while the hand is played (X-4)."""

    stock: tuple[Card, ...]
    reshuffles: tuple[tuple[Card, ...], ...] = ()


class Deck:
    """Stock, burns and muck of one hand.

    The stock's last card is never dealt (C-6): when a deal needs it, the burned
    cards are shuffled into a new stock above it, and then the muck.
    """

    __slots__ = ("_burned", "_muck", "_replayed", "_reshuffles", "_rng", "_shuffled", "_stock")

    def __init__(self, *, seed: int | None = None, rng: random.Random | None = None) -> None:
        if rng is None:
            rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
        self._rng = rng
        self._stock = list(ALL_CARDS)
        rng.shuffle(self._stock)  # C-3
        self._shuffled = tuple(self._stock)
        self._reshuffles: list[tuple[Card, ...]] = []
        self._replayed: list[tuple[Card, ...]] = []
        """Reshuffles of a dealt-again deck still to come, in order."""
        self._burned: list[Card] = []
        self._muck: list[Card] = []

    def __deepcopy__(self, memo: dict[int, object]) -> Deck:
        """The same stock, burns and muck (a game copied to be saved on another thread); a
        secure source has no state to copy, so the copy shares it."""
        twin = Deck.__new__(Deck)
        for name in self.__slots__:
            value = getattr(self, name)
            shared = isinstance(value, secrets.SystemRandom)
            setattr(twin, name, value if shared else copy.deepcopy(value, memo))
        return twin

    @classmethod
    def again(cls, order: DeckOrder) -> Deck:
        """The deck of :attr:`dealt`, dealt again: the same cards in the same order; a
        reshuffle beyond the saved ones is a fresh secure shuffle (C-3)."""
        if sorted(order.stock) != sorted(ALL_CARDS):
            raise DeckError("a saved deck must hold each of the 52 cards once (C-3)")
        deck = cls()
        deck._stock = list(order.stock)
        deck._shuffled = tuple(order.stock)
        deck._replayed = list(reversed(order.reshuffles))
        return deck

    @property
    def dealt(self) -> DeckOrder:
        """The order of this hand's cards so far: enough to deal it again, nothing more."""
        return DeckOrder(self._shuffled, tuple(self._reshuffles))

    def __len__(self) -> int:
        """Cards left in the stock, the never-dealt last card included."""
        return len(self._stock)

    @property
    def burned(self) -> tuple[Card, ...]:
        return tuple(self._burned)

    @property
    def muck(self) -> tuple[Card, ...]:
        return tuple(self._muck)

    def deal(self, count: int) -> list[Card]:
        """Deal ``count`` cards from the top, replenishing by C-6 if the stock runs short."""
        if count < 0:
            raise ValueError(f"cannot deal {count} cards; the count must be 0 or more")
        return [self._draw() for _ in range(count)]

    def burn(self) -> Card:
        """Burn one card face down before a community card or a later Stud street (C-4)."""
        card = self._draw()
        self._burned.append(card)  # C-5: burns stay apart from the muck
        return card

    def available(self) -> int:
        """Cards that can still be dealt: the stock but its last card, the burns and the muck."""
        return max(len(self._stock) - 1, 0) + len(self._burned) + len(self._muck)

    def discard(self, cards: Iterable[Card]) -> None:
        """Put folded or drawn-away cards into the muck, where C-6 may reuse them."""
        self._muck.extend(cards)

    def _draw(self) -> Card:
        if len(self._stock) <= 1:
            self._replenish()
        return self._stock.pop()

    def _replenish(self) -> None:
        """C-6: the last card stays; burned cards, then the muck, become the new stock."""
        for source in (self._burned, self._muck):
            if source:
                self._reshuffle(source)
                self._stock[1:1] = source
                source.clear()
                return
        raise DeckError(
            "the deck is exhausted: no stock, burned or mucked cards are left to deal (C-6)"
        )

    def _reshuffle(self, cards: list[Card]) -> None:
        """Shuffle ``cards`` in place, as saved for a deck dealt again, and note the result."""
        if self._replayed:
            saved = self._replayed.pop()
            if sorted(saved) != sorted(cards):
                raise DeckError("a saved reshuffle holds other cards than the deck (C-6)")
            cards[:] = saved
        else:
            self._rng.shuffle(cards)
        self._reshuffles.append(tuple(cards))
