"""Which tables wait for the writer and which pause (:mod:`pokerroom.room.holding`): a table
pauses only when the database has saved nothing for ``pause_after`` seconds, not when it is
merely busy, and one paused comes back with the seconds it stood still."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pokerroom.room.holding import Holding


@dataclass
class Writer:
    issued: int = 0
    saved: int = 0
    on_saved: Callable[[int], None] | None = None


def test_a_busy_writer_holds_a_table_but_only_a_stalled_one_pauses_it() -> None:
    writer = Writer()
    holding = Holding(writer, pause_after=3.0)
    assert not holding.hold("t1", now=0.0), "everything is saved: shown at once"
    writer.issued = 2
    assert holding.hold("t1", now=1.0) and holding.held("t1")
    writer.issued, writer.saved = 3, 2  # the writer saved something, and t1 changed again
    assert holding.hold("t1", now=2.0)
    assert holding.released(now=3.5) == [], "t1's last change is not saved yet"
    assert holding.stalled(now=5.0) == [], "the writer saved at 3.5: it is busy, not stalled"
    assert holding.next_stall() == 6.5
    assert holding.stalled(now=6.5) == ["t1"] and holding.paused("t1")
    assert holding.stalled(now=9.0) == [], "told once"
    writer.saved = 3
    assert holding.released(now=10.0) == [("t1", 6.5)]
    assert not holding.held("t1") and not holding.paused("t1")
