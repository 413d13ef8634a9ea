"""Straddles at the terminal table (issue 22 item 6): ``pokerroom play --straddle``, the
``v`` key, the straddle posted when the hand comes to the player, and a saved series with
straddled hands resumed exactly."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static
from typer.testing import CliRunner

from pokerroom.bots import Bot, CallingStation
from pokerroom.cli.app import app as cli
from pokerroom.cli.play_command import saving_listener
from pokerroom.storage import SeriesLog, SeriesStore, resume_series
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.tui.app import TableApp
from tests.test_tui import log_text

NAMES = ["You", "station-2", "station-3", "station-4"]


def stations() -> dict[int, Bot]:
    return {seat: CallingStation() for seat in (2, 3, 4)}


def status(app: TableApp) -> str:
    return str(app.query_one("#status", Static).content)


def straddled_and_to_act(app: TableApp) -> bool:
    hand = app.hand
    return (
        hand is not None
        and app.series.straddled == 1
        and hand.phase == "bet"
        and hand.street == 0
        and app.series.seat_of(hand.to_act or 0) == 1
    )


async def press_until_straddled(app: TableApp, pilot: object) -> None:
    """Call, show and deal on until the straddle has come to the player and he is to act."""
    for _ in range(300):
        if straddled_and_to_act(app):
            return
        assert app.hand is not None
        key = {"done": "n", "showdown": "s"}.get(app.hand.phase, "c")
        await pilot.press(key)  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
    raise AssertionError("the straddle never came to the player")


def test_v_turns_the_straddle_on_and_it_is_posted_under_the_gun() -> None:
    series = Series(NAMES, SeriesSettings(straddle="utg"), seed=4)
    table = TableApp(series, {1}, stations(), clock=None)

    async def scenario() -> None:
        async with table.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            info = str(table.query_one("#info", Static).content)
            assert "straddle under the gun" in info
            await pilot.press("v")
            await pilot.pause()
            assert series.straddlers == {1}
            assert "you straddle whenever you are under the gun, from the next hand" in status(
                table
            )
            await press_until_straddled(table, pilot)
            hand = table.hand
            assert hand is not None
            assert "You post 4" in log_text(table)
            legal = hand.legal_actions()
            assert legal.check and legal.raise_min == 8  # his option, a straddle's raise
            await pilot.press("v")
            await pilot.pause()
            assert series.straddlers == set() and "you no longer straddle" in status(table)

    asyncio.run(scenario())


def test_a_table_without_straddles_has_no_y_key() -> None:
    series = Series(NAMES, seed=4)
    table = TableApp(series, {1}, stations(), clock=None)

    async def scenario() -> None:
        async with table.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert table.check_action("straddle", ()) is False
            await pilot.press("v")
            await pilot.pause()
            assert series.straddlers == set()

    asyncio.run(scenario())


def test_a_series_with_straddled_hands_is_resumed_exactly(tmp_path: Path) -> None:
    """Mid-hand in a straddled hand, and again after it: the same deals, stacks and events."""
    store = SeriesStore.open(tmp_path / "db")
    series = Series(NAMES, SeriesSettings(straddle="utg"), seed=8)
    log = SeriesLog.start(store, series, bots=dict.fromkeys((2, 3, 4), "station"))
    first = TableApp(series, {1}, stations(), on_change=saving_listener(log), clock=None)

    async def until_straddled() -> None:
        async with first.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("v")
            await press_until_straddled(first, pilot)
            await pilot.press("q")

    asyncio.run(until_straddled())
    assert first.hand is not None
    events = first.hand.events
    resumed = resume_series(store)
    assert resumed.hand is not None and resumed.hand.events == events  # dealt straddled again
    assert max(resumed.hand.config.blinds) == 4
    second = TableApp(
        resumed.series,
        {1},
        stations(),
        on_change=saving_listener(resumed.log),
        hand=resumed.hand,
        clock=None,
    )
    played = resumed.series.hands_played

    async def finish_it() -> None:
        async with second.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            while resumed.series.hands_played == played:
                assert second.hand is not None
                await pilot.press("s" if second.hand.phase == "showdown" else "c")
                await pilot.pause()
            await pilot.press("q")

    asyncio.run(finish_it())
    chips = {seat: p.chips for seat, p in resumed.series.seats.items()}
    again = resume_series(store)  # the straddled hand is dealt and replayed from its record
    assert {seat: p.chips for seat, p in again.series.seats.items()} == chips
    assert sum(chips.values()) == 800
    store.close()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--straddle", "yes"], "straddle: one of off, utg, button; got 'yes'"),
        (["--game", "stud", "--straddle", "utg"], "straddle: Seven-card Stud has no blinds"),
        (["--all-bots", "--straddle", "utg"], "--all-bots seats no one at the table"),
        (["--resume", "--straddle", "utg"], "--resume goes on with the series as saved: drop"),
    ],
)
def test_play_refuses_a_bad_straddle_option_in_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["play", *args])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"error: {message}")
    assert len(result.stderr.splitlines()) == 1
