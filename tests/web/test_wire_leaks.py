"""The leak matrix over the wire (X-4, issue 13 item 5): the real server — ``create_app``
served by uvicorn, its hub's clock running — and real clients: players signed up through
the pages (one of them, Bob, a bot account: a program's client, checked like the others),
an observer, each holding a ``websockets`` connection to a table.

For every engine game, at a home-series table and at a cash table, the clients play random
hands from what their own frames say (``you.actions``), send random bad messages, choose
pre-actions, chat (report and ignore lines, lines too long), sit out and in (at a cash
table also sit down, top up, post and leave), drop
their connections and reopen them, let the shot clock run out, and fetch the lobby pages.
Every frame each socket receives is checked when it arrives against the cards its viewer
may know of that frame's hand at that moment (:func:`tests.web.leaks.known_to` over the
room's own hand, reached server-side); every refusal must answer a message of its own
receiver, and name no card he may not know; every page a client fetches is checked too.
Each case runs for a bounded time (``BUDGET`` seconds of play).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx2
import pytest
import websockets
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, WebSocketException

from pokerroom.engine import VARIANTS
from pokerroom.protocol.chat_frames import ChatFrame
from pokerroom.room import CashRoom, HomeRoom, ShotClock
from pokerroom.room.live import LiveRoom
from pokerroom.room.registry import RoomKind
from pokerroom.table.cash import CashSettings, Rake
from pokerroom.table.series import SeriesSettings
from tests.web.table_driver import random_act, table
from tests.web.wire import (
    Account,
    DealtHands,
    Frame,
    Server,
    Watch,
    named_cards,
    open_room,
    served_cardroom,
)

GAMES = ("holdem", "omaha", "omaha5", "omaha6", "omaha-hilo", "bomb-pot-omaha", "stud", "draw")
NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve")
BOT_ACCOUNT = "Bob"
"""A bot account: its client is one of the viewers every frame is checked for."""
BUDGET = 1.5
"""Seconds of play per case (16 cases)."""
MIN_HANDS = 3
CLOCK = ShotClock(seconds=0.3, countdown=0.1, banks=1, bank_seconds=1, showdown=0.3)
"""A fast shot clock, so that timeouts and time banks happen within the budget (A-18)."""
ROOM_NUMBERS = itertools.count(1)
"""A new id for every room: the hub remembers message ids per room id."""
PAGES = ("/", "/api/lobby", "/?kind=home", "/?kind=cash")


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """One cardroom served by uvicorn for the module; each case opens its own room."""
    for game in GAMES:  # the evaluators' tables and compiled kernels, before any clock runs
        warm_up(game)
    with served_cardroom(NAMES, bots=[BOT_ACCOUNT]) as served:
        yield served


def warm_up(game: str) -> None:
    """One hand of ``game`` checked down off the wire."""
    t = table(game, 2, seed=1)
    for _ in range(60):
        decider = t.decider()
        if decider is None:
            return
        you = t.snap(decider)["you"]
        if you["decision"] == "act":
            assert you["actions"] is not None
            t.send(decider, "act", action="check" if you["actions"]["check"] else "call")
        else:
            t.post(decider, random_act(t.snap(decider), random.Random(1)))


@dataclass
class Client:
    """One connected page: a player (``account``) or an observer (None)."""

    label: str
    account: Account | None
    url: str
    watch: Watch
    socket: ClientConnection | None = None
    reader: asyncio.Task[None] | None = None
    latest: Frame | None = None
    sent: dict[str, list[str]] = field(default_factory=dict)
    """The id of each message sent, with the cards it named."""
    refless: int = 0
    """Messages sent that a refusal cannot name (not JSON, no id)."""
    count: int = 0
    acted_on: str | None = None
    last_sent: float = 0.0
    chat_lines: int = 0
    """The most chat lines one of its frames held."""

    @property
    def user(self) -> int | None:
        return None if self.account is None else self.account.user

    async def connect(self) -> None:
        headers = {} if self.account is None else self.account.headers
        self.socket = await websockets.connect(
            self.url, additional_headers=headers, open_timeout=5, max_size=2**22
        )
        await self.socket.send(json.dumps({"type": "hello", "v": 1}))
        self.latest, self.acted_on = None, None
        self.reader = asyncio.create_task(self._read(self.socket))

    async def drop(self, rng: random.Random) -> None:
        """A closed tab, or (half the time) a connection that just breaks."""
        socket, self.socket = self.socket, None
        assert socket is not None and self.reader is not None
        if rng.random() < 0.5:
            socket.transport.abort()
        else:
            await socket.close()
        await self.reader

    async def _read(self, socket: ClientConnection) -> None:
        try:
            async for text in socket:
                assert isinstance(text, str)
                self.receive(json.loads(text))
        except ConnectionClosed:
            pass

    def receive(self, frame: Frame) -> None:
        """Check each frame the moment it arrives."""
        watch = self.watch
        if frame["type"] == "table":
            watch.table_frame(self.label, self.user, frame)  # its chat too
            self.latest = frame
            self.chat_lines = max(self.chat_lines, len(frame["chat"]["lines"]))
            return
        if frame["type"] != "error":
            watch.problems.append(f"{self.label} got a {frame['type']!r} frame")
            return
        ref = frame["ref"]
        if frame["code"] == "server_error":
            watch.problems.append(f"{self.label}: server failure {frame}")
        if ref is None and self.refless == 0:
            watch.problems.append(f"{self.label} got a refusal of nothing he sent: {frame}")
        if ref is not None and ref not in self.sent:  # refusals go to their sender only
            watch.problems.append(f"{self.label} got the refusal of another's message: {frame}")
        if "\n" in frame["message"] or not frame["message"]:
            watch.problems.append(f"{self.label}: a refusal is not one line: {frame}")
        watch.error_frame(self.label, self.user, frame, self.sent.get(ref or "", []))

    async def send(self, message: Frame, *, keep_id: str | None = None) -> None:
        """Send ``message`` with a fresh id (or ``keep_id``: a replay); paced below the
        server's flood limit."""
        if self.socket is None:
            return
        wait = self.last_sent + 0.06 - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self.count += 1
        ident = keep_id or f"{self.label}-{self.count}"
        self.sent[ident] = named_cards(message)
        await self.send_text(json.dumps({"id": ident, **message}))

    async def send_text(self, text: str, *, refless: bool = False) -> None:
        if self.socket is None:
            return
        self.refless += refless
        self.last_sent = time.monotonic()
        with contextlib.suppress(ConnectionClosed):
            await self.socket.send(text)

    async def fetch_pages(self, base: str, rng: random.Random) -> None:
        """A page of the cardroom fetched now, checked as a frame is."""
        path = rng.choice(PAGES)
        cookies = {} if self.account is None else {"pokerroom_session": self.account.cookie}
        async with httpx2.AsyncClient(base_url=base, cookies=cookies, timeout=5) as http:
            answer = await http.get(path)
        if answer.status_code != 200:
            self.watch.problems.append(f"{self.label}: {path} answered {answer.status_code}")
        self.watch.page(self.label, self.user, path, answer.text)


