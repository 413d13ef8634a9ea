"""The command line as a user meets it: output, JSON for scripts, one-line errors."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from pokerroom.cardset import CardSet
from pokerroom.cli.app import app
from pokerroom.equity.calculator import MAX_TRIALS, calculate_equity
from pokerroom.errors import UsageError

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


@pytest.mark.parametrize("unknown", ["xx", "XX", "*", "??"])
def test_an_unknown_hand_is_xx_star_or_question_marks(unknown: str) -> None:
    """``xx`` needs no quotes in a shell; ``*`` and ``??`` are accepted when quoted."""
    result = runner.invoke(app, ["equity", "AsAd", unknown, "--trials", "2000", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Monte Carlo: 2,000 deals sampled" in result.output


@pytest.mark.parametrize("token", ["x", "?", "**", "xxx", "Zz"])
def test_a_bad_hand_names_the_token_and_the_unknown_hand_spellings(token: str) -> None:
    result = runner.invoke(app, ["equity", "AsAd", token])
    assert result.exit_code == 2
    assert f"in '{token}'" in result.output and result.output.startswith("error: unknown card")
    assert "an unknown hand is 'xx', '??' or '*'" in result.output
    assert len(result.output.strip().splitlines()) == 1


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


@pytest.mark.parametrize("board", ["2c", "2c3c", "2c3c4c5c6c7c"])
def test_equity_board_is_a_flop_turn_or_river(board: str) -> None:
    """A board has 0, 3, 4 or 5 cards: two cards are not a board."""
    result = runner.invoke(app, ["equity", "AhKh", "QsQd", "--board", board])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: a board has 0, 3, 4 or 5 cards (flop, turn, river), got {len(board) // 2}\n"
    )


def test_equity_trials_are_capped_with_a_reason() -> None:
    """10^12 deals would run for a day and a half: refused at once, saying why."""
    result = runner.invoke(app, ["equity", "AhKh", "QsQd", "--trials", str(10**12)])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: --trials must be from 1 to 100,000,000 (about 20 s heads-up, a standard "
        "error below 0.01 %), got 1,000,000,000,000\n"
    )
    with pytest.raises(UsageError, match="trials must be from 1 to 100,000,000"):
        calculate_equity([CardSet.parse("AhKh"), None], trials=MAX_TRIALS + 1)


# The scripts below take Ctrl-C as any Python started from a terminal does (KeyboardInterrupt):
# a suite started as a background job hands its children SIGINT ignored, and Python keeps that.
RUN_EQUITY = """
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
import pokerroom.cli.app
from pokerroom.cli.entry import main
sys.argv = ["pokerroom", "equity", "AsAd", "??", "--trials", "100000000", "--seed", "1"]
print("ready", flush=True)
main()
"""


def test_ctrl_c_stops_a_long_equity_run_at_once() -> None:
    """SIGINT mid-run: one line, exit code 130, within about two seconds."""
    run = subprocess.Popen(
        [sys.executable, "-c", RUN_EQUITY],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert run.stdout is not None
    assert run.stdout.readline() == "ready\n"  # every module is imported
    time.sleep(1.5)  # well into the deals (the whole run takes 20 s or more)
    assert run.poll() is None
    sent = time.monotonic()
    run.send_signal(signal.SIGINT)
    try:
        out, err = run.communicate(timeout=30)
    finally:
        run.kill()
        run.communicate()
    assert time.monotonic() - sent < 2.5
    assert run.returncode == 130
    assert out == ""
    assert err == "interrupted: no result\n"


INTERRUPT_WHILE_LOADING = """
import builtins, os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
real_import = builtins.__import__
def interrupting(name, *args, **kwargs):
    if name == "pokerroom.cli.app":  # Ctrl-C arrives while the commands are still loading
        os.kill(os.getpid(), signal.SIGINT)
    return real_import(name, *args, **kwargs)
builtins.__import__ = interrupting
from pokerroom.cli.entry import main
sys.argv = ["pokerroom", "--help"]
main()
"""


def test_ctrl_c_while_the_commands_load_is_one_line() -> None:
    """An interrupt before any command can catch it: ``interrupted``, exit 130, no traceback."""
    run = subprocess.run(
        [sys.executable, "-c", INTERRUPT_WHILE_LOADING],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (run.returncode, run.stderr, run.stdout) == (130, "interrupted\n", "")
