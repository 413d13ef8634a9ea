"""How long a home series of bots lasts, and how often hand 1 sees a pre-flop all-in.

A 6-seat series at the H-1 defaults (No-limit Hold'em, 100 big blinds, blinds 1/2 that
never rise) is played to a winner by a bot line-up, seated as ``pokerroom play --all-bots
--bots …`` seats it (the styles cycled round the seats, each bot seeded by its seat), for
each of 50 seeds. Printed per line-up: the median and quartiles of the hands a series
lasts, how many series reached the cap (2,000 hands) unfinished, and how often hand 1
saw a player all-in before the flop (the series' share, and the players' share).
By default both the old line-up (``equity,station,random``) and the line-up of
``pokerroom play`` today (``BOT_CYCLE``) are played, so before and after are in one run;
each series' length also goes to stderr as it ends.
Run: ``.venv/bin/python benchmarks/bench_bot_series.py [--bots equity,station,random]…
[--seeds 50] [--cap 2000] [--jobs 2]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from harness import bot_line_up, positive_whole
from pokerroom.bots import Bot, play_hand, tell_hand_over
from pokerroom.bots.registry import make_bot
from pokerroom.cli.play_command import BOT_CYCLE
from pokerroom.engine import Hand
from pokerroom.engine.views import view_of
from pokerroom.table.series import Series, SeriesSettings

OLD_LINEUP = ("equity", "station", "random")
SEATS = 6


@dataclass(frozen=True, slots=True)
class Outcome:
    hands: int
    finished: bool
    all_in_on_hand_1: int
    """Players all-in before the flop of the first hand."""
    seconds: float


def play_first_hand(hand: Hand, bots: Mapping[int, Bot], names: Sequence[str]) -> int:
    """Play the hand as ``play_hand`` does, counting the players all-in before the flop."""
    all_in = set()
    while hand.phase == "bet" and hand.street == 0:
        player = hand.to_act
        assert player is not None
        hand.act(bots[player].decide(view_of(hand, player, tuple(names))), player)
        if hand.stacks[player] == 0:
            all_in.add(player)
    play_hand(hand, bots, names)
    return len(all_in)


def one_series(job: tuple[tuple[str, ...], int, int]) -> Outcome:
    """The series of seed ``seed`` with the line-up cycled round 6 seats, to a winner or the cap."""
    lineup, seed, cap = job
    start = time.perf_counter()
    styles = {seat: lineup[(seat - 1) % len(lineup)] for seat in range(1, SEATS + 1)}
    names = [f"{style}-{seat}" for seat, style in styles.items()]
    series = Series(names, SeriesSettings(), seed=seed, max_hands=cap)
    bots = {seat: make_bot(style, seed + seat) for seat, style in styles.items()}
    all_in = 0
    while not series.is_over:
        hand = series.start_hand()
        at_table = {p: bots[series.seat_of(p)] for p in range(hand.players)}
        seat_names = [series.seats[series.seat_of(p)].name for p in range(hand.players)]
        if series.hands_played == 0:
            all_in = play_first_hand(hand, at_table, seat_names)
        else:
            play_hand(hand, at_table, seat_names)
        series.finish_hand(hand)
        tell_hand_over(hand, at_table, seat_names)
    finished = len(series.seated) <= 1
    took = time.perf_counter() - start
    print(f"{','.join(lineup)} seed {seed}: {series.hands_played} hands", file=sys.stderr)
    return Outcome(series.hands_played, finished, all_in, took)


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bots", type=bot_line_up, action="append", help="a line-up; give it again for another"
    )
    parser.add_argument("--seeds", type=positive_whole, default=50, help="seeds 1 … N")
    parser.add_argument(
        "--cap", type=positive_whole, default=2000, help="the most hands a series plays"
    )
    parser.add_argument("--jobs", type=positive_whole, default=2)
    return parser.parse_args(argv)


def report(lineup: tuple[str, ...], outcomes: list[Outcome], cap: int) -> None:
    hands = [outcome.hands for outcome in outcomes]
    low, median, high = statistics.quantiles(hands, n=4, method="inclusive")
    capped = sum(not outcome.finished for outcome in outcomes)
    shoved = sum(outcome.all_in_on_hand_1 > 0 for outcome in outcomes)
    players = sum(outcome.all_in_on_hand_1 for outcome in outcomes)
    seconds = sum(outcome.seconds for outcome in outcomes)
    print(f"\n{','.join(lineup)}")
    at_cap = "≥ " if median >= cap else ""  # half the series were stopped, not finished
    print(
        f"  hands per series: median {at_cap}{median:,.0f}, quartiles {low:,.0f} … {high:,.0f}, "
        f"range {min(hands):,} … {max(hands):,}; {capped} of {len(outcomes)} "
        f"stopped at the cap of {cap:,}"
    )
    print(
        f"  hand 1 all-in before the flop: {shoved} of {len(outcomes)} series "
        f"({shoved / len(outcomes):.0%}), {players} of {SEATS * len(outcomes)} players "
        f"({players / (SEATS * len(outcomes)):.1%})"
    )
    print(
        f"  {sum(hands):,} hands in {seconds:,.0f} s of play ({sum(hands) / seconds:,.0f} hands/s)"
    )


def main(argv: list[str]) -> None:
    options = arguments(argv)
    lineups = list(dict.fromkeys(options.bots or [OLD_LINEUP, tuple(BOT_CYCLE)]))
    print(
        f"Home series to a winner: {SEATS} seats, No-limit Hold'em, 100 big blinds, "
        f"seeds 1 … {options.seeds}"
    )
    for lineup in lineups:
        jobs = [(lineup, seed, options.cap) for seed in range(1, options.seeds + 1)]
        if options.jobs == 1:
            report(lineup, [one_series(job) for job in jobs], options.cap)
        else:
            with multiprocessing.Pool(options.jobs) as pool:
                report(lineup, pool.map(one_series, jobs), options.cap)


if __name__ == "__main__":
    main(sys.argv[1:])
