"""Show or muck at the terminal table (P-5), auto-muck, and hands turned up by A-17."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from pokerroom.bots import CallingStation
from pokerroom.cli.play_command import saving_listener
from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.engine.variants import STUD, Limit
from pokerroom.storage import SeriesLog, SeriesStore, resume_series
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.table.showdown import room_choice
from pokerroom.tui.app import TableApp

HANDS = 40


async def call_down_until_asked(app: TableApp, choice: str) -> tuple[str, Hand] | None:
    """Call every bet until the human is asked at showdown with a hand the room would muck;
    then answer ``choice`` and return what the screen said and the finished hand."""
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for _ in range(HANDS * 8):
            hand = app.hand
            assert hand is not None
            if hand.phase == "showdown" and room_choice(hand) == "muck":
                asked = str(app.query_one("#status", Static).content)
                await pilot.press(choice)
                await pilot.pause()
                return asked, hand
            key = {"done": "n", "showdown": "s"}.get(hand.phase, "c")
            await pilot.press(key)
            await pilot.pause()
            if app.series.is_over:
                break
    return None


def three_handed(seed: int, *, auto_muck: bool = False) -> TableApp:
    series = Series(["You", "station-2", "station-3"], seed=seed)
    bots = {2: CallingStation(), 3: CallingStation()}
    return TableApp(series, {1}, bots, clock=None, auto_muck=auto_muck)


def test_p5_a_human_who_may_muck_is_asked_and_his_muck_hides_his_cards() -> None:
    """P-5: at showdown the human chooses; mucking keeps his cards from the log."""
    app = three_handed(seed=12)
    found = asyncio.run(call_down_until_asked(app, "x"))
    assert found is not None
    asked, hand = found
    assert "s to show your hand, x to muck it" in asked
    human = next(p for p in range(hand.players) if app.series.seat_of(p) == 1)
    assert any(isinstance(e, ev.Muck) and e.player == human for e in hand.events)
    assert hand.phase == "done"


def test_p5_a_human_may_show_a_losing_hand_and_the_series_resumes(tmp_path: Path) -> None:
    """P-5: showing a hand the room would muck is the player's right; the saved series
    replays that showdown as played, so ``--resume`` goes on."""
    store = SeriesStore.open(tmp_path / "db")
    series = Series(["You", "station-2", "station-3"], seed=12)
    log = SeriesLog.start(store, series, bots={2: "station", 3: "station"})
    app = TableApp(
        series,
        {1},
        {2: CallingStation(), 3: CallingStation()},
        on_change=saving_listener(log),
        clock=None,
    )
    found = asyncio.run(call_down_until_asked(app, "s"))
    assert found is not None
    _, hand = found
    human = next(p for p in range(hand.players) if series.seat_of(p) == 1)
    assert any(isinstance(e, ev.Show) and e.player == human for e in hand.events)
    resumed = resume_series(store)
    assert resumed.series.hands_played == series.hands_played
    assert {s: p.chips for s, p in resumed.series.seats.items()} == {
        s: p.chips for s, p in series.seats.items()
    }
    store.close()


def test_p5_auto_muck_mucks_a_losing_hand_without_asking() -> None:
    """The auto-muck setting: a hand that cannot win is mucked, nobody is asked."""
    app = three_handed(seed=12, auto_muck=True)
    asked = []

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for _ in range(HANDS * 8):
                hand = app.hand
                assert hand is not None
                if hand.phase == "showdown":
                    asked.append(hand)
                    await pilot.press("s")
                elif hand.phase == "done":
                    if any(isinstance(e, ev.Muck) for e in hand.events):
                        break
                    await pilot.press("n")
                else:
                    await pilot.press("c")
                await pilot.pause()

    asyncio.run(scenario())
    hand = app.hand
    assert hand is not None and hand.phase == "done"
    human = next(p for p in range(hand.players) if app.series.seat_of(p) == 1)
    assert any(isinstance(e, ev.Muck) and e.player == human for e in hand.events)
    assert all(room_choice(h) == "show" for h in asked if h is not hand)


def test_a17_a_hand_turned_up_for_an_all_in_run_out_is_not_asked() -> None:
    """A-17: all in on third street, the hands are face up; at showdown nobody asks."""
    series = Series(
        ["You", "station-2"], SeriesSettings(variant=STUD, limit=Limit.NO_LIMIT), seed=3
    )
    app = TableApp(series, {1}, {2: CallingStation()}, clock=None)
    phases = []

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            hand = app.hand
            assert hand is not None
            key = "b" if hand.legal_actions().bring_in is not None else "a"
            await pilot.press(key)
            await pilot.pause()
            if hand.phase == "bet":
                await pilot.press("a")
                await pilot.pause()
            phases.append(hand.phase)

    asyncio.run(scenario())
    hand = app.hand
    assert hand is not None
    assert phases == ["done"]
    human = next(p for p in range(hand.players) if series.seat_of(p) == 1)
    shows = [e for e in hand.events if isinstance(e, ev.Show) and e.player == human]
    assert len(shows) == 2  # turned up for the run-out, then the whole hand
    assert not any(isinstance(e, ev.Muck) for e in hand.events)
