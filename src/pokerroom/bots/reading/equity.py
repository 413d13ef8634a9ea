"""The bot's share of the pot against its opponents' narrowed ranges, by Monte Carlo.

Each trial draws one hand from every opponent's range by weight (drawing again when
two hands share a card), deals every card still to come from the cards this seat
has not seen, values each hand (high and, in split games, the eight-or-better low;
each board of the bomb pot for half the pot) and adds the bot's share. Stud's up
cards and a Draw player's discards are dead to the deal, since they are seen.
"""

from __future__ import annotations

import numpy as np

from pokerroom.bots.reading import draw, kernels
from pokerroom.bots.reading.game import DRAW, FUTURE, Shape
from pokerroom.bots.reading.ranges import Range, Seen
from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView
from pokerroom.evaluate.kernels import kernel_tables


def own_hand(view: HandView, shape: Shape) -> list[int]:
    """The bot's final hand as far as known: its cards, then FUTURE (before its draw, the
    cards it would throw are FUTURE)."""
    me = view.viewer
    assert me is not None
    cards = [card.index for card in view.hole[me] if card is not None]
    drew = any(isinstance(e, ev.Discard) and e.player == me for e in view.events)
    if shape.kind == DRAW and not drew and view.street == 0:
        cards = draw.keep(cards)
    return cards + [FUTURE] * (shape.hole - len(cards))


def pot_share(
    view: HandView, shape: Shape, ranges: list[Range], seen: Seen, trials: int, seed: int
) -> float:
    """The bot's expected share of the pot if every live hand went to showdown."""
    if not ranges:
        return 1.0
    size = shape.hole
    widest = max(len(held.weights) for held in ranges)
    hands = np.full((len(ranges), widest, size), FUTURE, dtype=np.int64)
    cumulative = np.zeros((len(ranges), widest))
    counts = np.zeros(len(ranges), dtype=np.int64)
    for k, held in enumerate(ranges):
        count = len(held.weights)
        hands[k, :count] = held.hands
        cumulative[k, :count] = np.cumsum(held.normalised())
        counts[k] = count
    rows = max(shape.boards, 1)
    boards = np.zeros((rows, 5), dtype=np.int64)
    if shape.boards:
        for b in range(rows):
            known = view.boards[b] if b < len(view.boards) else ()
            cards = [c.index for c in known if c is not None]
            boards[b] = cards + [FUTURE] * (5 - len(cards))
    mine = np.array(own_hand(view, shape), dtype=np.int64)
    share: float = kernels.pot_share(
        shape.kind, shape.hi_lo, mine, hands, cumulative, counts, boards,
        np.int64(seen.mask), seen.rest, trials, seed, kernel_tables(),
    )  # fmt: skip
    return share
