"""Issue 10: series kept by id and abandoned (12), resumed with their limits (16, H-3), and a
failing or damaged database as one line and exit 2, the store kept consistent (17)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import event
from typer.testing import CliRunner, Result

from pokerroom.cli import play_command
from pokerroom.cli.app import app
from pokerroom.cli.play_command import HandListener
from pokerroom.engine import Action, Hand
from pokerroom.storage import SeriesLog, SeriesStore, StorageError, database, resume_series
from pokerroom.storage.series_room import SeriesRoom
from pokerroom.storage.store import StaleSeriesError
from pokerroom.table.series import HandRecord, Series
from pokerroom.tui.local_table import LocalTableApp

runner = CliRunner()


class KilledError(Exception):
    """``kill -9`` in the middle of a series: nothing after it runs."""


REAL_LISTENER = play_command.saving_listener


def revived(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving as it really does again (``undo`` would also forget the private data dir)."""
    monkeypatch.setattr(play_command, "saving_listener", REAL_LISTENER)


def killed_after(monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    """The next ``play`` dies right after saving hand ``number``."""
    real = REAL_LISTENER

    def listener(log: SeriesLog) -> HandListener:
        save = real(log)

        def dying(series: Series, hand: Hand, record: HandRecord | None) -> None:
            save(series, hand, record)
            if record is not None and record.number == number:
                raise KilledError

        return dying

    monkeypatch.setattr(play_command, "saving_listener", listener)


def shot_clock(table: LocalTableApp) -> int | None:
    """The seconds per decision of the table's room (None: no clock)."""
    (room,) = table.hub.rooms.values()
    assert isinstance(room, SeriesRoom)
    clock = room.room.clock
    return int(clock.seconds) if clock.timed else None


def play(*args: str) -> Result:
    return runner.invoke(app, ["play", *args])


def one_line_error(result: Result, *words: str, after_hands: bool = False) -> None:
    """``error: …`` on one line, exit 2, no traceback; it names what went wrong.

    ``after_hands``: the JSON lines of the hands played before it come first."""
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    if after_hands:
        assert all(line.startswith('{"hand"') for line in lines[:-1]), result.output
        lines = lines[-1:]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, KilledError)
    for word in words:
        assert word in result.output, result.output


def database_file(private_data_dir: Path) -> Path:
    return private_data_dir / "pokerroom.db"


def hands_of(series_id: int) -> list[int]:
    with SeriesStore.open() as store:
        return [hand.number for hand in store.hands(series_id)]


# ------------------------------------------------------------------ item 16: limits kept (H-3)


def test_h3_a_resumed_series_stops_at_its_max_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """KilledError after hand 8 of ``--max-hands 10``: the resume plays hands 9 and 10, no more."""
    killed_after(monkeypatch, 8)
    first = play(
        "--all-bots",
        "--bots",
        "station",
        "--seats",
        "6",
        "--stack",
        "5000",
        "--max-hands",
        "10",
        "--json",
    )
    assert isinstance(first.exception, KilledError)
    revived(monkeypatch)
    resumed = play("--resume", "--json")
    assert resumed.exit_code == 0, resumed.output
    lines = resumed.output.splitlines()
    assert [line.split(",")[0] for line in lines[:-1]] == ['{"hand": 9', '{"hand": 10']
    assert lines[-1].startswith('{"result"')
    assert hands_of(1) == list(range(1, 11))
    with SeriesStore.open() as store:
        saved = store.get_series(1)
    assert saved.finished and saved.max_hands == 10


