"""What the table says: labels per game, each seat's last action, the hand log, the keys,
and messages in plain English, read off the screen of a headless table."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog, Static
from textual.widgets._footer import FooterKey

from pokerroom.bots import CallingStation
from pokerroom.engine import Limit
from pokerroom.engine import events as ev
from pokerroom.engine.variants import BOMB_POT, FIVE_CARD_DRAW, STUD, Variant
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.table.story import Words, faces_text, tell
from pokerroom.tui.app import HandListener, TableApp
from pokerroom.tui.local_table import RESUME_HINT

Scenario = Callable[[TableApp, Pilot[None]], Awaitable[None]]


def table(app: TableApp) -> str:
    return "\n".join(
        str(app.query_one(f"#{name}", Static).content) for name in ("info", "table", "status")
    )


def log(app: TableApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


def footer_keys(app: TableApp) -> set[str]:
    return {f"{key.key_display} {key.description}" for key in app.query(FooterKey)}


def station_app(
    variant: Variant | None = None,
    seats: int = 3,
    *,
    limit: Limit = Limit.NO_LIMIT,
    seed: int = 2,
    clock: int | None = None,
    countdown: int = 10,
    on_change: HandListener | None = None,
) -> TableApp:
    settings = SeriesSettings(variant=variant or SeriesSettings().variant, limit=limit)
    names = ["You", *[f"station-{seat}" for seat in range(2, seats + 1)]]
    series = Series(names, settings, seed=seed)
    bots = {seat: CallingStation() for seat in range(2, seats + 1)}
    return TableApp(series, {1}, bots, clock=clock, countdown=countdown, on_change=on_change)


def run(app: TableApp, scenario: Scenario, size: tuple[int, int] = (100, 30)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(app, pilot)

    asyncio.run(go())


# ----------------------------------------------------------------- labels per game


def test_v5_stud_shows_its_ante_and_bring_in_no_blinds_and_marks_own_up_cards() -> None:
    """V-5: antes and a bring-in, no SB/BB tags, no empty board; your up cards say "up"."""
    app = station_app(STUD, seats=4)
    seen: list[str] = []

    async def look(app: TableApp, pilot: Pilot[None]) -> None:
        seen.append(table(app))

    run(app, look)
    text = seen[0]
    assert "ante 1, bring-in 1" in text
    assert "blinds" not in text and "no board yet" not in text and "board:" not in text
    assert " SB" not in text and " BB" not in text
    hand = app.hand
    assert hand is not None
    me = next(p for p in range(hand.players) if app.series.seat_of(p) == 1)
    down = faces_text([c for c in hand.hole[me] if c not in hand.up[me]])
    up = faces_text(hand.up[me])
    assert f"{down} up {up}" in text


def test_v8_draw_shows_how_many_cards_each_player_drew() -> None:
    """V-8: after the draw every seat says how many cards it exchanged."""
    app = station_app(FIVE_CARD_DRAW, seats=3)
    seen: list[str] = []

    async def draw_two(app: TableApp, pilot: Pilot[None]) -> None:
        for _ in range(10):
            assert app.hand is not None
            if app.hand.phase == "draw":
                break
            await pilot.press("c")
            await pilot.pause()
        await pilot.press("1", "2", "d")
        await pilot.pause()
        seen.append(table(app) + "\n" + log(app))

    run(app, draw_two)
    assert "drew 2" in seen[0] and "You draw 2" in seen[0]
    assert "stood pat" in seen[0] and "stands pat" in seen[0]  # the stations keep their cards


def test_v4_the_bomb_pot_shows_both_boards_labelled() -> None:
    """V-4: the upper and the lower board, each named."""
    app = station_app(BOMB_POT, seats=3)
    seen: list[str] = []

    async def look(app: TableApp, pilot: Pilot[None]) -> None:
        seen.append(table(app))

    run(app, look)
    hand = app.hand
    assert hand is not None
    upper, lower = (faces_text(board) for board in hand.boards)
    assert f"upper: {upper}" in seen[0] and f"lower: {lower}" in seen[0]
    assert "ante 2" in seen[0] and "blinds" not in seen[0]


# ------------------------------------------------------------------ what happened


def test_each_seat_shows_its_last_action_and_the_log_lists_every_action() -> None:
    """Seats read "posts 2", "calls 6", "raises to 6"; the log has each action in order."""
    app = station_app(seats=3)
    seen: list[tuple[str, str]] = []

    async def raise_then_fold(app: TableApp, pilot: Pilot[None]) -> None:
        await pilot.press("m")  # the minimum raise
        await pilot.pause()
        seen.append((table(app), log(app)))

    run(app, raise_then_fold)
    hand = app.hand
    assert hand is not None
    screen, written = seen[0]
    actions = [e for e in hand.events if isinstance(e, ev.Call | ev.BetRaise | ev.Check)]
    assert actions and isinstance(actions[0], ev.BetRaise | ev.Call)
    assert "You raise to 4" in written
    assert "200  raises to 4" not in screen and "196  raises to 4" in screen  # the human's seat
    calls = [e for e in actions if isinstance(e, ev.Call)]
    for call in calls:
        name = app.series.seats[app.series.seat_of(call.player)].name
        assert f"{name} calls {call.to}" in written


def test_a18_the_log_says_when_the_shot_clock_acted() -> None:
    """A-18: "You timed out: fold" in the log, "folds" on the seat."""
    app = station_app(seats=2, clock=0, countdown=1, seed=4)
    seen: list[str] = []

    async def wait(app: TableApp, pilot: Pilot[None]) -> None:
        await pilot.pause(2.5)
        seen.append(log(app))

    run(app, wait)
    assert "You timed out: fold" in seen[0] or "You timed out: check" in seen[0]


def test_the_story_names_bets_raises_completions_and_all_ins() -> None:
    """A-7 totals; the Stud completion is named (V-5); an all-in says so."""
    events: list[ev.Event] = [
        ev.PostAnte(0, 1),
        ev.PostAnte(1, 1),
        ev.BringIn(0, 1),
        ev.BetRaise(1, 2),
        ev.BetRaise(0, 9),
        ev.Call(1, 9),
    ]
    story = tell(events, Words(["Ann", "Bob"], you=1), [10, 50])
    assert story.lines == [
        "everyone antes 1",
        "Ann brings in 1",
        "You complete to 2",
        "Ann raises to 9 (all-in)",
        "You call 9",
    ]
    assert story.last_action == {0: "all-in 9", 1: "calls 9"}


# ------------------------------------------------------------------------- keys


@pytest.mark.parametrize("key", ["a", "p"])
def test_b2_all_in_and_pot_keys_work_when_they_equal_the_pot_limit(key: str) -> None:
    """B-2: in pot-limit the largest bet is the pot; ``a`` and ``p`` both bet it."""
    app = station_app(seats=3, limit=Limit.POT_LIMIT)
    raised: list[int] = []

    async def press(app: TableApp, pilot: Pilot[None]) -> None:
        hand = app.hand
        assert hand is not None
        top = hand.legal_actions().raise_max
        assert top is not None
        raised.append(top)
        await pilot.press(key)
        await pilot.pause()
        me = next(p for p in range(hand.players) if app.series.seat_of(p) == 1)
        raised.extend(e.to for e in hand.events if isinstance(e, ev.BetRaise) and e.player == me)

    run(app, press)
    assert len(raised) == 2 and raised[0] == raised[1]


def test_all_in_key_works_when_the_minimum_raise_is_all_in() -> None:
    """A-8: a short stack's only raise is all-in; ``a`` makes it."""
    series = Series(["You", "station-2", "station-3"], seed=2)
    series.seats[1].chips = 3
    app = TableApp(series, {1}, {2: CallingStation(), 3: CallingStation()}, clock=None)
    raised: list[int] = []

    async def press(app: TableApp, pilot: Pilot[None]) -> None:
        hand = app.hand
        assert hand is not None
        await pilot.press("a")
        await pilot.pause()
        me = next(p for p in range(hand.players) if app.series.seat_of(p) == 1)
        raised.extend(e.to for e in hand.events if isinstance(e, ev.BetRaise) and e.player == me)

    run(app, press)
    assert raised == [3]


