"""``pokerroom tournament run`` saved as it goes: killed (SIGKILL) or interrupted, it goes on
with ``--resume``; ``--abandon`` gives one up; ``history`` lists tournaments and shows one."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.cli.app import app
from pokerroom.engine import Hand
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.director import Tournament

runner = CliRunner()
SIT_AND_GO = ["tournament", "run", "--example", "home-sit-and-go", "--entrants", "9", "--seed"]
REAL_PLAY = BotPlayers.__call__


def one_line_error(result: Result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def interrupted_after(monkeypatch: pytest.MonkeyPatch, hands: int) -> None:
    """Ctrl-C while the bots play hand ``hands + 1`` of the next run."""
    dealt = [0]

    def play(self: BotPlayers, hand: Hand, players: Any) -> int:
        dealt[0] += 1
        if dealt[0] > hands:
            raise KeyboardInterrupt
        return REAL_PLAY(self, hand, players)

    monkeypatch.setattr(BotPlayers, "__call__", play)


def results_of(result: Result) -> dict[str, Any]:
    assert result.exit_code == 0, result.output
    last: dict[str, Any] = json.loads(result.stdout.splitlines()[-1])
    assert last["type"] == "results"
    return last


def check_results(results: dict[str, Any], entrants: int) -> None:
    """T-12, T-2: one place each, 1 … N, the prizes add up to the pool."""
    rows = results["results"]
    assert [row["place"] for row in rows] == list(range(1, entrants + 1))
    assert len({row["player"] for row in rows}) == entrants
    assert sum(row["prize"] for row in rows) == results["pool"]["total"]


def stored_log_rebuilds(tournament_id: int) -> Tournament:
    with TournamentStore.open() as store:
        saved = store.get_tournament(tournament_id)
        rebuilt = Tournament.from_events(saved.regulation(), store.events(tournament_id))
    assert rebuilt.winner == saved.winner and rebuilt.hands == saved.hands_played
    return rebuilt


def test_a_run_killed_with_sigkill_resumes_to_a_winner(private_data_dir: Path) -> None:
    """A real process killed mid-run leaves a log that ends at a hand boundary; --resume plays
    it to a winner, every entrant one place, prizes summing to the pool."""
    entrants = 1500
    command = [
        str(Path(sys.executable).with_name("pokerroom")),
        *["tournament", "run", "--example", "club-freezeout", "--bots", "random"],
        *["--entrants", str(entrants), "--seed", "4"],
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    database = private_data_dir / "pokerroom.db"
    hands = 0
    started = time.monotonic()
    deadline = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        try:
            with closing(sqlite3.connect(database, timeout=5)) as connection:
                row = connection.execute("SELECT hands_played FROM tournaments").fetchone()
        except sqlite3.OperationalError:  # not made yet, or its schema still migrating
            continue
        if row is not None and row[0] > 0:  # a batch after the draw is committed
            hands = row[0]
            break
    process.send_signal(signal.SIGKILL)
    _, errors = process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL, errors
    assert hands > 0
    print(f"killed after {time.monotonic() - started:.1f} s at hand {hands}")
    with TournamentStore.open() as store:
        saved = store.get_tournament(1)
    assert saved.status == "in progress" and saved.hands_played >= hands
    killed_at = stored_log_rebuilds(1)  # the log ends where the state is whole
    assert killed_at.winner is None and killed_at.players_left == saved.players_left

    results = results_of(runner.invoke(app, ["tournament", "run", "--resume", "1", "--json"]))
    check_results(results, entrants)
    assert results["tournament_id"] == 1
    rebuilt = stored_log_rebuilds(1)
    assert rebuilt.winner == results["results"][0]["player"]
    assert rebuilt.hands == results["hands"] > saved.hands_played


def test_an_interrupted_run_is_saved_listed_resumed_and_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    interrupted_after(monkeypatch, 12)
    stopped = runner.invoke(app, [*SIT_AND_GO, "5"])
    assert stopped.exit_code == 130, stopped.output
    assert "go on with pokerroom tournament run --resume 1" in stopped.stderr
    listing = runner.invoke(app, ["history", "--list"]).stdout.splitlines()
    assert listing[1].split()[:2] == ["tournament", "1"]
    assert "in progress" in listing[1]
    assert "(pokerroom tournament run --resume 1)" in listing[1]
    partial = runner.invoke(app, ["history", "--tournament", "1"])
    assert partial.exit_code == 0 and "pokerroom tournament run --resume 1" in partial.stdout

    monkeypatch.setattr(BotPlayers, "__call__", REAL_PLAY)
    resumed = runner.invoke(app, ["tournament", "run", "--resume"])  # the latest unfinished
    assert resumed.exit_code == 0, resumed.output
    assert "saved as tournament 1: pokerroom history --tournament 1" in resumed.stdout
    rebuilt = stored_log_rebuilds(1)
    assert rebuilt.winner is not None

    shown = runner.invoke(app, ["history", "--tournament", "1"])
    assert shown.exit_code == 0
    lines = shown.stdout.splitlines()
    assert lines[0].startswith("tournament 1, started ") and f"{rebuilt.winner} won" in lines[0]
    assert lines[1:] == resumed.stdout.splitlines()[:-1]  # the run's results table
    assert runner.invoke(app, ["history"]).stdout == shown.stdout  # the latest thing played
    as_json = json.loads(runner.invoke(app, ["history", "--tournament", "1", "--json"]).stdout)
    check_results(as_json, 9)
    assert as_json["tournament_id"] == 1 and as_json["winner"] == rebuilt.winner
    assert as_json["finished"] and as_json["resume"] is None

    listing = runner.invoke(app, ["history", "--list", "--json"]).stdout.splitlines()
    entry = json.loads(listing[0])
    assert (entry["game"], entry["id"], entry["winner"]) == ("tournament", 1, rebuilt.winner)
    one_line_error(
        runner.invoke(app, ["tournament", "run", "--resume", "1"]),
        f"tournament 1 is finished ({rebuilt.winner} won); nothing to resume",
    )


def test_the_same_seed_interrupted_and_resumed_twice_plays_the_same(
    monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    """A resume's randomness comes from the stored seed and events: it is repeatable."""
    interrupted_after(monkeypatch, 8)
    assert runner.invoke(app, [*SIT_AND_GO, "3"]).exit_code == 130
    monkeypatch.setattr(BotPlayers, "__call__", REAL_PLAY)
    database = private_data_dir / "pokerroom.db"
    saved = database.read_bytes()
    first = results_of(runner.invoke(app, ["tournament", "run", "--resume", "1", "--json"]))
    database.write_bytes(saved)
    second = results_of(runner.invoke(app, ["tournament", "run", "--resume", "1", "--json"]))
    assert first == second
    check_results(first, 9)


