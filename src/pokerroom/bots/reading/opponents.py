"""What the bot has learned of each opponent across hands, keyed by his name.

The counts are the ones players track: how often he puts money in voluntarily in
the first round (VPIP) and raises there (PFR), how often he bets or raises later
rather than checks or calls (aggression), how often he folds when bet into, how
often he reaches a showdown. Each rate starts from a prior worth a few hands of
an ordinary player, so one hand does not swing it and an unknown player (no name)
is that ordinary player.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.bots.reading.history import moves
from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView

PRIOR_HANDS = 6.0
"""How many hands the prior counts for."""


@dataclass(frozen=True, slots=True)
class Tendencies:
    """Rates between 0 and 1 that the range narrowing and the decision read."""

    vpip: float = 0.30
    pfr: float = 0.15
    aggression: float = 0.35
    """Share of his later actions (folds aside) that bet or raise."""
    fold_to_bet: float = 0.45
    showdown: float = 0.30
    hands: int = 0


UNKNOWN = Tendencies()


@dataclass(slots=True)
class Counts:
    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    aggressive: int = 0
    passive: int = 0
    faced: int = 0
    folded: int = 0
    showdowns: int = 0

    def rates(self) -> Tendencies:
        def rate(hits: int, out_of: int, prior: float) -> float:
            return (hits + prior * PRIOR_HANDS) / (out_of + PRIOR_HANDS)

        return Tendencies(
            vpip=rate(self.vpip, self.hands, UNKNOWN.vpip),
            pfr=rate(self.pfr, self.hands, UNKNOWN.pfr),
            aggression=rate(self.aggressive, self.aggressive + self.passive, UNKNOWN.aggression),
            fold_to_bet=rate(self.folded, self.faced, UNKNOWN.fold_to_bet),
            showdown=rate(self.showdowns, self.hands, UNKNOWN.showdown),
            hands=self.hands,
        )


@dataclass(slots=True)
class Opponents:
    """Everyone the bot has played with, by name."""

    counts: dict[str, Counts] = field(default_factory=dict)

    def of(self, view: HandView, position: int) -> Tendencies:
        """His tendencies, or the ordinary player's when the table gives no names."""
        if position >= len(view.names):
            return UNKNOWN
        found = self.counts.get(view.names[position])
        return found.rates() if found else UNKNOWN

    def learn(self, view: HandView) -> None:
        """Count a finished hand (seen from the bot's seat: shown cards only, X-4)."""
        if not view.names:
            return
        me = view.viewer
        seen: dict[int, Counts] = {}
        for position, name in enumerate(view.names):
            if position != me and name:
                seen[position] = self.counts.setdefault(name, Counts())
                seen[position].hands += 1
        voluntary: set[int] = set()
        raised: set[int] = set()
        for move in moves(view):
            counts = seen.get(move.player)
            if counts is None:
                continue
            if move.round == 0:
                if move.kind in ("call", "raise"):
                    voluntary.add(move.player)
                if move.kind == "raise":
                    raised.add(move.player)
                continue
            if move.owed:
                counts.faced += 1
                counts.folded += move.kind == "fold"
            if move.kind == "raise":
                counts.aggressive += 1
            elif move.kind in ("check", "call"):
                counts.passive += 1
        for position in voluntary:
            seen[position].vpip += 1
        for position in raised:
            seen[position].pfr += 1
        for event in view.events:
            if isinstance(event, ev.Show) and event.player in seen:
                seen[event.player].showdowns += 1
