"""``pokerroom tournament play``: the room layer's tournament run at this terminal and drawn by
``connect``'s table — its one-line errors, the header at 80x24, a bust with place and prize,
watching to the end, a move to another table, and ``--resume`` at the same decision."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.cli.tournament import play
from pokerroom.cli.tournament.play import Seat, ended_line, new_seat, resumed_seat, table_app
from pokerroom.i18n import use_language
from pokerroom.room.seam import User
from pokerroom.tui.local_table import LocalTableApp

runner = CliRunner()
POKERROOM = Path(sys.executable).with_name("pokerroom")
NO_TERMINAL = "error: no terminal: use pokerroom tournament run for a tournament of bots only\n"
SIZE = (80, 24)
WAIT = 30.0
DIRECTOR = User(90, "Dana", frozenset({"director"}))
TWO_TABLES = """
name = "Two-table test"
format = "american"
starting_stack = 200
table_size = 4
final_table_size = 4
chips = [1]
[game]
variant = "holdem"
limit = "no-limit"
[money]
buy_in = 10
[[payouts.table]]
percents = [70, 30]
[[levels]]
small_blind = 5
big_blind = 10
minutes = 20
"""


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "at_a_terminal", lambda: True)


@pytest.mark.parametrize("args", [["tournament", "play"], ["tournament", "play", "--resume"]])
def test_without_a_terminal_the_table_stops_at_once_with_one_line(
    args: list[str], private_data_dir: Path
) -> None:
    """A pipe or CI: one line and exit 2, and no tournament is saved."""
    result = subprocess.run(
        [str(POKERROOM), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (result.returncode, result.stderr, result.stdout) == (2, NO_TERMINAL, "")
    assert not private_data_dir.exists() or not list(private_data_dir.rglob("*.db"))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--name", "Bot 2"], "error: --name 'Bot 2' is a bot's name here; choose another\n"),
        (["--entrants", "1"], "error: --entrants must be 2 to 100,000, got 1\n"),
        (["--entrants", "11"], "error: 'Home sit-and-go' takes at most 10 entrants, got 11\n"),
        (["--bots", "shark"], "error: unknown bot kind 'shark'; choose from "),
        (["--example", "nope"], "error: "),
        (["--speed", "0"], "error: --speed "),
        (["--resume", "--entrants", "4"], "error: --resume goes on with the tournament as "),
        (["--resume", "--auto-muck"], "error: --resume goes on with the tournament as saved: "),
        (["--resume", "x"], "error: --resume takes the id of a saved tournament"),
    ],
)
def test_bad_options_are_one_line_naming_what_is_allowed(args: list[str], error: str) -> None:
    result = runner.invoke(app, ["tournament", "play", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith(error) and result.stderr.count("\n") == 1


def test_a_resume_with_nothing_saved_says_so(terminal: None) -> None:
    result = runner.invoke(app, ["tournament", "play", "--resume"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: no saved tournament to resume: start one with pokerroom tournament play\n"
    )


# ------------------------------------------------------------------ at the table


async def until(
    table: LocalTableApp, pilot: Pilot[None], done: Callable[[], bool], key: str | None
) -> None:
    """Press ``key`` at each of your decisions (``s`` at a showdown) until ``done`` (within
    :data:`WAIT`)."""
    deadline = time.monotonic() + WAIT
    asked: set[tuple[str, int, str]] = set()
    while not done():
        assert time.monotonic() < deadline, (table.screen_text(), table.frame)
        frame = table.frame
        hand = None if frame is None else frame["hand"]
        decision = None if frame is None else frame["you"]["decision"]
        if key and frame is not None and hand is not None and decision in ("act", "show"):
            moment = (frame["room"], hand["number"], hand["turn"])
            if moment not in asked:
                asked.add(moment)
                await pilot.press(key if decision == "act" else "s")
        await pilot.pause(0.02)


def over(table: LocalTableApp) -> bool:
    """The table's last frame says the tournament is over."""
    header = None if table.frame is None else table.frame.get("tournament")
    return header is not None and header["status"] == "finished"


