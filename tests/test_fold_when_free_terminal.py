"""At the terminal tables too, fold is no one-key action when a check is free (issue 22
item 10): the first f asks "fold instead of check?" and sends nothing; a second f folds.
``pokerroom play`` draws its table with ``connect``'s terminal table, so one test is both."""

from __future__ import annotations

from textual.pilot import Pilot

from pokerroom.table.wording import FOLD_WHEN_FREE
from pokerroom.tui.remote import RemoteTableApp
from tests.remote_apps import deciding, press, run, settle
from tests.remote_link import FakeLink, Hub
from tests.web.table_driver import table


def test_connect_asks_before_folding_a_free_check() -> None:
    driver = table("holdem", 2)
    seen: list[object] = []

    async def play(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        index = deciding(apps)
        assert index is not None
        await press(pilots[index], apps[index], "c")  # the small blind calls
        await settle(hub, apps, pilots)
        index = deciding(apps)
        assert index is not None  # the big blind: his check is free
        app, link = apps[index], apps[index].link
        assert isinstance(link, FakeLink)
        sent = len(link.sent)
        await press(pilots[index], app, "f")
        seen.append((app.message, len(link.sent) == sent))
        await press(pilots[index], app, "f")
        await settle(hub, apps, pilots)
        seen.append(link.sent[-1]["action"])
        await settle(hub, apps, pilots)

    run(driver, play)
    assert seen == [(FOLD_WHEN_FREE, True), "fold"]
