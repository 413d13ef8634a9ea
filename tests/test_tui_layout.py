"""The table on screen: every game at its most seats (V-0), at 80×24 and 160×48, in
English, Russian and Ukrainian (longer words must not push anything off the screen).

Read off the rendered screen as a person would: each seat's three lines stand in
one column, no other seat's text runs into them, every card of every hand in play
is there, and the buttons, the log and the footer are on the screen.
"""

from __future__ import annotations

import asyncio
import itertools
import re
from dataclasses import dataclass

import pytest
from textual.widgets import Footer, RichLog, Static
from textual.widgets._footer import FooterKey

from pokerroom.bots import CallingStation
from pokerroom.cards import card_face
from pokerroom.engine import VARIANTS
from pokerroom.engine.views import view_of
from pokerroom.i18n import LANGUAGES, Language, use_language
from pokerroom.room.clock import ShotClock
from pokerroom.room.home import HomeRoom
from pokerroom.room.seam import User
from pokerroom.table.seating import MAX_SEATS
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.tui.local_table import LocalTableApp, local_table
from tests.waiting import until

GAMES = [
    "holdem",
    "omaha",
    "omaha5",
    "omaha6",
    "omaha-hilo",
    "stud",
    "stud-hilo",
    "draw",
    "bomb-pot-omaha",
]
SIZES = [(80, 24), (160, 48)]
CARD = re.compile(r"^(?:[2-9TJQKA][♣♦♥♠]|##)$")


@dataclass(frozen=True)
class Found:
    seat: int
    row: int
    column: int


def seat_at_most(game: str) -> int:
    return min(MAX_SEATS, VARIANTS[game].max_players)


def table_app(game: str) -> tuple[LocalTableApp, HomeRoom]:
    """You and calling stations at the most seats of ``game``: the local table of
    ``pokerroom play``, a home room of this process drawn by the terminal table."""
    seats = seat_at_most(game)
    names = ["You", *[f"station-{seat}" for seat in range(2, seats + 1)]]
    series = Series(names, SeriesSettings(variant=VARIANTS[game]), seed=7)
    bots = {seat: ("station", CallingStation()) for seat in range(2, seats + 1)}
    you = User(1, "You")
    room = HomeRoom.playing("local", series, {1: you}, bots, clock=ShotClock(timed=False))
    room.go_on(0.0)
    return local_table(room, [you]), room


def find_seats(lines: list[str], series: Series) -> dict[int, Found]:
    found: dict[int, Found] = {}
    for seat, player in series.seats.items():
        pattern = re.compile(rf"(?<!\S)[> ]{seat} {re.escape(player.name)}(?!\S)")
        hits = [(row, m) for row, line in enumerate(lines) for m in pattern.finditer(line)]
        assert len(hits) == 1, f"seat {seat} ({player.name}) shown {len(hits)} times"
        row, match = hits[0]
        found[seat] = Found(seat, row, match.start())
    return found


def segment(lines: list[str], at: Found, found: dict[int, Found], offset: int) -> str:
    """A seat's line: from its column to the next seat or the rail on that row."""
    row = at.row + offset
    line = lines[row] if row < len(lines) else ""
    ends = [f.column for f in found.values() if f.row == at.row and f.column > at.column]
    text = line[at.column : min(ends, default=len(line))]
    return text.split("│")[0]


def check_screen(app: LocalTableApp, room: HomeRoom, width: int, height: int) -> None:
    hand, series = room.hand, room.series
    assert hand is not None and series is not None
    table = str(app.query_one("#table", Static).content)
    lines = table.split("\n")
    assert max(len(line) for line in lines) <= width
    found = find_seats(lines, series)
    view = view_of(hand, next(p for p in range(hand.players) if series.seat_of(p) == 1))
    for position in range(hand.players):
        seat = series.seat_of(position)
        at = found[seat]
        money = segment(lines, at, found, 1).split()
        assert money[0] == str(hand.stacks[position]), (seat, money)
        if hand.folded[position] or hand.mucked[position]:
            continue
        cards = [t for t in segment(lines, at, found, 2).split() if t != "up"]
        shown = [token for token in cards if CARD.match(token)]
        expected = [card_face(card) if card else "##" for card in view.hole[position]]
        assert sorted(shown) == sorted(expected), (seat, shown, expected)
    region = app.screen.region
    for widget in (app.query_one("#table"), app.query_one("#log", RichLog), app.query_one(Footer)):
        assert region.contains_region(widget.region), widget
    assert app.query_one("#log").region.height >= 3
    assert app.query_one("#buttons").region.bottom <= app.query_one("#log").region.y
    for button in app.query("#buttons Button"):
        assert button.region.right <= width, button
    for key in app.screen.query(FooterKey):  # every key's name whole on the last row
        assert key.region.y == height - 1 and key.region.right <= width, key.description


async def render_every_moment(game: str, width: int, height: int) -> int:
    """Check the screen at each of the human's decisions and at the end of the hand."""
    app, room = table_app(game)
    checked = 0

    def drawn() -> bool:  # the screen is drawn from the room as it is now
        frame = app.frame
        return (
            frame is not None
            and frame["hand"] is not None
            and (frame["hand"]["turn"] == room.turn_token())
        )

    async with app.hub.running(), app.run_test(size=(width, height)) as pilot:
        for _ in range(30):
            await until(drawn, "the table as it is now")
            await pilot.pause()
            hand = room.hand
            assert hand is not None
            for _ in range(100):  # a footer is laid out a little after its bindings change
                if all(key.region.area for key in app.screen.query(FooterKey)):
                    break
                await pilot.pause(0.05)
            check_screen(app, room, width, height)
            checked += 1
            if room.hand_done:
                break
            key = {"draw": "d", "showdown": "s"}.get(hand.phase, "c")
            if hand.phase == "bet" and hand.legal_actions().bring_in is not None:
                key = "b"
            await pilot.press(key)
    return checked


CASES = [
    (game, size, LANGUAGES[number % len(LANGUAGES)])
    for number, (game, size) in enumerate(itertools.product(GAMES, SIZES))
]
"""Every game on both screens, each in one language, the languages taken in turn: every
language is checked at both sizes, and the suite plays 18 tables, not 54, through the
in-process room (each costs a second or two)."""


@pytest.mark.parametrize(("game", "size", "language"), CASES)
def test_v0_every_game_at_most_seats_is_clean_on_small_and_wide_screens(
    game: str, size: tuple[int, int], language: Language
) -> None:
    """V-0 seats, no overlap, every card of every live hand on screen, log and keys visible,
    in the languages the table speaks."""
    with use_language(language):
        checked = asyncio.run(render_every_moment(game, *size))
    assert checked >= 2
