"""A table's page commands work from any process of a cluster (issue 25: no sticky
sessions): switching a table's observers off and closing it, posted to the process that
only follows the table, run on its owner, with the owner's refusals, and every process
shows the result — its observers dismissed, the table gone."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

import pytest
from websockets.asyncio.client import connect

from pokerroom.client.http import Answer, Visit
from pokerroom.client.signing_in import SESSION_COOKIE
from pokerroom.i18n import gettext, use_language
from pokerroom.web.lobby.table_commands import IN_PLAY
from tests.cluster.test_two_processes import Worker, home_table, is_table, joined
from tests.web.test_saved_means_saved import Player

pytestmark = pytest.mark.postgres

WAIT = 30.0


@dataclass
class Idle(Player):
    """A seated player who never acts: the hand waits for him."""

    async def play(self) -> None:
        async for text in self.socket:
            self.frames.append(json.loads(text))
            self.arrived.set()


async def seen(player: Player, wanted: Any, what: str) -> dict[str, Any]:
    """The first frame ``player`` got, so far or from now on, for which ``wanted(frame)``."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = next((frame for frame in player.frames if wanted(frame)), None)
        if found is not None:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"no frame {what} within {WAIT} s; last: {player.frames[-3:]}")


async def fold_in_turn(players: dict[int, Idle]) -> None:
    """The player whose turn it is folds, once his frame shows his turn."""
    for player in players.values():
        frame = next((f for f in reversed(player.frames) if is_table(f)), None)
        if frame is not None and frame["you"]["decision"] == "act":
            await player.send("act", action="fold", turn=frame["hand"]["turn"])
            await asyncio.sleep(0.3)
            return
    await asyncio.sleep(0.3)


async def idle(worker: Worker, token: str, room: str) -> tuple[Idle, asyncio.Task[None]]:
    """A socket on ``worker`` of a player who never acts, once it got its first frame."""
    cookie = {"Cookie": f"{SESSION_COOKIE}={token}"}
    url = f"ws://127.0.0.1:{worker.port}/ws/tables/{room}"
    player = Idle(await connect(url, additional_headers=cookie, proxy=None))
    task = asyncio.get_running_loop().create_task(player.play())
    await player.send("hello", v=1)
    await seen(player, is_table, "at first")
    return player, task


def post(worker: Worker, token: str, path: str, fields: dict[str, str]) -> Answer:
    visit = Visit(worker.server, {SESSION_COOKIE: token})
    form = visit.get(f"/tables/{path.split('/')[2]}")
    assert form.status == 200, form.refusal()
    return visit.post(path, {"csrf": form.csrf(), **fields})


def until_page(worker: Worker, token: str, room: str, status: int) -> None:
    """Wait until ``worker`` answers the table's page with ``status`` (200: it knows the
    table; 404: it heard the table closed)."""
    visit = Visit(worker.server, {SESSION_COOKIE: token})
    deadline = time.monotonic() + WAIT
    while visit.get(f"/tables/{room}").status != status:
        assert time.monotonic() < deadline, f"table {room}: no {status} on port {worker.port}"
        time.sleep(0.2)


def test_observers_and_closing_posted_to_the_follower_run_on_the_owner(
    workers: tuple[Worker, Worker],
) -> None:
    owner, other = workers
    tokens = owner.accounts("Ann", "Bob", "Cid")
    room = home_table(owner, tokens["Ann"])  # owned by the first process
    until_page(other, tokens["Ann"], room, 200)
    asyncio.run(_story(owner, other, tokens, room))


async def _story(owner: Worker, other: Worker, tokens: dict[str, str], room: str) -> None:
    ann, ann_task = await idle(owner, tokens["Ann"], room)
    bob, bob_task = await idle(other, tokens["Bob"], room)
    await ann.send("sit", seat=1)
    await bob.send("sit", seat=2)
    await ann.until(lambda f: is_table(f) and f["seats"][1]["name"] == "Bob", "Bob seated")
    await ann.send("start")
    await bob.until(lambda f: is_table(f) and f["hand"] is not None, "a hand dealt")
    cid, cid_task = await joined(other, tokens["Cid"], room)  # an observer on the follower

    refused = await asyncio.to_thread(
        post, other, tokens["Cid"], f"/tables/{room}/observers", {"observers": "no"}
    )
    assert refused.status == 403, refused.refusal()
    assert "only the table's host" in refused.refusal()
    switched = await asyncio.to_thread(
        post, other, tokens["Ann"], f"/tables/{room}/observers", {"observers": "no"}
    )
    assert switched.status == 303, switched.refusal()
    dismissed = await seen(cid, lambda f: f.get("code") == "observers_off", "dismissed")
    assert dismissed["type"] == "error"
    cid_task.cancel()

    in_play = await asyncio.to_thread(post, other, tokens["Ann"], f"/rooms/{room}/close", {})
    assert in_play.status == 409, in_play.refusal()
    with use_language("en"):
        assert gettext(IN_PLAY) in in_play.refusal()
    closed = in_play
    for _attempt in range(50):  # between hands it closes: the player to act folds
        if closed.status != 409:
            break
        await fold_in_turn({1: ann, 2: bob})
        closed = await asyncio.to_thread(post, other, tokens["Ann"], f"/rooms/{room}/close", {})
    assert closed.status == 303, closed.refusal()
    last = await seen(bob, lambda f: f["type"] == "closed", "told the table closed")
    assert last["room"] == room
    await asyncio.to_thread(until_page, owner, tokens["Ann"], room, 404)
    await asyncio.to_thread(until_page, other, tokens["Ann"], room, 404)
    for task in (ann_task, bob_task):
        task.cancel()
    for player in (ann, bob):
        await player.socket.close()
