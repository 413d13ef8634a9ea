"""A tournament's structure (T-3, T-10): the levels of forced bets and the breaks between them.

These are the values every part of the director shares: the regulation reads them from its
file, the clock runs through them, and each table deals its next hand with the level in force.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """One level (T-10): the forced bets in force while it runs, and how long it runs.

    Flop games use the blinds and ``ante`` (each player's, or with ``big_blind_ante`` one
    ante posted by the big blind for the table); Stud uses ``ante``, ``bring_in`` and the
    bet sizes; fixed-limit flop games use ``small_bet``/``big_bet`` (0: the big blind and
    twice it, B-5).
    """

    number: int
    """1 for the first level."""
    minutes: float
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    big_blind_ante: bool = False
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0


@dataclass(frozen=True, slots=True)
class Break:
    """A scheduled break after a level (T-10), where a colour-up may retire a chip (T-13)."""

    after_level: int
    minutes: float
    color_up: int | None = None
    """The denomination retired at this break, if any (T-18)."""
