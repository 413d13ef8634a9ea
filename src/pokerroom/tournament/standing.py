"""What the tournament tells its players between hands: how far the money is (issue 11 item 10).

The run hands a :class:`Standing` to its hand player before every hand when the player
reads one (:class:`ReadsStanding`), so a bot can tighten near the bubble. It holds only
what a tournament lobby shows everyone: no stack but the average, no cards (X-4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class Standing:
    """The lobby's numbers at one hand start."""

    players_left: int
    """Players still in, those who busted in an unfinished hand-for-hand round included."""
    places_paid: int
    average_stack: int
    hand_for_hand: bool

    @property
    def to_the_money(self) -> int:
        """Bust-outs still needed before everyone left is paid (0: in the money)."""
        return max(0, self.players_left - self.places_paid)


@runtime_checkable
class ReadsStanding(Protocol):
    """A hand player that wants the standing before each hand it plays."""

    def see_standing(self, standing: Standing) -> None: ...
