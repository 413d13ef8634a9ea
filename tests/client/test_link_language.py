"""``connect`` asks for its language: the WebSocket upgrade request carries
``Accept-Language`` (docs/protocol.md, issue 23), so a Russian terminal gets the frame's
server-worded fields (stakes, options) in Russian while an English one at the same table
gets English."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerroom.client.http import Server
from pokerroom.client.server_link import ServerLink
from pokerroom.i18n import use_language
from tests.client.served import Player, ServerOnPort, cardroom_app, heads_up_table, signed_up

CYRILLIC = re.compile("[а-яА-ЯёЁ]")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    app = cardroom_app(tmp_path / "room.db")
    live = ServerOnPort(app)
    live.start()
    try:
        yield live.url, heads_up_table(app)
    finally:
        live.stop()


def test_a_russian_connect_gets_russian_frames_and_an_english_one_english(
    served: tuple[str, str],
) -> None:
    url, room = served
    ann, bob = signed_up(url, "Ann", "Bob")
    server = Server.parse(url)

    async def main() -> None:
        with use_language("ru"):  # the link's task keeps the language it was started in
            russian = Player(ServerLink(server, room, ann)).start()
        english = Player(ServerLink(server, room, bob)).start()
        players = [russian, english]
        try:
            for seat, player in enumerate(players, 1):
                await player.until(lambda t: True, "the first snapshot")
                await player.link.send({"type": "sit", "seat": seat})
            for player in players:
                await player.until(lambda t: t["hand"] is not None, "the first deal")
            ru, en = (p.table for p in players)
            assert ru is not None and en is not None
            assert CYRILLIC.search(ru["game"]["stakes"]), ru["game"]["stakes"]
            assert not CYRILLIC.search(en["game"]["stakes"]), en["game"]["stakes"]
            acting = next(p for p in players if p.table and p.table["you"]["actions"])
            options = " ".join(acting.table["you"]["actions"]["options"])  # type: ignore[index]
            if acting is russian:
                assert CYRILLIC.search(options), options
            else:
                assert not CYRILLIC.search(options), options
        finally:
            for player in players:
                await player.stop()

    asyncio.run(main())