def played(seat: Seat, scenario: Callable[[LocalTableApp, Pilot[None]], object]) -> LocalTableApp:
    """Run ``scenario`` at ``seat``'s table (80x24), then leave it as ``q`` does."""
    table = table_app(seat)

    async def main() -> None:
        async with table.hub.running(), table.run_test(size=SIZE) as pilot:
            await pilot.pause(0.05)
            await scenario(table, pilot)  # type: ignore[misc]
            await table.link.close()

    asyncio.run(main())
    return table


def test_t2_t12_a_sit_and_go_pushed_all_in_to_the_bust_then_watched_to_the_end(
    terminal: None,
) -> None:
    """All-in every hand (``a``): the header at 80x24; at the bust the place and the prize;
    then the bots' own table plays on (fast, ``--speed``) while you watch, to the end."""
    seat = new_seat(None, None, 3, "Ann", "random", 5, speed=100, clock=30)
    seen: dict[str, str] = {}

    async def scenario(table: LocalTableApp, pilot: Pilot[None]) -> None:
        await until(table, pilot, lambda: table.frame is not None, None)
        seen["first"] = table.table_text()
        boxes = table.widgets
        for box in (boxes.header, boxes.info, boxes.table, boxes.status):
            region, lines = box.region, str(box.content).splitlines()
            assert region.right <= SIZE[0] and region.bottom <= SIZE[1], (box.id, region)
            assert region.height >= len(lines), f"{box.id} cut at 80x24: {region}"
        await until(table, pilot, lambda: seat.out, "a")
        await until(table, pilot, lambda: over(table), None)
        await pilot.pause(0.1)
        seen["last"] = table.screen_text()

    try:
        table = played(seat, scenario)
    finally:
        seat.close()
    first = seen["first"].splitlines()
    assert first[0].startswith("Level 1 · blinds 1/2 · ")
    assert first[1].startswith("3 of 3 left · you ")
    assert "table 1 · hand 1 · Texas Hold'em no-limit · blinds 1/2" in first
    assert all(len(line) <= SIZE[0] for line in first)
    assert ">6 Ann" in seen["first"] and "Bot 1" in seen["first"]
    record = seat.tournament.log().players["Ann"]
    assert record.place is not None
    log = table.log_text()
    if record.place > 1:
        place = {2: "2nd", 3: "3rd"}[record.place]
        assert f"you are out in {place} place:" in log.replace("\n", "")
        assert f"you finished {place}" in seen["last"]
    assert "the tournament is over — q to quit" in seen["last"]
    assert "1 of 3 left" in seen["last"]


def test_t6_the_floors_move_takes_the_table_to_the_new_one_with_the_header(
    terminal: None, tmp_path: Path
) -> None:
    """Moved (by a director, as the server's console would) while a hand is on: when
    it ends the screen is at the other table with your chips, the header kept."""
    regulation = tmp_path / "two.toml"
    regulation.write_text(TWO_TABLES, encoding="utf-8")
    seat = new_seat(regulation, None, 6, "Ann", "station", 2, clock=30)
    tournament = seat.tournament
    home = tournament.table_of(seat.you)
    other = next(room for room in tournament.rooms.values() if room.id != home)
    seen: dict[str, str] = {}

    async def scenario(table: LocalTableApp, pilot: Pilot[None]) -> None:
        acting = lambda: table.frame is not None and table.frame["you"]["decision"] == "act"  # noqa: E731
        await until(table, pilot, acting, None)
        move: dict[str, object] = {"type": "director", "id": "m1", "action": "move"}
        move["player"] = "Ann"
        move["table"] = other.number
        outcome = tournament.handle(DIRECTOR, move, time.time())
        table.hub.room_changed(tournament.id)
        assert outcome.changed and outcome.error is None, outcome
        at_other = lambda: table.frame is not None and table.frame["room"] == other.id  # noqa: E731
        await until(table, pilot, at_other, "c")
        await pilot.pause(0.2)
        seen["screen"] = table.screen_text()

    try:
        table = played(seat, scenario)
    finally:
        seat.close()
    assert table.moves == [other.id]
    screen = seen["screen"]
    assert screen.startswith("Level 1 · blinds 5/10")
    assert f"\ntable {other.number} · " in screen
    assert "— you move to table" in table.log_text()
    assert tournament.table_of(seat.you) == other.id


