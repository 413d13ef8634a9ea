"""The deck of one hand: a full reshuffle (C-3), burns kept apart (C-4, C-5), exhaustion (C-6).

A new :class:`Deck` is made for every hand, so every hand starts from all 52
cards. Shuffling uses :class:`secrets.SystemRandom` unless a seed is given for
reproducible play and tests.

>>> deck = Deck(seed=7)
>>> hole = deck.deal(2)
>>> burned = deck.burn()
>>> flop = deck.deal(3)
>>> len(deck), len(deck.burned)
(46, 1)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable

from pokerroom.cards import ALL_CARDS, Card
from pokerroom.errors import DeckError


class Deck:
    """Stock, burns and muck of one hand.

    The stock's last card is never dealt (C-6): when a deal needs it, the burned
    cards are shuffled into a new stock above it, and then the muck.
    """

    __slots__ = ("_burned", "_muck", "_rng", "_stock")

    def __init__(self, *, seed: int | None = None, rng: random.Random | None = None) -> None:
        if rng is None:
            rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
        self._rng = rng
        self._stock = list(ALL_CARDS)
        rng.shuffle(self._stock)  # C-3
        self._burned: list[Card] = []
        self._muck: list[Card] = []

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
                self._rng.shuffle(source)
                self._stock[1:1] = source
                source.clear()
                return
        raise DeckError(
            "the deck is exhausted: no stock, burned or mucked cards are left to deal (C-6)"
        )