def test_h3_minutes_work_unattended_and_the_time_left_is_kept(
    monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    """``--minutes`` stops an ``--all-bots`` series too; a resume keeps the playing time left
    (the clock runs only while the series is played), and a series out of time stops after
    the hand it is in."""
    out_of_time = play(
        "--all-bots",
        "--bots",
        "station",
        "--seats",
        "4",
        "--stack",
        "5000",
        "--minutes",
        "0",
        "--json",
    )
    assert out_of_time.exit_code == 0 and len(out_of_time.output.splitlines()) == 2  # one hand
    killed_after(monkeypatch, 2)
    play(
        "--all-bots",
        "--bots",
        "station",
        "--seats",
        "4",
        "--stack",
        "5000",
        "--minutes",
        "30",
        "--json",
    )
    revived(monkeypatch)
    with SeriesStore.open() as store:
        saved = store.get_series(2)
    assert saved.seconds_left is not None and 30 * 60 - 60 < saved.seconds_left <= 30 * 60
    with SeriesStore.open() as store:
        assert resume_series(store, 2).series.time_left() == pytest.approx(saved.seconds_left, 2)
    with sqlite3.connect(database_file(private_data_dir)) as connection:
        connection.execute("UPDATE series SET seconds_left = 0 WHERE id = 2")
    connection.close()
    resumed = play("--resume", "--json")
    assert resumed.exit_code == 0, resumed.output
    assert len(resumed.output.splitlines()) == 2  # hand 3, then the standings by chips
    assert hands_of(2) == [1, 2, 3]


@pytest.mark.parametrize(
    "options",
    [
        ["--game", "stud"],
        ["--max-hands", "5"],
        ["--minutes", "9"],
        ["--seed", "3"],
        ["--seats", "3", "--all-bots"],
    ],
)
def test_options_of_a_new_series_with_resume_are_an_error(
    monkeypatch: pytest.MonkeyPatch, options: list[str]
) -> None:
    killed_after(monkeypatch, 1)
    play("--all-bots", "--bots", "station", "--seats", "2", "--game", "draw", "--max-hands", "10")
    revived(monkeypatch)
    result = play("--resume", *options)
    one_line_error(result, "--resume goes on with the series as saved: drop", options[0])
    assert hands_of(1) == [1]  # nothing changed
    with SeriesStore.open() as store:
        assert store.get_series(1).settings.variant.name != "Seven-card Stud"


# ------------------------------------------------------------------ item 12: by id, abandoned


def test_an_older_unfinished_series_is_resumed_by_id(monkeypatch: pytest.MonkeyPatch) -> None:
    for _ in range(2):
        killed_after(monkeypatch, 1)
        play("--all-bots", "--bots", "station", "--seats", "3", "--max-hands", "3")
        revived(monkeypatch)
    listing = runner.invoke(app, ["history", "--list"])
    assert "(pokerroom play --resume 1)" in listing.output
    assert "(pokerroom play --resume 2)" in listing.output
    older = play("--resume", "1", "--json")
    assert older.exit_code == 0, older.output
    assert (hands_of(1), hands_of(2)) == ([1, 2, 3], [1])  # the latest is left as it was
    latest = play("--resume", "--json")
    assert latest.exit_code == 0 and hands_of(2) == [1, 2, 3]
    one_line_error(play("--resume", "1"), "series 1 is finished")
    one_line_error(play("--resume", "99"), "no series 99")
    one_line_error(play("2"), "a series id goes with --resume")


def test_a_series_can_be_abandoned_and_is_never_resumed(monkeypatch: pytest.MonkeyPatch) -> None:
    killed_after(monkeypatch, 2)
    play("--all-bots", "--bots", "station", "--seats", "3", "--max-hands", "9")
    revived(monkeypatch)
    given_up = play("--abandon", "1")
    assert given_up.exit_code == 0
    assert given_up.output == "series 1 abandoned after 2 hands\n"
    one_line_error(play("--resume"), "no unfinished series")
    one_line_error(play("--resume", "1"), "series 1 is abandoned")
    one_line_error(play("--abandon", "1"), "series 1 is abandoned already")
    one_line_error(play("--abandon", "1", "--game", "stud"), "--abandon takes a series id")
    assert hands_of(1) == [1, 2]  # its hands stay in the history
    history = runner.invoke(app, ["history"]).output.splitlines()
    assert history[0].endswith("2 hands, abandoned")
    listing = runner.invoke(app, ["history", "--list"]).output.splitlines()
    assert listing[1].split()[:2] == ["poker", "1"] and "abandoned" in listing[1]
    assert "--resume" not in listing[1]


def test_an_ofc_session_is_resumed_by_id_and_abandoned() -> None:
    for _ in range(2):
        runner.invoke(app, ["ofc", "--all-bots", "--hands", "3", "--seed", "1", "--json"])
    with sqlite3.connect(os.environ["POKERROOM_DATA_DIR"] + "/pokerroom.db") as connection:
        connection.execute("UPDATE ofc_sessions SET finished_at = NULL, hands_limit = 4")
    connection.close()
    older = runner.invoke(app, ["ofc", "--resume", "1", "--json"])
    assert older.exit_code == 0, older.output
    assert '"session": 1' in older.output and '"hands_played": 4' in older.output
    given_up = runner.invoke(app, ["ofc", "--abandon", "2"])
    assert given_up.output == "OFC session 2 abandoned after 3 hands\n"
    one_line_error(runner.invoke(app, ["ofc", "--resume", "2"]), "OFC session 2 is abandoned")
    one_line_error(runner.invoke(app, ["ofc", "--resume"]), "no unfinished OFC session")
    listing = runner.invoke(app, ["history", "--list"]).output
    assert "abandoned" in listing


# ------------------------------------------------------------------ item 17: failing storage


@pytest.fixture
def failing_database(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """PRAGMAs to run on every new SQLite connection, as a read-only or full disk would."""
    pragmas: list[str] = []
    real = database.create_database_engine

    def engine(url: str):  # type: ignore[no-untyped-def]
        made = real(url)

        @event.listens_for(made, "connect")
        def limit(connection: sqlite3.Connection, _record: object) -> None:
            for pragma in pragmas:
                connection.execute(pragma)

        return made

    monkeypatch.setattr(database, "create_database_engine", engine)
    yield pragmas


def unfinished_series(monkeypatch: pytest.MonkeyPatch, hands: int = 2) -> None:
    killed_after(monkeypatch, hands)
    play("--all-bots", "--bots", "station", "--seats", "3", "--stack", "3000", "--max-hands", "40")
    revived(monkeypatch)


def test_a_read_only_database_is_one_line(
    monkeypatch: pytest.MonkeyPatch, failing_database: list[str]
) -> None:
    unfinished_series(monkeypatch)
    failing_database.append("PRAGMA query_only = ON")  # what a read-only file does to writes
    one_line_error(play("--resume"), "cannot use the database", "readonly")
    one_line_error(play("--all-bots"), "readonly")
    assert runner.invoke(app, ["history"]).exit_code == 0  # reading still works
    failing_database.clear()
    assert hands_of(1) == [1, 2] and play("--resume", "--json").exit_code == 0


def test_a_full_disk_mid_series_is_one_line_and_what_was_saved_resumes(
    monkeypatch: pytest.MonkeyPatch, failing_database: list[str], private_data_dir: Path
) -> None:
    unfinished_series(monkeypatch)
    with sqlite3.connect(database_file(private_data_dir)) as connection:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.close()
    failing_database.append(f"PRAGMA max_page_count = {pages + 1}")
    one_line_error(play("--resume", "--json"), "database or disk is full", after_hands=True)
    failing_database.clear()
    played = hands_of(1)
    assert played == list(range(1, len(played) + 1))  # every saved hand whole, in order
    assert play("--resume", "--json").exit_code == 0
    with SeriesStore.open() as store:
        assert store.get_series(1).finished


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("DROP TABLE hands", ["no such table: hands"]),
        ("DROP TABLE hands_in_progress", ["no such table: hands_in_progress"]),
        ("UPDATE series SET settings = '{not json'", ["series", "is damaged"]),
        ("UPDATE series SET seed = 'abc'", ["series", "is damaged"]),
        ("UPDATE series SET max_hands = 'x'", ["series", "is damaged"]),
        ("UPDATE hands SET record = '[1'", ["hand of series 1 is damaged"]),
    ],
)
def test_a_damaged_database_is_one_line_from_every_command(
    monkeypatch: pytest.MonkeyPatch, private_data_dir: Path, change: str, words: list[str]
) -> None:
    unfinished_series(monkeypatch)
    with sqlite3.connect(database_file(private_data_dir)) as connection:
        connection.execute(change)
    connection.close()
    commands = [["play", "--resume"], ["history"], ["history", "--series", "1"]]
    if "hands" not in change:
        commands += [["history", "--list"], ["play", "--abandon", "1"]]
    for args in commands:
        one_line_error(runner.invoke(app, args), *words)


