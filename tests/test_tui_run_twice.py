"""Run it twice at the terminal table (``pokerroom play --run-it-twice``): the human all-in
before the river is asked, ``y`` runs the board twice (bots agree), ``o`` once; both runs are
drawn and logged. The all-bots series runs it twice by itself."""

from __future__ import annotations

import json

import pytest
from textual.pilot import Pilot
from textual.widgets import Button
from typer.testing import CliRunner

from pokerroom.cli.app import app as cli
from pokerroom.engine import Hand
from pokerroom.table.run_twice import QUESTION
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.tui.remote import RemoteTableApp
from tests.local_apps import alone, answer, asked, keys, series_table
from tests.remote_apps import log, settle
from tests.remote_link import FakeLink, Hub
from tests.waiting import until


def link_of(app: RemoteTableApp) -> FakeLink:
    link = app.link
    assert isinstance(link, FakeLink)
    return link


def shove_then(key: str) -> tuple[str, str, Hand]:
    """Go all-in until asked to run it twice; answer ``key`` (a key, or a button's label);
    return the status line and buttons when asked, the table and the log after, and the
    hand."""
    series = Series(["You", "station-2"], SeriesSettings(run_it_twice=True), seed=4)
    driver = series_table(series)
    seen: list[str] = []

    async def scenario(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        while (decision := await asked(hub, app, pilot)) != "run_twice":
            await keys(hub, app, pilot, "a" if decision == "act" else answer(app))
        seen.append(str(app.widgets.status.content))
        seen.append(" · ".join(str(button.label) for button in app.query(Button)))
        if key in ("y", "o"):
            await keys(hub, app, pilot, key)
        else:
            button = next(b for b in app.query(Button) if str(b.label) == key)
            sent = len(link_of(app).sent)
            await pilot.click(button)
            await until(lambda: len(link_of(app).sent) > sent, "the answer sent")
            await settle(hub, [app], [pilot])
        seen.append(app.table_text() + "\n" + log(app))

    alone(driver, scenario)
    hand = driver.room.hand
    assert hand is not None
    return f"{seen[0]}\n{seen[1]}", seen[2], hand


def test_the_human_agrees_and_both_runs_are_drawn_and_logged() -> None:
    asked, shown, hand = shove_then("y")
    assert asked == f"{QUESTION} y run it twice · o run once\nRun it twice · Run once"
    assert hand.phase == "done" and hand.runs == 2
    assert "run 1: " in shown and "run 2: " in shown
    assert "everyone agreed: the board is run twice" in shown
    assert "run 2 river: " in shown


@pytest.mark.parametrize("answer", ["o", "Run once"])
def test_the_human_declines_and_the_board_is_run_once(answer: str) -> None:
    """By key or by the button."""
    _, shown, hand = shove_then(answer)
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