def my_seat(frame: Frame | None) -> Frame | None:
    if frame is None or frame["you"]["seat"] is None:
        return None
    seat: Frame = frame["seats"][frame["you"]["seat"] - 1]
    return seat


BAD_TEXTS = ('{"type": "act",', "[1, 2]", '"fold"', '{"type": 7}', "x" * 5000)


def bad_message(client: Client, rng: random.Random, cash: bool) -> Frame | str:
    """Something a table must refuse (usually): bad JSON, wrong shapes, out of turn, out of
    range, cards not held, a seat not ours."""
    if rng.random() < 0.2:
        return rng.choice(BAD_TEXTS)
    messages: list[Frame] = [
        {"type": "act", "action": "raise", "amount": rng.choice([0, 1, 10**6])},
        {"type": "act", "action": "check"},
        {"type": "act", "action": "fold", "turn": "0.0"},
        {"type": "act", "action": "fold", "seat": rng.randint(1, 6)},
        {"type": "draw", "cards": rng.sample(["As", "Kd", "7c", "2h", "Ts"], 2)},
        {"type": "draw", "cards": ["Zz"]},
        {"type": "muck"},
        {"type": "show"},
        {"type": "sit", "seat": rng.randint(1, 10)},
        {"type": "start"},
        {"type": "bogus"},
        {"kind": "fold"},
        {"type": "preaction", "kind": "maybe"},
    ]
    if cash:
        messages += [
            {"type": "sit", "seat": rng.randint(1, 6), "buy_in": rng.choice([1, 10**6])},
            {"type": "top_up", "amount": rng.choice([0, 10**6])},
        ]
    return rng.choice(messages)


