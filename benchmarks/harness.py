"""Shared timing and reporting for the benchmark scripts.

Every benchmark times a zero-argument callable that does a known amount of
work (``items``: hands, boards or trials). The median of a few runs, after a
warm-up run that pays for JIT compilation and cold caches, is robust against
the odd slow run on a busy machine; throughput is ``items / median``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

DEFAULT_REPEATS = 5


def median_seconds(
    work: Callable[[], object], *, repeats: int = DEFAULT_REPEATS, warmup: int = 1
) -> float:
    """Median wall time of ``repeats`` calls of ``work``, after ``warmup`` untimed calls."""
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    for _ in range(warmup):
        work()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


@dataclass(frozen=True, slots=True)
class Measurement:
    """One timed row: who ran it, how much work one call does and its median time."""

    name: str
    items: int
    seconds: float
    ours: bool = False
    note: str = ""

    @property
    def rate(self) -> float:
        """Work items per second."""
        return self.items / self.seconds


def measure(
    name: str,
    items: int,
    work: Callable[[], object],
    *,
    ours: bool = False,
    repeats: int = DEFAULT_REPEATS,
    note: str = "",
) -> Measurement:
    """Time ``work`` (which handles ``items`` items per call) and label the result."""
    seconds = median_seconds(work, repeats=repeats)
    return Measurement(name, items, seconds, ours, note)


@dataclass(frozen=True, slots=True)
class Target:
    """A throughput that one of our rows should reach, with how to say it."""

    row: str
    rate: float
    text: str


def human_rate(rate: float) -> str:
    """A throughput with an SI prefix, e.g. '25.3 M'."""
    for factor, prefix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if rate >= factor:
            return f"{rate / factor:.3g} {prefix}"
    return f"{rate:.3g} "


def best_anchor(rows: Sequence[Measurement]) -> Measurement:
    """The fastest row that is not ours."""
    return max((row for row in rows if not row.ours), key=lambda row: row.rate)


def print_table(title: str, unit: str, rows: Sequence[Measurement], anchors: Sequence[str]) -> None:
    """Print each row's throughput, median and throughput ratio to every named anchor.

    A ratio above 1 means the row does more work per second than the anchor.
    """
    by_name = {row.name: row for row in rows}
    width = max(len(row.name) for row in rows) + 2
    header = f"{'':2}{'name':<{width}}{unit + '/s':>12}{'median s':>12}"
    header += "".join(f"{'÷ ' + anchor:>{max(14, len(anchor) + 4)}}" for anchor in anchors)
    print(f"\n{title}")
    print(header)
    print("-" * len(header))
    for row in rows:
        line = f"{'*' if row.ours else ' ':2}{row.name:<{width}}"
        line += f"{human_rate(row.rate):>12}{row.seconds:>12.4f}"
        for anchor in anchors:
            ratio = row.rate / by_name[anchor].rate
            line += f"{ratio:>{max(14, len(anchor) + 4)}.3f}"
        if row.note:
            line += f"  ({row.note})"
        print(line)
    print("(* = ours; ratios are throughput ÷ the anchor's throughput, higher is better)")


def print_targets(rows: Sequence[Measurement], targets: Sequence[Target]) -> None:
    """Print how far each of our rows is above (ratio ≥ 1) or below its target."""
    by_name = {row.name: row for row in rows}
    print("\nTargets")
    for target in targets:
        row = by_name[target.row]
        ratio = row.rate / target.rate
        verdict = "met" if ratio >= 1 else "MISSED"
        print(
            f"  {target.row}: {human_rate(row.rate)}/s vs {target.text} "
            f"→ {ratio:.2f}× target, {verdict}"
        )


def positive_whole(text: str) -> int:
    """An argparse type: a whole number from 1, or an error that says so."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number from 1, got {text!r}")
    return int(text)


def bot_line_up(text: str) -> tuple[str, ...]:
    """An argparse type: bot kinds joined by ',', each one a kind the room knows."""
    from pokerroom.bots.registry import bot_kinds

    known = bot_kinds()
    kinds = tuple(kind.strip() for kind in text.split(","))
    unknown = [kind for kind in kinds if kind not in known]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"no bot {unknown[0]!r}; bots are {', '.join(known)} (names joined by ',')"
        )
    return kinds
