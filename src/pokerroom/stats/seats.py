"""One hand's counts for each seat: what the summary adds up and the archive keeps.

A hand is read and walked once, when it is archived, and its counts are kept beside it
(:mod:`pokerroom.storage.hands.counts`), so a summary of many hands adds numbers up instead
of reading each hand again. Every count is public (the actions and the cards shown) but
one: :attr:`SeatCounts.adjusted_own` values an all-in with the seat's own hole cards too,
so it is for that seat's player alone (X-4) and is read only for his own statistics.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.stats.allin import adjusted_results
from pokerroom.stats.counting import HandLine, walk
from pokerroom.stats.reading import StatHand


@dataclass(frozen=True, slots=True)
class SeatCounts:
    """One player's line in one hand, with his result in big blinds and by equity."""

    line: HandLine
    big_blinds: float
    """His result divided by the hand's big blind."""
    adjusted: float
    """His all-in-adjusted result in chips, from the cards shown: anyone may know it."""
    adjusted_own: float
    """The same with his own hole cards known: his alone."""


def seat_counts(hand: StatHand) -> list[SeatCounts]:
    """Each position's counts in ``hand``, in position order."""
    walked = walk(hand)
    public = adjusted_results(hand, walked, None)
    counts = []
    for p, line in enumerate(walked.lines):
        adjusted = float(line.result) if public is None else public[p]
        own = adjusted
        if public is None and not walked.folded[p]:  # an all-in nobody else can value
            mine = adjusted_results(hand, walked, p)
            own = adjusted if mine is None else mine[p]
        counts.append(SeatCounts(line, float(line.result / hand.big_blind), adjusted, own))
    return counts
