"""The command line as a user meets it: output, JSON for scripts, one-line errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerroom.cli.app import app

runner = CliRunner()


def test_equity_prints_exact_heads_up_preflop() -> None:
    result = runner.invoke(app, ["equity", "AhKh", "QsQd"])
    assert result.exit_code == 0
    assert "46.2145%" in result.output
    assert "53.7855%" in result.output
    assert "all 1,712,304 boards" in result.output


def test_equity_json_for_scripts() -> None:
    result = runner.invoke(app, ["equity", "AhKh", "QsQd", "--board", "Jc7d2h", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["exact"] is True and data["boards"] == 990
    assert [hand["wins"] for hand in data["hands"]] == [287, 703]
    assert data["hands"][0]["equity"] + data["hands"][1]["equity"] == 1.0


def test_equity_monte_carlo_against_a_random_hand() -> None:
    result = runner.invoke(
        app, ["equity", "AsAd", "??", "--trials", "50000", "--seed", "1", "--json"]
    )
    data = json.loads(result.output)
    assert data["exact"] is False and data["boards"] == 50_000
    assert data["hands"][0]["std_error"] > 0


def test_bad_card_is_one_line_and_exit_code_2() -> None:
    result = runner.invoke(app, ["equity", "AhKh", "QxQd"])
    assert result.exit_code == 2
    assert "error: unknown card 'Qx'" in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_duplicate_card_is_reported() -> None:
    result = runner.invoke(app, ["equity", "AhKh", "AhQd"])
    assert result.exit_code == 2
    assert "Ah appears twice" in result.output


def test_eval_names_the_best_hand() -> None:
    result = runner.invoke(app, ["eval", "AhKh", "--board", "Qh Jh Th 2c 2d"])
    assert result.exit_code == 0
    assert result.output.strip() == "high: Royal flush (Ah Kh Qh Jh Th)"


def test_eval_omaha_hilo_json() -> None:
    args = ["eval", "As Ah Kd 2c", "-b", "Ac 3d 4s 8h Kh", "-g", "omaha-hilo", "--json"]
    data = json.loads(runner.invoke(app, args).output)
    assert data["high"]["description"] == "Three of a kind, aces"
    assert data["low"]["description"] == "Eight-four low"


def test_eval_wrong_count_is_a_user_error() -> None:
    result = runner.invoke(app, ["eval", "AhKh", "--board", "2c"])
    assert result.exit_code == 2
    assert "5 to 7 cards, got 3" in result.output
