"""``pokerroom club standings``: a season's table from results files and from the
database's finished live tournaments, as text, CSV and JSON; one line for each mistake
(issue 26 item 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app
from tests.test_cli_history_live import bust_one, live_desk

SEASON = """\
name = "Winter 2026"
starts = 2026-01-01
ends = 2026-03-31
formula = "sqrt"
min_entrants = 4
"""
RESULTS = """\
event,date,entrants,place,player,prize,bounties
Friday 1,2026-01-10,9,1,Ann,500,2
Friday 1,2026-01-10,9,2,Bob,300,
Friday 1,2026-01-10,9,3,Cid,100,1
Friday 2,2026-02-14,4,1,Bob,200,0
Friday 2,2026-02-14,4,2,Ann,,
Friday 3,2026-03-06,3,1,Cid,90,0
"""


def files(tmp_path: Path, season: str = SEASON, results: str = RESULTS) -> list[str]:
    (tmp_path / "season.toml").write_text(season, encoding="utf-8")
    (tmp_path / "results.csv").write_text(results, encoding="utf-8")
    return [str(tmp_path / "season.toml"), "--results", str(tmp_path / "results.csv")]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["club", "standings", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_table_from_a_results_file(tmp_path: Path) -> None:
    code, out, _ = run(*files(tmp_path))
    assert code == 0
    assert out.splitlines() == [
        "Winter 2026 (2026-01-01 to 2026-03-31): 2 events counted",  # Friday 3 had 3 entrants
        "place  player  points  events  wins  best  prizes",
        "    1  Ann      44.14       2     1     1     500",  # 30.00 + 14.14
        "    2  Bob      41.21       2     1     1     500",  # 21.21 + 20.00
        "    3  Cid      17.32       1     0     3     100",
    ]


def test_csv_and_json_carry_the_same_lines_in_machine_words(tmp_path: Path) -> None:
    args = files(tmp_path)
    code, out, _ = run(*args, "--csv")
    assert code == 0
    assert out.splitlines() == [
        "place,player,points,events,wins,best,prizes,bounties",
        "1,Ann,44.14,2,1,1,500,2",
        "2,Bob,41.21,2,1,1,500,0",
        "3,Cid,17.32,1,0,3,100,1",
    ]
    code, out, _ = run(*args, "--json", "--no-database")
    shown = json.loads(out)
    assert (shown["season"], shown["events"]) == ("Winter 2026", 2)
    assert shown["standings"][1] == {
        "place": 2, "player": "Bob", "points": "41.21", "events": 2, "wins": 1, "best": 1,
        "prizes": 500, "bounties": 0,
    }  # fmt: skip


def test_bounty_points_and_best_of_come_from_the_season_file(tmp_path: Path) -> None:
    season = SEASON + "bounty_points = 5\nbest_of = 1\n"
    code, out, _ = run(*files(tmp_path, season), "--csv")
    assert code == 0
    assert out.splitlines()[1:] == [
        "1,Ann,40.00,2,1,1,500,2",  # best of one: 30.00 + 2 × 5 (not the 14.14)
        "2,Cid,22.32,1,0,3,100,1",  # 17.32 + 5
        "3,Bob,21.21,2,1,1,500,0",  # 21.21 beats his 20.00
    ]


def test_a_finished_live_tournament_counts_from_the_database(tmp_path: Path) -> None:
    desk, time, store = live_desk(4)
    time.advance(10 * 60)
    for _ in range(3):
        bust_one(desk)
    desk.finish()
    store.close()
    season = SEASON.replace("2026-03-31", "2099-12-31")  # the tournament ended today
    (tmp_path / "season.toml").write_text(season, encoding="utf-8")
    code, out, _ = run(str(tmp_path / "season.toml"), "--json")
    assert code == 0, out
    standings = json.loads(out)["standings"]
    assert [line["points"] for line in standings] == ["20.00", "14.14", "11.55", "10.00"]
    assert [line["place"] for line in standings] == [1, 2, 3, 4]
    assert sum(line["prizes"] for line in standings) > 0


@pytest.mark.parametrize(
    ("season", "results", "said"),
    [
        (SEASON + "points = 3\n", RESULTS, "season.toml: unknown key points; the keys are"),
        (SEASON.replace('"sqrt"', '"elo"'), RESULTS, 'formula must be "sqrt" or "places"'),
        (SEASON.replace("2026-03-31", '"March"'), RESULTS, "ends must be a date such as"),
        (SEASON, RESULTS + "Friday 4,2026-03-07,5,9,Dan,0,0\n", "results.csv line 8: "
         "place 9 is not within the field of 5 (1-5)"),
        (SEASON, RESULTS + "Friday 1,2026-01-11,9,4,Dan,0,0\n", "results.csv line 8: "
         "Friday 1 was on 2026-01-10 with 9 entrants at line 2"),
        (SEASON, RESULTS + "Friday 4,2026-03-07,five,1,Dan,0,0\n", "results.csv line 8: "
         "entrants must be a whole number, 1 or more"),
        (SEASON, "event,date,place,player\n", "results.csv: the header lacks entrants"),
    ],
)  # fmt: skip
def test_each_mistake_is_one_line_and_prints_no_table(
    tmp_path: Path, season: str, results: str, said: str
) -> None:
    code, out, err = run(*files(tmp_path, season, results), "--no-database")
    assert code == 2 and out == ""
    assert said in err and len(err.splitlines()) == 1


def test_csv_and_json_together_are_refused(tmp_path: Path) -> None:
    code, _, err = run(*files(tmp_path), "--csv", "--json")
    assert code == 2 and "choose one of --csv and --json" in err


def test_in_russian_points_have_a_decimal_comma(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["--lang", "ru", "club", "standings", *files(tmp_path)])
    assert "44,14" in result.stdout
