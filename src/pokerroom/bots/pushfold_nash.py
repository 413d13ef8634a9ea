"""Heads-up no-limit Hold'em push-or-fold: the game, best responses and fictitious play.

The small blind either moves all-in or folds; the big blind, facing the
all-in, calls or folds. Both start the hand with ``stack`` big blinds (the
effective stack), post an ``ante`` each (in big blinds) and the blinds of ½
and 1. Results are chips won, in big blinds, for the small blind; the game is
zero-sum. A strategy is one probability per hand class (push, resp. call).
Hands are dealt with card removal: the chance that the small blind holds class
i and the big blind class j is proportional to the disjoint combinations
(:func:`pokerroom.bots.hand_classes.pair_counts`).

Fictitious play: each round both players best-respond to the other's average
strategy so far, and the averages converge to an equilibrium.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.bots.hand_classes import pair_counts

Vector = npt.NDArray[np.float64]
Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class PushFoldGame:
    """The payoff pieces of one (stack, ante) spot, precomputed from the equity matrix."""

    stack: float
    ante: float
    push_gain: Matrix
    """``[i, j]``: small blind's gain of pushing over folding, class i against j, per unit call."""
    push_base: Vector
    """Gain of pushing over folding when the big blind never calls, by class."""
    call_gain: Matrix
    """``[i, j]``: big blind's gain of calling over folding with class j against a push of i."""
    fold_value: float
    """The small blind's result when he folds."""

    @staticmethod
    def build(equity: Matrix, stack: float, ante: float = 0.0) -> PushFoldGame:
        if stack <= 0 or ante < 0:
            raise ValueError(f"need a positive stack and an ante ≥ 0, got {stack} and {ante}")
        deal = pair_counts() / pair_counts().sum()
        called = 2 * stack * equity - stack  # the small blind's net result when called
        stolen = 1 + ante  # the big blind's blind and ante
        folded = -0.5 - ante
        return PushFoldGame(
            stack=stack,
            ante=ante,
            push_gain=deal * (called - stolen),
            push_base=deal.sum(axis=1) * (stolen - folded),
            call_gain=deal * (-called - (-1 - ante)),
            fold_value=folded,
        )

    def push_gains(self, call: Vector) -> Vector:
        """Each class's expected gain (weighted by its deal chance) of pushing over folding."""
        return self.push_gain @ call + self.push_base

    def call_gains(self, push: Vector) -> Vector:
        """Each class's expected gain (weighted by its deal chance) of calling over folding."""
        return push @ self.call_gain

    def value(self, push: Vector, call: Vector) -> float:
        """The small blind's expected result, in big blinds per hand."""
        return self.fold_value + float(push @ self.push_gains(call))

    def deviation_gains(self, push: Vector, call: Vector) -> tuple[float, float]:
        """How much the small blind, then the big blind, gains by best-responding instead."""
        value = self.value(push, call)
        best_push = self.fold_value + float(np.maximum(self.push_gains(call), 0).sum())
        best_call = self.value(push, np.zeros_like(call)) - float(
            np.maximum(self.call_gains(push), 0).sum()
        )
        return best_push - value, value - best_call


@dataclass(frozen=True, slots=True)
class Equilibrium:
    push: Vector
    call: Vector
    sb_gain: float
    """What the small blind could still win by deviating (big blinds per hand)."""
    bb_gain: float
    iterations: int


def solve(game: PushFoldGame, iterations: int = 20_000) -> Equilibrium:
    """Fictitious play from 'push everything, call nothing': average best responses."""
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, got {iterations}")
    push = np.ones(game.push_base.shape[0])
    call = np.zeros_like(push)
    for step in range(1, iterations + 1):
        best_push = (game.push_gains(call) > 0).astype(np.float64)
        best_call = (game.call_gains(push) > 0).astype(np.float64)
        push += (best_push - push) / (step + 1)
        call += (best_call - call) / (step + 1)
    sb_gain, bb_gain = game.deviation_gains(push, call)
    return Equilibrium(push, call, sb_gain, bb_gain, iterations)
