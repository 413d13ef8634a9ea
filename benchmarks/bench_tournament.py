"""Whole American freezeouts with the fast random bot to a winner.

Prints hands played, wall time and hands per second for a 1,000-entrant field (the median
of three runs) and, with ``--big``, a 10,000-entrant field (one run; the target is a
winner in under 2 minutes on one core). The club freezeout's structure, 10-seat tables.
Calling stations are left out: among themselves they only check and call, so once the
random bots are gone their stacks drift by the blinds for hours of simulated play (a field
of 3,000 with half stations is still playing at level 20).
Run: ``.venv/bin/python benchmarks/bench_tournament.py [--big]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.regulation import load_example

KINDS = ("random",)


def one_run(entrants: int, seed: int) -> tuple[int, float]:
    """Hands played and wall seconds for one freezeout of ``entrants``."""
    regulation = load_example("club-freezeout")
    players = entrant_names(regulation, entrants)
    start = time.perf_counter()
    run = AmericanRun(regulation, players, BotPlayers(KINDS, players, seed), random.Random(seed))
    tournament = run.run()
    assert tournament.winner is not None
    return tournament.hands, time.perf_counter() - start


def report(entrants: int, runs: int) -> None:
    results = [one_run(entrants, seed) for seed in range(1, runs + 1)]
    seconds = statistics.median(wall for _hands, wall in results)
    hands = statistics.median(hands for hands, _wall in results)
    rates = [hands / wall for hands, wall in results]
    print(
        f"{entrants:>6,} entrants: {hands:>8,.0f} hands, {seconds:6.1f} s wall, "
        f"{statistics.median(rates):6,.0f} hands/s (median of {runs})"
    )


def main() -> None:
    report(1_000, 3)
    if "--big" in sys.argv[1:]:
        report(10_000, 1)


if __name__ == "__main__":
    main()
