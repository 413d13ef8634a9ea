"""Player statistics over 100,000 archived hands: the query, the reading and the counting.

Hands are six-handed no-limit hold'em played by the engine with a seeded policy that folds
about half its hands preflop and bets now and then (so some go all in and are valued by
equity). ``--distinct`` hands are played (the engine's time is not what is measured) and
each is archived again under each of the 24 ways of renaming the suits, on another table,
so every archived hand, and every all-in's equity, is a different one; the archive is a
temporary SQLite file. Timed: :meth:`HandStats.hands` fed to :func:`summarise` for every
player, as ``pokerroom stats`` does. The anchor is the same hands read by the full PHH
parser (:func:`pokerroom.history.phh.parse_phh`) alone, timed on a sample. The target: all
of it under 5 s. Run: ``.venv/bin/python benchmarks/bench_stats.py``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import insert

from harness import Measurement, Target, positive_whole, print_table, print_targets
from pokerroom.cardset import CardSet
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig
from pokerroom.equity.calculator import Game, calculate_equity
from pokerroom.history.phh import parse_phh
from pokerroom.history.phh_write import write_phh
from pokerroom.stats import allin
from pokerroom.stats.summary import summarise
from pokerroom.storage.hand_stats import HandFilter, HandStats
from pokerroom.storage.models import WebHandRow, WebHandSeatRow

HANDS = 100_000
TARGET_SECONDS = 5.0
PLAYERS = 6
NAMES = [f"player{i}" for i in range(12)]
SUIT_ORDERS = ["".join(order) for order in itertools.permutations("shdc")]
CARD_TEXT = re.compile(r'((?:d dh p\d+|d db|p\d+ sm) )([^"]+)"')


def play(hand: Hand, rng: random.Random) -> Hand:
    """Fold half the time facing a bet, raise a tenth; bet a third of the checks; one bet
    or raise in 33 is all in."""
    while hand.phase != "done":
        legal = hand.legal_actions()
        roll = rng.random()
        raise_to = legal.raise_min
        if legal.raise_max is not None and raise_to is not None and rng.random() < 0.03:
            raise_to = legal.raise_max  # now and then all in
        if legal.check:
            hand.act(Action.raise_to(raise_to) if raise_to and roll < 0.3 else Action.check())
        elif roll < 0.5:
            hand.act(Action.fold())
        elif raise_to is not None and roll > 0.9:
            hand.act(Action.raise_to(raise_to))
        else:
            hand.check_or_call()
    return hand


def played(count: int) -> list[tuple[str, list[str]]]:
    """``count`` engine hands as PHH, each with the names of its six players."""
    hands = []
    for seed in range(count):
        rng = random.Random(seed)
        stacks = [rng.choice([100, 200, 300]) for _ in range(PLAYERS)]
        config = HandConfig.holdem(stacks, small_blind=1, big_blind=2)
        names = rng.sample(NAMES, PLAYERS)
        hand = play(Hand(config, Deck(seed=seed)), rng)
        hands.append((write_phh(hand, names), names))
    return hands


def renamed(text: str, order: str) -> str:
    """The hand with its suits renamed (``shdc`` to ``order``): the same play, other cards."""
    table = str.maketrans("shdc", order)
    return CARD_TEXT.sub(lambda m: m.group(1) + m.group(2).translate(table) + '"', text)


def fill(store: HandStats, hands: list[tuple[str, list[str]]], total: int) -> None:
    """Archive ``total`` hands: each played hand under every suit order, in turn."""
    start = datetime(2026, 1, 1)
    rows, seats = [], []
    for number in range(total):
        text, names = hands[number % len(hands)]
        order = SUIT_ORDERS[number // len(hands) % len(SUIT_ORDERS)]
        hand_id = number + 1
        rows.append(
            {
                "id": hand_id,
                "room_id": f"bench-{order}",
                "room_kind": "cash",
                "room_name": "bench",
                "game": "NLHE",
                "table_size": PLAYERS,
                "number": number + 1,
                "finished_at": start + timedelta(seconds=number),
                "phh": renamed(text, order),
                "rake": 0,
            }
        )
        seats += [
            {
                "hand_id": hand_id,
                "position": p,
                "seat": p + 1,
                "account_id": None,
                "name": n,
                "result": 0,
            }
            for p, n in enumerate(names)
        ]
    with store.database.session() as session:
        session.execute(insert(WebHandRow), rows)
        session.execute(insert(WebHandSeatRow), seats)


def warm_up() -> None:
    """Compile the equity kernels (exact and sampled) before the clock starts."""
    hands = [CardSet.parse("AhKh"), CardSet.parse("QsQd")]
    calculate_equity(hands, board=CardSet.parse("2c7d9h"))
    calculate_equity(hands, trials=allin.PREFLOP_TRIALS, seed=1)


class EquityClock:
    """The statistics' equity step, timed: how much of the run valuing all-ins takes."""

    def __init__(self) -> None:
        self.cached = allin.equities
        self.seconds = 0.0

    def __call__(self, game: Game, hands: tuple[str, ...], board: str) -> tuple[float, ...]:
        began = time.perf_counter()
        try:
            return self.cached(game, hands, board)
        finally:
            self.seconds += time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=positive_whole, default=HANDS)
    parser.add_argument("--distinct", type=positive_whole, default=4_200)
    args = parser.parse_args()
    began = time.perf_counter()
    hands = played(min(args.distinct, args.hands))
    print(f"{len(hands):,} hands played in {time.perf_counter() - began:.1f} s")
    with tempfile.TemporaryDirectory() as folder:
        store = HandStats.open(Path(folder) / "archive.db")
        began = time.perf_counter()
        fill(store, hands, args.hands)
        print(f"{args.hands:,} hands archived in {time.perf_counter() - began:.1f} s")
        warm_up()
        valuing = EquityClock()
        allin.equities = valuing  # type: ignore[assignment]
        began = time.perf_counter()
        players = summarise(store.hands(HandFilter()))
        seconds = time.perf_counter() - began
        store.close()
    valued = valuing.cached.cache_info().currsize
    assert sum(stats.hands for stats in players.values()) == args.hands * PLAYERS
    sample = [text for text, _ in hands[:2_000]]
    began = time.perf_counter()
    for text in sample:
        parse_phh(text)
    parse_seconds = time.perf_counter() - began
    rows = [
        Measurement(
            "stats: query + read + count",
            args.hands,
            seconds,
            ours=True,
            note=f"{len(players)} players; {valued:,} all-ins valued by equity, "
            f"in {valuing.seconds:.1f} s of it",
        ),
        Measurement("parse_phh alone", len(sample), parse_seconds, note="full TOML read, a sample"),
    ]
    print_table(
        f"Player statistics, {args.hands:,} archived hands", "hands", rows, ["parse_phh alone"]
    )
    print_targets(rows, [Target(rows[0].name, HANDS / TARGET_SECONDS, "100,000 hands in 5 s")])


if __name__ == "__main__":
    main()
