"""The public chips of a hand, event by event: stacks, bets in front of players, the pot.

A hand history (PokerStars text) says "calls 40" where the engine records the
total ``to``; a replayer shows bets in front of each seat until the round ends.
Both need the same running count, kept here from the events alone — every stack
and bet is public (X-4), so a viewer's copy of the events gives the same chips.

Bets are gathered into the pot when the round is over: at the next deal or
draw after an action, and at the showdown and the award. Chips are conserved at
every step (P-9): stacks + bets + pot is what the players started with.

>>> from pokerroom.engine import events as ev
>>> track = ChipTrack.start([100, 100])
>>> track.apply(ev.PostBlind(1, 1)), track.apply(ev.PostBlind(0, 2)), track.apply(ev.Call(1, 2))
(1, 2, 1)
>>> track.apply(ev.DealBoard(())), track.pot, track.bets, track.stacks
(0, 4, [0, 0], [98, 98])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.engine import events as ev

_DEALS = (ev.DealHole, ev.DealBoard, ev.Discard)
_SETTLING = (ev.Show, ev.Muck, ev.Award)


@dataclass
class ChipTrack:
    stacks: list[int]
    bets: list[int]
    """Chips in front of each player in the current betting round."""
    pot: int = 0
    """Chips in the middle: antes and earlier rounds' bets, less what was awarded."""
    acted: bool = False
    """A player has acted since the bets were last gathered."""

    @classmethod
    def start(cls, stacks: Sequence[int]) -> ChipTrack:
        return cls(list(stacks), [0] * len(stacks))

    @property
    def level(self) -> int:
        """The bet to match in this round."""
        return max(self.bets)

    def gather(self) -> None:
        """The round is over: the bets go into the pot."""
        self.pot += sum(self.bets)
        self.bets = [0] * len(self.bets)
        self.acted = False

    def apply(self, event: ev.Event) -> int:
        """Count ``event``; returns the chips it moved from the player's stack (or to it, < 0)."""
        if (isinstance(event, _DEALS) and self.acted) or isinstance(event, _SETTLING):
            self.gather()
        match event:
            case ev.PostAnte(player, amount):  # B-7: antes are dead money, straight to the pot
                self.stacks[player] -= amount
                self.pot += amount
                return amount
            case ev.PostBlind(player, amount) | ev.BringIn(player, amount):
                self.acted = self.acted or isinstance(event, ev.BringIn)
                return self._put_in(player, amount)
            case ev.Call(player, to) | ev.BetRaise(player, to):
                self.acted = True
                return self._put_in(player, to - self.bets[player])
            case ev.Fold() | ev.Check():
                self.acted = True
            case ev.ReturnUncalled(player, amount):
                from_bet = min(amount, self.bets[player])
                self.bets[player] -= from_bet
                self.pot -= amount - from_bet
                self.stacks[player] += amount
                return -amount
            case ev.Award(player, amount):
                self.pot -= amount
                self.stacks[player] += amount
                return -amount
        return 0

    def _put_in(self, player: int, amount: int) -> int:
        self.stacks[player] -= amount
        self.bets[player] += amount
        return amount
