"""The four styles players name, as parameter sets of one reading bot."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Style:
    name: str
    looseness: float
    """Share of hands it plays before the flop from a middle seat."""
    aggression: float
    """0 … 1: how much it prefers betting and raising to checking and calling."""
    bluff: float
    """How often it bets a weak hand when checked to, against an opponent who folds as
    often as most do."""
    tolerance: float
    """Equity it gives up against the pot odds when calling down (a station's stubbornness)."""


TIGHT_AGGRESSIVE = Style("tight-aggressive", 0.22, 0.8, 0.10, 0.0)
LOOSE_AGGRESSIVE = Style("loose-aggressive", 0.36, 0.9, 0.18, 0.02)
TIGHT_PASSIVE = Style("tight-passive", 0.20, 0.25, 0.03, 0.03)
LOOSE_PASSIVE = Style("loose-passive", 0.50, 0.15, 0.02, 0.08)
STYLES = {s.name: s for s in (TIGHT_AGGRESSIVE, LOOSE_AGGRESSIVE, TIGHT_PASSIVE, LOOSE_PASSIVE)}
"""By name: the names of the bot registry and the table's label."""
