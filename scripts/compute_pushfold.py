"""Compute the push/fold tables the tournament bot ships with (package data).

Step 1 (about 1–2 minutes): the exact 169 × 169 class-against-class all-in
equity matrix (:mod:`pokerroom.bots.preflop_matrix`). Step 2 (about 2–3
minutes): the heads-up push/fold equilibrium by fictitious play
(:mod:`pokerroom.bots.pushfold_nash`) for every effective stack of 1 … 20 big
blinds in half big blinds and every ante of the grid. Everything is
deterministic: the same code gives the same file. With ``--check`` the result
is compared with the committed file instead of written.

Run: ``.venv/bin/python scripts/compute_pushfold.py [--check]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from pokerroom.bots.preflop_matrix import equity_matrix
from pokerroom.bots.pushfold_nash import PushFoldGame, solve

OUTPUT = Path(__file__).parent.parent / "src" / "pokerroom" / "bots" / "data" / "pushfold.npz"
STACKS = np.arange(2, 41) / 2  # 1.0, 1.5 … 20.0 big blinds
ANTES = np.array([0.0, 0.125, 0.25, 0.5])  # big blinds each player antes
ITERATIONS = 20_000
DECIMALS = 4  # strategies are stored rounded; the gains below are of the rounded ones


def compute() -> dict[str, np.ndarray]:
    start = time.perf_counter()
    equity = equity_matrix()
    print(f"equity matrix: {time.perf_counter() - start:.0f} s", flush=True)
    shape = (len(ANTES), len(STACKS))
    push, call = np.zeros((*shape, 169)), np.zeros((*shape, 169))
    sb_gain, bb_gain = np.zeros(shape), np.zeros(shape)
    for a, ante in enumerate(ANTES):
        for s, stack in enumerate(STACKS):
            game = PushFoldGame.build(equity, float(stack), float(ante))
            found = solve(game, ITERATIONS)
            push[a, s] = np.round(found.push, DECIMALS)
            call[a, s] = np.round(found.call, DECIMALS)
            sb_gain[a, s], bb_gain[a, s] = game.deviation_gains(push[a, s], call[a, s])
        print(f"ante {ante}: solved, {time.perf_counter() - start:.0f} s", flush=True)
    return {
        "equity": equity,
        "stacks": STACKS,
        "antes": ANTES,
        "push": push,
        "call": call,
        "sb_gain": sb_gain,
        "bb_gain": bb_gain,
        "iterations": np.array(ITERATIONS),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    args = parser.parse_args()
    tables = compute()
    worst = max(float(tables["sb_gain"].max()), float(tables["bb_gain"].max()))
    print(f"largest gain from deviating: {worst:.2e} big blinds per hand")
    if not args.check:
        np.savez_compressed(OUTPUT, **tables)
        print(f"wrote {OUTPUT} ({OUTPUT.stat().st_size:,} bytes)")
        return 0
    with np.load(OUTPUT) as shipped:
        differ = [
            name for name, value in tables.items() if not np.array_equal(shipped[name], value)
        ]
    print("same as the committed file" if not differ else f"DIFFERENT: {', '.join(differ)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
