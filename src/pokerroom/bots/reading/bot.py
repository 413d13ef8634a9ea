"""The range-reading bot: one class, four styles.

Each decision starts from scratch, from the seat's view only (X-4): a range per
live opponent (:mod:`.ranges`), narrowed by his actions this hand and what the bot
has learned of him in earlier hands (:mod:`.narrowing`, :mod:`.opponents`), the
bot's pot share against those ranges (:mod:`.equity`), then the style's decision
(:mod:`.policy`). Its dice are seeded from the view and the bot's seed, so the same
view always gets the same action. Short-stacked in no-limit Hold'em before the flop
it plays push/fold like :class:`~pokerroom.bots.tournament_bot.TournamentBot`.
"""

from __future__ import annotations

import random
import zlib

import numpy as np

from pokerroom.bots.preflop_spot import preflop_spot
from pokerroom.bots.reading import draw
from pokerroom.bots.reading.equity import pot_share
from pokerroom.bots.reading.game import FLOP, STUD, Shape, shape_of
from pokerroom.bots.reading.history import moves, raises_this_round
from pokerroom.bots.reading.narrowing import narrow, preflop_strength
from pokerroom.bots.reading.opponents import Opponents
from pokerroom.bots.reading.policy import Spot, decide
from pokerroom.bots.reading.ranges import Seen, build
from pokerroom.bots.reading.styles import TIGHT_AGGRESSIVE, Style
from pokerroom.bots.tournament_bot import TournamentBot
from pokerroom.cards import Card
from pokerroom.engine import Action
from pokerroom.engine.views import HandView

TRIALS = 2400
"""Monte-Carlo deals per decision, shared among the players (the latency budget)."""


class ReadingBot:
    """Reads ranges, keeps a model of each opponent by name, plays a style."""

    def __init__(
        self, seed: int | None = None, style: Style = TIGHT_AGGRESSIVE, *, trials: int = TRIALS
    ) -> None:
        self.seed = seed or 0
        self.style = style
        self.trials = trials
        self.opponents = Opponents()
        self._short = TournamentBot(seed)

    def decide(self, view: HandView) -> Action:
        legal, me = view.legal, view.viewer
        assert legal is not None and me is not None
        shape = shape_of(view)
        preflop = preflop_spot(view) if shape.kind == FLOP and shape.boards == 1 else None
        short = preflop is not None and not legal.raise_sizes
        if short and preflop is not None and self._short.pushes_or_folds(view, preflop):
            return self._short.decide(view)
        seed = zlib.crc32(repr(view).encode()) ^ self.seed
        share = self.share(view, shape, seed)
        spot = self._spot(view, shape, share, preflop=preflop is not None)
        return decide(spot, self.style, random.Random(seed))

    def share(self, view: HandView, shape: Shape, seed: int) -> float:
        """The bot's pot share against every live opponent's narrowed range."""
        seen = Seen.of(view)
        ranges = build(view, shape, seen, np.random.default_rng(seed))
        narrow(view, shape, ranges, seen, self.opponents, seed)
        trials = max(200, self.trials // (len(ranges) + 1))
        return pot_share(view, shape, ranges, seen, trials, seed)

    def _spot(self, view: HandView, shape: Shape, share: float, *, preflop: bool) -> Spot:
        legal, me = view.legal, view.viewer
        assert legal is not None and me is not None
        live = [p for p, out in enumerate(view.folded) if not out and p != me]
        owed = (legal.call or view.committed[me]) - view.committed[me]
        story = moves(view)
        folds = [self.opponents.of(view, p).fold_to_bet for p in live]
        streets = 4 if shape.flop_game else 5 if shape.kind == STUD else 2
        return Spot(
            legal=legal,
            share=share,
            opponents=len(live),
            owed=owed,
            pot=view.pot,
            top=max(view.committed),
            stack=view.stacks[me],
            big_blind=view.big_blind,
            last_round=view.street == streets - 1,
            first_round=view.street == 0,
            raises=raises_this_round(view),
            folds_to_bets=sum(folds) / len(folds) if folds else 0.45,
            wet=_wet(view),
            preflop=self._preflop_strength(view) if preflop else None,
            seat_share=_seat_share(len(view.stacks), me),
            limpers=sum(1 for m in story if m.round == 0 and m.kind == "call" and m.raises == 0),
        )

    def _preflop_strength(self, view: HandView) -> float:
        me = view.viewer
        assert me is not None
        first, second = (card for card in view.hole[me] if card is not None)
        low, high = sorted((first.index, second.index))
        return float(preflop_strength()[high * (high - 1) // 2 + low])

    def discard(self, view: HandView) -> list[Card]:
        """Draw: keep what a sensible player keeps (pairs up, four to a flush or straight)."""
        me = view.viewer
        assert me is not None
        own = [card for card in view.hole[me] if card is not None]
        kept = draw.keep([card.index for card in own])
        return [card for card in own if card.index not in kept]

    def hand_over(self, view: HandView) -> None:
        """Learn from a finished hand: count each named opponent's actions."""
        self.opponents.learn(view)


def _seat_share(players: int, me: int) -> float:
    """How much wider than a middle seat this seat opens: heads-up and late seats widest."""
    if players == 2:
        return 2.2
    if me < 2:  # the blinds: cheap to play, but out of position after the flop
        return 1.0
    return 0.7 + 0.9 * (me - 2) / max(players - 3, 1)


def _wet(view: HandView) -> bool:
    """A board with two of a suit or three cards within five ranks."""
    board = [card for card in view.boards[0] if card is not None] if view.boards else []
    suits = [card.suit for card in board]
    ranks = sorted({card.rank for card in board})
    flushy = any(suits.count(s) >= 2 for s in set(suits))
    straighty = any(ranks[i + 2] - ranks[i] <= 4 for i in range(len(ranks) - 2))
    return flushy or straighty
