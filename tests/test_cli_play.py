"""``pokerroom play --all-bots --json``: a whole series, one JSON line per hand (H-1 … H-7)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.engine import Limit, Options
from pokerroom.engine.options import TimeoutAction
from pokerroom.table.series import Series
from pokerroom.tui.local_table import LocalTableApp

runner = CliRunner()


def test_h2_all_bot_series_runs_to_one_winner_with_conserved_chips() -> None:
    """H-2, H-5, H-6: stacks add up every hand; busted players leave; one winner."""
    bots = ["--bots", "equity,station,random"]  # quick to bust out: a short series
    args = ["play", "--all-bots", "--seats", "5", "--seed", "4", "--json", *bots]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.output.splitlines()]
    hands, final = lines[:-1], lines[-1]
    alive = {1, 2, 3, 4, 5}
    assert [hand["hand"] for hand in hands] == list(range(1, len(hands) + 1))  # from 1
    for hand in hands:
        assert set(map(int, hand["stacks_before"])) == alive
        assert sum(hand["stacks_after"].values()) == 1000
        assert hand["button_seat"] in alive and hand["big_blind_seat"] in alive
        assert hand["small_blind_seat"] is None or hand["small_blind_seat"] in alive
        assert hand["stakes"] == {"small_blind": 1, "big_blind": 2, "ante": 0}
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
        (["--game", "razz"], "game: one of holdem, omaha"),
        (["--blinds", "2-4"], "blinds: small/big with 0 < small <= big, like 1/2"),
        (["--bots", "shark"], "unknown bot style shark"),
    ):
        result = runner.invoke(app, ["play", "--all-bots", *args])
        assert result.exit_code == 2
        assert words in result.output


def test_a_bad_name_is_refused_before_anything_is_created(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--name is checked first; given where no one plays under it, it is an error."""
    monkeypatch.setattr(LocalTableApp, "run_local", lambda self: pytest.fail("the table opened"))
    result = runner.invoke(app, ["play", "--name", "Ann\u202eBob"])
    assert result.exit_code == 2
    assert result.output == (
        "error: --name may not hold invisible characters (U+202E); use letters, digits, "
        "spaces or punctuation\n"
    )
    assert not private_data_dir.exists()  # no database, no folder
    unused = ["play", "--all-bots", "--seats", "2", "--max-hands", "1", "--name", "Ann"]
    assert runner.invoke(app, unused).output == (
        "error: --all-bots seats no one at the table: drop --name\n"
    )


def play_json(*args: str) -> list[dict[str, Any]]:
    result = runner.invoke(app, ["play", "--all-bots", "--json", *args])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.output.splitlines()]


def test_each_pot_of_a_hand_is_listed_with_its_amount_and_winners() -> None:
    """P-1, P-9: the pots hold every chip that changed hands; a seat's net is its wins
    minus what it put in, and no seat loses more than it had."""
    quick = ("--bots", "equity,station,random")  # these go all-in often: side pots
    hands = play_json("--seats", "4", "--seed", "3", "--stack", "60", "--max-hands", "40", *quick)
    hands = hands[:-1]
    side_pots = 0
    for hand in hands:
        pots = hand["pots"]
        assert pots, hand
        side_pots += len(pots) - 1
        for pot in pots:
            assert pot["amount"] == sum(winner["amount"] for winner in pot["winners"]) > 0
            assert {winner["share"] for winner in pot["winners"]} <= {"all", "high", "low"}
        won: dict[str, int] = {}
        for pot in pots:
            for winner in pot["winners"]:
                won[str(winner["seat"])] = won.get(str(winner["seat"]), 0) + winner["amount"]
        before, after = hand["stacks_before"], hand["stacks_after"]
        paid = {seat: before[seat] - after[seat] + won.get(seat, 0) for seat in before}
        assert sum(paid.values()) == sum(pot["amount"] for pot in hand["pots"])
        assert all(0 <= paid[seat] <= before[seat] for seat in before)
    assert side_pots > 0  # short stacks went all-in: side pots were listed too


