"""Straddles through ``pokerroom connect`` (issue 22 item 6): the remote terminal table's
``v`` key and status line, and the text mode's ``straddle`` / ``nostraddle`` words and the
line that shows the choice; a watcher and a table without straddles are offered nothing."""

from __future__ import annotations

from textual.pilot import Pilot

from pokerroom.cli.connect.typed import typed
from pokerroom.cli.connect.view import table_lines
from pokerroom.client.outstanding import effect_seen
from pokerroom.room import CashRoom
from pokerroom.room.seam import User
from pokerroom.tui.remote import RemoteTableApp
from tests.remote_apps import footer, press, run, settle
from tests.remote_link import FakeLink, Hub
from tests.web.cash_driver import cash_table


def status(app: RemoteTableApp) -> str:
    return str(app.widgets.status.content)


def test_v_at_the_remote_table_turns_the_straddle_on_and_off() -> None:
    driver = cash_table("holdem", 1, users=2, deal=False, straddle="utg")

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        room = hub.room
        assert isinstance(room, CashRoom)
        ann, bob = apps
        assert "v: straddle under the gun" in status(ann) and "v Straddle" in footer(ann)
        assert "straddle" not in status(bob) and "v Straddle" not in footer(bob)  # watching
        await press(pilots[0], ann, "v")
        await settle(hub, apps, pilots)
        assert room.table.seats[1].straddles
        assert "you straddle under the gun (v: stop)" in status(ann)
        assert "v Stop straddling" in footer(ann) and "v Straddle" not in footer(ann)
        await press(pilots[0], ann, "v")
        await settle(hub, apps, pilots)
        assert not room.table.seats[1].straddles and "v Straddle" in footer(ann)

    run(driver, scenario, size=(100, 30))


def test_no_straddle_key_where_the_host_left_straddles_off() -> None:
    driver = cash_table("holdem", 1, users=1, deal=False)

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        (ann,) = apps
        assert "straddle" not in status(ann) and "v Straddle" not in footer(ann)
        await pilots[0].press("v")  # a key that does nothing here
        await settle(hub, apps, pilots)
        link = ann.link
        assert isinstance(link, FakeLink) and link.sent == []  # nothing was sent

    run(driver, scenario, size=(100, 30))


def test_the_text_mode_says_and_sends_the_straddle_choice() -> None:
    assert typed("straddle", None) == {"type": "straddle"}
    assert typed("nostraddle", None) == {"type": "straddle", "straddle": False}
    t = cash_table("holdem", 2, deal=False, straddle="button")
    ann = t.users[0]
    before = {**t.snap(ann), "now": t.now}
    assert "  straddle on the button: off (straddle: start)" in table_lines(dict(before))
    assert t.send(ann, "straddle").changed
    after = {**t.snap(ann), "now": t.now}
    assert "  straddle on the button: on (nostraddle: stop)" in table_lines(dict(after))
    assert effect_seen({"type": "straddle"}, dict(before), dict(after))
    assert not effect_seen({"type": "straddle", "straddle": False}, dict(before), dict(after))
    watcher = {**t.snap(User(9, "Zed")), "now": t.now}
    lines = table_lines(dict(watcher))
    assert "button straddle" in lines[0]  # the stakes say the table's option
    assert not any(line.startswith("  straddle") for line in lines)  # no choice to a watcher
