"""How long a bot thinks: decision latency per bot kind and game at a 6-seat table.

Each hand seats three bots of the kind measured and three random bots, alternately: the
random bots bet, raise and shove at random, so the measured bots meet every kind of spot
(multiway pots, big bets, all-ins), not only the ones their own style leads to. Only the
measured bots' calls are timed — ``decide`` for a bet, ``discard`` for a draw — from the
view they are given to the action they return; every hand starts from 100 big blinds.
Per kind and game: the median, 90th and 99th percentiles and the largest time in ms, the
share of decisions over 50 ms (the table's budget: a bot table must keep pace), and the
99th percentile against the ``equity`` bot's in the same run (the anchor; "—" where the
anchor hardly thinks, as in the bomb pot). The percentiles are wall time, what a table
waits; the CPU time's 99th percentile beside them tells a bot's cost from a busy machine's
pauses. A warm-up of 100 untimed decisions per kind and game comes first. One process:
timings of processes sharing two cores would measure each other.
Run: ``.venv/bin/python benchmarks/bench_bot_decisions.py [--bots a,b] [--games holdem,...]
[--decisions 2000] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from pokerroom.bots import BOTS, Bot, RandomBot
from pokerroom.bots.matches import match_config
from pokerroom.deck import Deck
from pokerroom.engine import VARIANTS, Hand
from pokerroom.engine.views import view_of

GAMES = ("holdem", "omaha", "omaha-hilo", "bomb-pot-omaha", "stud", "draw")
SEATS = 6
BUDGET_MS = 50.0
ANCHOR = "equity"
WARM_UP = 100
"""Decisions played untimed first, as the harness's warm-up run (:mod:`harness`)."""


def timings(kind: str, game: str, decisions: int, seed: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of ``decisions`` decisions by bots of ``kind`` in ``game``."""
    rng = random.Random(seed)
    players: list[Bot] = [
        BOTS[kind](seed * 10 + seat) if seat % 2 == 0 else RandomBot(seed * 10 + seat)
        for seat in range(SEATS)
    ]
    names = tuple(f"{kind if seat % 2 == 0 else 'random'} {seat + 1}" for seat in range(SEATS))
    config = match_config(game, SEATS)
    times: list[float] = []
    cpu: list[float] = []
    number = 0
    while len(times) < decisions:
        shift = number % SEATS  # the button moves round the players
        bots = {p: players[(p + shift) % SEATS] for p in range(SEATS)}
        seated = tuple(names[(p + shift) % SEATS] for p in range(SEATS))
        hand = Hand(config, Deck(rng=random.Random(rng.getrandbits(64))))
        while hand.phase in ("bet", "draw"):
            player = hand.to_act if hand.phase == "bet" else hand.to_draw
            assert player is not None
            view = view_of(hand, player, seated)
            measured = (player + shift) % 2 == 0
            start, start_cpu = time.perf_counter(), time.process_time()
            if hand.phase == "bet":
                action = bots[player].decide(view)
                took, took_cpu = time.perf_counter() - start, time.process_time() - start_cpu
                hand.act(action, player)
            else:
                cards = bots[player].discard(view)
                took, took_cpu = time.perf_counter() - start, time.process_time() - start_cpu
                hand.draw(cards, player)
            if measured:
                times.append(took * 1000)
                cpu.append(took_cpu * 1000)
        for position, bot in bots.items():
            hand_over = getattr(bot, "hand_over", None)
            if callable(hand_over):
                hand_over(view_of(hand, position, seated))
        number += 1
    return times[:decisions], cpu[:decisions]


def _names(text: str, known: tuple[str, ...], what: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"no {what} {unknown[0]!r}; {what}s are {', '.join(known)}"
        )
    return names


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 100:
        raise argparse.ArgumentTypeError(f"at least 100 decisions, got {text!r}")
    return int(text)


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bots", type=lambda text: _names(text, tuple(BOTS), "bot"), default=list(BOTS)
    )
    parser.add_argument(
        "--games", type=lambda text: _names(text, tuple(VARIANTS), "game"), default=list(GAMES)
    )
    parser.add_argument("--decisions", type=_positive, default=2000, help="per bot and game")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args(argv)


def main(argv: list[str]) -> None:
    options = arguments(argv)
    kinds = list(dict.fromkeys([*options.bots, ANCHOR]))
    print(
        f"Decision latency, {SEATS} seats (3 of the kind measured, 3 random), "
        f"{options.decisions:,} decisions each, in ms"
    )
    header = (
        f"{'game':<16}{'bot':<18}{'median':>8}{'p90':>8}{'p99':>8}{'max':>9}"
        f"{'> 50 ms':>9}{'CPU p99':>9}{'p99 ÷ ' + ANCHOR:>14}"
    )
    print(header)
    print("-" * len(header))
    worst = 0.0
    for game in options.games:
        rows = {}
        for kind in kinds:
            timings(kind, game, WARM_UP, options.seed + 1)  # loads tables, compiles, fills caches
            times, cpu = timings(kind, game, options.decisions, options.seed)
            cuts = statistics.quantiles(times, n=100, method="inclusive")
            cpu_p99 = statistics.quantiles(cpu, n=100, method="inclusive")[98]
            over = sum(took > BUDGET_MS for took in times) / len(times)
            rows[kind] = (statistics.median(times), cuts[89], cuts[98], max(times), over, cpu_p99)
        for kind, (median, p90, p99, most, over, cpu_p99) in rows.items():
            anchor = rows[ANCHOR][2]
            ratio = f"{p99 / anchor:.2f}" if anchor >= 0.05 else "—"  # nothing to compare with
            print(
                f"{game:<16}{kind:<18}{median:>8.2f}{p90:>8.2f}{p99:>8.2f}{most:>9.1f}"
                f"{over:>9.2%}{cpu_p99:>9.2f}{ratio:>14}"
            )
            worst = max(worst, p99)
    verdict = "met" if worst <= BUDGET_MS else "MISSED"
    print(f"\nTarget: every p99 at most {BUDGET_MS:.0f} ms → worst p99 {worst:.1f} ms, {verdict}")


if __name__ == "__main__":
    main(sys.argv[1:])
