"""A table played at this terminal: a room run in this process, drawn by the server's screen.

``pokerroom play`` runs its room (a :class:`~pokerroom.room.home.HomeRoom`, with the bots in
it) under a hub of its own, the same runtime a server runs, and draws it with the terminal
table of ``pokerroom connect`` (:class:`~pokerroom.tui.remote.app.RemoteTableApp`) through an
in-process link: the clock, time banks, pre-actions, away seats and every frame are the
server's; a tournament's (``pokerroom tournament play``) opens the table a move takes the
player to (``open_table``). Several people at one keyboard play through a
:class:`~pokerroom.client.hot_seat.HotSeatLink`, which hides each one's cards from the others.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from pokerroom.client.hot_seat import HotSeatLink
from pokerroom.client.in_process import InProcessLink
from pokerroom.client.link import TableLink
from pokerroom.i18n import N_, current_language
from pokerroom.room.holding import Saves
from pokerroom.room.hub import Hub
from pokerroom.room.seam import Room, User
from pokerroom.tui.remote.app import OpenTable, RemoteTableApp

RESUME_HINT = N_("Saved. Resume with: pokerroom play --resume")
"""Said when the player leaves a series that is not over."""
LOCAL_ROOM = "local"
"""The id of the one room a terminal's hub runs."""


class LocalTableApp(RemoteTableApp):
    """The terminal table over a room of this process: its hub runs while the app does."""

    def __init__(
        self,
        hub: Hub,
        link: TableLink,
        *,
        title: str | None = None,
        message: str = "",
        open_table: OpenTable | None = None,
    ) -> None:
        super().__init__(link, title=title, open_table=open_table)
        self.hub = hub
        self.message = message

    async def run_local(self) -> None:
        """Play until the player quits: the hub's clock runs meanwhile."""
        async with self.hub.running():
            await self.run_async()


def local_table(
    room: Room,
    people: Sequence[User],
    *,
    title: str | None = None,
    message: str = "",
    saves: Saves | None = None,
) -> LocalTableApp:
    """The app for ``room`` played by ``people`` at this keyboard (two or more: hot seat);
    given its writer (``saves``), a change is shown only once it is saved."""
    hub = Hub({room.id: room}, clock=time.monotonic, saves=saves)
    language = current_language()
    link: TableLink = (
        HotSeatLink(hub, room, people, language=language)
        if len(people) > 1
        else InProcessLink(hub, room, people[0], language=language)
    )
    return LocalTableApp(hub, link, title=title, message=message)
