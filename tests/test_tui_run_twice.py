"""Run it twice at the terminal table (``pokerroom play --run-it-twice``): the human all-in
before the river is asked, ``y`` runs the board twice (bots agree), ``o`` once; both runs are
drawn and logged. The all-bots series runs it twice by itself."""

from __future__ import annotations

import asyncio
import json

from textual.widgets import RichLog, Static
from typer.testing import CliRunner

from pokerroom.bots import CallingStation
from pokerroom.cli.app import app as cli
from pokerroom.engine import Hand
from pokerroom.table.run_twice import QUESTION
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.tui.app import TableApp


async def shove_then(key: str) -> tuple[str, str, Hand]:
    """Go all-in until asked to run it twice; answer ``key``; return the status line when
    asked, the table drawing after, and the hand."""
    series = Series(["You", "station-2"], SeriesSettings(run_it_twice=True), seed=4)
    table = TableApp(series, {1}, {2: CallingStation()}, clock=None)
    async with table.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for _ in range(20):
            hand = table.hand
            assert hand is not None
            if hand.phase == "runs":
                break
            await pilot.press({"done": "n", "showdown": "s"}.get(hand.phase, "a"))
            await pilot.pause()
        assert hand is not None and hand.phase == "runs"
        asked = str(table.query_one("#status", Static).content)
        await pilot.press(key)
        await pilot.pause()
        drawn = str(table.query_one("#table", Static).content)
        logged = "\n".join(str(line.text) for line in table.query_one("#log", RichLog).lines)
        return asked, drawn + "\n" + logged, hand


def test_the_human_agrees_and_both_runs_are_drawn_and_logged() -> None:
    asked, shown, hand = asyncio.run(shove_then("y"))
    assert asked.startswith(f"{QUESTION} y run it twice · o run once (")
    assert hand.phase == "done" and hand.runs == 2
    assert "run 1: " in shown and "run 2: " in shown
    assert "everyone agreed: the board is run twice" in shown
    assert "run 2 river: " in shown


def test_the_human_declines_and_the_board_is_run_once() -> None:
    _, shown, hand = asyncio.run(shove_then("o"))
    assert hand.phase == "done" and hand.runs == 1 and len(hand.boards) == 1
    assert "the board is run once" in shown and "run 2" not in shown


def test_an_all_bot_series_runs_it_twice_and_keeps_every_chip() -> None:
    result = CliRunner().invoke(
        cli,
        [
            "play",
            "--all-bots",
            "--json",
            "--seed",
            "5",
            "--seats",
            "3",
            "--run-it-twice",
            "--bots",
            "equity,station,random",
        ],  # quick bots: a short series with all-ins
    )
    assert result.exit_code == 0, result.output
    *hands, final = [json.loads(line) for line in result.output.splitlines()]
    assert sum(row["chips"] for row in final["result"]) == 600
    runs = {w["board"] for h in hands for pot in h["pots"] for w in pot["winners"]}
    assert runs == {1, 2}  # bots agree: some pots were paid on run 2


def test_run_it_twice_is_refused_for_a_game_without_one_board() -> None:
    result = CliRunner().invoke(cli, ["play", "--all-bots", "--game", "stud", "--run-it-twice"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: run_it_twice: only in Hold'em and Omaha games (one board); "
        "Seven-card Stud deals no board\n"
    )
