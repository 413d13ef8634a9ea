"""Heads-up OFC Pineapple bot matches: points per hand with a 95 % interval, and more.

Every match is played as sessions of up to 500 hands: the button alternates each hand
(O-3) and Fantasyland carries over to the next hand (O-4). Sessions are seeded from
``--seed`` alone and spread over ``--jobs`` processes, so the figures do not depend on
the number of processes. For each bot the table shows points per hand (± the half-width
of a 95 % interval), the share of dead hands (O-1), royalties per hand (O-6), the share
of hands that earned Fantasyland and the share played in it (O-4). The sensible bot
must beat the random placer by a wide margin.

Then the sensible bot meets its version from before issue 24 (``legacy``: it shortlisted
the first deal by the heuristic alone and piled junk onto the middle row) on the same
deals: each deal is played twice with the seats swapped, so the cards cancel out and
the margin (the sensible bot's points per hand, with a 95 % interval over deals) is the
difference in play. Each bot also plays every deal against itself, for its foul rate
away from the other; and every decision is timed.

Run: ``.venv/bin/python benchmarks/bench_ofc_bots.py [--hands N] [--mirror-hands M]
[--duplicate-deals D]``; a count of 0 skips that part.
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

from pokerroom.bots import ofc_sensible as search
from pokerroom.bots.ofc import OFC_BOTS, OfcBot, OfcDecision, SensibleBot, play_ofc_hand
from pokerroom.ofc import OfcHand, Session
from pokerroom.ofc.game import PlayerView

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


# -- the sensible bot against its version from before issue 24, over the same deals -----------

LEGACY_FIRST_DEAL = (12, ((12, 3), (4, 8), (2, 10)))
"""The old first-deal search: the heuristic's best 12 sets, whatever their shape."""


def legacy_plan(
    board: search.Masks,
    cards: Sequence[int],
    unseen: Sequence[int],
    rng: random.Random,
) -> search.Plan:
    """The sensible bot's plan before issue 24, kept here as the benchmark's anchor."""
    options = search.deal_options(board, cards)
    slots_after = search.BOARD_SIZE - sum(row.bit_count() for row in options[0][1])
    deals_left = slots_after // 2
    if deals_left == 0:
        return max(options, key=lambda option: search.final_value(*option[1]))[0]
    options.sort(key=lambda option: search.estimate(*option[1]), reverse=True)
    shortlist, schedule = LEGACY_FIRST_DEAL if deals_left == 4 else search.SEARCH[deals_left]
    candidates = [(0.0, -rank, option) for rank, option in enumerate(options[:shortlist])]
    for keep, rollouts in schedule:
        candidates = sorted(candidates, reverse=True)[:keep]
        futures = [rng.sample(unseen, 3 * deals_left) for _ in range(rollouts)]
        candidates = [
            (total + sum(search.rollout(option[1], future) for future in futures), rank, option)
            for total, rank, option in candidates
        ]
    return max(candidates)[2][0]


