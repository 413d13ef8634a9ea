"""Chat at the terminal table (``pokerroom connect``): ``i`` opens a line, Enter sends it,
every player's log shows it as typed (markup too), a refusal is on the status line, and
the chat never brings a card the viewer may not know (the hub's leak check)."""

from __future__ import annotations

from textual.pilot import Pilot

from pokerroom.room.seam import User
from pokerroom.tui.remote import RemoteTableApp
from pokerroom.tui.remote.app import KEYS_HELP
from tests.remote_apps import log, press, run, settle
from tests.remote_link import FakeLink, Hub
from tests.web.table_driver import table

WES = User(9, "Wes")


def link_of(app: RemoteTableApp) -> FakeLink:
    assert isinstance(app.link, FakeLink)
    return app.link


def test_a_line_typed_after_y_reaches_every_players_log_as_typed() -> None:
    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        ann, bob = apps
        assert ann.check_action("chat", ()) and "i chat" in KEYS_HELP
        await press(pilots[0], ann, "i", "g", "l", "enter")
        await settle(hub, apps, pilots)
        assert link_of(ann).sent[-1]["type"] == "chat" and link_of(ann).sent[-1]["text"] == "gl"
        assert "chat · Ann: gl" in log(bob) and "chat · Ann: gl" in log(ann)
        await link_of(bob).send({"type": "chat", "text": "[bold]nh[/bold] <script>x</script>"})
        await settle(hub, apps, pilots)
        assert "chat · Bob: [bold]nh[/bold] <script>x</script>" in log(ann)
        assert log(ann).count("chat · Ann: gl") == 1  # each line written once
        await link_of(bob).send({"type": "chat", "text": "z" * 201})
        await settle(hub, apps, pilots)
        assert "at most 200 characters" in str(bob.widgets.status.content)

    run(table("holdem", 2, seed=5), scenario)


def test_a_watcher_reads_the_table_chat_and_his_own_is_marked() -> None:
    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        watcher = RemoteTableApp(hub.link(WES))
        async with watcher.run_test(size=(100, 30)) as pilot:
            everyone, all_pilots = [*apps, watcher], [*pilots, pilot]
            await link_of(apps[0]).send({"type": "chat", "text": "hello"})
            await link_of(watcher).send({"type": "chat", "text": "go Ann"})
            await settle(hub, everyone, all_pilots)
            assert "chat · Ann: hello" in log(watcher)
            assert "chat · Wes (watching): go Ann" in log(watcher)
            assert "go Ann" not in log(apps[1])  # players do not read the rail

    run(table("holdem", 2, seed=5), scenario)
