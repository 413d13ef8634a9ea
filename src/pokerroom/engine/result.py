"""Who won what: each pot of a finished hand with its winners and their hands (P-1, P-2, P-7).

The awards are events; this reads them back per pot, so a caller need not scan
:attr:`Hand.events <pokerroom.engine.hand.Hand.events>`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.cards import Card
from pokerroom.evaluate.high import HighHand
from pokerroom.evaluate.low import LowHand


@dataclass(frozen=True, slots=True)
class Winner:
    """One payment from a pot."""

    player: int
    amount: int
    share: str
    """``all``, or ``high``/``low`` in a split game (P-7)."""
    board: int
    """The board whose half this is in a double-board game (P-8), or the run (0 or 1) of a
    board run twice; 0 otherwise."""
    value: HighHand | LowHand | None
    """The winning hand's value; None when won unshown (A-15)."""
    cards: tuple[Card | None, ...]
    """The winner's cards as shown; () when he did not show."""

    @property
    def hand(self) -> str | None:
        """The winning hand in words ("Two pair, kings and fours"), in the language of
        whoever reads it now; None when won unshown (A-15)."""
        return None if self.value is None else self.value.describe()


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot: main pot first, then side pots (P-1)."""

    pot: int
    amount: int
    eligible: tuple[int, ...]
    """The players who contested it."""
    winners: tuple[Winner, ...]
    """Empty only when a contender's cards were unknown (a replayed history)."""
