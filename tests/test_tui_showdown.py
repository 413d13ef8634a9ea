"""Show or muck at the terminal table (P-5) and hands turned up by A-17. Auto-muck is the
room's (``tests/test_local_table.py``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot

from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.engine.variants import STUD, Limit
from pokerroom.storage import SeriesLog, SeriesStore, resume_series
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.table.showdown import room_choice
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
from tests.remote_link import Hub
from tests.waiting import until

HANDS = 40


def three_handed(seed: int) -> Series:
    return Series(["You", "station-2", "station-3"], seed=seed)


def may_muck_a_loser(app: RemoteTableApp, hand: Hand | None) -> bool:
    """Asked at showdown with a hand the room would muck."""
    frame = app.frame
    return (
        frame is not None
        and frame["you"]["decision"] == "show"
        and hand is not None
        and room_choice(hand) == "muck"
    )


def test_p5_a_human_who_may_muck_is_asked_and_his_muck_hides_his_cards() -> None:
    """P-5: at showdown the human chooses; mucking keeps his cards from the log."""
    driver = series_table(three_handed(seed=12))
    said: list[str] = []

    async def scenario(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        for _ in range(HANDS * 8):
            await asked(hub, app, pilot)
            if may_muck_a_loser(app, driver.room.hand):
                said.append(str(app.widgets.status.content))
                await keys(hub, app, pilot, "x")
                return
            await keys(hub, app, pilot, answer(app))

    alone(driver, scenario)
    assert said and "s to show your hand, x to muck it" in said[0]
    hand = driver.room.hand
    assert hand is not None and hand.phase == "done"
    human = driver.room.position_of(1)
    assert any(isinstance(e, ev.Muck) and e.player == human for e in hand.events)


def test_p5_a_human_may_show_a_losing_hand_and_the_series_resumes(tmp_path: Path) -> None:
    """P-5: showing a hand the room would muck is the player's right; the saved series
    replays that showdown as played, so ``--resume`` goes on."""
    store = SeriesStore.open(tmp_path / "db")
    series = three_handed(seed=12)
    log = SeriesLog.start(store, series, bots={2: "station", 3: "station"})
    app, saved = saved_table(series, log)
    shown: list[Hand] = []

    async def scenario() -> None:
        async with app.hub.running(), app.run_test(size=(100, 30)) as pilot:
            for _ in range(HANDS * 8):
                await until(lambda: deciding(app), "a decision")
                hand = saved.room.hand
                if may_muck_a_loser(app, hand):
                    assert hand is not None
                    shown.append(hand)
                    break
                await decide(app, pilot, answer(app))
            assert shown, "never asked with a hand the room would muck"
            played = series.hands_played
            await pilot.press("s")
            await until(lambda: series.hands_played > played, "the hand shown")
            await until(lambda: saved.writer.saved == saved.writer.issued, "saved")
            await pilot.press("q")

    asyncio.run(scenario())
    saved.close()
    hand = shown[0]
    human = next(p for p in range(hand.players) if series.seat_of(p) == 1)
    assert any(isinstance(e, ev.Show) and e.player == human for e in hand.events)
    resumed = resume_series(store)
    assert resumed.series.hands_played == series.hands_played
    assert {s: p.chips for s, p in resumed.series.seats.items()} == {
        s: p.chips for s, p in series.seats.items()
    }
    store.close()


def test_a17_a_hand_turned_up_for_an_all_in_run_out_is_not_asked() -> None:
    """A-17: all in on third street, the hands are face up; at showdown nobody asks."""
    series = Series(
        ["You", "station-2"], SeriesSettings(variant=STUD, limit=Limit.NO_LIMIT), seed=3
    )
    driver = series_table(series)
    decisions: list[str | None] = []

    async def scenario(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        await keys(hub, app, pilot, answer(app))  # the bring-in, or a call of it
        hand = driver.room.hand
        assert hand is not None
        if hand.phase == "bet":
            await keys(hub, app, pilot, "a")
        frame = app.frame
        assert frame is not None
        decisions.append(frame["you"]["decision"])

    alone(driver, scenario)
    hand = driver.room.hand
    assert hand is not None
    assert hand.phase == "done" and decisions == [None]
    human = driver.room.position_of(1)
    shows = [e for e in hand.events if isinstance(e, ev.Show) and e.player == human]
    assert len(shows) == 2  # turned up for the run-out, then the whole hand
    assert not any(isinstance(e, ev.Muck) for e in hand.events)
