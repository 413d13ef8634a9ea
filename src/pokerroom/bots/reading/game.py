"""Which family of game a view belongs to, and the cards each seat holds in the end.

The reader handles every game the room deals through one description: how many
cards a player ends with, whether there is a board (one or two), how hands are
valued (best five of hole and board, Omaha's two-plus-three, Stud's seven, Draw's
five) and whether the pot splits high and low.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView

FLOP, OMAHA, STUD, DRAW = 0, 1, 2, 3
"""How a hand is valued: best five of two hole cards and the board; exactly two hole and
three board cards; the best five of seven cards; the five cards held."""
FUTURE = -2
"""A card still to be dealt (filled at random when simulating)."""
HIDDEN = -1
"""A card dealt face down to an opponent: filled from his range."""
BOARD_STREET = (1, 1, 1, 2, 3)
"""The street on which each board card is dealt in flop games."""
STUD_STREET = (0, 0, 0, 1, 2, 3, 4)
"""The street on which each of a Stud player's seven cards is dealt."""


@dataclass(frozen=True, slots=True)
class Shape:
    """A game's shape as the reader needs it."""

    kind: int
    hole: int
    """Cards each player holds at the end."""
    boards: int
    """0 (Stud, Draw), 1, or 2 (the bomb pot)."""
    hi_lo: bool

    @property
    def flop_game(self) -> bool:
        return self.kind in (FLOP, OMAHA)


def shape_of(view: HandView) -> Shape:
    """The shape from the view's game code (or, in a view without one, from its events)."""
    me = view.viewer
    assert me is not None
    game = view.game or _guess(view)
    hi_lo = game.endswith("-hilo")
    if game.startswith("stud"):
        return Shape(STUD, 7, 0, hi_lo)
    if game == "draw":
        return Shape(DRAW, 5, 0, False)
    boards = 2 if game.startswith("bomb") else 1
    held = len(view.hole[me])
    return Shape(FLOP, 2, boards, False) if held == 2 else Shape(OMAHA, held, boards, hi_lo)


def _guess(view: HandView) -> str:
    if any(isinstance(e, ev.DealHole) and e.face_up for e in view.events):
        return "stud"
    if view.phase == "draw" or any(isinstance(e, ev.Discard) for e in view.events):
        return "draw"
    return "holdem"
