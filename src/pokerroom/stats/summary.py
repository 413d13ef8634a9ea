"""The statistics of each player over many hands, and the ratios a player reads.

Definitions (the README's "Player statistics" repeats them):

- **hands**: hands he was dealt.
- **VPIP**: hands in which he put chips in voluntarily preflop: a call (a limp too) or a
  raise; posting a blind and the big blind's check do not count.
- **PFR**: hands in which he raised preflop.
- **3-bet**: re-raises when facing exactly one raise preflop, of the hands in which he
  faced exactly one raise (his own excepted).
- **fold to 3-bet**: folds when, having made the first raise, he faced a re-raise, of the
  hands in which that happened.
- **AF**: postflop bets and raises divided by postflop calls (none when he never called).
- **WTSD**: hands he went to showdown, of the hands in which he saw the flop.
- **W$SD**: hands in which he won chips at showdown, of those he went to showdown.
- **winnings**: chips net of the rake; **bb/100**: winnings in big blinds (each hand's own)
  per 100 hands; **all-in adjusted**: winnings with each all-in valued by equity
  (:mod:`pokerroom.stats.allin`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields

from pokerroom.stats.reading import Amount, StatHand
from pokerroom.stats.seats import SeatCounts, seat_counts


@dataclass(frozen=True, slots=True)
class NamedHand:
    """A hand and who played each position."""

    hand: StatHand
    names: Sequence[str]


@dataclass(slots=True)
class PlayerStats:
    """One player's counts over the hands summarised; the ratios are properties."""

    name: str
    hands: int = 0
    vpip_hands: int = 0
    pfr_hands: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    fold_to_three_bet_chances: int = 0
    folds_to_three_bet: int = 0
    bets_raises: int = 0
    calls: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    won_at_showdown: int = 0
    winnings: Amount = 0
    big_blinds: float = 0.0
    """Winnings in big blinds, each hand's result divided by its own big blind."""
    adjusted: float = 0.0
    """All-in-adjusted winnings in chips."""

    def add(self, counts: SeatCounts, *, own: bool) -> None:
        """Count one more hand; ``own``: the viewer is this player (his cards value his
        all-ins)."""
        line = counts.line
        self.hands += 1
        self.vpip_hands += line.vpip
        self.pfr_hands += line.pfr
        self.three_bet_chances += line.three_bet_chance
        self.three_bets += line.three_bet
        self.fold_to_three_bet_chances += line.fold_to_three_bet_chance
        self.folds_to_three_bet += line.fold_to_three_bet
        self.bets_raises += line.bets_raises
        self.calls += line.calls
        self.saw_flop += line.saw_flop
        self.showdowns += line.showdown and line.saw_flop
        self.won_at_showdown += line.won_at_showdown and line.saw_flop
        self.winnings += line.result
        self.big_blinds += counts.big_blinds
        self.adjusted += counts.adjusted_own if own else counts.adjusted

    def merge(self, other: PlayerStats) -> None:
        """Add ``other``'s counts (the same player's, over other hands) to these."""
        for field in fields(self):
            if field.name != "name":
                setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))

    @property
    def vpip(self) -> float | None:
        return _percent(self.vpip_hands, self.hands)

    @property
    def pfr(self) -> float | None:
        return _percent(self.pfr_hands, self.hands)

    @property
    def three_bet(self) -> float | None:
        return _percent(self.three_bets, self.three_bet_chances)

    @property
    def fold_to_three_bet(self) -> float | None:
        return _percent(self.folds_to_three_bet, self.fold_to_three_bet_chances)

    @property
    def aggression(self) -> float | None:
        return self.bets_raises / self.calls if self.calls else None

    @property
    def wtsd(self) -> float | None:
        return _percent(self.showdowns, self.saw_flop)

    @property
    def won_showdown(self) -> float | None:
        return _percent(self.won_at_showdown, self.showdowns)

    @property
    def bb_per_100(self) -> float | None:
        return 100 * self.big_blinds / self.hands if self.hands else None


def _percent(part: int, whole: int) -> float | None:
    return 100 * part / whole if whole else None


def summarise(
    hands: Iterable[NamedHand], *, viewer: str | None = None, only: str | None = None
) -> dict[str, PlayerStats]:
    """Every player's statistics (only ``only``'s, if given) as ``viewer`` may know them:
    his own hole cards count for his own all-ins; everyone else's numbers use only public
    actions and the cards shown, so nobody's unshown cards count for anyone else."""
    players: dict[str, PlayerStats] = {}
    for named in hands:
        names = named.names
        if only is not None and only not in names:
            continue
        for name, counts in zip(names, seat_counts(named.hand), strict=True):
            if only is not None and name != only:
                continue
            stats = players.get(name)
            if stats is None:
                stats = players[name] = PlayerStats(name)
            stats.add(counts, own=name == viewer)
    return players