CHAT_TEXTS = ("gl", "nice hand 👍", "<img src=x onerror=alert(1)>", "ty wp", "x" * 201, " ")
"""What players type: no card names, so any card a chat frame holds came from the server."""


def chat_message(rng: random.Random) -> Frame:
    """A chat line (now and then too long or empty), a report or an ignore."""
    messages: list[Frame] = [
        {"type": "chat", "text": rng.choice(CHAT_TEXTS)},
        {"type": "chat", "text": rng.choice(CHAT_TEXTS)},
        {"type": "chat_report", "line": rng.randint(1, 6)},
        {"type": "chat_ignore", "user": rng.randint(1, 6), "ignore": rng.random() < 0.7},
    ]
    return rng.choice(messages)


def seat_message(rng: random.Random, cash: bool) -> Frame:
    """A seat request a player may well make: sit out or in, and at a cash table sit down,
    top up, post, leave."""
    messages: list[Frame] = [{"type": "sit_out"}, {"type": "sit_in"}, {"type": "sit_in"}]
    if cash:
        messages += [
            {"type": "sit", "seat": rng.randint(1, 6), "buy_in": 200, "post": rng.random() < 0.5},
            {"type": "sit", "seat": rng.randint(1, 6), "buy_in": 200},
            {"type": "top_up", "amount": rng.choice([10, 50])},
            {"type": "post"},
            {"type": "sit_in", "post": True},
            {"type": "leave"},
        ]
    return rng.choice(messages)


