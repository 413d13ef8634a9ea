"""Each opponent's range: the hands he may hold, each with a weight, consistent with what
this seat sees (its own cards, the boards, every up card and shown card, its discards).

Hold'em ranges are exact: all 1,326 two-card combinations, the impossible ones at
weight 0. Games with more hidden cards (Omaha, Stud, Draw) would have millions of
holdings, so their ranges are a few hundred sampled candidates ("particles") that
the narrowing re-weights like the combinations. A hand is stored at its final
size: the cards seen, the sampled hidden ones, and FUTURE for cards to come. A
Draw candidate keeps the cards a sensible player keeps for the number he drew
(or will draw), the rest FUTURE.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.bots.hand_classes import combo_table
from pokerroom.bots.reading import draw
from pokerroom.bots.reading.game import DRAW, FLOP, FUTURE, HIDDEN, Shape
from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
SAMPLES = 300
"""Candidate holdings per opponent in games with more than two hidden cards."""


@dataclass(frozen=True, slots=True)
class Seen:
    """The cards this seat has seen, as a 52-bit mask, and the rest of the deck."""

    mask: int
    rest: Ints

    @staticmethod
    def of(view: HandView) -> Seen:
        me = view.viewer
        cards = [c for hole in view.hole for c in hole if c is not None]
        cards += [c for board in view.boards for c in board if c is not None]
        for event in view.events:
            if isinstance(event, ev.Discard) and event.player == me:
                cards += [c for c in event.cards if c is not None]
        mask = 0
        for card in cards:
            mask |= 1 << card.index
        rest = np.array([i for i in range(52) if not mask >> i & 1], dtype=np.int64)
        return Seen(mask, rest)


@dataclass(slots=True)
class Range:
    """One opponent's candidate hands and their weights."""

    player: int
    hands: Ints
    weights: Floats
    present: int
    """Slots of each hand dealt by now (later ones, and FUTURE ones, are still to come)."""

    def normalised(self) -> Floats:
        """Weights summing to one (uniform if narrowing erased every hand)."""
        total = float(self.weights.sum())
        if total > 0:
            return self.weights / total
        return np.full(len(self.weights), 1 / len(self.weights))


def _template(view: HandView, player: int, shape: Shape) -> list[int]:
    seen = [HIDDEN if card is None else card.index for card in view.hole[player]]
    return seen + [FUTURE] * (shape.hole - len(seen))


def _fill(template: list[int], seen: Seen, rng: np.random.Generator, count: int) -> Ints:
    """``count`` copies of the template with the HIDDEN slots dealt from the unseen cards."""
    hands = np.tile(np.array(template, dtype=np.int64), (count, 1))
    slots = [j for j, card in enumerate(template) if card == HIDDEN]
    if slots:
        order = rng.random((count, seen.rest.shape[0])).argpartition(len(slots), axis=1)
        hands[:, slots] = seen.rest[order[:, : len(slots)]]
    return hands


def _draw_range(view: HandView, player: int, seen: Seen, rng: np.random.Generator) -> Range:
    drawn = [len(e.cards) for e in view.events if isinstance(e, ev.Discard) and e.player == player]
    before = _fill([HIDDEN] * 5, seen, rng, SAMPLES)
    hands = np.full((SAMPLES, 5), FUTURE, dtype=np.int64)
    weights = np.ones(SAMPLES)
    for i, cards in enumerate(before.tolist()):
        kept = draw.keep(cards)
        if drawn:
            weights[i] = draw.likelihood(cards, drawn[0])
            extra = [c for c in sorted(cards, key=lambda c: -(c >> 2)) if c not in kept]
            kept = (kept + extra)[: 5 - drawn[0]]
        hands[i, : len(kept)] = kept
    return Range(player, hands, weights, 5)


def build(view: HandView, shape: Shape, seen: Seen, rng: np.random.Generator) -> list[Range]:
    """A fresh (un-narrowed) range for every opponent still in the hand."""
    me = view.viewer
    found: list[Range] = []
    for player, out in enumerate(view.folded):
        if out or player == me:
            continue
        template = _template(view, player, shape)
        if HIDDEN not in template:
            hands = np.array([template], dtype=np.int64)
            present = sum(1 for c in template if c >= 0)
            found.append(Range(player, hands, np.ones(1), present))
        elif shape.kind == FLOP:
            combos = combo_table()[0].astype(np.int64)
            clear = ((seen.mask >> combos[:, 0]) & 1 | (seen.mask >> combos[:, 1]) & 1) == 0
            found.append(Range(player, combos.copy(), clear.astype(np.float64), 2))
        elif shape.kind == DRAW:
            found.append(_draw_range(view, player, seen, rng))
        else:
            present = sum(1 for c in template if c != FUTURE)
            found.append(
                Range(player, _fill(template, seen, rng, SAMPLES), np.ones(SAMPLES), present)
            )
    return found
