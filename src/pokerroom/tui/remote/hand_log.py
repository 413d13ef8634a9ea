"""What of a hand's log a remote table has not written yet.

Each frame carries the whole log of the hand as this viewer saw it; the screen's log
keeps growing, so only the lines after those already written are new (a new hand, or a
log that got shorter, starts again under the hand's title).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.tui.render import hand_title

Logged = tuple[int, int]
"""The hand whose log was written last, and how many of its lines."""


def unwritten(logged: Logged, number: int, lines: Sequence[str]) -> tuple[list[str], Logged]:
    """The lines to write now for hand ``number``, and what is then written.

    >>> unwritten((0, 0), 1, ["Ann posts 1"])
    (['— hand 1 —', 'Ann posts 1'], (1, 1))
    >>> unwritten((1, 1), 1, ["Ann posts 1", "Bob posts 2"])
    (['Bob posts 2'], (1, 2))
    """
    seen, written = logged
    fresh: list[str] = []
    if seen != number or len(lines) < written:
        fresh.append(hand_title(number))
        written = 0
    fresh.extend(lines[written:])
    return fresh, (number, len(lines))
