"""Run it twice in the terminal clients of a server's table (``pokerroom connect``): the
question and its answers, and the two runs labelled as runs, from a real room's frames."""

from __future__ import annotations

from typing import Any

from pokerroom.cli.connect.typed import typed
from pokerroom.cli.connect.view import table_lines
from pokerroom.room import ShotClock
from pokerroom.tui.remote import view
from tests.web.table_driver import Table, table


def asked_to_run_twice() -> Table:
    t = table("holdem", 2, clock=ShotClock(), run_it_twice=True)
    for _ in range(2):
        user = next(u for u in t.users if t.snap(u)["you"]["decision"] == "act")
        actions = t.snap(user)["you"]["actions"]
        assert actions is not None
        sized = actions["raise_to"]
        if sized is not None:
            assert t.send(user, "act", action=sized["word"], amount=sized["max"]).changed
        else:
            assert t.send(user, "act", action="call").changed
    return t


def test_the_clients_ask_and_send_the_answer() -> None:
    t = asked_to_run_twice()
    frame = t.snap(t.users[0])
    frame_data: dict[str, Any] = {**frame, "now": t.now}
    assert view.status_line(frame, set(), None) == (
        "Everyone is all-in: run it twice? y run it twice · o run once"
    )
    assert "  run it twice? (10 s) twice, or once" in table_lines(frame_data)
    assert typed("twice", frame_data) == {"type": "run_twice", "agree": True}
    assert typed("once", frame_data) == {"type": "run_twice", "agree": False}
    assert t.post(t.users[0], {"type": "run_twice", "agree": True}).changed
    assert t.post(t.users[1], {"type": "run_twice", "agree": True}).changed
    done = t.snap(t.users[0])
    centre = view.centre(done, None)
    assert centre[0].startswith("run 1: ") and centre[1].startswith("run 2: ")
    lines = table_lines({**done, "now": t.now})
    assert [line.split(":")[0] for line in lines if line.startswith("  run ")] == [
        "  run 1",
        "  run 2",
    ]
