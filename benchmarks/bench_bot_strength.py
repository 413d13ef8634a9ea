"""How strong each bot is: duplicate matches, win rates in bb/100 with 95 % intervals.

Every deal is played twice with the kinds swapped on the same deck (heads-up A/B then
B/A; 6-max ABABAB then BABABA, the players moving one seat on so each position changes
kind), so card luck cancels (:mod:`pokerroom.bots.matches`). Every hand starts from 100
big blinds each and the button moves every deal. Each line: the first bot's win rate in
big blinds per 100 hands and thousandths of a big blind per hand, the 95 % interval (the
deal is the unit), hands dealt, and whether the interval excludes zero.

Default pairs: the default bot against ``random``, ``station``, ``equity`` and
``tournament``, and each style against ``station`` (players expect the aggressive styles
to beat a calling station by more than the passive ones). ``--until-significant`` stops a
pair once its interval excludes zero (checked every 100 deals from ``--min-hands`` on;
looking again and again makes a false "significant" likelier than 5 %, so a stopped
pair's interval is a little optimistic); ``--max-seconds`` stops each pair after that much
wall time (checked every 25 deals; the first deal, which pays for compiling the bots'
kernels, is not counted), so a run's length is known in advance: about pairs ×
games × seat counts × the seconds ÷ ``--jobs``. Each pair's line also goes to stderr as it
finishes.
Run: ``.venv/bin/python benchmarks/bench_bot_strength.py [--games holdem,omaha,stud]
[--pairs tight-aggressive:random,...] [--seats 2,6] [--hands 4000] [--until-significant]
[--max-seconds 40] [--jobs 2] [--seed 1] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from dataclasses import dataclass

from harness import positive_whole
from pokerroom.bots import BOTS
from pokerroom.bots.matches import DuplicateMatch, WinRate, win_rate
from pokerroom.engine import VARIANTS

STYLES = ("tight-aggressive", "loose-aggressive", "tight-passive", "loose-passive")
DEFAULT_BOT = "tight-aggressive" if "tight-aggressive" in BOTS else "equity"
LOOK = 100
"""Deals played between two looks at the interval (``--until-significant``)."""
CLOCK = 25
"""Deals played between two looks at the clock (``--max-seconds``)."""


def default_pairs() -> list[tuple[str, str]]:
    """The default bot against the old bots, then every registered style against the station."""
    rivals = [
        rival for rival in ("random", "station", "equity", "tournament") if rival != DEFAULT_BOT
    ]
    styles = [style for style in STYLES if style in BOTS]
    pairs = [(DEFAULT_BOT, rival) for rival in rivals] + [(style, "station") for style in styles]
    return list(dict.fromkeys(pairs))  # the default bot is a style: it plays the station once


@dataclass(frozen=True, slots=True)
class Task:
    game: str
    seats: int
    first: str
    second: str
    deals: int
    min_deals: int
    until_significant: bool
    seed: int
    max_seconds: float | None


def play(task: Task) -> tuple[Task, WinRate, float]:
    """One pair's match, its win rate and wall seconds."""
    start = time.perf_counter()
    match = DuplicateMatch(
        task.first, task.second, game=task.game, seats=task.seats, seed=task.seed
    )
    results = [match.play_deal(0).first_won]
    clock = time.perf_counter()  # --max-seconds counts from here: deal 0 paid for compiling
    while len(results) < task.deals:
        batch = min(CLOCK - len(results) % CLOCK, task.deals - len(results))
        results += [match.play_deal(len(results) + n).first_won for n in range(batch)]
        if task.max_seconds is not None and time.perf_counter() - clock >= task.max_seconds:
            break
        if (
            task.until_significant
            and len(results) % LOOK == 0
            and len(results) >= task.min_deals
            and win_rate(results).excludes_zero
        ):
            break
    rate, took = win_rate(results), time.perf_counter() - start
    print(line(task, rate, took), file=sys.stderr, flush=True)  # progress of a long run
    return task, rate, took


def _pairs(text: str) -> list[tuple[str, str]]:
    pairs = []
    for item in text.split(","):
        first, colon, second = item.strip().partition(":")
        if not colon or first not in BOTS or second not in BOTS:
            raise argparse.ArgumentTypeError(
                f"a pair is two bot names joined by ':', got {item!r}; bots are "
                + ", ".join(sorted(BOTS))
            )
        pairs.append((first, second))
    return pairs


