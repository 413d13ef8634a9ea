"""Two baseline bots: one that picks any legal action, one that never folds nor raises."""

from __future__ import annotations

import random

from pokerroom.cards import Card
from pokerroom.engine import Action
from pokerroom.engine.actions import LegalActions
from pokerroom.engine.views import HandView


def passive_action(legal: LegalActions) -> Action:
    """The cheapest way to stay in: check, else call, else bring in; fold only if nothing else."""
    if legal.check:
        return Action.check()
    if legal.call is not None:
        return Action.call()
    if legal.bring_in is not None:
        return Action.bring_in()
    return Action.fold()


class RandomBot:
    """Chooses uniformly among fold (when something is owed), check/call, bring-in and raises."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: HandView) -> Action:
        legal = view.legal
        assert legal is not None
        choices = []
        if legal.fold and not legal.check:
            choices.append(Action.fold())
        if legal.check:
            choices.append(Action.check())
        if legal.call is not None:
            choices.append(Action.call())
        if legal.bring_in is not None:
            choices.append(Action.bring_in())
        if legal.raise_min is not None and legal.raise_max is not None:
            sizes = legal.raise_sizes or (
                legal.raise_min,
                legal.nearest_raise(self._rng.randint(legal.raise_min, legal.raise_max)),  # T-18
                legal.raise_max,
            )
            choices.append(Action.raise_to(self._rng.choice(sizes)))
        return self._rng.choice(choices) if choices else Action.fold()

    def discard(self, view: HandView) -> list[Card]:
        own = [card for card in view.hole[view.viewer or 0] if card is not None]
        return self._rng.sample(own, self._rng.randint(0, len(own)))


class CallingStation:
    """Checks when it can, calls whatever it faces, never raises, never draws."""

    def decide(self, view: HandView) -> Action:
        legal = view.legal
        assert legal is not None
        return passive_action(legal)

    def discard(self, view: HandView) -> list[Card]:
        return []
