"""A table socket refused while the server's database is out (issue 21 item 18): the server
closes it with 1013, "the database is unavailable, retrying" (no longer an HTTP 500), and
the terminal link says so, keeps trying, and joins the table once the database is back."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette

from pokerroom.client.http import Server
from pokerroom.client.server_link import ServerLink
from pokerroom.storage.outage import DatabaseUnavailableError
from pokerroom.web.cardroom import Cardroom
from tests.client.served import Player, ServerOnPort, cardroom_app, heads_up_table, signed_up


@pytest.fixture
def app(tmp_path: Path) -> Starlette:
    return cardroom_app(tmp_path / "room.db")


@pytest.fixture
def live(app: Starlette) -> Iterator[ServerOnPort]:
    server = ServerOnPort(app)
    server.start()
    yield server
    server.stop()


def test_a_link_refused_for_want_of_the_database_says_so_and_joins_when_it_is_back(
    app: Starlette, live: ServerOnPort, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = heads_up_table(app)
    (session,) = signed_up(live.url, "Ann")
    cardroom: Cardroom = app.state.cardroom
    looked_up = cardroom.accounts.session_account
    out = threading.Event()
    out.set()

    def session_account(token: str) -> object:
        if out.is_set():
            raise DatabaseUnavailableError("cannot use the database: gone", disconnected=False)
        return looked_up(token)

    monkeypatch.setattr(cardroom.accounts, "session_account", session_account)

    async def main() -> None:
        link = ServerLink(Server.parse(live.url), room, session, first_delay=0.05)
        player = Player(link).start()
        try:
            for _ in range(1000):  # at most 10 s for the first refusal
                if player.of("link"):
                    break
                await asyncio.sleep(0.01)
            notice = player.of("link")[0]
            assert notice["state"] == "reconnecting"
            assert "(the database is unavailable, retrying)" in notice["message"]
            out.clear()
            await player.until(lambda _t: True, "the table, once the database is back")
        finally:
            await player.stop()

    asyncio.run(main())
