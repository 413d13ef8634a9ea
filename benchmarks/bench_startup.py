"""Start-up: how long ``pokerroom --help`` and a command's ``--help`` take, each in a new process.

A command's help is what a user waits for most often, and nothing in it needs the evaluator's
tables, numba, the storage or the web app (see :mod:`pokerroom.cli.lazy_commands`). Every row is the
median wall time of ``--runs`` fresh interpreters, after one untimed run that warms the disk
cache; the anchors, measured in the same run, are the bare interpreter (``python -c pass``)
and one that imports Typer, the floor a Typer command line cannot go below.

Run: ``.venv/bin/python benchmarks/bench_startup.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import functools
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from harness import Measurement, measure

DEFAULT_RUNS = 11
POKERROOM = str(Path(sys.executable).with_name("pokerroom"))
ROWS: tuple[tuple[str, Sequence[str], bool], ...] = (
    ("python -c pass", (sys.executable, "-c", "pass"), False),
    ("python -c 'import typer'", (sys.executable, "-c", "import typer"), False),
    ("pokerroom --help", (POKERROOM, "--help"), True),
    ("pokerroom connect --help", (POKERROOM, "connect", "--help"), True),
    ("pokerroom eval --help", (POKERROOM, "eval", "--help"), True),
    ("pokerroom tournament --help", (POKERROOM, "tournament", "--help"), True),
)
ANCHORS = ("python -c pass", "python -c 'import typer'")


def run_once(command: Sequence[str]) -> None:
    """One process to its end; a failing command stops the benchmark rather than timing it."""
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS, help="processes per row")
    runs = parser.parse_args(argv).runs
    rows: list[Measurement] = [
        measure(name, 1, functools.partial(run_once, command), ours=ours, repeats=runs)
        for name, command, ours in ROWS
    ]
    by_name = {row.name: row for row in rows}
    width = max(len(row.name) for row in rows) + 2
    header = f"{'':2}{'name':<{width}}{'median ms':>10}"
    header += "".join(f"{'− ' + anchor:>{len(anchor) + 6}}" for anchor in ANCHORS)
    print(f"\nStart-up, median of {runs} processes (wall time)")
    print(header)
    print("-" * len(header))
    for row in rows:
        line = f"{'*' if row.ours else ' ':2}{row.name:<{width}}{row.seconds * 1000:>10.0f}"
        for anchor in ANCHORS:
            extra = (row.seconds - by_name[anchor].seconds) * 1000
            line += f"{extra:>{len(anchor) + 4}.0f}ms"
        line += f"  ({row.seconds / by_name['python -c pass'].seconds:.1f}× python -c pass)"
        print(line)
    print("(* = ours; '− anchor' is the time a row takes beyond the anchor's)")


if __name__ == "__main__":
    main()
