"""The clock screen driven headless with Textual's pilot, in simulated time (T-10, T-13, T-20).

Time is a SimulatedTime the test moves; ``app.tick()`` is what the screen's refresh timer
calls, so a test sees exactly the frame a room would see at that moment.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from pokerroom.errors import PokerroomError
from pokerroom.tournament.clock import SimulatedTime
from pokerroom.tournament.clock.events import AddTime, CallBreak, Pause, RemoveTime, Resume
from pokerroom.tournament.clockface.feed import FeedReading, StandaloneFeed
from pokerroom.tournament.clockface.field import Field, chips_bought, field_of_entrants
from pokerroom.tournament.money.payouts import Entries
from pokerroom.tournament.regulation import load_example
from pokerroom.tui.clock import app as clock_app
from pokerroom.tui.clock.app import ClockApp
from pokerroom.tui.clock.big_digits import BigTime

README = Path(__file__).resolve().parent.parent / "README.md"
CLUB = load_example("club-freezeout")
MINUTE = 60.0


def screen_text(app: App[None]) -> str:
    """The whole screen as plain text, row by row, as a photo of the TV would read."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def shown(app: ClockApp, widget: str) -> str:
    return str(app.query_one(f"#{widget}", Static).content)


def digits(app: ClockApp) -> str:
    return app.query_one("#time", BigTime).value


class Rings:
    """Counts the bells the app rings (a headless terminal has no bell to hear)."""

    def __init__(self, app: ClockApp) -> None:
        self.count = 0
        app.bell = self.ring  # type: ignore[method-assign]

    def ring(self) -> None:
        self.count += 1


def club_clock(
    start_at: float = 0.0, entrants: int | None = 10
) -> tuple[ClockApp, StandaloneFeed, SimulatedTime]:
    time = SimulatedTime(0)
    field = None if entrants is None else field_of_entrants(CLUB, entrants)
    feed = StandaloneFeed.starting(CLUB, start_at, time, field)
    return ClockApp(feed, feed.clock), feed, time


Scenario = Callable[[ClockApp, Pilot[None]], Awaitable[None]]


