"""The rooms' clock on its own: it reads again only the rooms woken for, yet never ticks a
room that no longer runs here, and finds within a rescan what changed without a wake."""

from __future__ import annotations

import time

import pytest

from pokerroom.room.ticker import RESCAN_SECONDS, Ticker


class ClockRoom:
    """A room with a deadline set by hand that counts how often it is asked for it."""

    def __init__(self, room_id: str, due: float | None) -> None:
        self.id = room_id
        self.due = due
        self.asked = 0
        self.ticked: list[float] = []

    def deadline(self) -> float | None:
        self.asked += 1
        return self.due

    def tick(self, now: float) -> bool:
        self.ticked.append(now)
        self.due = None
        return True


class Setup:
    def __init__(self, count: int) -> None:
        self.rooms = {f"t{n}": ClockRoom(f"t{n}", 100.0 + n) for n in range(count)}
        self.now = 0.0
        self.running: set[str] = set(self.rooms)
        self.changed: list[str] = []
        self.ticker = Ticker(
            self.rooms.values,  # type: ignore[arg-type]
            self.rooms.get,  # type: ignore[arg-type]
            lambda room: room.id in self.running,
            lambda: self.now,
            self.changed.append,
        )


def test_a_wake_for_one_room_reads_that_room_alone() -> None:
    setup = Setup(50)
    assert setup.ticker.tick_due() == 100.0  # the first look reads every room
    for room in setup.rooms.values():
        room.asked = 0
    setup.rooms["t7"].due = 5.0
    setup.ticker.wake("t7")
    assert setup.ticker.tick_due() == 5.0
    assert [room.id for room in setup.rooms.values() if room.asked] == ["t7"]


def test_a_due_room_is_ticked_and_reported() -> None:
    setup = Setup(3)
    setup.ticker.tick_due()
    setup.now = 101.0
    assert setup.ticker.tick_due() == 102.0
    assert setup.rooms["t0"].ticked == [101.0] and setup.rooms["t1"].ticked == [101.0]
    assert setup.changed == ["t0", "t1"] and setup.rooms["t2"].ticked == []


def test_a_room_that_stopped_running_here_is_not_ticked_though_its_deadline_was_read() -> None:
    setup = Setup(2)
    setup.ticker.tick_due()
    setup.running.discard("t0")  # its lease lapsed: no wake for it
    setup.now = 200.0
    setup.ticker.tick_due()
    assert setup.rooms["t0"].ticked == [] and setup.rooms["t1"].ticked == [200.0]


def test_a_deadline_moved_later_without_a_wake_is_read_before_ticking() -> None:
    setup = Setup(1)
    setup.ticker.tick_due()
    setup.rooms["t0"].due = 300.0
    setup.now = 150.0
    assert setup.ticker.tick_due() == 300.0 and setup.rooms["t0"].ticked == []


@pytest.mark.parametrize("wake", [True, False], ids=["woken for any room", "after a rescan"])
def test_a_room_that_runs_again_without_its_own_wake_is_found(
    monkeypatch: pytest.MonkeyPatch, wake: bool
) -> None:
    setup = Setup(2)
    setup.running.discard("t1")
    assert setup.ticker.tick_due() == 100.0
    setup.running.add("t1")
    setup.rooms["t1"].due = 1.0
    if wake:
        setup.ticker.wake()
    else:
        later = time.monotonic() + RESCAN_SECONDS
        monkeypatch.setattr(time, "monotonic", lambda: later)
    assert setup.ticker.tick_due() == 1.0