def test_an_abandoned_tournament_is_never_resumed(monkeypatch: pytest.MonkeyPatch) -> None:
    interrupted_after(monkeypatch, 4)
    assert runner.invoke(app, [*SIT_AND_GO, "2"]).exit_code == 130
    abandoned = runner.invoke(app, ["tournament", "run", "--abandon", "1"])
    assert abandoned.exit_code == 0
    assert abandoned.stdout.startswith("tournament 1 abandoned after 4 hands")
    one_line_error(
        runner.invoke(app, ["tournament", "run", "--resume", "1"]),
        "tournament 1 was abandoned; it cannot be resumed",
    )
    one_line_error(runner.invoke(app, ["tournament", "run", "--abandon", "1"]), "abandoned already")
    listing = runner.invoke(app, ["history", "--list"]).stdout.splitlines()
    assert "abandoned" in listing[1] and "--resume" not in listing[1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--resume", "1", "--entrants", "5"], ["drop --entrants"]),
        (["--resume", "--example", "home-sit-and-go", "--seed", "1"], ["drop --example, --seed"]),
        (["--resume", "abc"], ["--resume takes the id of a saved tournament", "'abc'"]),
        (["--resume"], ["no unfinished tournament to resume"]),
        (["--resume", "7"], ["no tournament 7 in the store"]),
        (["--abandon", "1", "--json"], ["--abandon takes a tournament id and nothing else"]),
        (["--abandon", "1", "--resume"], ["--abandon takes a tournament id and nothing else"]),
        (["--abandon", "0"], ["--abandon must be from 1"]),
        (["--abandon", "3"], ["no tournament 3 in the store"]),
    ],
)
def test_bad_resume_and_abandon_options_are_one_line(args: list[str], words: list[str]) -> None:
    one_line_error(runner.invoke(app, ["tournament", "run", *args]), *words)


def test_history_refuses_to_export_a_tournament_or_mix_choices() -> None:
    assert runner.invoke(app, [*SIT_AND_GO, "1"]).exit_code == 0
    one_line_error(
        runner.invoke(app, ["history", "--tournament", "1", "--export", "t.phhs"]),
        "pokerroom tournament export 1 DIR",
    )
    one_line_error(
        runner.invoke(app, ["history", "--tournament", "1", "--series", "1"]), "only one of them"
    )
    one_line_error(runner.invoke(app, ["history", "--tournament", "2"]), "no tournament 2")