def test_two_resumes_of_one_series_the_second_stops_with_one_line() -> None:
    """Two stores on one file, both resuming hand 3 (X-4): the first to save goes on, the
    other is refused, mid-hand or between hands; the store keeps the first one's hands."""
    with SeriesStore.open() as store:
        series = Series(["A", "B", "C"], max_hands=20)
        log = SeriesLog.start(store, series)
        for _ in range(2):
            hand = series.start_hand()
            while hand.phase == "bet":
                hand.check_or_call()
            log.hand_finished(hand, series.finish_hand(hand))
    with SeriesStore.open() as first_store, SeriesStore.open() as second_store:
        first, second = resume_series(first_store), resume_series(second_store)
        hands = [first.series.start_hand(), second.series.start_hand()]
        first.log.save_progress(hands[0])
        with pytest.raises(StaleSeriesError, match="played on elsewhere; run pokerroom play"):
            second.log.save_progress(hands[1])  # another deck for the same hand 3
        again = resume_series(second_store)  # the second terminal resumes what is stored
        assert again.hand is not None and again.hand.hole == hands[0].hole
        again.hand.act(Action.fold())
        again.log.save_progress(again.hand)
        hands[0].check_or_call()
        with pytest.raises(StaleSeriesError):
            first.log.save_progress(hands[0])  # the first played a different decision
        while again.hand.phase == "bet":
            again.hand.check_or_call()
        again.log.hand_finished(again.hand, again.series.finish_hand(again.hand))
        with pytest.raises(StorageError, match="already saved"):
            while hands[0].phase == "bet":
                hands[0].check_or_call()
            first.log.hand_finished(hands[0], first.series.finish_hand(hands[0]))
    assert hands_of(1) == [1, 2, 3]


