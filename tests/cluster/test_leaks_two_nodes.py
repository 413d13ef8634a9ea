"""The leak matrix over the wire with two servers (issue 25): the table is owned by one,
half the clients are on the other, whose sockets get snapshots built from its follower copy;
every frame each socket receives is checked against the cards its viewer may know (X-4),
the owner's dealt hands being the truth (the follower's copy deals the same). Every message
on the broker meanwhile (commands, saved notices with their inputs) names no card at all."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Iterator
from contextlib import ExitStack

import nats
import pytest
from nats.aio.msg import Msg

from pokerroom.room.live import LiveRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.storage.rooms.saved_room import SavedRoom
from pokerroom.web.app import create_app
from pokerroom.web.saving.tables import open_room
from tests.real_parts import LiveServer, NatsServer
from tests.web.conftest import settings
from tests.web.test_wire_leaks import (
    BOT_ACCOUNT,
    BUDGET,
    MIN_HANDS,
    NAMES,
    Client,
    cash_room,
    home_room,
    seat_everyone,
    step,
)
from tests.web.wire import DealtHands, Server, Watch, sign_up_players

pytestmark = pytest.mark.postgres

CARD = re.compile(r"[2-9TJQKA][cdhs]")


class BusTap:
    """Every message on the broker's ``pokerroom.>`` subjects while the table is played."""

    def __init__(self) -> None:
        self.payloads: list[tuple[str, bytes]] = []

    async def heard(self, message: Msg) -> None:
        self.payloads.append((message.subject, message.data))

    def problems(self) -> list[str]:
        """Any message that names a card (a value that is one, or a key of the cards, the
        deck, the seed or the burns), or is not JSON; but for a player's own message that a
        command forwards, as he wrote it."""
        found = []
        for subject, payload in self.payloads:
            try:
                data = json.loads(payload)
            except ValueError:
                found.append(f"{subject}: not JSON: {payload[:80]!r}")
                continue
            if subject.endswith(".cmd") and isinstance(data, dict):
                data.pop("message", None)
            if _names_a_card(data):
                found.append(f"{subject}: names a card: {payload[:200]!r}")
        return found


def _names_a_card(data: object) -> bool:
    if isinstance(data, str):
        return CARD.fullmatch(data) is not None
    if isinstance(data, list):
        return any(_names_a_card(item) for item in data)
    if isinstance(data, dict):
        hidden = {"cards", "hole", "deck", "seed", "burns", "burned"}
        return any(k in hidden or _names_a_card(k) or _names_a_card(v) for k, v in data.items())
    return False


@pytest.fixture
def two_servers(postgres_url: str, nats_server: NatsServer) -> Iterator[tuple[Server, Server]]:
    """Two cardrooms on one PostgreSQL schema and one broker, each served by uvicorn."""
    with ExitStack() as stack:
        servers: list[Server] = []
        for number in range(2):
            app = create_app(postgres_url, settings(), broker=nats_server.url)
            accounts = sign_up_players(app, NAMES) if number == 0 else servers[0].accounts
            if number == 0:
                app.state.cardroom.accounts.grant(BOT_ACCOUNT, "bot")
            live = LiveServer(app)
            live.start()
            stack.callback(live.stop)
            servers.append(Server(app, live.url, accounts))
        yield servers[0], servers[1]


async def play_split(
    owner: Server,
    other: Server,
    room: LiveRoom,
    dealt: DealtHands,
    watch: Watch,
    seed: int,
    cash: bool,
) -> list[Client]:
    """Three players and an observer, alternately on the owner and the other server, let
    loose as the leak matrix's are; the clients on the other server."""
    rng = random.Random(seed)
    players = 3
    accounts = owner.accounts[:players]
    urls = [owner.socket_url(room.id), other.socket_url(room.id)]
    clients = [Client(a.name, a, urls[n % 2], watch) for n, a in enumerate(accounts)]
    clients.append(Client("observer", None, urls[1], watch))
    for client in clients:
        await client.connect()
    await seat_everyone(room, clients[:players], cash)
    start = time.monotonic()
    while (elapsed := time.monotonic() - start) < BUDGET or (
        elapsed < 10 * BUDGET and (len(dealt.hands) < MIN_HANDS or watch.frames < 50)
    ):
        deciders = [c for c in clients if c.latest and c.latest["you"]["decision"] is not None]
        client = rng.choice(deciders) if deciders and rng.random() < 0.7 else rng.choice(clients)
        await step(client, rng, owner.url, cash)
        await asyncio.sleep(rng.uniform(0, 0.02))
    await asyncio.sleep(0.3)  # the last frames arrive
    seen = [client.latest for client in clients[1::2]]
    for client in clients:
        if client.socket is not None:
            await client.drop(rng)
    assert all(frame is not None and frame["hand"] is not None for frame in seen), seen
    return clients[1::2]


@pytest.mark.parametrize("kind", ["home", "cash"])
def test_no_frame_leaks_a_card_with_sockets_on_two_servers(
    two_servers: tuple[Server, Server],
    nats_server: NatsServer,
    monkeypatch: pytest.MonkeyPatch,
    kind: str,
) -> None:
    owner, other = two_servers
    seed = 21 if kind == "cash" else 22
    made = (
        cash_room("holdem", seed)
        if kind == "cash"
        else home_room("holdem", seed, 3, False, owner.accounts[0].user)
    )
    entry = LobbyEntry(made.id, "game", "1/2", 0, made.table_size, kind=RoomKind(kind))
    saved = open_room(owner.app.state.cardroom, made, entry)
    assert isinstance(saved, SavedRoom) and isinstance(saved.room, LiveRoom)
    room = saved.room
    dealt = DealtHands(room, monkeypatch)
    followed = other.app.state.cardroom.registry
    deadline = time.monotonic() + 10
    while room.id not in followed and time.monotonic() < deadline:
        time.sleep(0.05)
    assert room.id in followed, "the other server never followed the table"
    watch = Watch(dealt)
    tap = BusTap()

    async def tapped() -> None:
        client = await nats.connect(nats_server.url)
        await client.subscribe("pokerroom.>", cb=tap.heard)
        try:
            await play_split(owner, other, room, dealt, watch, seed, kind == "cash")
        finally:
            await client.drain()

    asyncio.run(asyncio.wait_for(tapped(), 60))
    assert not watch.problems, "\n".join(watch.problems[:10])
    assert len(dealt.hands) >= 2 and watch.frames >= 50
    notices = [json.loads(p) for s, p in tap.payloads if s.endswith(".saved")]
    assert any(notice["inputs"] for notice in notices), "no notice carried its inputs"
    assert any(s.endswith(".cmd") for s, _ in tap.payloads), "nothing was forwarded"
    assert not tap.problems(), "\n".join(tap.problems()[:10])
