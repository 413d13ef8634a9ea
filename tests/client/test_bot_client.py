"""docs/examples/bot_client.py against a real ``pokerroom serve``: a bot account signs in,
takes a seat, plays a hand by the table protocol, and every player sees it as a bot."""

from __future__ import annotations

import asyncio
import importlib.util
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from starlette.applications import Starlette

from pokerroom.bots.registry import make_bot
from pokerroom.cards import Card
from pokerroom.client.http import Server
from pokerroom.client.server_link import ServerLink
from pokerroom.client.signing_in import log_in
from pokerroom.engine import Action
from pokerroom.engine.views import HandView
from tests.client.served import (
    WAIT,
    Player,
    ServerOnPort,
    cardroom_app,
    deciding,
    hand_over,
    heads_up_table,
    passive,
    signed_up,
)
from tests.web.helpers import PASSWORD

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bot_client.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_client", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Starlette, str, str]]:
    app = cardroom_app(tmp_path / "room.db")
    live = ServerOnPort(app)
    live.start()
    try:
        yield app, live.url, heads_up_table(app)
    finally:
        live.stop()


async def _passive_until(player: Player, done: Any) -> None:
    """Ann checks or calls whenever asked, until ``done`` holds for her table."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 3 * WAIT
    answered = None
    while loop.time() < deadline:
        table = player.table
        if table is not None and done(table):
            return
        if table is not None and deciding(table) and table["hand"]["turn"] != answered:
            answered = table["hand"]["turn"]
            await player.link.send(passive(table))
        await asyncio.sleep(0.02)
    raise AssertionError(f"not within {3 * WAIT} s; last {player.table}")


class Stubborn:
    """A broken bot: always a raise below any minimum; the client makes a safe move instead."""

    def decide(self, view: HandView) -> Action:
        return Action.raise_to(1)

    def discard(self, view: HandView) -> list[Card]:
        return []


@pytest.mark.parametrize("kind", ["equity", "stubborn"])
def test_a_bot_account_plays_a_hand_with_the_example_client(
    served: tuple[Starlette, str, str], kind: str
) -> None:
    app, url, room = served
    signed_up(url, "Robo")
    app.state.cardroom.accounts.grant("Robo", "bot")  # what `pokerroom accounts grant` does
    (ann,) = signed_up(url, "Ann")
    server = Server.parse(url)
    script = _script()

    async def main() -> None:
        robo = ServerLink(server, room, log_in(server, "Robo", PASSWORD))
        bot = Stubborn() if kind == "stubborn" else make_bot(kind, 1)
        playing = asyncio.create_task(script.play(robo, bot, None, 1))
        player = Player(ServerLink(server, room, ann)).start()
        try:
            await player.until(lambda t: t["you"]["seat"] is None, "the first snapshot")
            await player.until(lambda t: any(s["name"] == "Robo" for s in t["seats"]), "Robo")
            await player.link.send({"type": "sit", "seat": 2})
            await _passive_until(player, hand_over(1))
            assert await asyncio.wait_for(playing, WAIT) == 1  # the script saw it end, and left
            table: Mapping[str, Any] = player.table or {}
            robo_seat = next(s for s in table["seats"] if s["name"] == "Robo")
            ann_seat = next(s for s in table["seats"] if s["name"] == "Ann")
            assert robo_seat["bot_account"] and not ann_seat["bot_account"]
            hand_logs = [f["hand"]["log"] for f in player.of("table") if f["hand"] is not None]
            robo_acted = [
                line
                for line in hand_logs[-1]
                if line.startswith("Robo ") and any(word in line for word in (
                    " checks", " calls", " bets", " raises", " folds"))
            ]  # fmt: skip
            assert robo_acted, hand_logs[-1]
            assert sum(c["change"] for c in table["results"][0]["changes"]) == 0
        finally:
            await player.stop()
            if not playing.done():
                await robo.close()
                await asyncio.wait_for(playing, WAIT)

    asyncio.run(main())
