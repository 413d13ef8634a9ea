"""Variants as data: streets, hole cards, seat limits and a small showdown strategy.

Nothing in the engine assumes two hole cards, one board or blinds; a variant
says what each street deals and how hands are valued (V-0 … V-3).

>>> HOLDEM.max_players, [s.board for s in HOLDEM.streets]
(10, [0, 3, 1, 1])
>>> omaha(5).max_players
8
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pokerroom.cards import Card
from pokerroom.cardset import CardSet
from pokerroom.evaluate.high import high_strength
from pokerroom.evaluate.low import low_set, omaha_low_set
from pokerroom.evaluate.omaha import omaha_high_strength
from pokerroom.game_choices import Limit as Limit  # noqa: PLC0414 (re-exported; B-1 … B-3)


@dataclass(frozen=True, slots=True)
class Street:
    """One street: what is dealt (after a burn if ``burn``), then a betting round."""

    name: str
    hole: int = 0
    """Cards dealt face down to each player."""
    up: int = 0
    """Cards dealt face up to each player (Stud)."""
    board: int = 0
    """Community cards dealt to each board."""
    burn: bool = False
    big_bet: bool = False
    """Fixed-limit: this round uses the big bet (B-3)."""
    betting: bool = True
    """False for a street with no betting round (the bomb pot's deal, V-4)."""
    draw: bool = False
    """Draw games: before this street's betting, each player may exchange cards (V-8)."""


class Showdown(Protocol):
    """Values a player's hand at showdown; higher wins. ``low`` is 0 when there is no low."""

    @property
    def splits_low(self) -> bool: ...

    def high(self, hole: Sequence[Card], board: Sequence[Card]) -> int: ...

    def low(self, hole: Sequence[Card], board: Sequence[Card]) -> int: ...


def _mask(cards: Sequence[Card]) -> int:
    return CardSet(cards).mask


@dataclass(frozen=True, slots=True)
class BestFive:
    """Best five of hole and board cards together (E-4); ``splits_low``: any five for the low."""

    splits_low: bool = False

    def high(self, hole: Sequence[Card], board: Sequence[Card]) -> int:
        cards = [*hole, *board]
        if len(cards) <= 7:
            return high_strength(_mask(cards))
        return max(high_strength(_mask(five)) for five in itertools.combinations(cards, 5))

    def low(self, hole: Sequence[Card], board: Sequence[Card]) -> int:
        found = low_set(_mask([*hole, *board]))
        return 255 - found if found else 0


@dataclass(frozen=True, slots=True)
class TwoPlusThree:
    """Omaha: exactly two hole cards and three board cards, high and low apart (E-5, E-7)."""

    splits_low: bool = False

    def high(self, hole: Sequence[Card], board: Sequence[Card]) -> int:
        return omaha_high_strength(_mask(hole), _mask(board))

    def low(self, hole: Sequence[Card], board: Sequence[Card]) -> int:
        found = omaha_low_set(_mask(hole), _mask(board))
        return 255 - found if found else 0


@dataclass(frozen=True, slots=True)
class Variant:
    """A poker game as data."""

    code: str
    name: str
    streets: tuple[Street, ...]
    showdown: Showdown
    max_players: int
    """V-0: the most players the deck allows."""
    min_players: int = 2
    boards: int = 1
    """Two for double-board games, each pot halved between them (P-8)."""
    stud: bool = False
    """Stud order of action: bring-in, then the best showing hand (V-5)."""

    @property
    def hole_cards(self) -> int:
        return sum(street.hole + street.up for street in self.streets)


def _flop_streets(hole: int) -> tuple[Street, ...]:
    return (
        Street("preflop", hole=hole),
        Street("flop", board=3, burn=True),
        Street("turn", board=1, burn=True, big_bet=True),
        Street("river", board=1, burn=True, big_bet=True),
    )


HOLDEM = Variant("holdem", "Texas Hold'em", _flop_streets(2), BestFive(), 10)  # V-1
_OMAHA_SEATS = {4: 10, 5: 8, 6: 7}  # V-0


def omaha(hole: int = 4, *, hi_lo: bool = False) -> Variant:
    """Omaha with 4, 5 or 6 hole cards (V-2), or its eight-or-better split (V-3)."""
    if hole not in _OMAHA_SEATS:
        raise ValueError(f"Omaha deals 4, 5 or 6 hole cards, not {hole}")
    suffix = "" if hole == 4 else str(hole)
    code = f"omaha{suffix}" + ("-hilo" if hi_lo else "")
    name = f"{hole}-card Omaha" + (" Hi-Lo" if hi_lo else "")
    return Variant(code, name, _flop_streets(hole), TwoPlusThree(hi_lo), _OMAHA_SEATS[hole])


OMAHA = omaha(4)
OMAHA_HILO = omaha(4, hi_lo=True)
BOMB_POT = Variant(  # V-4: antes only, no preflop round, two boards (P-8)
    "bomb-pot-omaha",
    "Double-board bomb-pot Omaha",
    (
        Street("deal", hole=4, betting=False),
        Street("flop", board=3, burn=True),
        Street("turn", board=1, burn=True, big_bet=True),
        Street("river", board=1, burn=True, big_bet=True),
    ),
    TwoPlusThree(),
    max_players=9,
    boards=2,
)
FIVE_CARD_DRAW = Variant(  # V-8: one draw between two betting rounds
    "draw",
    "Five-card Draw",
    (Street("predraw", hole=5), Street("postdraw", draw=True, big_bet=True)),
    BestFive(),
    max_players=6,
)
_STUD_STREETS = (
    Street("third", hole=2, up=1),
    Street("fourth", up=1, burn=True),
    Street("fifth", up=1, burn=True, big_bet=True),
    Street("sixth", up=1, burn=True, big_bet=True),
    Street("seventh", hole=1, burn=True, big_bet=True),
)
STUD = Variant("stud", "Seven-card Stud", _STUD_STREETS, BestFive(), max_players=8, stud=True)
STUD_HILO = Variant(  # V-5 with P-7 halves
    "stud-hilo", "Seven-card Stud Hi-Lo", _STUD_STREETS, BestFive(True), max_players=8, stud=True
)
VARIANTS: dict[str, Variant] = {
    v.code: v
    for v in (
        HOLDEM,
        *(omaha(h, hi_lo=lo) for h in (4, 5, 6) for lo in (False, True)),
        BOMB_POT,
        STUD,
        STUD_HILO,
        FIVE_CARD_DRAW,
    )
}
