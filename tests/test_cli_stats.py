"""``pokerroom stats`` and ``pokerroom settle`` as a user meets them: tables, JSON and CSV
for scripts, one-line errors."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.storage.hands.archive import HandArchive
from tests.stats_hands import CALLED_DOWN, LIMPED, THREE_BET, archived_hand

runner = CliRunner()


@pytest.fixture
def archive(tmp_path: Path) -> str:
    """Three hands of the cash table ``c1`` on 1 and 2 December, one of tournament 7's table."""
    path = str(tmp_path / "archive.db")
    hands = [
        ("c1", "cash", LIMPED, 1),
        ("c1", "cash", THREE_BET, 2),
        ("7.t1", "tournament", CALLED_DOWN, 2),
    ]
    with HandArchive.open(path) as store:
        for number, (room, kind, text, day) in enumerate(hands, start=1):
            store.save(archived_hand(text, room, kind, number, datetime(2026, 12, day, 20)))
    return path


def test_stats_as_json_for_one_player(archive: str) -> None:
    result = runner.invoke(app, ["stats", "Cyd", "--archive", archive, "--json"])
    assert result.exit_code == 0, result.output
    (cyd,) = json.loads(result.output)
    assert cyd["player"] == "Cyd"
    assert (cyd["hands"], cyd["winnings"], cyd["vpip"], cyd["wtsd"]) == (3, 4, 100.0, 50.0)


def test_stats_of_a_period_a_table_and_a_tournament(archive: str) -> None:
    def hands_of(*options: str) -> dict[str, int]:
        result = runner.invoke(app, ["stats", "--archive", archive, "--json", *options])
        assert result.exit_code == 0, result.output
        return {row["player"]: row["hands"] for row in json.loads(result.output)}

    assert hands_of("--until", "2026-12-01") == dict.fromkeys(["Ann", "Bob", "Cyd", "Dan"], 1)
    assert hands_of("--since", "2026-12-02", "--table", "c1")["Dan"] == 1
    assert hands_of("--tournament", "7")["Cyd"] == 1
    assert hands_of("--tournament", "8") == {}


def test_stats_table_in_russian(archive: str) -> None:
    result = runner.invoke(
        app, ["--lang", "ru", "stats", "--archive", archive], env={"COLUMNS": "150"}
    )
    assert result.exit_code == 0, result.output
    assert "66,7" in result.output  # Cyd's PFR, written the Russian way
    assert "Cyd" in result.output


def test_stats_bad_date_is_one_line(archive: str) -> None:
    result = runner.invoke(app, ["stats", "--archive", archive, "--since", "yesterday"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: --since takes a date (2026-12-05) or a moment (2026-12-05T18:30), got 'yesterday'"
    ]


def test_settle_a_ledger_file(tmp_path: Path) -> None:
    ledger = tmp_path / "night.csv"
    ledger.write_text(
        "player,kind,amount\nAnn,buy-in,100\nAnn,top-up,50\nBob,buy-in,100\n"
        "Ann,cash-out,40\nBob,cash-out,210\n"
    )
    printed = runner.invoke(app, ["settle", str(ledger)])
    assert printed.exit_code == 0, printed.output
    assert "Ann: bought in 100, topped up 50, cashed out 40: -110" in printed.output
    assert printed.output.strip().endswith("Ann pays Bob 110")
    as_csv = runner.invoke(app, ["settle", str(ledger), "--csv"])
    assert as_csv.output == "payer,payee,amount\nAnn,Bob,110\n"
    as_json = json.loads(runner.invoke(app, ["settle", str(ledger), "--json"]).output)
    assert as_json["transfers"] == [{"payer": "Ann", "payee": "Bob", "amount": 110}]


def test_settle_a_tables_results_with_the_house_owed_the_rake(archive: str) -> None:
    result = runner.invoke(app, ["settle", "--table", "7.t1", "--archive", archive, "--csv"])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [  # a table with no saved ledger: the archive's
        "From the archive's hands: the table kept no ledger, so each player's result there."
    ]
    lines = result.stdout.splitlines()
    assert lines[0] == "payer,payee,amount"
    # Ann -1, Bob -2, Dan -14, Cyd +16, the house +1: two groups square apart, three transfers
    assert sorted(lines[1:]) == ["Ann,the house,1", "Bob,Cyd,2", "Dan,Cyd,14"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], "give a LEDGER file or --table ID (one of them)"),
        (["missing.csv"], "cannot read the ledger missing.csv"),
    ],
)
def test_settle_errors_are_one_line(args: list[str], words: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["settle", *args])
    assert result.exit_code == 2
    assert words in result.output
    assert len(result.output.strip().splitlines()) == 1
