"""Whole American freezeouts to a winner, with the fast random bot or the kinds named.

Prints hands played, wall time and hands per second for a 1,000-entrant field (the median
of three runs) and, with ``--big``, a 10,000-entrant field (one run; the target is a
winner in under 2 minutes on one core). The club freezeout's structure, 10-seat tables.
``--bots a,b`` gives the entrants those bot kinds in turn (as ``tournament run --bots``),
so the figure with the room's real opponents can stand beside the random bots' one.
Calling stations are left out: among themselves they only check and call, so once the
random bots are gone their stacks drift by the blinds for hours of simulated play (a field
of 3,000 with half stations is still playing at level 20).
With ``--save`` every run is also saved as it goes, as ``pokerroom tournament run`` does
(events committed in batches at hand boundaries to a fresh SQLite file), to measure what
saving costs.
Run: ``.venv/bin/python benchmarks/bench_tournament.py [--big] [--save] [--bots random]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from harness import bot_line_up
from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.storage.tournament.log import TournamentLog
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.regulation import example_text, load_example

KINDS = ("random",)


def one_run(entrants: int, seed: int, kinds: tuple[str, ...] = KINDS) -> tuple[int, float]:
    """Hands played and wall seconds for one freezeout of ``entrants``."""
    regulation = load_example("club-freezeout")
    players = entrant_names(regulation, entrants)
    start = time.perf_counter()
    run = AmericanRun(regulation, players, BotPlayers(kinds, players, seed), random.Random(seed))
    tournament = run.run()
    assert tournament.winner is not None
    return tournament.hands, time.perf_counter() - start


def one_saved_run(entrants: int, seed: int, kinds: tuple[str, ...] = KINDS) -> tuple[int, float]:
    """The same, saved as it goes to a fresh database file (opening it is not timed)."""
    regulation = load_example("club-freezeout")
    players = entrant_names(regulation, entrants)
    with tempfile.TemporaryDirectory() as folder, TournamentStore.open(Path(folder)) as store:
        number = store.create_tournament(
            example_text("club-freezeout"), entrants=entrants, bots=kinds, seed=seed
        )
        log = TournamentLog(store, number)
        start = time.perf_counter()
        run = AmericanRun(
            regulation,
            players,
            BotPlayers(kinds, players, seed),
            random.Random(seed),
            listener=log,
            on_hand_end=log.hand_ended,
        )
        log.save(run.tournament)
        tournament = run.run()
        log.finish(tournament)
        took = time.perf_counter() - start
        assert store.get_tournament(number).event_count == len(tournament.events)
    return tournament.hands, took


def report(entrants: int, runs: int, options: argparse.Namespace) -> None:
    play = one_saved_run if options.save else one_run
    results = [play(entrants, seed, options.bots) for seed in range(1, runs + 1)]
    seconds = statistics.median(wall for _hands, wall in results)
    hands = statistics.median(hands for hands, _wall in results)
    rates = [hands / wall for hands, wall in results]
    print(
        f"{entrants:>6,} entrants: {hands:>8,.0f} hands, {seconds:6.1f} s wall, "
        f"{statistics.median(rates):6,.0f} hands/s (median of {runs}), "
        f"bots {','.join(options.bots)}" + (", saved as it goes" if options.save else "")
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="also 10,000 entrants, one run")
    parser.add_argument("--save", action="store_true", help="save every run as it goes")
    parser.add_argument("--bots", type=bot_line_up, default=KINDS, help="bot kinds, e.g. random")
    options = parser.parse_args(argv)
    report(1_000, 3, options)
    if options.big:
        report(10_000, 1, options)


if __name__ == "__main__":
    main(sys.argv[1:])
