"""Heads-up OFC Pineapple bot matches: points per hand with a 95 % interval, and more.

Every match is played as sessions of up to 500 hands: the button alternates each hand
(O-3) and Fantasyland carries over to the next hand (O-4). Sessions are seeded from
``--seed`` alone and spread over ``--jobs`` processes, so the figures do not depend on
the number of processes. For each bot the table shows points per hand (± the half-width
of a 95 % interval), the share of dead hands (O-1), royalties per hand (O-6), the share
of hands that earned Fantasyland and the share played in it (O-4). The sensible bot
must beat the random placer by a wide margin.

Run: ``.venv/bin/python benchmarks/bench_ofc_bots.py [--hands N] [--mirror-hands M]``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from pokerroom.bots.ofc import OFC_BOTS, play_ofc_hand
from pokerroom.ofc import Session

SESSION_HANDS = 500
SEATS = 2


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One seat's outcome of one hand."""

    points: int
    fouled: bool
    royalties: int
    earned_fantasy: bool
    in_fantasy: bool


def play_session(names: tuple[str, str], hands: int, seed: int) -> list[tuple[SeatHand, ...]]:
    """Play ``hands`` hands at one table, ``names[i]`` in seat ``i``; outcomes by seat."""
    rng = random.Random(seed)
    bots = [OFC_BOTS[name](rng.getrandbits(32)) for name in names]
    session = Session(SEATS, seed=rng.getrandbits(64))
    outcomes = []
    for _ in range(hands):
        hand = session.start_hand()
        seats = [session.seat_of(position) for position in range(SEATS)]
        result = play_ofc_hand(hand, [bots[seat] for seat in seats])
        session.finish_hand()
        by_seat = sorted(range(SEATS), key=lambda position: seats[position])
        outcomes.append(
            tuple(
                SeatHand(
                    result.points[p],
                    result.fouled[p],
                    result.royalties[p],
                    result.fantasy_next[p],
                    hand.fantasy[p],
                )
                for p in by_seat
            )
        )
    return outcomes


def play_match(
    names: tuple[str, str], hands: int, seed: int, pool: ProcessPoolExecutor
) -> list[tuple[SeatHand, ...]]:
    """All hands of a match, sessions played in parallel and gathered in session order."""
    sizes = [min(SESSION_HANDS, hands - start) for start in range(0, hands, SESSION_HANDS)]
    seeds = [seed * 1_000_003 + number for number in range(len(sizes))]
    outcomes = []
    for session in pool.map(play_session, [names] * len(sizes), sizes, seeds):
        outcomes += session
    return outcomes


def describe(name: str, seat: Sequence[SeatHand]) -> str:
    points = [hand.points for hand in seat]
    half = 1.96 * statistics.stdev(points) / math.sqrt(len(points)) if len(points) > 1 else 0.0
    return (
        f"  {name:<10}{statistics.fmean(points):+8.2f} ± {half:4.2f}"
        f"{100 * statistics.fmean(hand.fouled for hand in seat):9.1f} %"
        f"{statistics.fmean(hand.royalties for hand in seat):11.2f}"
        f"{100 * statistics.fmean(hand.earned_fantasy for hand in seat):12.1f} %"
        f"{100 * statistics.fmean(hand.in_fantasy for hand in seat):10.1f} %"
    )


def report(names: tuple[str, str], hands: int, seed: int, pool: ProcessPoolExecutor) -> float:
    """Print one match; returns the lower end of the first bot's 95 % interval."""
    start = time.perf_counter()
    outcomes = play_match(names, hands, seed, pool)
    elapsed = time.perf_counter() - start
    print(f"\n{names[0]} vs {names[1]}: {hands:,} hands, {hands / elapsed:,.1f} hands/s")
    print(f"  {'bot':<10}{'points/hand':>15}{'fouled':>11}{'royalties':>11}", end="")
    print(f"{'earned FL':>14}{'in FL':>12}")
    labels = [
        f"{name} {seat + 1}" if names[0] == names[1] else name for seat, name in enumerate(names)
    ]
    for seat, label in enumerate(labels):
        print(describe(label, [outcome[seat] for outcome in outcomes]))
    points = [outcome[0].points for outcome in outcomes]
    return statistics.fmean(points) - 1.96 * statistics.stdev(points) / math.sqrt(len(points))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands of sensible vs random")
    parser.add_argument(
        "--mirror-hands",
        type=int,
        default=2_000,
        help="hands of sensible vs sensible (random vs random plays --hands); 0 skips both",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(
        f"OFC Pineapple heads-up, button alternating, Fantasyland carried over; "
        f"{args.jobs} process(es)"
    )
    with ProcessPoolExecutor(args.jobs) as pool:
        low = report(("sensible", "random"), args.hands, args.seed, pool)
        if args.mirror_hands:
            report(("sensible", "sensible"), args.mirror_hands, args.seed + 1, pool)
            report(("random", "random"), args.hands, args.seed + 2, pool)
    verdict = "beats" if low > 0 else "does NOT clearly beat"
    print(f"\nsensible {verdict} random (lower end of its 95 % interval: {low:+.2f} points/hand)")


if __name__ == "__main__":
    main()
