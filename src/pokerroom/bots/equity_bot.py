"""A bot that plays by equity against random hands, pot odds, position and stack depth.

Its own cards and the board are all it knows; opponents are unknown hands, so
its equity is a Monte-Carlo estimate from :mod:`pokerroom.equity`.
"""

from __future__ import annotations

import random

from pokerroom.bots.simple import passive_action
from pokerroom.cards import Card
from pokerroom.cardset import CardSet
from pokerroom.engine import Action
from pokerroom.engine.actions import LegalActions
from pokerroom.engine.views import HandView
from pokerroom.equity.calculator import Game, calculate_equity
from pokerroom.evaluate.high import best_five


class EquityBot:
    """Raises with a clear edge, calls when the price is right, otherwise checks or folds."""

    def __init__(self, seed: int | None = None, trials: int = 1500) -> None:
        self._rng = random.Random(seed)
        self.trials = trials

    def equity(self, view: HandView) -> float | None:
        """Share of the pot against the other live players' unknown hands, or None."""
        me = view.viewer
        assert me is not None
        hole = [card for card in view.hole[me] if card is not None]
        board = [card for card in view.boards[0] if card is not None]
        game = Game.HOLDEM if len(hole) == 2 else Game.OMAHA if 4 <= len(hole) <= 6 else None
        if game is None or len(view.boards) != 1 or len(board) not in (0, 3, 4, 5):
            return None
        rivals = sum(1 for p, out in enumerate(view.folded) if not out and p != me)
        if not rivals:
            return 1.0
        result = calculate_equity(
            [CardSet(hole), *([None] * rivals)],
            board=CardSet(board),
            game=game,
            trials=self.trials,
            seed=self._rng.getrandbits(32),
        )
        return result.hands[0].equity

    def decide(self, view: HandView) -> Action:
        legal = view.legal
        me = view.viewer
        assert legal is not None and me is not None
        equity = self.equity(view)
        if equity is None:
            return passive_action(legal)
        rivals = sum(1 for p, out in enumerate(view.folded) if not out and p != me)
        fair = 1 / (rivals + 1)
        owed = (legal.call or view.committed[me]) - view.committed[me]
        pot_odds = owed / (view.pot + owed) if owed else 0.0
        late = me >= len(view.folded) - 2  # the button and the seat before it act last
        edge = equity - fair - (0.0 if late else 0.03)
        if edge > 0.12 and legal.raise_min is not None and legal.raise_max is not None:
            return Action.raise_to(self._size(view, legal, equity))
        if legal.check:
            return Action.check()
        if legal.call is not None and equity >= pot_odds + 0.02:
            return Action.call()
        if legal.bring_in is not None:
            return Action.bring_in()
        return Action.fold()

    def _size(self, view: HandView, legal: LegalActions, equity: float) -> int:
        """About two thirds of the pot, everything when short-stacked or far ahead."""
        assert legal.raise_min is not None and legal.raise_max is not None
        if legal.raise_sizes:
            return legal.raise_sizes[-1 if equity > 0.7 else 0]
        me = view.viewer
        assert me is not None
        short = view.stacks[me] <= 10 * view.big_blind  # stack depth: shove or fold
        target = max(view.committed) + (2 * view.pot) // 3
        if short or equity > 0.8:
            target = legal.raise_max
        return legal.nearest_raise(target)  # T-18: whole bet units

    def discard(self, view: HandView) -> list[Card]:
        """Draw: keep the cards that make the current hand's pairs or better, else the top one."""
        me = view.viewer
        assert me is not None
        own = [card for card in view.hole[me] if card is not None]
        value, _ = best_five(CardSet(own))
        if value.category >= 4:  # a straight or better: stand pat
            return []
        counts = {card.rank: sum(1 for c in own if c.rank == card.rank) for card in own}
        keep = [card for card in own if counts[card.rank] > 1] or [max(own, key=lambda c: c.rank)]
        return [card for card in own if card not in keep]