def test_c3_resume_sits_you_down_again_at_the_same_decision(terminal: None) -> None:
    """Leave at your decision (``q``): ``--resume`` builds the tournament again from what
    was saved, at the same table, hand and decision, your cards the same."""
    seat = new_seat(None, None, 4, "Ann", "tight-passive", 11, clock=30)
    left: dict[str, object] = {}

    async def leave_at_a_decision(table: LocalTableApp, pilot: Pilot[None]) -> None:
        acting = lambda: table.frame is not None and table.frame["you"]["decision"] == "act"  # noqa: E731
        await until(table, pilot, acting, None)
        assert table.frame is not None and table.frame["hand"] is not None
        left["frame"] = table.frame

    try:
        played(seat, leave_at_a_decision)
    finally:
        seat.close()
    before = left["frame"]
    assert isinstance(before, dict)

    again = resumed_seat(None)
    came: dict[str, object] = {}

    async def look(table: LocalTableApp, pilot: Pilot[None]) -> None:
        acting = lambda: table.frame is not None and table.frame["you"]["decision"] == "act"  # noqa: E731
        await until(table, pilot, acting, None)
        came["frame"] = table.frame

    try:
        assert again.tournament.id == seat.tournament.id and ended_line(again) is None
        played(again, look)
    finally:
        again.close()
    after = came["frame"]
    assert isinstance(after, dict)
    assert after["room"] == before["room"]
    assert after["hand"]["number"] == before["hand"]["number"]
    assert after["hand"]["turn"] == before["hand"]["turn"]
    mine = before["you"]["seat"]
    assert after["seats"][mine - 1]["cards"] == before["seats"][mine - 1]["cards"]


def test_t12_a_resume_after_your_bust_says_at_once_that_you_are_out(terminal: None) -> None:
    seat = new_seat(None, None, 2, "Ann", "station", 3, speed=100, clock=30)

    async def bust(table: LocalTableApp, pilot: Pilot[None]) -> None:
        await until(table, pilot, lambda: over(table), "a")

    try:
        played(seat, bust)
    finally:
        seat.close()
    place = seat.tournament.log().players["Ann"].place
    result = runner.invoke(app, ["tournament", "play", "--resume", seat.tournament.id])
    assert result.exit_code == 0, result.output
    if place == 1:
        assert result.stdout == f"tournament {seat.tournament.id} is over\n"
    else:
        assert result.stdout == f"you are out of tournament {seat.tournament.id}: 2nd place\n"


def test_tournament_play_speaks_russian_above_the_table(terminal: None) -> None:
    """The header and the game line of a club freezeout played in Russian: the server's
    header frame worded for this player."""
    with use_language("ru"):
        seat = new_seat(None, "club-freezeout", 14, "Вы", "tournament", 3, clock=30)
        seen: list[str] = []

        async def look(table: LocalTableApp, pilot: Pilot[None]) -> None:
            await until(table, pilot, lambda: table.frame is not None, None)
            await pilot.pause(0.1)
            seen.append(str(table.widgets.header.content))
            seen.append(str(table.widgets.info.content))

        try:
            played(seat, look)
        finally:
            seat.close()
    header, info = seen
    assert header.startswith("Уровень 1 · блайнды 25/50")
    assert info.startswith("стол ")
