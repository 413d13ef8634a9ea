"""ICM equity for a 10-player final table: ours (memoised over subsets) against brute force.

The anchor is the naive sum over every finishing order (10! = 3,628,800 of them), each
order's Malmuth-Harville chance multiplied out, timed once (it takes seconds). Both
must agree; ours should answer a 10-player deal faster than a player can blink.
Run: ``.venv/bin/python benchmarks/bench_icm.py``.
"""

from __future__ import annotations

import itertools
import math
import time

from harness import Measurement, Target, measure, print_table, print_targets
from pokerroom.tournament.money.icm import icm_equities

STACKS = [41_000, 33_500, 27_000, 22_500, 18_000, 15_500, 11_000, 8_000, 5_500, 3_000]
PRIZES = [30_000, 19_000, 13_000, 10_000, 8_000, 6_500, 5_000, 4_000, 2_500, 2_000]
TARGET_SECONDS = 0.05


def naive_permutations(stacks: list[int], prizes: list[int]) -> list[float]:
    """Sum over every finishing order: n! orders, each chance a product of n fractions."""
    equities = [0.0] * len(stacks)
    total = sum(stacks)
    for order in itertools.permutations(range(len(stacks))):
        chance = 1.0
        left = total
        for player in order:
            chance *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order):
            equities[player] += chance * prizes[place]
    return equities


def main() -> None:
    start = time.perf_counter()
    naive = naive_permutations(STACKS, PRIZES)
    naive_seconds = time.perf_counter() - start
    ours = icm_equities(STACKS, PRIZES)
    assert all(math.isclose(a, b, rel_tol=1e-9) for a, b in zip(ours, naive, strict=True))
    rows = [
        measure("icm_equities (subsets)", 1, lambda: icm_equities(STACKS, PRIZES), ours=True),
        Measurement("naive permutations", 1, naive_seconds, note="10! orders, timed once"),
    ]
    print_table("ICM equity, 10 players, 10 prizes", "tables", rows, ["naive permutations"])
    print_targets(rows, [Target("icm_equities (subsets)", 1 / TARGET_SECONDS, "under 50 ms")])


if __name__ == "__main__":
    main()
