"""Player statistics over 100,000 archived hands: every player's summary, as
``pokerroom stats`` and the statistics page make it.

Hands are six-handed no-limit hold'em played by the engine with a seeded policy that folds
about half its hands preflop and bets now and then (so some go all in and are valued by
equity). ``--distinct`` hands are played (the engine's time is not what is measured) and
each is archived again under each of the 24 ways of renaming the suits, on another table,
so every archived hand, and every all-in's equity, is a different one; the archive is a
temporary SQLite file. Each hand is archived with its counts, made by the archive's own
:func:`~pokerroom.storage.hands.counts.counts_rows` (what saving a hand adds, per hand, is
reported). Timed, ``--repeat`` times (the median is the figure): :meth:`HandStats.summary`
for every player. The anchors: the same hands counted from their PHH
(:meth:`HandStats.hands` fed to :func:`summarise`, the way of hands archived without
counts), which must give the same statistics, and the full PHH parser
(:func:`pokerroom.history.phh.documents.parse_phh`) alone, timed on a sample. The target: the
summary under 5 s. Run: ``.venv/bin/python benchmarks/bench_stats.py``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import insert

from harness import Measurement, Target, positive_whole, print_table, print_targets
from pokerroom.cardset import CardSet
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig
from pokerroom.equity.calculator import calculate_equity
from pokerroom.history.phh.documents import parse_phh
from pokerroom.history.phh.writing import write_phh
from pokerroom.stats import allin
from pokerroom.stats.summary import PlayerStats, summarise
from pokerroom.storage.hands.counts import counts_rows
from pokerroom.storage.hands.stats import HandFilter, HandStats
from pokerroom.storage.models import WebHandCountsRow, WebHandRow, WebHandSeatRow

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


def fill(store: HandStats, hands: list[tuple[str, list[str]]], total: int) -> float:
    """Archive ``total`` hands: each played hand under every suit order, in turn, with its
    counts; the seconds spent counting."""
    start = datetime(2026, 1, 1)
    rows, seats, counts = [], [], []
    counting = 0.0
    for number in range(total):
        text, names = hands[number % len(hands)]
        order = SUIT_ORDERS[number // len(hands) % len(SUIT_ORDERS)]
        hand_id = number + 1
        phh = renamed(text, order)
        began = time.perf_counter()
        counts += counts_rows(hand_id, phh, [0] * PLAYERS)
        counting += time.perf_counter() - began
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
                "phh": phh,
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
        session.execute(insert(WebHandCountsRow), counts)
    return counting


def warm_up() -> None:
    """Compile the equity kernels (exact and sampled) before the clock starts."""
    hands = [CardSet.parse("AhKh"), CardSet.parse("QsQd")]
    calculate_equity(hands, board=CardSet.parse("2c7d9h"))
    calculate_equity(hands, trials=allin.PREFLOP_TRIALS, seed=1)


def same(kept: dict[str, PlayerStats], read: dict[str, PlayerStats]) -> bool:
    """The two summaries agree (float sums to a millionth of a chip per hand)."""
    floats = ("big_blinds", "adjusted")
    return kept.keys() == read.keys() and all(
        all(getattr(k, f) == getattr(r, f) for f in PlayerStats.__slots__ if f not in floats)
        and all(abs(getattr(k, f) - getattr(r, f)) < 1e-6 * k.hands for f in floats)
        for k, r in ((kept[name], read[name]) for name in kept)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=positive_whole, default=HANDS)
    parser.add_argument("--distinct", type=positive_whole, default=4_200)
    parser.add_argument("--repeat", type=positive_whole, default=3)
    args = parser.parse_args()
    began = time.perf_counter()
    hands = played(min(args.distinct, args.hands))
    print(f"{len(hands):,} hands played in {time.perf_counter() - began:.1f} s")
    with tempfile.TemporaryDirectory() as folder:
        store = HandStats.open(Path(folder) / "archive.db")
        warm_up()
        began = time.perf_counter()
        counting = fill(store, hands, args.hands)
        print(
            f"{args.hands:,} hands archived in {time.perf_counter() - began:.1f} s, "
            f"{counting:.1f} s of it counting them ({counting / args.hands * 1e6:.0f} µs a hand)"
        )
        times = []
        for _ in range(args.repeat):
            began = time.perf_counter()
            players = store.summary(HandFilter())
            times.append(time.perf_counter() - began)
        seconds = statistics.median(times)
        allin.equities.cache_clear()
        began = time.perf_counter()
        read = summarise(store.hands(HandFilter()))
        read_seconds = time.perf_counter() - began
        store.close()
    assert sum(stats.hands for stats in players.values()) == args.hands * PLAYERS
    assert same(players, read), "the kept counts and the PHH disagree"
    sample = [text for text, _ in hands[:2_000]]
    began = time.perf_counter()
    for text in sample:
        parse_phh(text)
    parse_seconds = time.perf_counter() - began
    each = ", ".join(f"{t:.2f}" for t in times)
    rows = [
        Measurement(
            "stats: kept counts summed",
            args.hands,
            seconds,
            ours=True,
            note=f"{len(players)} players; median of {each} s",
        ),
        Measurement(
            "stats: every PHH read",
            args.hands,
            read_seconds,
            note="hands without kept counts; the same statistics",
        ),
        Measurement("parse_phh alone", len(sample), parse_seconds, note="full TOML read, a sample"),
    ]
    print_table(
        f"Player statistics, {args.hands:,} archived hands",
        "hands",
        rows,
        ["stats: every PHH read", "parse_phh alone"],
    )
    print_targets(rows, [Target(rows[0].name, HANDS / TARGET_SECONDS, "100,000 hands in 5 s")])


if __name__ == "__main__":
    main()
