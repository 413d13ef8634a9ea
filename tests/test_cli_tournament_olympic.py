"""``pokerroom tournament run`` of an Olympic knock-out (T-9): stages, restarts, results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.tournament.regulation import example_text

runner = CliRunner()
KNOCKOUT = ["tournament", "run", "--example", "olympic-knockout", "--seed", "3"]


def _lines(args: list[str]) -> list[dict[str, Any]]:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def _heads_up(tmp_path: Path, extra: str = "") -> Path:
    text = example_text("olympic-knockout").replace("table_size = 6", "table_size = 2")
    path = tmp_path / "heads-up.toml"
    path.write_text(text.replace("final_table_size = 6", "final_table_size = 2") + extra)
    return path


def test_t9_json_lines_carry_each_stage_its_restart_and_the_stage_reached() -> None:
    """T-9, T-12: 13 players at 6 seats: a semi-final of three tables, then a final of
    three restarting at 3,000; places 1 … 13, every finalist above every semi-finalist."""
    lines = _lines([*KNOCKOUT, "--entrants", "13", "--json"])
    stages = [line for line in lines if line["type"] == "stage"]
    assert [(s["number"], s["name"], sorted(s["tables"])) for s in stages] == [
        (1, "semi-final", [4, 4, 5]),
        (2, "final", [3]),
    ]
    assert lines[0]["type"] == "header" and lines[0]["format"] == "olympic"
    assert [line["type"] for line in lines[1:14]] == ["entry"] * 13
    assert lines[14]["type"] == "stage" and lines[15]["type"] == "draw"
    assert len(lines[15]["seats"]) == 13
    (restart,) = [line for line in lines if line["type"] == "restart"]
    assert restart["stage"] == 2
    assert {s["after"] for s in restart["stacks"]} == {3000}
    assert sum(s["before"] for s in restart["stacks"]) == 13 * 3000
    moved = {line["player"] for line in lines if line.get("reason") == "stage"}
    assert moved == {s["player"] for s in restart["stacks"]}
    final_at = lines.index(stages[1])
    hands = [line for line in lines[final_at:] if line["type"] == "hand"]
    assert hands[0]["level"] == 1  # the final's own clock
    assert sum(s["after"] for s in hands[-1]["seats"]) == 3 * 3000
    results = lines[-1]["results"]
    assert [row["place"] for row in results] == list(range(1, 14))
    assert [row["stage"] for row in results] == ["final"] * 3 + ["semi-final"] * 10
    assert sum(row["prize"] for row in results) == lines[-1]["pool"]["total"]


def test_t9_the_results_table_shows_the_stage_each_player_reached() -> None:
    result = runner.invoke(app, [*KNOCKOUT, "--entrants", "7"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[3].split()[-1] == "stage"
    rows = [line.split() for line in lines[4:] if line[:5].strip().isdigit()]
    assert [row[0] for row in rows] == [str(place) for place in range(1, 8)]
    assert [row[-1] for row in rows] == ["final", "final"] + ["semi-final"] * 5


def test_t9_small_fields_and_heads_up_brackets_with_byes_play_out(tmp_path: Path) -> None:
    """T-9: 2 players are the final; 5 heads-up play 1/4, semi-final and final with byes."""
    two = _lines([*KNOCKOUT, "--entrants", "2", "--json"])
    assert [line["name"] for line in two if line["type"] == "stage"] == ["final"]
    heads_up = str(_heads_up(tmp_path))
    bracket = _lines(["tournament", "run", heads_up, "--entrants", "5", "--seed", "1", "--json"])
    stages = [line for line in bracket if line["type"] == "stage"]
    assert [(s["name"], s["tables"], len(s["byes"])) for s in stages] == [
        ("1/4", [2, 2], 1),
        ("semi-final", [2], 1),
        ("final", [2], 0),
    ]
    assert [row["place"] for row in bracket[-1]["results"]] == [1, 2, 3, 4, 5]


def test_t9_an_olympic_regulation_with_re_entries_is_one_line_exit_2(tmp_path: Path) -> None:
    path = _heads_up(tmp_path, "\n[re_entry]\nper_player = 1\nuntil_level = 2\n")
    result = runner.invoke(app, ["tournament", "run", str(path), "--entrants", "4"])
    assert result.exit_code == 2
    assert "re_entry is for american tournaments; an olympic field is fixed (T-9)" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
