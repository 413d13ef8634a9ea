"""The bot benchmarks still run: each with tiny counts in this process, so they cannot
rot. Not timed tests: only that their figures come out and mean what they say."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"


def _benchmark(name: str) -> ModuleType:
    """A benchmark script as a module, its folder on the path as when it is run (harness)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_bot_against_itself_wins_nothing_and_the_interval_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _benchmark("bench_bot_strength").main(
        [
            *("--pairs", "station:station,station:random", "--games", "holdem"),
            *("--seats", "2", "--hands", "200", "--jobs", "1"),
        ]
    )
    out = capsys.readouterr().out
    same, other = (line for line in out.splitlines() if line.startswith("holdem"))
    assert "station vs station" in same and "+0.0 ±    0.0" in same and "  no" in same
    assert "station vs random" in other and "200" in other


def test_the_strength_benchmark_names_what_it_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        _benchmark("bench_bot_strength").main(["--seats", "3"])
    assert exit_.value.code == 2
    assert "seats are even numbers from 2 to 10 joined by ',', got '3'" in capsys.readouterr().err


def test_the_series_benchmark_counts_hands_and_hand_one_all_ins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _benchmark("bench_bot_series").main(
        ["--bots", "station,random", "--seeds", "3", "--cap", "40", "--jobs", "1"]
    )
    out = capsys.readouterr().out
    assert "station,random" in out
    assert "hands per series: median" in out and "of 3 stopped at the cap of 40" in out
    assert "hand 1 all-in before the flop:" in out and "of 18 players" in out


def test_the_decision_benchmark_times_each_bot_beside_the_anchor(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _benchmark("bench_bot_decisions").main(
        ["--bots", "station", "--games", "holdem", "--decisions", "100"]
    )
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith("holdem")]
    assert [row[1] for row in rows] == ["station", "equity"]
    assert rows[1][-1] == "1.00"  # the anchor against itself
    assert "Target: every p99 at most 50 ms" in out
