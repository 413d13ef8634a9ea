"""The terminal table driven headless with Textual's pilot: keys in, screen and stacks out."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import RichLog, Static

from pokerroom.bots import Bot, CallingStation, EquityBot
from pokerroom.cards import card_face
from pokerroom.cli.play_command import saving_listener
from pokerroom.engine import events as ev
from pokerroom.engine.views import view_of
from pokerroom.storage import SeriesLog, SeriesStore, resume_series
from pokerroom.table.presets import presets
from pokerroom.table.series import Series
from pokerroom.tui.app import TableApp


def log_text(app: TableApp) -> str:
    """The log of the hand being played (earlier hands showed cards dealt again since)."""
    text = "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)
    return text.rsplit("— hand ", 1)[-1]


def screen(app: TableApp) -> str:
    """The table, the status line and the hand log, as the player reads them."""
    table = app.query_one("#table", Static).content
    return f"{table}\n{app.query_one('#status', Static).content}\n{log_text(app)}"


def hidden_bot_cards_on(app: TableApp) -> list[str]:
    """Any bot hole card that has not been shown but appears on the screen (X-4)."""
    hand = app.hand
    assert hand is not None
    text = screen(app)
    shown = {e.player for e in hand.events if isinstance(e, ev.Show)}
    leaks = []
    for position in range(hand.players):
        if app.series.seat_of(position) in app.humans or position in shown:
            continue
        spellings = [(card, str(card), card_face(card)) for card in hand.hole[position] if card]
        leaks += [str(card) for card, *spelt in spellings if any(s in text for s in spelt)]
    return leaks


async def play_hands(app: TableApp, keys: str, hands: int) -> list[str]:
    leaks: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(400):
            if app.series.hands_played >= hands or app.series.is_over:
                break
            assert app.hand is not None
            key = keys[app.series.hands_played % len(keys)]
            key = {"done": "n", "showdown": "s"}.get(app.hand.phase, key)
            await pilot.press(key)
            await pilot.pause()
            leaks += hidden_bot_cards_on(app)
    return leaks


def test_x4_h2_play_several_hands_with_keys_and_never_see_bot_cards() -> None:
    """X-4: the screen never shows a bot's unshown hole cards; P-9: chips add up."""
    series = Series(["You", "equity-2", "station-3"], seed=5)
    app = TableApp(series, {1}, {2: EquityBot(1), 3: CallingStation()}, clock=None)
    leaks = asyncio.run(play_hands(app, "cf", hands=6))
    assert leaks == []
    assert series.hands_played >= 6
    assert sum(player.chips for player in series.seats.values()) == 600


def test_a8_a_bad_raise_shows_the_legal_range_and_changes_nothing() -> None:
    """A-8 in the terminal: the message names the range; the hand is unchanged."""

    async def scenario() -> tuple[str, int, int]:
        series = Series(["You", "station-2"], seed=2)
        app = TableApp(series, {1}, {2: CallingStation()}, clock=None)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.hand is not None
            before = len(app.hand.events)
            await pilot.press("r", "1", "enter")
            await pilot.pause()
            return screen(app), before, len(app.hand.events)

    text, before, after = asyncio.run(scenario())
    assert "Raise to 1 is outside the legal range 4-200. You may: fold, call 2" in text
    assert "(A-8)" not in text  # rule IDs are for developers, not in a player's way
    assert before == after


def test_hot_seat_hides_cards_until_the_player_presses_space() -> None:
    """X-4 at one keyboard: the next player's cards stay hidden until he asks."""

    async def scenario() -> tuple[str, str]:
        series = Series(["Ann", "Bob"], seed=3)
        app = TableApp(series, {1, 2}, {}, hot_seat=True, clock=None)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            covered = screen(app)
            await pilot.press("space")
            await pilot.pause()
            return covered, screen(app)

    covered, uncovered = asyncio.run(scenario())
    assert "press space" in covered
    assert covered.count("##") == 4
    assert uncovered.count("##") == 2


def test_quit_and_resume_mid_hand_keeps_stacks_and_history(tmp_path: Path) -> None:
    """Saved as you go: quit in the middle of a hand, resume, and go on where it stopped."""
    store = SeriesStore.open(tmp_path / "db")
    series = Series(["You", "equity-2", "station-3"], seed=21)
    log = SeriesLog.start(store, series, bots={2: "equity", 3: "station"})
    bots: dict[int, Bot] = {2: EquityBot(2), 3: CallingStation()}
    first = TableApp(series, {1}, bots, on_change=saving_listener(log), clock=None)

    async def opening() -> None:
        async with first.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for _ in range(60):
                if series.hands_played >= 3 and first.hand and first.hand.phase == "bet":
                    break
                assert first.hand is not None
                await pilot.press("n" if first.hand.phase == "done" else "f")
                await pilot.pause()
            await pilot.press("q")

    asyncio.run(opening())
    assert first.hand is not None and first.hand.phase == "bet"  # quit mid-hand
    played, events = series.hands_played, first.hand.events
    chips = {seat: player.chips for seat, player in series.seats.items()}

    resumed = resume_series(store)
    assert resumed.series.hands_played == played
    assert {s: p.chips for s, p in resumed.series.seats.items()} == chips
    assert resumed.hand is not None and resumed.hand.events == events
    second = TableApp(
        resumed.series,
        {1},
        bots,
        on_change=saving_listener(resumed.log),
        hand=resumed.hand,
        clock=None,
    )

    async def going_on() -> None:
        async with second.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            while resumed.series.hands_played == played:
                await pilot.press("c")
                await pilot.pause()

    asyncio.run(going_on())
    numbers = [saved.number for saved in store.hands(log.series_id)]
    assert numbers == list(range(1, played + 2))
    assert sum(p.chips for p in resumed.series.seats.values()) == 600
    store.close()


def test_a18_the_shot_clock_checks_or_folds_for_a_slow_player() -> None:
    """A-18: when time runs out, ``home`` checks if that is free, else folds."""

    async def scenario() -> list[ev.Event]:
        series = Series(["You", "station-2"], seed=4)
        app = TableApp(series, {1}, {2: CallingStation()}, clock=0, countdown=1)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(2.5)
            assert app.hand is not None
            return list(app.hand.events)

    events = asyncio.run(scenario())
    mine = [e for e in events if isinstance(e, ev.Fold | ev.Check) and e.player == 1]
    assert mine  # the clock acted for the human (heads-up he is the button: position 1)


def test_bet_presets_are_inside_the_legal_range() -> None:
    """A-6, A-8: min, ½ pot, ⅔ pot, pot and all-in, each clamped to what is legal."""
    hand = Series(["You", "Bob", "Cy"], seed=1).start_hand()
    view = view_of(hand, hand.to_act)
    sizes = dict(presets(view))
    legal = hand.legal_actions()
    assert sizes["min"] == legal.raise_min and sizes["all-in"] == legal.raise_max
    assert all(legal.raise_min <= amount <= legal.raise_max for amount in sizes.values())