class Timed:
    """A bot whose decision times are kept, in seconds, with the deal's number (0 first)."""

    def __init__(self, bot: OfcBot, times: list[tuple[int, float]]) -> None:
        self.name = bot.name
        self._bot = bot
        self._times = times

    def decide(self, view: PlayerView) -> OfcDecision:
        start = time.perf_counter()
        decision = self._bot.decide(view)
        board = view.boards[view.player]
        assert board is not None  # a player always sees his own board
        self._times.append((len(board.cards()) // 2, time.perf_counter() - start))
        return decision


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One deal: the sensible bot's points in either seat against legacy, and the fouls."""

    points: tuple[int, int]
    fouled: tuple[bool, bool]  # the sensible bot's, in either seat
    legacy_fouled: tuple[bool, bool]
    self_fouled: tuple[bool, bool]  # sensible vs sensible: both seats
    legacy_self_fouled: tuple[bool, bool]  # legacy vs legacy
    times: tuple[tuple[tuple[int, float], ...], tuple[tuple[int, float], ...]]  # new, legacy


def play_deal(seed: int) -> DealOutcome:
    """The deal of ``seed`` four times: each seating of the pair, and each bot twice over."""
    new_times: list[tuple[int, float]] = []
    old_times: list[tuple[int, float]] = []

    def new(salt: int) -> OfcBot:
        return Timed(SensibleBot(seed * 4 + salt), new_times)

    def old(salt: int) -> OfcBot:
        return Timed(SensibleBot(seed * 4 + salt, planner=legacy_plan), old_times)

    first = play_ofc_hand(OfcHand(SEATS, seed=seed), [new(0), old(1)])
    second = play_ofc_hand(OfcHand(SEATS, seed=seed), [old(1), new(0)])
    mirror = play_ofc_hand(OfcHand(SEATS, seed=seed), [new(0), new(1)])
    legacy_mirror = play_ofc_hand(OfcHand(SEATS, seed=seed), [old(0), old(1)])
    return DealOutcome(
        (first.points[0], second.points[1]),
        (first.fouled[0], second.fouled[1]),
        (first.fouled[1], second.fouled[0]),
        (mirror.fouled[0], mirror.fouled[1]),
        (legacy_mirror.fouled[0], legacy_mirror.fouled[1]),
        (tuple(new_times), tuple(old_times)),
    )


def play_deals(seeds: Sequence[int]) -> list[DealOutcome]:
    return [play_deal(seed) for seed in seeds]


def _share(flags: Sequence[tuple[bool, bool]]) -> float:
    return 100 * statistics.fmean((one + two) / 2 for one, two in flags)


def _milliseconds(times: Sequence[float]) -> str:
    ordered = sorted(times)
    ninetieth = ordered[int(0.9 * (len(ordered) - 1))]
    return f"{1000 * statistics.median(ordered):7.1f} {1000 * ninetieth:7.1f}"


def report_duplicate(deals: int, seed: int, jobs: int, pool: ProcessPoolExecutor) -> float:
    """Print sensible vs legacy over the same deals; returns the margin's lower 95 % end."""
    start = time.perf_counter()
    seeds = [seed * 1_000_003 + number for number in range(deals)]
    chunks = [seeds[job::jobs] for job in range(jobs)]
    outcomes = [outcome for part in pool.map(play_deals, chunks) for outcome in part]
    elapsed = time.perf_counter() - start
    margins = [statistics.fmean(outcome.points) for outcome in outcomes]
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins)) if deals > 1 else 0.0
    print(
        f"\nsensible vs legacy: {deals:,} deals, each played twice with the seats swapped, "
        f"and by each bot against itself ({4 * deals / elapsed:,.1f} hands/s)"
    )
    print(f"  margin: sensible {mean:+.2f} ± {half:.2f} points per hand (95 %)")
    print(f"  {'bot':<10}{'fouled h-u':>12}{'vs itself':>11}   decision ms: median, 90th pct")
    print(f"{'':>35}{'all deals':>17}{'first five':>18}")
    for name, index in (("sensible", 0), ("legacy", 1)):
        heads_up = [o.fouled if index == 0 else o.legacy_fouled for o in outcomes]
        itself = [o.self_fouled if index == 0 else o.legacy_self_fouled for o in outcomes]
        times = [entry for o in outcomes for entry in o.times[index]]
        print(
            f"  {name:<10}{_share(heads_up):10.1f} %{_share(itself):9.1f} %"
            f"{_milliseconds([spent for _, spent in times]):>24}"
            f"{_milliseconds([spent for deal, spent in times if deal == 0]):>18}"
        )
    return mean - half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands of sensible vs random")
    parser.add_argument(
        "--mirror-hands",
        type=int,
        default=2_000,
        help="hands of sensible vs sensible (random vs random plays --hands); 0 skips both",
    )
    parser.add_argument(
        "--duplicate-deals",
        type=int,
        default=500,
        help="deals of sensible vs its version before issue 24, each played four times",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(
        f"OFC Pineapple heads-up, button alternating, Fantasyland carried over; "
        f"{args.jobs} process(es)"
    )
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.hands:
            low = report(("sensible", "random"), args.hands, args.seed, pool)
            verdict = "beats" if low > 0 else "does NOT clearly beat"
            print(f"sensible {verdict} random (lower end of its 95 % interval: {low:+.2f})")
        if args.mirror_hands:
            report(("sensible", "sensible"), args.mirror_hands, args.seed + 1, pool)
            if args.hands:
                report(("random", "random"), args.hands, args.seed + 2, pool)
        if args.duplicate_deals:
            low = report_duplicate(args.duplicate_deals, args.seed + 3, args.jobs, pool)
            verdict = "beats" if low > 0 else "does NOT clearly beat"
            print(f"sensible {verdict} legacy (lower end of the margin's interval: {low:+.2f})")


if __name__ == "__main__":
    main()