def test_the_footer_lists_the_keys_that_work_now() -> None:
    """At a decision: the betting keys; after the hand: next hand; always keys and quit."""
    app = station_app(seats=2)
    seen: list[set[str]] = []

    async def fold(app: TableApp, pilot: Pilot[None]) -> None:
        seen.append(footer_keys(app))
        await pilot.press("f")
        await pilot.pause()
        seen.append(footer_keys(app))

    run(app, fold, size=(80, 24))
    deciding, after = seen
    assert {"f Fold", "c Call", "r Raise", "m Min", "p Pot", "a All-in", "q Quit"} <= deciding
    assert "n Next hand" not in deciding and "d Draw" not in deciding
    assert after == {"n Next hand", "? Keys", "q Quit"}


# ----------------------------------------------------------------------- wording


def test_messages_address_the_player_as_you_in_plain_english() -> None:
    """ "You show", "You are eliminated", "1 hand"; others in the third person."""
    words = Words(["Ann", "Bob"], you=0)
    assert words.says(0, "show As Kd") == "You show As Kd"
    assert words.says(0, "are eliminated") == "You are eliminated"
    assert words.says(1, "are eliminated") == "Bob is eliminated"


def test_quitting_the_table_says_how_to_resume(monkeypatch: pytest.MonkeyPatch) -> None:
    """The series is saved as it goes; q says so and names the command that goes on."""
    said: list[object] = []
    real_exit = TableApp.exit

    def exit_and_record(self: TableApp, *args: object, **kwargs: object) -> None:
        said.append(kwargs.get("message"))
        real_exit(self)

    monkeypatch.setattr(TableApp, "exit", exit_and_record)
    app = station_app(seats=2, on_change=lambda *_: None)

    async def quit_now(app: TableApp, pilot: Pilot[None]) -> None:
        await pilot.press("q")

    run(app, quit_now)
    assert said == [RESUME_HINT]
    assert RESUME_HINT == "Saved. Resume with: pokerroom play --resume"