async def wait_until(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the table did not get there in time")
        await asyncio.sleep(0.01)


async def step(client: Client, rng: random.Random, base: str, cash: bool) -> None:
    """One random thing this client does now: mostly the decision his table waits for."""
    if client.socket is None:
        if rng.random() < 0.5:
            await client.connect()
        return
    frame = client.latest
    turn = None if frame is None or frame["hand"] is None else frame["hand"]["turn"]
    if frame is not None and frame["you"]["decision"] is not None and client.acted_on != turn:
        client.acted_on = turn
        if rng.random() < 0.06:  # thinks too long: the shot clock acts
            return
        message = random_act(frame, rng)  # type: ignore[arg-type]
        if rng.random() < 0.5:
            message["turn"] = turn
        await client.send(message)
        return
    seat = my_seat(frame)
    if seat is not None and seat["away"] and rng.random() < 0.5:
        await client.send({"type": "sit_in", "post": rng.random() < 0.5})
        return
    roll = rng.random()
    if roll < 0.04:
        await client.drop(rng)
    elif roll < 0.10:
        await client.fetch_pages(base, rng)
    elif roll < 0.40:
        bad = bad_message(client, rng, cash)
        if isinstance(bad, str):
            await client.send_text(bad, refless=True)
        else:
            await client.send(bad)
    elif roll < 0.48 and client.sent:  # a resend of an old message: dropped (replay)
        old = rng.choice(list(client.sent))
        await client.send({"type": "sit_out"}, keep_id=old)
    elif roll < 0.56 and client.account is not None:
        await client.send(chat_message(rng))
    elif roll < 0.75 and client.account is not None:
        kinds = ["check_fold", "check", "call_any", "fold_any", "clear"]
        await client.send({"type": "preaction", "kind": rng.choice(kinds)})
    elif client.account is not None:
        await client.send(seat_message(rng, cash))


def home_room(game: str, seed: int, players: int, bot: bool, host: int) -> HomeRoom:
    return HomeRoom(
        f"home-{game}-{seed}-{next(ROOM_NUMBERS)}",
        settings=SeriesSettings(VARIANTS[game]),
        seats=players + 1 + bot,
        host=host,
        bots={players + 1: "random"} if bot else None,
        clock=CLOCK,
        grace=0.3,
        pause=0.05,
        seed=seed,
    )


def cash_room(game: str, seed: int) -> CashRoom:
    return CashRoom(
        f"cash-{game}-{seed}-{next(ROOM_NUMBERS)}",
        settings=CashSettings(VARIANTS[game], seats=6, rake=Rake(5, 3)),
        clock=CLOCK,
        grace=0.3,
        pause=0.05,
        seed=seed,
    )


async def seat_everyone(room: LiveRoom, players: list[Client], cash: bool) -> None:
    for index, client in enumerate(players):
        message: Frame = {"type": "sit", "seat": index + 1}
        if cash:
            message["buy_in"] = 200
        await client.send(message)
    users = {client.user for client in players}
    await wait_until(lambda: users <= {o.user for o in room.occupants.values()})
    if not cash:
        await players[0].send({"type": "start"})
    await wait_until(lambda: room.hand is not None)


async def play(
    server: Server, room: LiveRoom, dealt: DealtHands, watch: Watch, seed: int, players: int
) -> int:
    """Connect the clients, seat them, and let them loose for ``BUDGET`` seconds (longer,
    up to ten times that, on a busy machine, until ``MIN_HANDS`` hands were dealt and
    enough frames and refusals seen). The most chat lines a frame held."""
    rng = random.Random(seed)
    cash = isinstance(room, CashRoom)
    ws_url = server.socket_url(room.id)
    accounts = server.accounts[: players + (2 if cash else 0)]  # cash: two come later
    clients = [Client(a.name, a, ws_url, watch) for a in accounts]
    clients.append(Client("observer", None, ws_url, watch))
    for client in clients:
        await client.connect()
    await seat_everyone(room, clients[:players], cash)
    for client in clients[:players]:
        await client.send({"type": "chat", "text": "gl"})
    start = time.monotonic()
    while (elapsed := time.monotonic() - start) < BUDGET or (
        elapsed < 10 * BUDGET
        and (len(dealt.hands) < MIN_HANDS or watch.errors < 5 or watch.frames < 50)
    ):
        deciders = [c for c in clients if c.latest and c.latest["you"]["decision"] is not None]
        client = rng.choice(deciders) if deciders and rng.random() < 0.7 else rng.choice(clients)
        await step(client, rng, server.url, cash)
        await asyncio.sleep(rng.uniform(0, 0.02))
    await asyncio.sleep(0.1)  # the last frames arrive
    for client in clients:
        if client.socket is not None:
            await client.drop(rng)
    return max(client.chat_lines for client in clients)


@pytest.mark.parametrize("kind", ["home", "cash"])
@pytest.mark.parametrize("game", GAMES)
def test_no_frame_or_page_leaks_a_card(
    server: Server, monkeypatch: pytest.MonkeyPatch, game: str, kind: str
) -> None:
    """X-4, P-5, H-9, A-2, A-18 over the wire: zero leaks in every frame and page, and
    every refusal reaches only its sender."""
    seed = GAMES.index(game) * 2 + (kind == "cash")
    rng = random.Random(seed)
    players = rng.randint(2, 4)
    room: LiveRoom = (
        cash_room(game, seed)
        if kind == "cash"
        else home_room(game, seed, players, rng.random() < 0.5, server.accounts[0].user)
    )
    dealt = DealtHands(room, monkeypatch)
    open_room(server.app, room, RoomKind(kind), room.table_size)
    watch = Watch(dealt)
    try:
        chat_lines = asyncio.run(
            asyncio.wait_for(play(server, room, dealt, watch, seed, players), BUDGET + 20)
        )
    except WebSocketException as error:  # pragma: no cover - the server hung up on a client
        pytest.fail(f"a connection failed: {error!r}")
    finally:
        server.app.state.cardroom.registry.remove(room.id)
    assert not watch.problems, "\n".join(watch.problems[:10])
    assert len(dealt.hands) >= 2, (
        f"only {len(dealt.hands)} hands dealt: {room.status} {room.decider()} {room.turn}"
        f" {room.next_hand_at} {time.monotonic()} {list(room.occupants.values())}"
    )
    assert watch.frames >= 30 and watch.errors >= 3, (watch.frames, watch.errors)
    assert chat_lines > 0, "nobody chatted: the chat frames were not checked"
    if kind == "home":  # seated for the whole series, and shown as the bot account he is
        marked = {o.name for o in room.occupants.values() if o.bot_account}
        assert marked == {BOT_ACCOUNT}, marked


def test_the_wire_matrix_catches_a_room_that_shows_every_hand(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check can fail: a snapshot built from seat 0's view for everyone is caught in
    the frames the sockets receive."""
    from pokerroom.engine.views import seen_holes as real
    from pokerroom.room import snapshot

    monkeypatch.setattr(snapshot, "seen_holes", lambda hand, viewer: real(hand, 0))
    room = home_room("holdem", 5, 3, False, server.accounts[0].user)
    dealt = DealtHands(room, monkeypatch)
    open_room(server.app, room, RoomKind.HOME, room.table_size)
    watch = Watch(dealt)
    try:
        asyncio.run(asyncio.wait_for(play_briefly(server, room, watch), 20))
    finally:
        server.app.state.cardroom.registry.remove(room.id)
    assert any("observer was sent" in p for p in watch.problems), watch.problems[:3]
    assert any(f"{BOT_ACCOUNT} was sent" in p for p in watch.problems), watch.problems[:3]


def test_the_wire_matrix_catches_a_chat_that_carries_a_hidden_card(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chat frames are checked too: a chat that quoted seat 0's hole cards to every
    viewer is caught."""
    from pokerroom.chat.frames import chat_frame as honest
    from pokerroom.engine.views import view_of

    room = home_room("holdem", 6, 3, False, server.accounts[0].user)

    def quoting(*args: Any, **kwargs: Any) -> ChatFrame:
        frame = honest(*args, **kwargs)
        hand = room.hand
        if hand is not None:
            hole = " ".join(str(card) for card in view_of(hand, 0).hole[0] if card is not None)
            frame["lines"] = [
                {
                    "n": 1,
                    "at": 0.0,
                    "channel": "table",
                    "user": 0,
                    "name": "x",
                    "text": hole,
                    "hand": 1,
                }
            ]
        return frame

    monkeypatch.setattr("pokerroom.room.live.chat_frame", quoting)
    dealt = DealtHands(room, monkeypatch)
    open_room(server.app, room, RoomKind.HOME, room.table_size)
    watch = Watch(dealt)
    try:
        asyncio.run(asyncio.wait_for(play_briefly(server, room, watch), 20))
    finally:
        server.app.state.cardroom.registry.remove(room.id)
    assert any("at chat.lines[0].text" in p for p in watch.problems), watch.problems[:3]


async def play_briefly(server: Server, room: LiveRoom, watch: Watch) -> None:
    ws_url = server.socket_url(room.id)
    clients = [Client(a.name, a, ws_url, watch) for a in server.accounts[:3]]
    clients.append(Client("observer", None, ws_url, watch))
    for client in clients:
        await client.connect()
    await seat_everyone(room, clients[:3], cash=False)
    await wait_until(lambda: all(c.latest and c.latest["hand"] for c in clients))
    for client in clients:
        await client.drop(random.Random(1))