def _games(text: str) -> list[str]:
    games = [game.strip() for game in text.split(",")]
    unknown = [game for game in games if game not in VARIANTS]
    if unknown:
        raise argparse.ArgumentTypeError(f"no game {unknown[0]!r}; games are {', '.join(VARIANTS)}")
    return games


def _seats(text: str) -> list[int]:
    try:
        seats = [int(count) for count in text.split(",")]
    except ValueError:
        seats = []
    if not seats or any(count % 2 or not 2 <= count <= 10 for count in seats):
        raise argparse.ArgumentTypeError(
            f"seats are even numbers from 2 to 10 joined by ',', got {text!r}"
        )
    return seats


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=_games, default=["holdem", "omaha", "stud"])
    parser.add_argument("--pairs", type=_pairs, default=None, help="first:second,...")
    parser.add_argument("--seats", type=_seats, default=[2, 6], help="e.g. 2,6")
    parser.add_argument(
        "--hands",
        type=positive_whole,
        default=4000,
        help="hands per pair (the most, if stopping early)",
    )
    parser.add_argument("--min-hands", type=positive_whole, default=1000)
    parser.add_argument("--until-significant", action="store_true")
    parser.add_argument(
        "--max-seconds", type=positive_whole, default=None, help="stop each pair after this long"
    )
    parser.add_argument("--jobs", type=positive_whole, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object per pair")
    return parser.parse_args(argv)


def tasks_of(options: argparse.Namespace) -> list[Task]:
    pairs = options.pairs or default_pairs()
    tasks = []
    for game in options.games:
        for seats in options.seats:
            if seats > VARIANTS[game].max_players:
                continue
            for first, second in pairs:
                tasks.append(
                    Task(
                        game,
                        seats,
                        first,
                        second,
                        deals=max(options.hands // 2, 2),
                        min_deals=max(options.min_hands // 2, 2),
                        until_significant=options.until_significant,
                        seed=options.seed,
                        max_seconds=options.max_seconds,
                    )
                )
    return tasks


def line(task: Task, rate: WinRate, seconds: float) -> str:
    verdict = "yes" if rate.excludes_zero else "no"
    return (
        f"{task.game:<7}{task.seats:>3}  {task.first + ' vs ' + task.second:<38}"
        f"{rate.bb_per_100:+9.1f} ± {rate.half_width * 100:6.1f}"
        f"{rate.mbb_per_hand:+9.0f} ± {rate.half_width * 1000:5.0f}"
        f"{rate.hands:>8,}  {verdict:<4}{rate.hands / seconds:>7,.0f}"
    )


def as_json(task: Task, rate: WinRate, seconds: float) -> str:
    return json.dumps(
        {
            "game": task.game,
            "seats": task.seats,
            "first": task.first,
            "second": task.second,
            "bb_per_100": round(rate.bb_per_100, 2),
            "bb_per_100_half_width": round(rate.half_width * 100, 2),
            "mbb_per_hand": round(rate.mbb_per_hand, 1),
            "hands": rate.hands,
            "excludes_zero": rate.excludes_zero,
            "seconds": round(seconds, 2),
        }
    )


def main(argv: list[str]) -> None:
    options = arguments(argv)
    tasks = tasks_of(options)
    order = {task: number for number, task in enumerate(tasks)}
    start = time.perf_counter()
    if options.jobs == 1:
        done = [play(task) for task in tasks]
    else:
        with multiprocessing.Pool(options.jobs) as pool:
            done = sorted(pool.imap_unordered(play, tasks), key=lambda result: order[result[0]])
    if options.json:
        for result in done:
            print(as_json(*result))
        return
    print(
        f"Duplicate matches, 100 big blinds each hand, seed {options.seed}, "
        f"{options.jobs} processes, {time.perf_counter() - start:,.0f} s wall"
    )
    header = (
        f"{'game':<7}{'seats':>5}{'':1}{'first vs second':<37}{'bb/100 ± 95 %':>17}"
        f"{'mbb/hand ± 95 %':>17}{'hands':>8}  {'≠ 0':<4}{'hands/s':>7}"
    )
    print(header)
    print("-" * len(header))
    for result in done:
        print(line(*result))
    print("(the first bot's win rate; ≠ 0: the 95 % interval excludes zero)")


if __name__ == "__main__":
    main(sys.argv[1:])
