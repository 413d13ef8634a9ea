"""The load benchmark (``benchmarks/bench_server.py``) still runs: a few seconds of its
``--quick`` mode, the real server in its own process and real WebSocket players, so it
cannot rot. Not a timed test: only that players were held, acted and heard back."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parents[1] / "benchmarks" / "bench_server.py"


def test_the_quick_load_run_holds_its_players_and_measures_latency() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--think", "0", "--seconds", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "players held:       24" in out
    assert "tables held:         4" in out
    assert "action → every seat:  p50" in out and "no samples" not in out
    assert "refusals" not in out, out  # every action sent was legal and heard
    assert "server CPU ms/action:" in out


def test_a_table_of_more_than_ten_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(BENCH.parent))
    import bench_server

    with pytest.raises(SystemExit) as refused:
        bench_server.parse(["--players", "50", "--tables", "2"])
    assert refused.value.code == 2
    assert "2 to 10 players a table" in capsys.readouterr().err.strip().splitlines()[-1]
