"""Where the seats are on the terminal table: yours at the bottom in the middle, the others
clockwise in seat order after you (bottom, left, top, right, as the browser places them),
at the local table (hot seat: the player to act), at ``tournament play`` and ``connect``."""

from __future__ import annotations

import asyncio
import math
import re

from hypothesis import given
from hypothesis import strategies as st
from textual.pilot import Pilot

from pokerroom.client.hot_seat import HotSeatLink
from pokerroom.room.home import HomeRoom
from pokerroom.room.seam import User
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.tui.layout import SEAT_LINES, seat_boxes
from pokerroom.tui.local_table import local_table
from pokerroom.tui.remote import RemoteTableApp
from tests.local_apps import UNTIMED, deciding, moved_on, turn
from tests.remote_apps import run as run_remote
from tests.remote_link import Hub
from tests.waiting import until
from tests.web.table_driver import table as home_table

LABEL = re.compile(r"(?<!\S)[> ]?(\d+) ")


def labels_on(line: str) -> list[tuple[int, int]]:
    """The seat numbers that start a seat's first line on ``line``, with their columns."""
    return [(int(m.group(1)), m.start(1)) for m in LABEL.finditer(line)]


def bottom_centre(drawn: str, width: int) -> int:
    """The seat drawn at the bottom in the middle of ``drawn``, a table ``width`` wide."""
    first_lines = drawn.split("\n")[-SEAT_LINES]
    found = labels_on(first_lines)
    assert found, drawn
    seat, _ = min(found, key=lambda hit: abs(hit[1] - (width // 2 - width // 6)))
    return seat


def clockwise_from_bottom(boxes_centre: tuple[float, float], centre: tuple[float, float]) -> float:
    """The angle from the bottom middle, clockwise on screen (rows grow downwards)."""
    dx, dy = boxes_centre[0] - centre[0], boxes_centre[1] - centre[1]
    return (math.atan2(dy, dx) - math.pi / 2) % (2 * math.pi)


@given(
    table_size=st.integers(min_value=2, max_value=10),
    you=st.integers(min_value=1, max_value=10),
    width=st.integers(min_value=80, max_value=200),
    height=st.integers(min_value=13, max_value=18),
)
def test_your_seat_is_at_the_bottom_middle_and_the_rest_go_clockwise_in_seat_order(
    table_size: int, you: int, width: int, height: int
) -> None:
    you = (you - 1) % table_size + 1
    boxes = seat_boxes(table_size, width, height, you)
    assert sorted(boxes) == list(range(1, table_size + 1))
    mine = boxes[you]
    assert mine.row == height - SEAT_LINES
    assert abs(mine.column + mine.width / 2 - width / 2) <= 1
    centre = (width / 2, height / 2)
    order = sorted(
        boxes,
        key=lambda s: clockwise_from_bottom(
            (boxes[s].column + boxes[s].width / 2, boxes[s].row + boxes[s].height / 2), centre
        ),
    )
    assert order == [(you - 1 + i) % table_size + 1 for i in range(table_size)]


def test_hot_seat_the_player_to_act_sits_at_the_bottom_middle() -> None:
    """Three people at one keyboard: whoever is to act sees his seat at the bottom, the
    next seat to his left."""
    people = [User(seat, name) for seat, name in enumerate(["Ann", "Bob", "Cy"], start=1)]
    series = Series([user.name for user in people], SeriesSettings(), seed=3)
    room = HomeRoom.playing("local", series, {u.id: u for u in people}, {}, clock=UNTIMED)
    room.go_on(0.0)
    app = local_table(room, people)
    link = app.link
    assert isinstance(link, HotSeatLink)
    seen: list[tuple[int, int]] = []

    async def go() -> None:
        async with app.hub.running(), app.run_test(size=(100, 30)) as pilot:
            while len(seen) < 6:
                await until(lambda: link.waiting is not None, "the keyboard passed on")
                await pilot.press("space")
                await until(lambda: deciding(app), "his own table")
                frame = app.frame
                assert frame is not None and frame["you"]["seat"] is not None
                seen.append(
                    (frame["you"]["seat"], bottom_centre(str(app.widgets.table.content), 100))
                )
                before = turn(app)
                await pilot.press("c")
                await until(moved_on(app, before), "his check or call")
            await pilot.press("q")

    asyncio.run(go())
    assert all(seat == bottom for seat, bottom in seen), seen
    assert len({seat for seat, _ in seen}) == 3


def test_connect_puts_each_player_at_the_bottom_middle_and_the_next_seat_to_his_left() -> None:
    """Three players connected to one table: each sees himself at the bottom; at a table of
    three the other two sit across the top, the next seat after yours on the left."""
    driver = home_table("holdem", 3, seed=2)
    drawn: list[tuple[int, str]] = []

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        for app in apps:
            frame = app.frame
            assert frame is not None and frame["you"]["seat"] is not None
            drawn.append((frame["you"]["seat"], str(app.widgets.table.content)))

    run_remote(driver, scenario)
    assert [seat for seat, _ in drawn] == [1, 2, 3]
    for seat, text in drawn:
        assert bottom_centre(text, 100) == seat
        top = labels_on(text.split("\n")[0])
        assert [number for number, _ in sorted(top, key=lambda hit: hit[1])] == [
            seat % 3 + 1,
            (seat + 1) % 3 + 1,
        ]
