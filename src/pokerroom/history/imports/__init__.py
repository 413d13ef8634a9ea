"""Hand histories from other rooms read into PHH: PokerStars text and Poker Now logs.

Each reader gives the hands it could read, each replayed by the engine and held against
the file (:mod:`pokerroom.history.imports.check`), and one :class:`Problem` for every
hand it left out — a hand is read whole or not at all, and one bad hand never stops the
others. Only the cards the history shows are kept: the hero's own and the hands shown.
"""

from pokerroom.history.imports.check import ImportedHand
from pokerroom.history.imports.detect import FORMATS, read_history
from pokerroom.history.imports.poker_now import read_poker_now
from pokerroom.history.imports.pokerstars import read_pokerstars
from pokerroom.history.imports.problems import Problem

__all__ = [
    "FORMATS",
    "ImportedHand",
    "Problem",
    "read_history",
    "read_poker_now",
    "read_pokerstars",
]
