"""Heads-up bot matches: each bot's win rate in big blinds per 100 hands, with a 95 % interval.

Every hand starts from 100 big blinds each (so results add up hand by hand) and the
button alternates. The equity-aware bot must beat the random bot and the calling
station. Run: ``.venv/bin/python benchmarks/bench_bots.py [hands]``.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time

from pokerroom.bots import BOTS, Bot, play_hand
from pokerroom.deck import Deck
from pokerroom.engine import Hand, HandConfig

BIG_BLIND = 2
STACK = 100 * BIG_BLIND


def match(first: str, second: str, hands: int, seed: int) -> list[float]:
    """Big blinds won by ``first`` in each hand against ``second``."""
    rng = random.Random(seed)
    bots: dict[str, Bot] = {first: BOTS[first](seed), second: BOTS[second](seed + 1)}
    results = []
    for number in range(hands):
        button = first if number % 2 else second  # position 1 is the button heads-up
        seats = {0: bots[second if button == first else first], 1: bots[button]}
        names = {0: second if button == first else first, 1: button}
        config = HandConfig.holdem([STACK, STACK], small_blind=1, big_blind=BIG_BLIND)
        hand = Hand(config, Deck(rng=random.Random(rng.getrandbits(64))))
        play_hand(hand, seats)
        mine = next(p for p, name in names.items() if name == first)
        results.append((hand.stacks[mine] - STACK) / BIG_BLIND)
    return results


def report(first: str, second: str, hands: int) -> float:
    start = time.perf_counter()
    won = match(first, second, hands, seed=7)
    mean = statistics.fmean(won) * 100
    half = 1.96 * statistics.stdev(won) * 100 / math.sqrt(len(won))
    elapsed = time.perf_counter() - start
    print(
        f"{first:>7} vs {second:<8} {mean:+8.1f} bb/100  ± {half:5.1f}  "
        f"({hands:,} hands, {hands / elapsed:,.0f} hands/s)"
    )
    return mean - half


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    print(f"Heads-up, {STACK // BIG_BLIND} big blinds deep, button alternating:")
    lows = [report("equity", rival, hands) for rival in ("random", "station")]
    report("station", "random", hands)
    verdict = "beats both" if min(lows) > 0 else "does NOT clearly beat both"
    print(
        f"equity bot {verdict} (lower ends of the 95 % intervals: {lows[0]:+.1f}, {lows[1]:+.1f})"
    )


if __name__ == "__main__":
    main()
