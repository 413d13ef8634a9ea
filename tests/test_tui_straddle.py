"""Straddles at the terminal table (issue 22 item 6): ``pokerroom play --straddle``, the
``v`` key, the straddle posted when the hand comes to the player, and a saved series with
straddled hands resumed exactly."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot
from typer.testing import CliRunner

from pokerroom.cli.app import app as cli
from pokerroom.room.home import HomeRoom
from pokerroom.storage import SeriesLog, SeriesStore, resume_series
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.tui.remote import RemoteTableApp
from tests.local_apps import (
    alone,
    answer,
    asked,
    decide,
    deciding,
    keys,
    saved_table,
    series_table,
)
from tests.remote_apps import footer, log
from tests.remote_link import Hub
from tests.waiting import until

NAMES = ["You", "station-2", "station-3", "station-4"]


def straddled_and_to_act(room: HomeRoom) -> bool:
    """The straddle has come to "You" (seat 1) and he is to act on it."""
    hand = room.hand
    series = room.series
    return (
        hand is not None
        and series is not None
        and series.straddled == 1
        and hand.phase == "bet"
        and hand.street == 0
        and series.seat_of(hand.to_act or 0) == 1
    )


def test_v_turns_the_straddle_on_and_it_is_posted_under_the_gun() -> None:
    """A table without straddles offers no ``v``: ``test_tui_remote_straddle``."""
    series = Series(NAMES, SeriesSettings(straddle="utg"), seed=4)
    driver = series_table(series)

    async def scenario(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        assert "straddle under the gun" in str(app.widgets.info.content)
        await keys(hub, app, pilot, "v")
        assert driver.room.straddlers == {1}
        assert "v Stop straddling" in footer(app)
        for _ in range(300):
            await asked(hub, app, pilot)
            if straddled_and_to_act(driver.room):
                break
            await keys(hub, app, pilot, answer(app))
        hand = driver.room.hand
        assert hand is not None and straddled_and_to_act(driver.room)
        assert "You post 4" in log(app)
        legal = hand.legal_actions()
        assert legal.check and legal.raise_min == 8  # his option, a straddle's raise
        await keys(hub, app, pilot, "v")
        assert driver.room.straddlers == set() and "v Straddle" in footer(app)

    alone(driver, scenario, size=(120, 40))


def test_a_series_with_straddled_hands_is_resumed_exactly(tmp_path: Path) -> None:
    """Mid-hand in a straddled hand, and again after it: the same deals, stacks and events."""
    store = SeriesStore.open(tmp_path / "db")
    series = Series(NAMES, SeriesSettings(straddle="utg"), seed=8)
    log_ = SeriesLog.start(store, series, bots=dict.fromkeys((2, 3, 4), "station"))
    first, saved = saved_table(series, log_)

    async def until_straddled() -> None:
        async with first.hub.running(), first.run_test(size=(120, 40)) as pilot:
            await until(lambda: deciding(first), "a decision")
            await pilot.press("v")
            await until(lambda: saved.room.straddlers == {1}, "the straddle chosen")
            while not straddled_and_to_act(saved.room):
                await decide(first, pilot, answer(first))
            await pilot.press("q")

    asyncio.run(until_straddled())
    saved.close()
    hand = saved.room.hand
    assert hand is not None
    events = hand.events
    resumed = resume_series(store)
    assert resumed.hand is not None and resumed.hand.events == events  # dealt straddled again
    assert max(resumed.hand.config.blinds) == 4
    second, again = saved_table(resumed.series, resumed.log, resumed.hand)
    played = resumed.series.hands_played

    async def finish_it() -> None:
        async with second.hub.running(), second.run_test(size=(120, 40)) as pilot:
            while resumed.series.hands_played == played:
                await decide(second, pilot, answer(second))
            await pilot.press("q")

    asyncio.run(finish_it())
    again.close()
    chips = {seat: p.chips for seat, p in resumed.series.seats.items()}
    replayed = resume_series(store)  # the straddled hand is dealt and replayed from its record
    assert {seat: p.chips for seat, p in replayed.series.seats.items()} == chips
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
