"""Narrow each opponent's range by his actions this hand.

For every action the reader asks how likely it was from each candidate hand, given
how strong that hand was when he acted (its value averaged over random run-outs of
the cards still to come: strength and potential in one figure, as a percentile
within his range as it stood), and multiplies the weights by that. The likelihood
is a soft threshold model whose thresholds come from the opponent's statistics: a
player who raises a fifth of his hands raises the top fifth; a bigger bet comes
from a narrower top; a player who folds to bets half the time calls with the upper
half; a check makes the strongest hands less likely (most players bet them). In
Hold'em before the flop a hand's strength is its class's place in the shipped
starting-hand order.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from pokerroom.bots.hand_classes import COMBOS, combo_table
from pokerroom.bots.pushfold_ranges import PushFoldTables
from pokerroom.bots.reading import kernels
from pokerroom.bots.reading.game import FLOP, STUD, Shape
from pokerroom.bots.reading.history import Move, moves
from pokerroom.bots.reading.opponents import Opponents, Tendencies
from pokerroom.bots.reading.ranges import Floats, Range, Seen
from pokerroom.engine.views import HandView
from pokerroom.evaluate.kernels import kernel_tables

RUNS = 6
"""Random run-outs per candidate hand when measuring its strength."""
SOFTNESS = 0.07
"""How gradual a threshold is, in percentile points."""


@functools.cache
def preflop_strength() -> Floats:
    """Each of the 1,326 Hold'em combinations' percentile before the flop (1 = aces)."""
    order = PushFoldTables.load().order
    _, classes = combo_table()
    place = np.empty(len(order), dtype=np.float64)
    sizes = np.bincount(classes, minlength=len(order)).astype(np.float64)
    above = np.concatenate(([0.0], np.cumsum(sizes[order])[:-1]))
    place[order] = 1 - (above + sizes[order] / 2) / COMBOS
    strength: Floats = place[classes]
    return strength


def _percentile(raw: Floats, weights: Floats) -> Floats:
    """Each hand's place in the weighted range: the share of weight below it plus half its own."""
    order = np.argsort(raw, kind="stable")
    ranked = weights[order]
    total = ranked.sum() or 1.0
    below = np.concatenate(([0.0], np.cumsum(ranked)[:-1]))
    place = np.empty_like(raw)
    place[order] = (below + ranked / 2) / total
    return place


def _step(strength: Floats, threshold: float) -> Floats:
    """Soft 0 → 1 as ``strength`` passes ``threshold``."""
    out: Floats = 1 / (1 + np.exp(-(strength - threshold) / SOFTNESS))
    return out


def likelihood(move: Move, strength: Floats, his: Tendencies, first: bool) -> Floats:
    """How likely ``move`` was from each hand of the given strength (0 … 1 percentiles)."""
    if move.kind == "raise":
        share = (
            his.pfr * 0.4**move.raises if first else his.aggression * (0.6 if move.owed else 0.8)
        )
        size = move.added / max(move.pot, 1)
        share *= min(1.1, max(0.5, 1.2 - 0.4 * size))
        bluff = 0.02 if first else 0.03 + 0.12 * his.aggression
        return bluff + (1 - bluff) * _step(strength, 1 - min(0.95, max(0.03, share)))
    if move.kind == "call":
        lower = 1 - his.vpip if first else his.fold_to_bet
        upper = 1 - (his.pfr * 0.4**move.raises if first else his.aggression / 2)
        calling: Floats = 0.03 + 0.97 * _step(strength, lower) * (1 - 0.6 * _step(strength, upper))
        return calling
    if move.kind == "check":
        top = 1 - (his.pfr if first else 0.8 * his.aggression)
        checking: Floats = 1 - 0.75 * _step(strength, top)
        return checking
    return np.ones_like(strength)


def narrow(
    view: HandView, shape: Shape, ranges: list[Range], seen: Seen, model: Opponents, seed: int
) -> None:
    """Re-weight every range by its player's actions so far (in place)."""
    story = moves(view)
    tables = kernel_tables()
    first_board = np.array(
        [c.index if c is not None else 0 for c in view.boards[0]] + [0] * 5, dtype=np.int64
    )[:5]
    for held in ranges:
        his = model.of(view, held.player)
        cache: dict[tuple[int, int], Floats] = {}
        for number, move in enumerate(story):
            if move.player != held.player or move.kind == "fold":
                continue
            first = move.round == 0 and (shape.kind not in (FLOP, kernels.OMAHA) or move.board == 0)
            if shape.kind == FLOP and move.board == 0:
                raw = preflop_strength()
            else:
                key = (move.board, move.dealt)
                if key not in cache:
                    present = min(move.dealt, held.present) if shape.kind == STUD else held.present
                    known = move.board if shape.flop_game else 5
                    cache[key] = kernels.strengths(
                        shape.kind, held.hands, held.weights, present, first_board, known,
                        np.int64(seen.mask), seen.rest, RUNS, seed + number, tables,
                    )  # fmt: skip
                raw = cache[key]
            strength = _percentile(raw, held.weights)
            held.weights = held.weights * likelihood(move, strength, his, first)
            if not math.isfinite(float(held.weights.sum())):
                held.weights = np.ones_like(held.weights)
