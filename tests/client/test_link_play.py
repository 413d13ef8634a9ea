"""Two terminal links at one table of a real ``pokerroom serve`` (uvicorn on 127.0.0.1,
SQLite): they sit, the table deals, they play a hand to its end by messages, and each
sees the same result; a bad message is refused to its sender in one line."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from pokerroom.client.http import Server
from pokerroom.client.server_link import ServerLink
from tests.client.served import (
    Player,
    ServerOnPort,
    cardroom_app,
    deciding,
    hand_over,
    heads_up_table,
    passive,
    signed_up,
)

START_STACK = 200
"""A home series' stack unless its settings say otherwise (blinds 1/2)."""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    app = cardroom_app(tmp_path / "room.db")
    live = ServerOnPort(app)
    live.start()
    try:
        yield live.url, heads_up_table(app)
    finally:
        live.stop()


async def play_hand(players: list[Player], number: int) -> None:
    """Whoever the table waits for plays passively until hand ``number`` is over."""
    for _ in range(40):
        if all(hand_over(number)(p.table or {"results": []}) for p in players):
            return
        for player in players:
            table = player.table
            if table is not None and deciding(table) and table["hand"]["number"] == number:
                turn = table["hand"]["turn"]
                await player.link.send(passive(table))

                def moved_on(t: Mapping[str, Any], turn: str = turn) -> bool:
                    return bool(t["hand"]["turn"] != turn or hand_over(number)(t))

                await player.until(moved_on, "the table to move on")
        await asyncio.sleep(0.02)
    raise AssertionError(f"hand {number} did not end")


def test_two_links_sit_and_play_a_hand_to_its_end(served: tuple[str, str]) -> None:
    url, room = served
    ann, bob = signed_up(url, "Ann", "Bob")
    server = Server.parse(url)

    async def main() -> None:
        players = [Player(ServerLink(server, room, s)).start() for s in (ann, bob)]
        try:
            for seat, player in enumerate(players, 1):
                await player.until(lambda t: True, "the first snapshot")
                await player.link.send({"type": "sit", "seat": seat})
            for player in players:
                await player.until(lambda t: t["hand"] is not None, "the first deal")
            await play_hand(players, 1)
            results = [p.table["results"][0] for p in players if p.table is not None]
            assert results[0] == results[1], "the two players saw different results"
            assert sum(c["change"] for c in results[0]["changes"]) == 0
            winner = results[0]["winners"][0]
            assert winner["name"] in ("Ann", "Bob") and winner["amount"] > 0
            for player in players:
                assert player.table is not None
                assert sum(s["stack"] for s in player.table["seats"]) == 2 * START_STACK
            assert {p.link.pending for p in players} == {0}, "an answered message kept"
            await players[0].link.send({"type": "sit", "seat": 2})  # taken: refused to Ann
            await asyncio.sleep(0.3)
            refusals = players[0].of("error")
            assert refusals and refusals[-1]["code"] in ("seated", "seat_taken", "started")
            assert "\n" not in refusals[-1]["message"]
            assert not players[1].of("error")
        finally:
            for player in players:
                await player.stop()
        left = {"type": "link", "state": "closed", "message": "left the table"}
        assert players[0].frames[-1] == left

    asyncio.run(main())
