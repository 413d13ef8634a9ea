"""Where the seats go: a ring of blocks around a rail, sized to the terminal.

Your seat is at the bottom in the middle and the others follow it clockwise in seat
order: along the bottom to the left, up the left side, across the top, down the right
side, as the browser's table places them. A watcher sees seat 1 there.
Every seat has its own rectangle, so no two seats ever share a character, and the
board and the pot sit inside the rail in the middle. Ten seats fit in 80×14.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.tui.seats import SeatLabel

SEAT_LINES = 3
MIN_HEIGHT = 13
"""Three bands of seats: top, the sides (two seats each with a line between), bottom."""

_RING = {  # table size: seats at the bottom, on each side, at the top
    2: (1, 0, 1),
    3: (1, 0, 2),
    4: (1, 1, 1),
    5: (3, 0, 2),
    6: (3, 0, 3),
    7: (3, 1, 2),
    8: (3, 1, 3),
    9: (3, 2, 2),
    10: (3, 2, 3),
}


@dataclass(frozen=True, slots=True)
class Box:
    row: int
    column: int
    width: int
    height: int = SEAT_LINES


def seat_boxes(table_size: int, width: int, height: int, you: int = 1) -> dict[int, Box]:
    """The rectangle of each seat 1 … ``table_size`` on a ``width`` × ``height`` canvas,
    seat ``you`` at the bottom in the middle."""
    places = _places(table_size, width, height)
    return {(place - 1 + you - 1) % table_size + 1: box for place, box in places.items()}


def _places(table_size: int, width: int, height: int) -> dict[int, Box]:
    """The rectangles clockwise from the bottom middle, numbered from 1."""
    bottom, side, top = _RING[table_size]
    clockwise = list(range(1, table_size + 1))
    left_of_one = (bottom - 1) // 2
    seat_one = clockwise[:1]
    bottom_left = clockwise[1 : 1 + left_of_one]
    rest = clockwise[1 + left_of_one :]
    left_side, rest = rest[:side], rest[side:]
    top_row, rest = rest[:top], rest[top:]
    right_side, bottom_right = rest[:side], rest[side:]
    boxes: dict[int, Box] = {}
    _band(boxes, [*reversed(bottom_left), *seat_one, *reversed(bottom_right)], height - 3, width)
    _band(boxes, top_row, 0, width)
    side_width = width // 3 - 1
    middle_rows = height - 2 * SEAT_LINES
    for column, seats in ((0, list(reversed(left_side))), (width - side_width, right_side)):
        spare = middle_rows - SEAT_LINES * len(seats)
        for i, seat in enumerate(seats):
            row = SEAT_LINES + round((i + 1) * spare / (len(seats) + 1)) + SEAT_LINES * i
            boxes[seat] = Box(row, column, side_width)
    return boxes


def _band(boxes: dict[int, Box], seats: Sequence[int], row: int, width: int) -> None:
    """Seats in one row, left to right, each in an equal share of the width."""
    share = width // 3
    for i, seat in enumerate(seats):
        centre = width * (2 * i + 1) // (2 * len(seats))
        boxes[seat] = Box(row, max(0, centre - share // 2), share - 1)


def rail(table_size: int, width: int, height: int) -> Box:
    """The rectangle inside which the board and pot are written (its border included)."""
    side = _RING[table_size][1]
    margin = width // 3 if side else width // 6
    return Box(SEAT_LINES, margin, width - 2 * margin, height - 2 * SEAT_LINES)


def draw_table(
    labels: Sequence[SeatLabel],
    centre: Sequence[str],
    table_size: int,
    width: int,
    height: int,
    you: int | None = None,
) -> str:
    """The table as text: every seat in its box, seat ``you`` at the bottom in the middle
    (seat 1 for a watcher), ``centre`` lines inside the rail."""
    height = max(height, MIN_HEIGHT)
    canvas = [[" "] * width for _ in range(height)]
    boxes = seat_boxes(table_size, width, height, you or 1)
    for label in labels:
        box = boxes[label.seat]
        for offset, text in enumerate(label.lines(box.width)):
            _write(canvas, box.row + offset, box.column, text)
    inside = rail(table_size, width, height)
    _draw_rail(canvas, inside)
    inner = inside.width - 4
    wrapped = [part for line in centre for part in textwrap.wrap(line, inner) or [""]]
    rows = inside.height - 2
    top = inside.row + 1 + max(0, (rows - len(wrapped)) // 2)
    for offset, text in enumerate(wrapped[:rows]):
        column = inside.column + (inside.width - len(text)) // 2
        _write(canvas, top + offset, column, text)
    return "\n".join("".join(row).rstrip() for row in canvas)


def _write(canvas: list[list[str]], row: int, column: int, text: str) -> None:
    for offset, char in enumerate(text):
        canvas[row][column + offset] = char


def _draw_rail(canvas: list[list[str]], box: Box) -> None:
    right, bottom = box.column + box.width - 1, box.row + box.height - 1
    _write(canvas, box.row, box.column, "╭" + "─" * (box.width - 2) + "╮")
    _write(canvas, bottom, box.column, "╰" + "─" * (box.width - 2) + "╯")
    for row in range(box.row + 1, bottom):
        canvas[row][box.column] = canvas[row][right] = "│"
