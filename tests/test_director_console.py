"""The live director's console driven by keys (issue 12 items 2, 3, 5), in simulated time.

The story of a club tournament: registration, the draw, the clock, two bust-outs in one
hand placed by their starting stacks (T-12), the balance move (T-6) shown and confirmed,
the colour-up break (T-13), a penalty with hands left (T-21), an undo, a deal and the
payouts summing to the pool (T-2). Saved as it happens: a second app on the same database
(the clock screen) sees every change, and ``--resume`` gives the same state.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static
from typer.testing import CliRunner

from pokerroom.cli.app import app as cli
from pokerroom.errors import UsageError
from pokerroom.storage.clock_feed import StoredFeed
from pokerroom.storage.live_saving import LiveSaver, create_live
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.clockface.snapshot import ClockSnapshot, Phase
from pokerroom.tournament.events import Paid
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.live.events import DirectorAction
from pokerroom.tournament.live.printouts import write_printouts
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.regulation import example_text, parse_regulation
from pokerroom.tui.clock.app import ClockApp
from pokerroom.tui.director.app import DirectorApp
from pokerroom.tui.director.wording import KEYS_HELP

TEXT = example_text("turbo-reentry")
START = 1_000_000.0


def screen_text(app: App[None]) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def view(app: DirectorApp, tab: str) -> str:
    return str(app.query_one(f"#{tab}-view", Static).content)


def frame(clock: ClockApp) -> ClockSnapshot:
    """What the clock screen shows after one refresh (its timer's tick)."""
    clock.tick()
    assert clock.shown is not None
    return clock.shown


def saved_desk(store: TournamentStore, time: SimulatedTime) -> tuple[LiveDesk, int]:
    number = create_live(store, TEXT, seed=3)
    saver = LiveSaver(store, number, 0)
    return LiveDesk(parse_regulation(TEXT), time, seed=3, saver=saver), number


async def type_in(pilot: Pilot[None], key: str, text: str) -> None:
    await pilot.press(key, *text, "enter")


FIELD = 14
"""The story's players: two tables of seven, so that two bust-outs at one make a move due
(T-6); each more player is some twenty keys to type and bust."""
TYPED = 2
"""The registrations the story types; the others come through the desk before it starts."""


def test_the_console_story_from_registration_to_payouts_by_keys() -> None:
    store = TournamentStore.open("sqlite://")
    time = SimulatedTime(START)
    desk, number = saved_desk(store, time)
    app = DirectorApp(desk, tournament_id=number)
    for n in range(FIELD - TYPED):
        desk.register(f"P{n:02d}")
        time.advance(1)

    async def story() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for n in range(FIELD - TYPED, FIELD):  # two tables of seven
                await type_in(pilot, "r", f"P{n:02d}")
                time.advance(1)
            desk_text = view(app, "desk")
            assert "pool" in desk_text and f"Players {FIELD} of {FIELD}" in desk_text
            await type_in(pilot, "r", "P00")  # refused: one line, nothing changes
            assert app.message == "player 'P00' is already registered"
            await pilot.press("d", "s")
            time.advance(9 * 60)  # level 2
            layout = desk.layout()
            short = min(layout, key=lambda n: (len(layout[n]), n))
            low, high = list(layout[short])[:2]
            await type_in(pilot, "x", f"{short} {low}:4000 {high}:6000")
            assert desk.tournament.players[layout[short][high]].place == FIELD - 1  # T-12
            assert desk.tournament.players[layout[short][low]].place == FIELD
            await pilot.press("2")
            tables = view(app, "tables")
            assert "Moves due" in tables and f"→ Table {short} seat" in tables  # T-6
            await pilot.press("c")
            assert "No move is due" in view(app, "tables")
            time.advance(5 * 8 * 60)  # the break after level 6: colour-up
            await pilot.press("3")
            app.redraw()
            assert "Colour-up now: race off the 25 chips" in view(app, "clock")
            player = next(iter(desk.layout()[1].values()))
            await type_in(pilot, "p", f"{player} 7.1.13")
            await type_in(pilot, "p", f"{player} 7.1.13")
            assert "hands left" in view(app, "discipline")  # T-21
            await pilot.press("u")  # undo the second penalty
            assert app.message == f"undone: penalty for {player}"
            assert len(desk.tournament.penalty_log.penalties()) == 1
            while desk.tournament.players_left > 2:
                layout = desk.layout()
                table = max(layout, key=lambda n: len(layout[n]))
                await type_in(pilot, "x", f"{table} {next(iter(layout[table]))}")
                if desk.pending():
                    await pilot.press("c")
            alive = [r.player for r in desk.tournament.players.values() if r.place is None]
            await type_in(pilot, "i", f"{alive[0]}=150000 {alive[1]}=70000")
            assert "press g" in view(app, "money")
            await pilot.press("g")
            layout = desk.layout()
            table = next(iter(layout))
            await type_in(pilot, "x", f"{table} {next(iter(layout[table]))}")
            await pilot.press("f")
            assert "Paid:" in view(app, "money")
            assert "Turbo re-entry" in screen_text(app).splitlines()[0]

    asyncio.run(story())
    paid = [e for e in desk.events if isinstance(e, Paid)]
    pool = prize_pool(desk.regulation, desk.tournament.entries())
    assert sum(p.prize for p in paid) == pool.total
    assert store.events(number) == desk.events  # all saved as it happened
    assert store.get_tournament(number).winner == desk.tournament.winner
    store.close()


def test_a_resume_mid_tournament_gives_the_same_state(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    store = TournamentStore.open(url)
    time = SimulatedTime(START)
    desk, number = saved_desk(store, time)
    for n in range(12):
        desk.register(f"P{n:02d}")
    desk.draw()
    desk.start_clock()
    time.advance(100)
    seats = list(desk.layout()[1])
    desk.bust(1, seats[:2], {seats[0]: 500, seats[1]: 9000})
    desk.pause()
    store.close()  # the console is gone (a crash): nothing was waiting to be saved
    again = TournamentStore.open(url)
    saved = again.get_tournament(number)
    events = again.events(number)
    assert saved.seed is not None
    reopened = LiveDesk(saved.regulation(), time, seed=saved.seed, events=events)
    assert reopened.tournament.state() == desk.tournament.state()
    assert reopened.clock_state() == desk.clock_state()
    assert reopened.pending() == desk.pending()
    again.close()


def test_the_clock_screen_follows_the_console_through_the_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    store = TournamentStore.open(url)
    time = SimulatedTime(START)
    desk, number = saved_desk(store, time)
    screen_store = TournamentStore.open(url)  # the second process: its own connection
    clock = ClockApp(StoredFeed(screen_store, number, time))
    console = DirectorApp(desk, tournament_id=number)

    async def both() -> None:
        async with console.run_test(size=(80, 24)) as pilot, clock.run_test(size=(80, 24)):
            assert frame(clock).phase is Phase.NOT_STARTED
            for name in ("Ann", "Bob", "Cy"):
                await type_in(pilot, "r", name)
            await pilot.press("s")
            time.advance(60)
            shot = frame(clock)
            assert shot.phase is Phase.LEVEL and not shot.paused
            assert shot.field is not None and shot.field.players_left == 3
            await pilot.press("space")  # the director pauses: the screen shows it
            assert frame(clock).paused
            await pilot.press("u")  # and undoes it
            assert not frame(clock).paused

    asyncio.run(both())
    screen_store.close()
    store.close()


def test_cli_errors_are_one_line_and_exit_2() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["director"])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "--resume ID" in result.output
    result = runner.invoke(cli, ["director", "--example", "turbo-reentry", "--resume", "3"])
    assert result.exit_code == 2 and "drop FILE and --example" in result.output
    result = runner.invoke(cli, ["director", "--example", "turbo-reentry"])
    assert result.exit_code == 2 and "no terminal" in result.output
    result = runner.invoke(cli, ["clock", "999"])
    assert result.exit_code == 2 and "no tournament 999" in result.output


README = Path(__file__).resolve().parent.parent / "README.md"
NAMES = "Ann Bob Cy Dan Eve Fay Gus Hal Ivy Jo Kim Lev Max Ned Ola Pat Quin Rob Sam Tom Uma Vik"


def test_the_readme_picture_is_the_console_at_80x24_with_a_move_due() -> None:
    time = SimulatedTime(1_717_786_800.0)
    desk = LiveDesk(parse_regulation(TEXT), time, seed=3)
    app = DirectorApp(desk, tournament_id=12)
    pictures: list[str] = []

    for name in NAMES.split():  # the story test types its registrations; this one need not
        desk.register(name)
        time.advance(1)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d", "s")
            time.advance(9 * 60 + 12)
            await type_in(pilot, "x", "1 1:4000 2:6000")  # two in one hand at table 1
            await type_in(pilot, "b", "1 6")
            await type_in(pilot, "b", "3 1")
            await pilot.press("2")
            await pilot.pause()
            pictures.append(screen_text(app))

    asyncio.run(scenario())
    picture = pictures[0]
    assert "Table 3 seat 4 (Bob) → Table 1 seat 1" in picture  # T-6: Bob is due the BB
    readme = README.read_text(encoding="utf-8")
    block = readme.split("<!-- director console 80x24 -->\n```text\n", 1)[1].split("```", 1)[0]
    assert block.rstrip("\n") == picture.rstrip("\n")


def test_history_lists_a_live_tournament_with_its_resume_command() -> None:
    store = TournamentStore.open()
    time = SimulatedTime(START)
    desk, number = saved_desk(store, time)
    for name in ("Ann", "Bob"):
        desk.register(name)
    store.close()
    runner = CliRunner()
    listing = runner.invoke(cli, ["history", "--list"])
    assert listing.exit_code == 0
    assert f"pokerroom director --resume {number}" in listing.output
    assert "2 entrants (live)" in listing.output
    result = runner.invoke(cli, ["tournament", "run", "--resume", str(number)])
    assert result.exit_code == 2
    assert f"reopen it with pokerroom director --resume {number}" in result.output


def test_resume_refuses_a_simulated_run_and_an_unknown_id_in_one_line() -> None:
    store = TournamentStore.open()
    simulated = store.create_tournament(TEXT, entrants=4, bots=["random"], seed=1)
    store.close()
    runner = CliRunner()
    result = runner.invoke(cli, ["director", "--resume", str(simulated)])
    assert result.exit_code == 2 and "is a simulated run" in result.output
    result = runner.invoke(cli, ["director", "--resume", "77"])
    assert result.exit_code == 2 and "no tournament 77" in result.output


def test_the_clock_tab_inserts_and_removes_a_future_level_and_refuses_a_played_one_t20() -> None:
    time = SimulatedTime(START)
    desk = LiveDesk(parse_regulation(TEXT), time, seed=3)
    app = DirectorApp(desk)

    def levels() -> list[tuple[int, int, int]]:
        state = desk.clock_state()
        assert state is not None
        return [(v.number, v.small_blind, v.big_blind) for v in state.schedule.levels]

    async def keys() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for name in ("Ann", "Bob"):
                await type_in(pilot, "r", name)
            await pilot.press("s")
            time.advance(9 * 60)  # level 2 is in progress
            before = levels()
            await type_in(pilot, "n", "3 123 246 0 8")
            assert app.message.startswith("level 3 inserted: 123/246")
            assert levels()[2] == (3, 123, 246)
            assert levels()[3][1:] == before[2][1:]  # the old level 3 is level 4 now
            assert len(levels()) == len(before) + 1
            await type_in(pilot, "m", "3")
            assert app.message == "level 3 removed; later levels move down one"
            assert levels() == before
            kept = list(desk.events)
            await type_in(pilot, "m", "1")  # played: one line, nothing changes
            assert app.message.startswith("cannot remove level 1: it was already played")
            await type_in(pilot, "n", "2 1 2 0 8")  # in progress
            assert app.message.startswith("cannot insert a level in place of level 2")
            await type_in(pilot, "m", "x")
            assert app.message == "the level's number is a whole number, got 'x'"
            assert desk.events == kept
            await pilot.press("u")  # the removal is undone: the inserted level is back
            assert levels()[2] == (3, 123, 246)

    asyncio.run(keys())


def test_w_writes_the_seat_cards_and_the_list_by_table_to_print_t4(tmp_path: Path) -> None:
    time = SimulatedTime(START)
    desk = LiveDesk(parse_regulation(TEXT), time, seed=3)
    app = DirectorApp(desk, tournament_id=12, print_dir=tmp_path)
    cards, tables = tmp_path / "seat-cards-12.txt", tmp_path / "tables-12.txt"

    async def keys() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for name in NAMES.split()[:4]:
                await type_in(pilot, "r", name)
            await pilot.press("w")  # before the draw: one line, nothing written
            assert app.message.startswith("nobody is seated yet")
            assert list(tmp_path.iterdir()) == []
            await pilot.press("d", "w")
            assert app.message == f"to print: seat cards in {cards}, the list by table in {tables}"
            tables.write_text("the director's own notes\n", encoding="utf-8")
            cards.unlink()
            await pilot.press("w")  # a file there already: refused, nothing written
            refused = f"{tables} exists already; move it away to print again (not written)"
            assert app.message == refused
            assert not cards.exists()
            assert tables.read_text(encoding="utf-8") == "the director's own notes\n"

    asyncio.run(keys())


def test_the_printed_cards_are_one_a_page_with_every_player_seated_t4(tmp_path: Path) -> None:
    desk = LiveDesk(parse_regulation(TEXT), SimulatedTime(START), seed=3)
    for name in NAMES.split()[:12]:
        desk.register(name)
    desk.draw()
    cards, tables = write_printouts(desk.tournament, tmp_path, 7)
    assert (cards.name, tables.name) == ("seat-cards-7.txt", "tables-7.txt")
    pages = cards.read_text(encoding="utf-8").split("\f")
    assert len(pages) == 12  # one card a page
    seated = {(t, s, p) for t, seats in desk.layout().items() for s, p in seats.items()}
    on_cards = set()
    for page in pages:
        rows = [row.strip("| ") for row in page.strip().splitlines()[1:-1]]
        table, seat = (int(word) for word in rows[2].split()[1::2])
        assert rows[0] == "Turbo re-entry"
        on_cards.add((table, seat, rows[1]))
    assert on_cards == seated
    listing = tables.read_text(encoding="utf-8")
    assert listing.startswith("Turbo re-entry: seats by table\n\nTable 1\n")
    assert all(f"  {s:>2}  {p}" in listing for _t, s, p in seated)


def test_print_dir_must_be_a_directory(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["director", "--example", "turbo-reentry", "--print-dir", str(tmp_path / "nope")]
    )
    assert result.exit_code == 2
    assert "--print-dir" in result.output and "is not a directory" in result.output


def test_a_ruling_after_the_payouts_is_recorded_saved_and_undone_t22() -> None:
    store = TournamentStore.open("sqlite://")
    time = SimulatedTime(START)
    desk, number = saved_desk(store, time)
    app = DirectorApp(desk, tournament_id=number)

    async def keys() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for name in ("Ann", "Bob"):
                await type_in(pilot, "r", name)
            await pilot.press("d", "s")
            await type_in(pilot, "p", "Ann 7.1.13")
            await type_in(pilot, "o", "1 Ann it was not my turn")
            bob = next(s for s, p in desk.layout()[1].items() if p == "Bob")
            await type_in(pilot, "x", f"1 {bob}")
            await pilot.press("f")
            assert desk.tournament.winner == "Ann"
            await pilot.press("r", *"Cy", "enter")  # nothing else after the winner
            assert app.message.startswith("the tournament is over (Ann won)")
            await type_in(pilot, "v", "1 overturned")  # T-22: until the tournament ends
            assert app.message == "protest 1: penalty overturned"
            assert desk.tournament.penalty_log.overturned(1)
            assert store.events(number) == desk.events
            await pilot.press("u")
            assert app.message == "undone: protest 1: penalty overturned"
            assert not desk.tournament.penalty_log.overturned(1)

    asyncio.run(keys())
    assert store.events(number) == desk.events
    saved = store.get_tournament(number)
    assert saved.finished and saved.winner == "Ann"  # the undo kept the finish
    store.close()


def test_after_the_winner_a_director_marker_is_only_let_through_before_a_ruling_t22() -> None:
    desk = LiveDesk(parse_regulation(TEXT), SimulatedTime(START), seed=3)
    for name in ("Ann", "Bob"):
        desk.register(name)
    desk.draw()
    desk.start_clock()
    desk.penalize("Ann", "7.1.13")
    desk.protest(1, "Ann", "not my turn")
    desk.bust(1, [next(s for s, p in desk.layout()[1].items() if p == "Bob")])
    desk.finish()
    kept = list(desk.events)
    with pytest.raises(UsageError, match="the tournament is over"):
        desk.pause()
    assert desk.events == kept
    desk.tournament.record(DirectorAction(START, "a ruling"))
    with pytest.raises(UsageError, match="only a protest's ruling is left"):
        desk.tournament.record(DirectorAction(START, "another"))


def test_leaving_the_console_says_how_to_reopen_it_or_where_the_results_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("pokerroom.cli.director_command.at_a_terminal", lambda: True)
    monkeypatch.setattr(DirectorApp, "run", lambda self: None)  # q at once
    for args in (["--example", "turbo-reentry"], ["--resume", "1"]):
        left = CliRunner().invoke(cli, ["director", *args])
        assert left.exit_code == 0, left.output
        assert left.output == "Saved. Reopen it with: pokerroom director --resume 1\n"

    def play_to_the_end(self: DirectorApp) -> None:
        desk = self.desk
        for name in ("Ann", "Bob"):
            desk.register(name)
        desk.draw()
        desk.start_clock()
        table, seats = next(iter(desk.layout().items()))
        desk.bust(table, [next(iter(seats))])
        desk.finish()

    monkeypatch.setattr(DirectorApp, "run", play_to_the_end)
    over = CliRunner().invoke(cli, ["director", "--example", "turbo-reentry"])
    assert over.exit_code == 0, over.output
    assert over.output == "Tournament 2 is over: pokerroom history --tournament 2\n"


@pytest.mark.parametrize("key", [*"rxbklnmpov", "i", "j"])
def test_every_prompt_and_its_keys_fit_the_status_bar_at_80_columns(key: str) -> None:
    """Issue 22 item 8: a prompt's label and how to do or drop it on one 80-column line."""
    desk = LiveDesk(parse_regulation(TEXT), SimulatedTime(START), seed=3)
    app = DirectorApp(desk)
    screens: list[str] = []

    async def ask() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(key)
            await pilot.pause()
            screens.append(screen_text(app))

    asyncio.run(ask())
    assert app.message.endswith("enter: do, esc: drop")
    assert app.message in screens[0].splitlines()


def test_the_list_of_keys_is_shown_whole_at_80_columns() -> None:
    desk = LiveDesk(parse_regulation(TEXT), SimulatedTime(START), seed=3)
    app = DirectorApp(desk)
    screens: list[str] = []

    async def keys() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            screens.append(screen_text(app))

    asyncio.run(keys())
    shown = " ".join(line.strip() for line in screens[0].splitlines())
    assert KEYS_HELP in shown