def test_two_processes_racing_on_one_series_never_trace_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    unfinished_series(monkeypatch, hands=1)
    command = [str(Path(sys.executable).with_name("pokerroom")), "play", "--resume", "--json"]
    runs = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outcomes = [run.communicate(timeout=120) for run in runs]
    for run, (_out, err) in zip(runs, outcomes, strict=True):
        assert "Traceback" not in err
        assert run.returncode == 0 or (run.returncode == 2 and err.count("\n") == 1), err
    played = hands_of(1)
    assert played == list(range(1, len(played) + 1))
    assert any(run.returncode == 0 for run in runs)


def test_a18_the_decision_clock_is_saved_with_the_series_and_comes_back_on_resume(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 21 item 13: ``play --clock 300`` resumes at 300 s; a ``--clock`` typed on
    resume that differs wins, is kept for the next resume, and the table says so."""
    monkeypatch.setattr("pokerroom.cli.play_command.at_a_terminal", lambda: True)
    monkeypatch.setattr("pokerroom.cli.terminal.at_a_terminal", lambda: True)
    opened: list[tuple[int | None, str]] = []

    async def run_local(self: LocalTableApp) -> None:
        opened.append((shot_clock(self), self.message))

    monkeypatch.setattr(LocalTableApp, "run_local", run_local)
    for args in (
        ["--clock", "300", "--seats", "2", "--seed", "1"],
        ["--resume"],
        ["--resume", "1", "--clock", "300"],
        ["--resume", "--clock", "60"],
        ["--resume"],
        ["--resume", "--clock", "0"],
    ):
        result = runner.invoke(app, ["play", *args])
        assert result.exit_code == 0, result.output
        assert result.output == "Saved. Resume with: pokerroom play --resume\n"
    changed = "--clock {}: {} from now on (series 1 was saved with {} s per decision)"
    assert opened == [
        (300, ""),
        (300, ""),
        (300, ""),
        (60, changed.format(60, "60 s per decision", 300)),
        (60, ""),
        (None, changed.format(0, "no decision clock", 60)),
    ]
    with SeriesStore.open() as store:
        assert store.get_series(1).clock == 0


def test_a18_a_series_saved_without_its_clock_resumes_with_the_clock_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("pokerroom.cli.play_command.at_a_terminal", lambda: True)
    monkeypatch.setattr("pokerroom.cli.terminal.at_a_terminal", lambda: True)
    with SeriesStore.open() as store:  # as saved before the series kept its clock
        SeriesLog.start(store, Series(["You", "random-2"], seed=1), bots={2: "random"})
    opened: list[int | None] = []

    async def run_local(self: LocalTableApp) -> None:
        opened.append(shot_clock(self))

    monkeypatch.setattr(LocalTableApp, "run_local", run_local)
    for args in (["--resume"], ["--resume", "--clock", "45"], ["--resume"]):
        assert runner.invoke(app, ["play", *args]).exit_code == 0
    assert opened == [30, 45, 45]
