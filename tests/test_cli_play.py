"""``pokerroom play --all-bots --json``: a whole series, one JSON line per hand (H-1 … H-7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.tui.app import TableApp

runner = CliRunner()


def test_h2_all_bot_series_runs_to_one_winner_with_conserved_chips() -> None:
    """H-2, H-5, H-6: stacks add up every hand; busted players leave; one winner."""
    result = runner.invoke(app, ["play", "--all-bots", "--seats", "5", "--seed", "4", "--json"])
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.output.splitlines()]
    hands, final = lines[:-1], lines[-1]
    alive = {1, 2, 3, 4, 5}
    for hand in hands:
        assert set(map(int, hand["stacks_before"])) == alive
        assert sum(hand["stacks_after"].values()) == 1000
        assert hand["big_blind"] in alive
        assert hand["small_blind"] is None or hand["small_blind"] in alive
        alive -= set(hand["eliminated"])
    assert len(alive) == 1
    places = {entry["seat"]: entry["place"] for entry in final["result"]}
    assert places[alive.pop()] == 1
    assert sorted(entry["chips"] for entry in final["result"])[-1] == 1000


def test_h3_stop_after_a_number_of_hands_ranks_by_chips() -> None:
    """H-3."""
    args = ["play", "--all-bots", "--seats", "3", "--seed", "1", "--max-hands", "2", "--json"]
    lines = [json.loads(line) for line in runner.invoke(app, args).output.splitlines()]
    assert len(lines) == 3
    chips = [entry["chips"] for entry in lines[-1]["result"]]
    assert chips == sorted(chips, reverse=True) and sum(chips) == 600


def test_json_without_all_bots_is_a_clear_error() -> None:
    result = runner.invoke(app, ["play", "--json"])
    assert result.exit_code == 2
    assert "--all-bots" in result.output


@pytest.mark.parametrize(
    ("game", "limit"),
    [
        ("omaha-hilo", "pot-limit"),
        ("stud", "fixed-limit"),
        ("draw", "no-limit"),
        ("bomb-pot-omaha", "pot-limit"),
    ],
)
def test_h1_any_engine_variant_can_be_played_as_a_series(game: str, limit: str) -> None:
    """H-1: variant, structure, stacks and blinds are options; chips are conserved (P-9)."""
    args = ["play", "--all-bots", "--seats", "4", "--seed", "9", "--json", "--game", game]
    args += ["--limit", limit, "--blinds", "2/4", "--stack", "100", "--max-hands", "40"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert all(sum(hand["stacks_after"].values()) == 400 for hand in lines[:-1])
    assert sum(entry["chips"] for entry in lines[-1]["result"]) == 400


def test_bad_options_are_one_line_errors() -> None:
    for args, words in (
        (["--game", "razz"], "unknown game 'razz'"),
        (["--blinds", "2-4"], "--blinds must look like 1/2"),
        (["--bots", "shark"], "unknown bot style shark"),
    ):
        result = runner.invoke(app, ["play", "--all-bots", *args])
        assert result.exit_code == 2
        assert words in result.output


def test_a_bad_name_is_refused_before_anything_is_created(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--name is checked first, and only when a human plays under it."""
    monkeypatch.setattr(TableApp, "run", lambda self: pytest.fail("the table was opened"))
    result = runner.invoke(app, ["play", "--name", "Ann\u202eBob"])
    assert result.exit_code == 2
    assert result.output == (
        "error: --name may not hold invisible characters (U+202E); use letters, digits, "
        "spaces or punctuation\n"
    )
    assert not private_data_dir.exists()  # no database, no folder
    unused = ["play", "--all-bots", "--seats", "2", "--max-hands", "1", "--name", "\u200b"]
    assert runner.invoke(app, unused).exit_code == 0
