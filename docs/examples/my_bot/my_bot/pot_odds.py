"""A pot-odds bot: plays in any game pokerroom deals, from its own seat's view only.

It rates its own cards and the board (pairs and high cards) as a rough chance to win,
calls when that chance beats the price the pot offers, bets or raises about half the pot
when it is strong, and folds otherwise. Its draws keep pairs and high cards.
"""

from __future__ import annotations

import random
from collections import Counter

from pokerroom.cards import Card
from pokerroom.engine import Action
from pokerroom.engine.views import HandView


class PotOddsBot:
    """Calls when the pot pays for its hand, bets when strong; the seed breaks ties."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: HandView) -> Action:
        legal = view.legal
        assert legal is not None  # decide is asked only on the bot's own turn to bet
        chance = _strength(view)
        owed = 0 if legal.call is None else legal.call - view.committed[legal.player]
        price = owed / (view.pot + owed) if owed else 0.0  # what a call must win back
        if chance > 0.6 and legal.raise_min is not None:
            half_pot = max(legal.raise_min, view.committed[legal.player] + owed + view.pot // 2)
            return Action.raise_to(legal.nearest_raise(half_pot))
        if legal.check:
            return Action.check()
        if legal.call is not None and chance + self._rng.uniform(-0.05, 0.05) >= price:
            return Action.call()
        if legal.bring_in is not None:
            return Action.bring_in()
        return Action.fold()

    def discard(self, view: HandView) -> list[Card]:
        own = [card for card in view.hole[view.viewer or 0] if card is not None]
        counts = Counter(card.rank for card in own)
        return [card for card in own if counts[card.rank] == 1 and card.rank < 10]


def _strength(view: HandView) -> float:
    """A rough chance to win: pairs or better with the board count most, then high cards."""
    own = [card for card in view.hole[view.viewer or 0] if card is not None]
    board = [card for card in (view.boards[0] if view.boards else ()) if card is not None]
    counts = Counter(card.rank for card in own + board)
    best = max(counts.values(), default=1)
    high = max((card.rank for card in own), default=0) / 12
    return min(1.0, 0.25 * (best - 1) + 0.3 * high + 0.1)