def test_v5_stud_is_fixed_limit_unless_asked_otherwise(private_data_dir: Path) -> None:
    """V-5: `play --game stud` without --limit deals fixed-limit; Omaha pot-limit (V-2)."""
    from pokerroom.storage import SeriesStore

    stud = play_json("--game", "stud", "--seats", "3", "--seed", "1", "--max-hands", "2")
    assert {hand["limit"] for hand in stud[:-1]} == {"fixed-limit"}
    assert stud[0]["stakes"] == {"ante": 1, "bring_in": 1, "small_bet": 2}
    assert stud[0]["small_blind_seat"] is None and stud[0]["big_blind_seat"] is None
    with SeriesStore.open() as store:
        saved = store.latest_series()
        assert saved is not None and saved.settings.limit is Limit.FIXED_LIMIT
    omaha = play_json("--game", "omaha", "--seats", "3", "--seed", "1", "--max-hands", "1")
    assert omaha[0]["limit"] == "pot-limit"
    chosen = ["--game", "stud", "--limit", "no-limit", "--seats", "3", "--max-hands", "1"]
    assert play_json(*chosen)[0]["limit"] == "no-limit"


def test_h4_profile_ante_and_smallest_chip_are_played_and_kept_with_the_series(
    private_data_dir: Path,
) -> None:
    """H-4: `club` puts the first button on the last seat; B-7: an ante in Hold'em;
    P-3: the smallest chip; all three saved with the series and back on --resume."""
    from pokerroom.storage import SeriesLog, SeriesStore, resume_series

    args = ["--seats", "4", "--seed", "2", "--max-hands", "3", "--profile", "club"]
    args += ["--ante", "5", "--smallest-chip", "5", "--blinds", "5/10", "--stack", "500"]
    hands = play_json(*args)[:-1]
    assert hands[0]["button_seat"] == 4  # H-4 club: the last seat
    assert hands[0]["stakes"] == {"small_blind": 5, "big_blind": 10, "ante": 5}
    assert sum(pot["amount"] for pot in hands[0]["pots"]) >= 4 * 5 + 5 + 10
    with SeriesStore.open() as store:
        saved = store.latest_series()
        assert saved is not None
        assert (saved.settings.profile, saved.settings.ante, saved.settings.smallest_chip) == (
            "club",
            5,
            5,
        )
        settings = saved.settings
        series = Series(["Ann", "Bob", "Cy"], settings, seed=4)
        SeriesLog.start(store, series, bots={2: "station", 3: "random"})
        resumed = resume_series(store).series
    assert resumed.settings == settings
    assert resumed.options == Options.profile("club", smallest_chip=5)
    assert resumed.options.timeout_action is TimeoutAction.FOLD  # club always folds


POKERROOM = Path(sys.executable).with_name("pokerroom")


def unfinished_series_at_the_table() -> None:
    """A series with a human in seat 1, quit before its first hand."""
    from pokerroom.storage import SeriesLog, SeriesStore

    with SeriesStore.open() as store:
        SeriesLog.start(store, Series(["Ann", "Bob"], seed=1), bots={2: "station"})


@pytest.mark.parametrize(
    "args",
    [["play"], ["play", "--resume"], ["ofc"], ["ofc", "--resume"]],
    ids=" ".join,
)
def test_without_a_terminal_the_tables_stop_at_once_with_one_line(
    args: list[str], private_data_dir: Path
) -> None:
    """A pipe or CI on stdin/stdout: one line and exit 2 instead of spinning for ever."""
    if args == ["play", "--resume"]:
        unfinished_series_at_the_table()
    if args == ["ofc", "--resume"]:
        from pokerroom.cli.ofc_command import open_table

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("pokerroom.cli.ofc_command.at_a_terminal", lambda: True)
            open_table(2, "random", "Ann", 1, all_bots=False).close()
    files = sorted(private_data_dir.rglob("*")) if private_data_dir.exists() else []
    result = subprocess.run(
        [str(POKERROOM), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == "error: no terminal: use --all-bots for unattended play\n"
    assert result.stdout == ""
    after = sorted(private_data_dir.rglob("*")) if private_data_dir.exists() else []
    assert after == files  # a new series or session was not even started


def test_the_text_report_reads_as_english() -> None:
    """Counts and verbs agree: after 1 hand, X is eliminated (not 1 hands, X eliminated)."""
    one = runner.invoke(app, ["play", "--all-bots", "--seats", "2", "--max-hands", "1"])
    assert one.exit_code == 0 and "after 1 hand:" in one.output
    quick = ["--bots", "equity,station,random"]  # a short series to the end
    whole = runner.invoke(app, ["play", "--all-bots", "--seats", "3", "--seed", "4", *quick])
    out = [line for line in whole.output.splitlines() if "eliminated" in line]
    assert len(out) == 2
    assert all(line.endswith((" is eliminated", " are eliminated")) for line in out), out
