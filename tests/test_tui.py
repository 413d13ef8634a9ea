"""The terminal table of ``pokerroom play`` driven headless with Textual's pilot: keys in,
screen and stacks out."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot

from pokerroom.storage import SeriesLog, SeriesStore, resume_series
from pokerroom.table.presets import BetSpot, spot_presets
from pokerroom.table.series import Series
from pokerroom.tui.remote import RemoteTableApp
from tests.local_apps import answer, decide, saved_table, series_table
from tests.remote_apps import play_hands, run
from tests.remote_link import Hub


def test_x4_h2_play_several_hands_with_keys_and_never_see_bot_cards() -> None:
    """X-4: no screen shows a bot's unshown hole cards (every screen is checked); P-9:
    the chips add up after hands called down and folded."""
    series = Series(["You", "station-2", "station-3"], seed=5)

    def call_or_fold(app: RemoteTableApp) -> list[str]:
        frame = app.frame
        assert frame is not None and frame["hand"] is not None
        if frame["hand"]["number"] % 2 or frame["you"]["decision"] != "act":
            return [answer(app)]
        actions = frame["you"]["actions"]
        assert actions is not None
        return ["f", "f"] if actions["check"] else ["f"]  # a free check: f asks first

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        await play_hands(hub, apps, pilots, 6, call_or_fold)

    run(series_table(series), scenario)
    assert series.hands_played >= 6
    assert sum(player.chips for player in series.seats.values()) == 600


def test_quit_and_resume_mid_hand_keeps_stacks_and_history(tmp_path: Path) -> None:
    """Saved as you go: quit in the middle of a hand, resume, and go on where it stopped."""
    store = SeriesStore.open(tmp_path / "db")
    series = Series(["You", "station-2", "station-3"], seed=21)
    log = SeriesLog.start(store, series, bots={2: "station", 3: "station"})
    first, saved = saved_table(series, log)

    async def opening() -> None:
        async with first.hub.running(), first.run_test(size=(120, 40)) as pilot:
            while series.hands_played < 3:
                await decide(first, pilot, answer(first))
            await pilot.press("q")

    asyncio.run(opening())
    saved.close()
    hand = saved.room.hand
    assert hand is not None and hand.phase == "bet"  # quit mid-hand
    played, events = series.hands_played, hand.events
    chips = {seat: player.chips for seat, player in series.seats.items()}

    resumed = resume_series(store)
    assert resumed.series.hands_played == played
    assert {s: p.chips for s, p in resumed.series.seats.items()} == chips
    assert resumed.hand is not None and resumed.hand.events == events
    second, again = saved_table(resumed.series, resumed.log, resumed.hand)

    async def going_on() -> None:
        async with second.hub.running(), second.run_test(size=(120, 40)) as pilot:
            while resumed.series.hands_played == played:
                await decide(second, pilot, answer(second))
            await pilot.press("q")

    asyncio.run(going_on())
    again.close()
    numbers = [record.number for record in store.hands(log.series_id)]
    assert numbers == list(range(1, played + 2))
    assert sum(p.chips for p in resumed.series.seats.values()) == 600
    store.close()


def test_bet_presets_are_inside_the_legal_range() -> None:
    """A-6, A-8: min, ½ pot, ⅔ pot, pot and all-in, each clamped to what is legal."""
    hand = Series(["You", "Bob", "Cy"], seed=1).start_hand()
    assert hand.to_act is not None
    sizes = dict(spot_presets(BetSpot.of_hand(hand, hand.to_act)))
    legal = hand.legal_actions()
    assert sizes["min"] == legal.raise_min and sizes["all-in"] == legal.raise_max
    assert all(legal.raise_min <= amount <= legal.raise_max for amount in sizes.values())