def run(app: ClockApp, scenario: Scenario, size: tuple[int, int] = (80, 24)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(app, pilot)

    asyncio.run(main())


async def at(app: ClockApp, pilot: Pilot[None], time: SimulatedTime, seconds: float) -> None:
    """Move the simulated time to ``seconds`` after 0 and let the screen redraw."""
    time.advance_to(seconds)
    app.tick()
    await pilot.pause()


def test_t10_the_screen_shows_the_level_blinds_and_a_countdown_that_goes_down() -> None:
    app, _, time = club_clock()
    frames: list[tuple[str, str, str, str]] = []

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        for moment in (0, 65, 19 * MINUTE + 59.5):
            await at(app, pilot, time, moment)
            frames.append(
                (shown(app, "heading"), digits(app), shown(app, "bets"), shown(app, "next"))
            )

    run(app, scenario)
    assert frames == [
        ("Level 1", "20:00", "Blinds 25/50", "Next: level 2 · blinds 50/100"),
        ("Level 1", "18:55", "Blinds 25/50", "Next: level 2 · blinds 50/100"),
        ("Level 1", "0:01", "Blinds 25/50", "Next: level 2 · blinds 50/100"),
    ]


def test_t10_a_level_change_flashes_the_screen_and_rings_the_bell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(clock_app, "FLASH_SECONDS", 0.05)
    app, _, time = club_clock()
    rings = Rings(app)
    seen: dict[str, object] = {}

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        await at(app, pilot, time, 19 * MINUTE)
        seen["before"] = (rings.count, app.screen.has_class("flash"))
        time.advance_to(20 * MINUTE)
        app.tick()
        seen["change"] = (rings.count, app.screen.has_class("flash"), shown(app, "heading"))
        seen["blinds"] = shown(app, "bets")
        await pilot.pause(0.2)
        seen["after"] = app.screen.has_class("flash")
        await pilot.press("space")  # a pause is not a level change
        await pilot.press("space")
        await at(app, pilot, time, 21 * MINUTE)
        seen["pause"] = rings.count

    run(app, scenario)
    assert seen["before"] == (0, False)
    assert seen["change"] == (1, True, "Level 2")
    assert seen["blinds"] == "Blinds 50/100"
    assert seen["after"] is False
    assert seen["pause"] == 1


def test_t20_space_pauses_the_clock_the_screen_says_so_and_the_time_stands_still() -> None:
    app, feed, time = club_clock()
    seen: list[tuple[str, str]] = []

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        await at(app, pilot, time, 5 * MINUTE)
        await pilot.press("space")
        seen.append((shown(app, "heading"), digits(app)))
        await at(app, pilot, time, 12 * MINUTE)
        seen.append((shown(app, "heading"), digits(app)))
        seen.append((shown(app, "status"), str(app.query_one("#time").has_class("paused"))))
        await pilot.press("space")
        await at(app, pilot, time, 13 * MINUTE)
        seen.append((shown(app, "heading"), digits(app)))

    run(app, scenario)
    assert seen == [
        ("Level 1 · PAUSED", "15:00"),
        ("Level 1 · PAUSED", "15:00"),
        ("clock paused", "True"),
        ("Level 1", "14:00"),
    ]
    assert [type(event) for event in feed.clock.log] == [Pause, Resume]


def test_t13_the_chip_up_notice_comes_before_the_break_and_the_break_counts_down() -> None:
    app, _, time = club_clock()
    seen: list[tuple[str, str, str, str | None]] = []

    def frame() -> tuple[str, str, str, str | None]:
        notice = app.query_one("#chip-up", Static)
        return (
            shown(app, "heading"),
            digits(app),
            shown(app, "bets"),
            str(notice.content) if notice.display else None,
        )

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        for moment in (50 * MINUTE, 61 * MINUTE, 80 * MINUTE, 85 * MINUTE, 95 * MINUTE):
            await at(app, pilot, time, moment)
            seen.append(frame())
        seen.append(("break line", shown(app, "break"), "", None))

    run(app, scenario)
    assert seen == [
        ("Level 3", "10:00", "Blinds 75/150", None),
        ("Level 4", "19:00", "Blinds 100/200", "Colour-up at the break: the 25 chips go"),
        (
            "Break",
            "15:00",
            "Level 5 · blinds 100/200, big-blind ante 200",
            "Colour-up now: the 25 chips go",
        ),
        (
            "Break",
            "10:00",
            "Level 5 · blinds 100/200, big-blind ante 200",
            "Colour-up now: the 25 chips go",
        ),
        ("Level 5", "20:00", "Blinds 100/200, big-blind ante 200", None),
        ("break line", "Break in 1:20:00", "", None),
    ]


def test_t20_the_keys_call_a_break_change_its_time_skip_and_undo() -> None:
    app, feed, time = club_clock()
    seen: list[tuple[str, str, str]] = []

    async def press(pilot: Pilot[None], key: str) -> None:
        await pilot.press(key)
        seen.append((shown(app, "heading"), digits(app), shown(app, "status")))

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        await at(app, pilot, time, 8 * MINUTE)
        for key in ("b", "plus", "minus", "minus", "b", "n", "n", "u"):
            await press(pilot, key)

    run(app, scenario)
    assert seen == [
        ("Unscheduled break", "10:00", "unscheduled break of 10:00"),
        ("Unscheduled break", "11:00", "1:00 added"),
        ("Unscheduled break", "10:00", "1:00 removed"),
        ("Unscheduled break", "9:00", "1:00 removed"),
        (
            "Unscheduled break",
            "9:00",
            "the tournament is already on a break; add time to it for a longer one",
        ),
        ("Level 1", "12:00", "next now: 9:00 removed"),  # the level resumes with its time
        ("Level 2", "20:00", "next now: 12:00 removed"),
        ("Level 1", "12:00", "undone: 12:00 removed"),
    ]
    kinds = [type(event) for event in feed.clock.log]
    assert kinds == [CallBreak, AddTime, RemoveTime, RemoveTime, RemoveTime]


class Ticking(SimulatedTime):
    """A clock that moves on by ``step`` seconds each time it is read, as a real one does
    between the screen's reading and the director's key."""

    def __init__(self, step: float) -> None:
        super().__init__(0)
        self.step = step

    def now(self) -> float:
        self.advance(self.step)
        return super().now()


def test_t20_n_ends_the_level_even_when_the_clock_moved_on_since_the_screen_read_it() -> None:
    time = Ticking(step=0.37)
    feed = StandaloneFeed.starting(CLUB, 0.0, time, field_of_entrants(CLUB, 10))
    app = ClockApp(feed, feed.clock)
    seen: list[tuple[str, str]] = []

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        time.advance_to(7 * MINUTE + 13)
        for _ in range(2):
            await pilot.press("n")
            seen.append((shown(app, "heading"), shown(app, "status")))

    run(app, scenario)
    assert [heading for heading, _ in seen] == ["Level 2", "Level 3"]
    assert all(status.startswith("next now: ") for _, status in seen)
    assert [type(event) for event in feed.clock.log] == [RemoveTime, RemoveTime]


def test_t20_before_the_start_the_screen_counts_down_and_plus_delays_the_start() -> None:
    app, _, time = club_clock(start_at=12 * MINUTE)
    rings = Rings(app)
    seen: list[tuple[str, str, str]] = []

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        seen.append((shown(app, "heading"), digits(app), shown(app, "bets")))
        await pilot.press("plus")
        seen.append((shown(app, "heading"), digits(app), shown(app, "status")))
        await pilot.press("n")
        seen.append((shown(app, "heading"), digits(app), shown(app, "status")))
        await at(app, pilot, time, 13 * MINUTE)
        seen.append((shown(app, "heading"), digits(app), str(rings.count)))

    run(app, scenario)
    assert seen == [
        ("Starts in", "12:00", "Level 1 · blinds 25/50"),
        ("Starts in", "13:00", "start delayed by 1:00"),
        (
            "Starts in",
            "13:00",
            "cannot skip to the next level: the tournament has not started yet",
        ),
        ("Level 1", "20:00", "1"),
    ]


def test_the_last_level_runs_on_without_a_time_and_n_says_there_is_no_next() -> None:
    app, feed, time = club_clock()
    last = sum(level.minutes for level in CLUB.levels) + sum(b.minutes for b in CLUB.breaks)
    seen: list[str] = []

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        await at(app, pilot, time, last * MINUTE + 5)
        await pilot.press("n")
        seen.extend([shown(app, "heading"), digits(app), shown(app, "next"), shown(app, "status")])

    run(app, scenario)
    assert seen == [
        f"Level {len(CLUB.levels)}",
        "--:--",
        "Last level: no time limit",
        "level 20 is the last level: it runs on until the tournament ends; "
        "insert a level after it first",
    ]
    assert feed.clock.log == ()


class Following:
    """A feed the screen only follows (as the director's console's will be): no keys drive it."""

    def __init__(self, feed: StandaloneFeed, fail: bool = False) -> None:
        self.feed = feed
        self.fail = fail

    def poll(self) -> FeedReading:
        if self.fail:
            raise PokerroomError("the tournament database is locked; still trying")
        return self.feed.poll()


def test_a_following_screen_ignores_the_driving_keys_and_keeps_its_frame_on_a_failed_read() -> None:
    _, feed, time = club_clock()
    following = Following(feed)
    app = ClockApp(following)
    seen: list[str] = []

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        await at(app, pilot, time, 5 * MINUTE)
        await pilot.press("space", "b", "n", "question_mark")
        seen.extend([shown(app, "heading"), digits(app), shown(app, "status")])
        following.fail = True
        await at(app, pilot, time, 6 * MINUTE)
        seen.extend([digits(app), shown(app, "status")])
        seen.append(screen_text(app).splitlines()[-1])
        following.fail = False
        await at(app, pilot, time, 7 * MINUTE)
        seen.extend([digits(app), shown(app, "status")])

    run(app, scenario)
    assert feed.clock.log == ()
    assert seen == [
        "Level 1",
        "15:00",
        clock_app.WATCH_KEYS_HELP,
        "15:00",
        "the tournament database is locked; still trying",
        " ? Keys  q Quit",
        "13:00",
        "",
    ]


def test_the_field_lines_say_field_not_set_without_entrants_and_the_keys_list() -> None:
    app, _, _ = club_clock(entrants=None)
    seen: list[str] = []

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        seen.extend([shown(app, "field"), shown(app, "prizes"), shown(app, "status")])

    run(app, scenario)
    assert seen == [
        "Field not set\n(start the clock with --entrants N)",
        "Prize pool: no entries yet",
        clock_app.KEYS_HELP,
    ]


def readme_picture() -> str:
    """The README's picture: the turbo at level 6, 3:27 left, 23 of 40 players left."""
    turbo = load_example("turbo-reentry")
    time = SimulatedTime(0)
    entries = Entries(40, re_entries=6)
    field = Field(entries, players_left=23, chips_in_play=chips_bought(turbo, entries))
    feed = StandaloneFeed.starting(turbo, 0, time, field)
    app = ClockApp(feed, feed.clock)
    picture: list[str] = []

    async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
        await at(app, pilot, time, 6 * 8 * MINUTE - 207)
        picture.append(screen_text(app))

    run(app, scenario)
    return picture[0]


def test_at_80_by_24_everything_is_on_screen_as_the_readme_shows_it() -> None:
    picture = readme_picture()
    for words in (
        "Level 6",
        "Blinds 200/400, ante 50",
        "Next: level 7 · blinds 300/600, big-blind ante 600",
        "Break in 3:27",
        "Colour-up at the break: the 25 chips go",
        "Players 23 of 40",
        "Entries 46 (6 re-entries)",
        "Average 20,000 · 50 BB",
        "Prize pool 19,550",
        "q Quit",
    ):
        assert words in picture
    readme = README.read_text(encoding="utf-8")
    block = readme.split("<!-- clock screen 80x24 -->\n```text\n", 1)[1].split("```", 1)[0]
    assert block.rstrip("\n") == picture.rstrip("\n")


def test_the_digits_grow_with_the_terminal_and_everything_else_stays_on_screen() -> None:
    def frame(size: tuple[int, int]) -> tuple[int, bool, bool]:
        app, _, time = club_clock()
        seen: list[tuple[int, bool, bool]] = []

        async def scenario(app: ClockApp, pilot: Pilot[None]) -> None:
            await at(app, pilot, time, 61 * MINUTE)
            text = screen_text(app)
            big = app.query_one("#time", BigTime)
            seen.append((big.scale, "Colour-up at the break" in text, "q Quit" in text))

        run(app, scenario, size)
        return seen[0]

    assert [frame(size) for size in ((80, 24), (80, 30), (160, 45))] == [
        (1, True, True),
        (2, True, True),
        (4, True, True),
    ]
