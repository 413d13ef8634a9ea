"""The chips in play and the average stack of a live tournament (issue 21 item 10; T-11 … T-13).

A live room reports no hands: a bust-out's chips stay on the tables in the winners' stacks,
so the clock counts the chips the desk issued, not the recorded stacks of those still in.
The terminal clock following the console (``pokerroom clock ID``) shows the issue's figures.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.widgets import Static

from pokerroom.storage.clock_feed import StoredFeed
from pokerroom.storage.live_saving import LiveSaver, create_live
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.clockface.field import field_of
from pokerroom.tournament.clockface.lines import field_lines
from pokerroom.tournament.clockface.snapshot import snapshot
from pokerroom.tournament.desk_events import ChipsCorrected
from pokerroom.tournament.events import ChipsRaced, RacedStack
from pokerroom.tournament.live.chips import chips_in_play
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.penalties.table import Offence, Penalty, PenaltyKind
from pokerroom.tournament.regulation import example_text, load_example
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.tui.clock.app import ClockApp

START = 1_000_000.0
TURBO = "turbo-reentry"  # 10,000 chips an entry or re-entry, a 15,000 add-on after level 6
LEVEL = 8 * 60.0
REBUY = "\n[rebuy]\nprice = 500\nchips = 10000\nuntil_level = 4\n"


def opened(players: int, regulation: str = example_text(TURBO)) -> tuple[LiveDesk, SimulatedTime]:
    """A live desk with ``players`` registered (P00 …), drawn, its clock started."""
    time = SimulatedTime(START)
    desk = LiveDesk(parse_regulation(regulation, source="test"), time, seed=5)
    for number in range(players):
        desk.register(f"P{number:02d}")
    desk.draw()
    desk.start_clock()
    return desk, time


def bust_first(desk: LiveDesk) -> str:
    """The first player of the fullest table busts (alone in his hand)."""
    tables = desk.layout()
    table = max(tables, key=lambda n: (len(tables[n]), -n))
    seat = next(iter(tables[table]))
    desk.bust(table, [seat])
    return tables[table][seat]


def average_and_chips(desk: LiveDesk) -> tuple[int, int, int]:
    field = field_of(desk.tournament)
    average = round(field.chips_in_play / field.players_left)
    return field.players_left, average, field.chips_in_play


def test_two_of_fourteen_busted_leave_140000_chips_and_an_average_of_11667() -> None:
    desk, _ = opened(14)
    for _ in range(2):
        bust_first(desk)
    assert average_and_chips(desk) == (12, 11_667, 140_000)
    assert sum(r.chips for r in desk.tournament.players.values()) == 120_000  # the old count


def test_a_re_entry_and_an_add_on_each_add_their_chips_t11() -> None:
    desk, time = opened(14)
    busted = bust_first(desk)
    desk.re_enter(busted)
    assert average_and_chips(desk) == (14, 10_714, 150_000)
    time.advance(6 * LEVEL + 1)  # the break after level 6: the add-on is sold
    desk.add_on("P03")
    assert average_and_chips(desk) == (14, 11_786, 165_000)


def test_a_re_buy_adds_its_chips_t11() -> None:
    desk, _ = opened(10, example_text(TURBO) + REBUY)
    busted = bust_first(desk)
    assert average_and_chips(desk) == (9, 11_111, 100_000)
    desk.rebuy(next(p for p in desk.tournament.still_in() if p != busted))
    assert average_and_chips(desk) == (9, 12_222, 110_000)


def test_a_colour_up_race_and_a_disqualification_take_their_chips_out_t12_t13() -> None:
    desk, time = opened(4)
    bust_first(desk)
    raced, ruled = desk.tournament.still_in()[:2]
    at = time.now()
    desk.tournament.record(ChipsCorrected(at, raced, 10_000, 10_050, "a 50 chip under a stack"))
    odd = RacedStack(raced, 10_050, 10_000, "2c", won=False, kept_in=False)
    desk.tournament.record(ChipsRaced(at, 1, 25, 100, (odd,)))  # T-13: his 25s raced off
    assert chips_in_play(desk.tournament) == 40_000
    desk.penalize(ruled, Offence.UNSPORTING_CONDUCT, Penalty(PenaltyKind.DISQUALIFICATION))
    assert average_and_chips(desk) == (2, 15_000, 30_000)  # T-12: his 10,000 leave play


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 30), busts=st.integers(0, 29))
def test_bust_outs_never_change_the_chips_in_play(players: int, busts: int) -> None:
    desk, _ = opened(players)
    for _ in range(min(busts, players - 1)):
        bust_first(desk)
    assert chips_in_play(desk.tournament) == 10_000 * players


def test_the_terminal_clock_following_the_console_shows_the_issues_figures(
    tmp_path: Path,
) -> None:
    store = TournamentStore.open(f"sqlite:///{tmp_path / 'room.db'}")
    time = SimulatedTime(START)
    number = create_live(store, example_text(TURBO), seed=5)
    desk = LiveDesk(load_example(TURBO), time, seed=5, saver=LiveSaver(store, number, 0))
    for n in range(14):
        desk.register(f"P{n:02d}")
    desk.draw()
    desk.start_clock()
    for _ in range(2):
        bust_first(desk)
    feed = StoredFeed(store, number, time)
    app = ClockApp(feed)
    shown: list[str] = []

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown.append(str(app.query_one("#field", Static).content))

    with store:
        asyncio.run(main())
        expected = field_lines(snapshot(feed.poll()).field)
    assert shown[0].splitlines() == expected
    assert "Players 12 of 14" in expected and "Chips 140,000" in expected
    assert "Average 11,667 · 233 BB" in expected
