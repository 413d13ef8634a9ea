"""Load: the real server on 127.0.0.1 and many simulated players at many cash tables.

The server (``load_server.py``: :func:`pokerroom.web.app.create_app` on a fresh SQLite file,
uvicorn) runs in its own process, so its CPU is its own; this process runs the players,
each a real WebSocket client (the ``websockets`` library) with its own session cookie at
``/ws/tables/<id>``: ``hello``, ``sit`` with a buy-in, then whenever ``you.decision`` is
``act`` (or ``show``) a legal action from ``you.actions`` after a random think time. A
player low on chips tops up between hands; one sat out by the clock sits in again.

Printed for each mode: the players held (connected and seated at the end) and the tables
held (where players acted during the measured window), actions per second, and the latency from an
action sent to the next snapshot at every seat of that table that shows it (a frame whose
``hand.turn`` token is past the one the action was sent for): per seat, and for the last
seat to hear of it (the figure the target is about). Anchors: the old poker-network
server's claim of 1,000 simultaneous players on one machine, and the same tables played in
this process with no sockets (each action handled and every seat's snapshot built and
encoded) — the ceiling the server's actions per second are divided by.

Two modes: with think times (``--think 0.5-2``, the default; ``--pause`` seconds between
hands) for players held and latency; with no think time (``--think 0``, no pause between
hands, the flood limit raised for this run only) for the most actions per second. Without
``--think`` both run, one after the other, each on a fresh server.
Targets (2 cores): 1,000 players held at 150 tables with a p99 under 100 ms.

Run: ``.venv/bin/python benchmarks/bench_server.py [--players N] [--tables T] [--seconds S]
[--think LOW-HIGH | --think 0] [--pause S] [--quick] [--profile FILE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from load_config import LoadConfig
from pokerroom.room.cash import CashRoom
from pokerroom.room.hub import room_vocabulary
from pokerroom.room.seam import User
from pokerroom.room.shared_frames import SharedFrames
from pokerroom.table.cash import CashSettings

ANCHOR_PLAYERS = 1_000
"""poker-network's claim: 1,000 simultaneous players on one machine."""
TARGET_PLAYERS, TARGET_TABLES, TARGET_P99 = 1_000, 150, 0.100
MAX_SEATS = 10
BUY_IN, TOP_UP_BELOW = 200, 100
NO_THINK_FLOOD_RATE = 1_000.0
"""Messages a second per connection allowed in the no-think mode (the default is 20)."""
CONNECTING_AT_ONCE = 100
CONNECT_SECONDS = 60.0
"""The longest the players may take to connect and sit before the run gives up on them."""
PENDING_SECONDS = 10.0
"""An action no seat has heard of after this long is counted as lost."""
MOVING_TRIES, MOVING_PAUSE = 5, 1.0
"""A message refused with code ``moving`` (its table being handed over) is sent again under
a new id, a second apart, up to five sends in all: as the table page does."""
UNANSWERED_KEPT = 64
"""The latest messages a player remembers, to send again one refused as ``moving``."""
SERVER = Path(__file__).with_name("load_server.py")
SESSION_COOKIE = "pokerroom_session"


# ---------------------------------------------------------------------- the players' play


def choose(actions: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A loose, passive player: checks or calls mostly, min-raises now and then, folds some,
    so hands reach the river often and stacks last."""
    roll = rng.random()
    raise_to = actions["raise_to"]
    if raise_to is not None and raise_to["min"] is not None and roll < 0.1:
        return {"action": raise_to["word"], "amount": raise_to["min"]}
    if actions["check"]:
        return {"action": "check"}
    if actions["call"] is not None and (roll < 0.75 or not actions["fold"]):
        return {"action": "call"}
    return {"action": "fold"}


def turn_key(token: str) -> tuple[int, int]:
    """``"hand.events"`` as a pair that orders the moments of a table."""
    hand, _, events = token.partition(".")
    return int(hand), int(events)


@dataclass(slots=True)
class Pending:
    """One action on its way: when it was sent, for which moment, and who has not seen it."""

    key: tuple[int, int]
    sent: float
    waiting: set[int]


@dataclass
class Stats:
    """What the players measured during the window."""

    playing: bool = False
    """Players decide only once everyone is seated, so the load is whole from the start."""
    measuring: bool = False
    actions: int = 0
    seat_latency: list[float] = field(default_factory=list)
    table_latency: list[float] = field(default_factory=list)
    lost: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    frames: int = 0


@dataclass
class TableWatch:
    """One table's connected players and the actions whose updates are on their way."""

    room: str
    stats: Stats
    connected: set[int] = field(default_factory=set)
    pending: deque[Pending] = field(default_factory=deque)
    hands: int = 0
    actions: int = 0
    """Actions sent during the window."""

    def sent(self, key: tuple[int, int], now: float) -> None:
        if self.stats.measuring:
            self.stats.actions += 1
            self.actions += 1
            self.pending.append(Pending(key, now, set(self.connected)))

    def seen(self, player: int, key: tuple[int, int], now: float) -> None:
        """A frame showing moment ``key`` reached ``player``: it carries every action sent
        for an earlier moment."""
        stats = self.stats
        for entry in self.pending:
            if entry.key < key and player in entry.waiting:
                entry.waiting.discard(player)
                stats.seat_latency.append(now - entry.sent)
                if not entry.waiting:
                    stats.table_latency.append(now - entry.sent)
        while self.pending and (
            not self.pending[0].waiting or now - self.pending[0].sent > PENDING_SECONDS
        ):
            if self.pending.popleft().waiting:
                stats.lost += 1


@dataclass
class Player:
    number: int
    token: str
    seat: int
    table: TableWatch
    think: tuple[float, float]
    rng: random.Random
    socket: ClientConnection | None = None
    seated: bool = False
    turn: str = ""
    """The latest frame's turn token."""
    decided: str = ""
    """The turn token of the last decision taken (so one decision is sent once)."""
    you: dict[str, Any] | None = None
    """The latest frame's ``you``."""
    asked_at: tuple[int, str] = (-1, "")
    """The hand number and request of the last top-up or sit-in (sent once a hand)."""
    sent: int = 0
    unanswered: dict[str, tuple[str, dict[str, Any], int]] = field(default_factory=dict)
    """The latest messages sent, by id: their type, fields and how many sends came before."""

    def message(self, kind: str, tries: int = 0, **fields: Any) -> str:
        self.sent += 1
        ref = f"m{self.sent}"
        self.unanswered[ref] = (kind, fields, tries)
        if len(self.unanswered) > UNANSWERED_KEPT:
            del self.unanswered[next(iter(self.unanswered))]
        return json.dumps({"type": kind, "id": ref, **fields})


async def play(player: Player, url: str, gate: asyncio.Semaphore) -> None:
    """Connect, sit and play until cancelled."""
    async with gate:
        websocket = await connect(
            url,
            additional_headers={"Cookie": f"{SESSION_COOKIE}={player.token}"},
            proxy=None,
            ping_interval=None,
            open_timeout=CONNECT_SECONDS,
            max_size=None,
        )
    player.socket = websocket
    table = player.table
    try:
        await websocket.send(json.dumps({"type": "hello", "v": 1, "id": "h", "protocol": 1}))
        await websocket.send(player.message("sit", seat=player.seat, buy_in=BUY_IN))
        async for text in websocket:
            now = time.perf_counter()
            await on_frame(player, json.loads(text), now)
    except WebSocketException:
        pass
    finally:
        table.connected.discard(player.number)
        player.seated = False
        await websocket.close()


async def on_frame(player: Player, frame: dict[str, Any], now: float) -> None:
    table, stats = player.table, player.table.stats
    stats.frames += 1
    if frame["type"] == "error":
        stats.errors[frame["code"]] += 1
        if frame["code"] == "moving":
            send_again(player, frame.get("ref"))
        return
    if frame["type"] == "saving":  # the table pauses for the database, or resumes: no state
        stats.errors[f"saving paused={frame['paused']}"] += 1
        return
    hand, you = frame["hand"], frame["you"]
    player.turn = "0.0" if hand is None else hand["turn"]
    key = turn_key(player.turn)
    table.hands = max(table.hands, key[0])
    if you["seat"] is not None and not player.seated:
        player.seated = True
        table.connected.add(player.number)
    table.seen(player.number, key, now)
    await look_after_seat(player, frame, key[0])
    player.you = you
    if stats.playing:
        await take_turn(player)


async def take_turn(player: Player) -> None:
    """Decide (now, or after thinking) if the latest frame asks us to and we have not yet."""
    you = player.you
    if you is None or you["decision"] not in ("act", "show") or player.turn == player.decided:
        return
    player.decided = player.turn
    low, high = player.think
    if high <= 0:
        await decide(player, you, player.turn)
    else:
        pause = player.rng.uniform(low, high)
        asyncio.get_running_loop().call_later(pause, _decide_later, player, you, player.turn)


def _decide_later(player: Player, you: dict[str, Any], turn: str) -> None:
    asyncio.get_running_loop().create_task(decide(player, you, turn))


async def decide(player: Player, you: dict[str, Any], turn: str) -> None:
    """Send the decision for moment ``turn`` if the table still waits on it."""
    websocket = player.socket
    if websocket is None or player.turn != turn:
        return  # the clock acted, or the connection is gone
    if you["decision"] == "show":
        kind = "muck" if you["may_muck"] and player.rng.random() < 0.5 else "show"
        text = player.message(kind)
    else:
        text = player.message("act", turn=turn, **choose(you["actions"], player.rng))
    player.table.sent(turn_key(turn), time.perf_counter())
    try:
        await websocket.send(text)
    except WebSocketException:
        return


def send_again(player: Player, ref: object) -> None:
    """The message ``ref`` was refused while its table moved: send it again in a second under
    a new id, unless it has been sent :data:`MOVING_TRIES` times."""
    sent = player.unanswered.pop(str(ref), None)
    if sent is None or sent[2] + 1 >= MOVING_TRIES:
        return
    kind, fields, tries = sent
    loop = asyncio.get_running_loop()
    loop.call_later(MOVING_PAUSE, _send_later, player, kind, fields, tries + 1)


def _send_later(player: Player, kind: str, fields: dict[str, Any], tries: int) -> None:
    websocket = player.socket
    if websocket is not None:
        text = player.message(kind, tries, **fields)
        asyncio.get_running_loop().create_task(_send_quietly(websocket, text))


async def _send_quietly(websocket: ClientConnection, text: str) -> None:
    with contextlib.suppress(WebSocketException):
        await websocket.send(text)


async def look_after_seat(player: Player, frame: dict[str, Any], hand: int) -> None:
    """Top up a short stack between hands; sit in again after the clock sat us out."""
    cash, websocket = frame["you"].get("cash"), player.socket
    if cash is None or websocket is None or player.seat > len(frame["seats"]):
        return
    stack = frame["seats"][player.seat - 1]["stack"]
    request: dict[str, Any] | None = None
    if cash["state"] == "sitting_out":
        request = {"kind": "sit_in"}
    elif cash["top_up"] > 0 and stack < TOP_UP_BELOW:
        request = {"kind": "top_up", "amount": cash["top_up"]}
    if request is None or player.asked_at == (hand, request["kind"]):
        return
    player.asked_at = (hand, request["kind"])
    try:
        await websocket.send(player.message(**request))
    except WebSocketException:
        return


# ---------------------------------------------------------------------- one run


@dataclass(frozen=True, slots=True)
class Result:
    mode: str
    players: int
    tables: int
    seats: int
    seconds: float
    held: int
    tables_held: int
    actions: int
    hands: int
    seat_latency: list[float]
    table_latency: list[float]
    lost: int
    errors: Counter[str]
    server_cpu: float | None
    """The server's share of one core while measuring."""
    server_wait: float | None
    """The share of the time the server was ready to run but waited for a core."""
    client_cpu: float

    @property
    def rate(self) -> float:
        return self.actions / self.seconds


def cpu_seconds(pid: int) -> tuple[float, float] | None:
    """The CPU seconds a process's main thread ran, and waited to run while ready
    (Linux ``/proc/<pid>/schedstat``: on a shared machine the second one says how much
    of the latency is other people's work); None elsewhere."""
    try:
        ran, waited, _ = Path(f"/proc/{pid}/schedstat").read_text().split()
    except (OSError, ValueError):
        return None
    return int(ran) / 1e9, int(waited) / 1e9


def cpu_of(pids: list[int]) -> tuple[float, float] | None:
    """:func:`cpu_seconds` of one server process; of several (workers), the CPU seconds
    of all their threads (a follower replays on threads) and their main threads' waits."""
    each = [cpu_seconds(pid) for pid in pids]
    if any(seconds is None for seconds in each):
        return None
    waited = sum(s[1] for s in each if s)
    if len(pids) == 1:
        return each[0]
    ticks = os.sysconf("SC_CLK_TCK")
    ran = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        ran += (int(fields[11]) + int(fields[12])) / ticks  # utime and stime, every thread
    return ran, waited


def launch(config: LoadConfig) -> subprocess.Popen[str]:
    """Start the server process (it announces itself on its stdout when ready)."""
    return subprocess.Popen(
        [sys.executable, str(SERVER), config.to_json()],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def announced(server: subprocess.Popen[str]) -> dict[str, Any]:
    """What the server built: its port, table ids and players."""
    assert server.stdout is not None
    line = server.stdout.readline()
    if not line:
        server.wait(10)
        raise SystemExit(f"the server process failed to start (exit code {server.returncode})")
    info: dict[str, Any] = json.loads(line)
    return info


def stop_server(server: subprocess.Popen[str]) -> None:
    assert server.stdin is not None
    server.stdin.close()
    try:
        server.wait(15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


async def drive(
    info: dict[str, Any], mode: str, seconds: float, think: tuple[float, float], pid: int
) -> Result:
    """Connect every player, warm up, measure for ``seconds``, disconnect."""
    stats = Stats()
    tables = [TableWatch(room, stats) for room in info["tables"]]
    rng = random.Random(13)
    players = [
        Player(n, p["token"], p["seat"], tables[p["table"]], think, random.Random(rng.random()))
        for n, p in enumerate(info["players"])
    ]
    gate = asyncio.Semaphore(CONNECTING_AT_ONCE)
    ports = info.get("ports", [info["port"]])  # several workers: players spread over them
    bases = [f"ws://127.0.0.1:{port}/ws/tables/" for port in ports]
    tasks = [
        asyncio.create_task(play(p, bases[n % len(bases)] + p.table.room, gate))
        for n, p in enumerate(players)
    ]
    pids = info.get("pids", [pid])
    try:
        deadline = time.monotonic() + CONNECT_SECONDS
        while sum(p.seated for p in players) < len(players) and time.monotonic() < deadline:
            if all(task.done() for task in tasks):
                break
            await asyncio.sleep(0.1)
        stats.playing = True
        await asyncio.gather(*(take_turn(player) for player in players))
        await asyncio.sleep(min(2.0, seconds / 2))  # warm up: the first hands are dealt
        hands_before = [table.hands for table in tables]
        server_before, client_before = cpu_of(pids), time.process_time()
        stats.measuring = True
        start = time.perf_counter()
        await asyncio.sleep(seconds)
        stats.measuring = False
        took = time.perf_counter() - start
        server_after, client_after = cpu_of(pids), time.process_time()
        held = sum(p.seated for p in players)
        dealt = [table.hands - before for table, before in zip(tables, hands_before, strict=True)]
    finally:
        for task in tasks:
            task.cancel()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    failures = Counter(
        type(o).__name__ for o in outcomes if isinstance(o, BaseException) and not _cancel(o)
    )
    stats.errors.update({f"client {name}": count for name, count in failures.items()})
    server_cpu = server_wait = None
    if server_before is not None and server_after is not None:
        server_cpu = (server_after[0] - server_before[0]) / took
        server_wait = (server_after[1] - server_before[1]) / took
    return Result(
        mode=mode,
        players=len(players),
        tables=len(tables),
        seats=max(p.seat for p in players),
        seconds=took,
        held=held,
        tables_held=sum(1 for table in tables if table.actions > 0),
        actions=stats.actions,
        hands=sum(dealt),
        seat_latency=stats.seat_latency,
        table_latency=stats.table_latency,
        lost=stats.lost,
        errors=stats.errors,
        server_cpu=server_cpu,
        server_wait=server_wait,
        client_cpu=(client_after - client_before) / took,
    )


def _cancel(outcome: BaseException) -> bool:
    return isinstance(outcome, asyncio.CancelledError)


def server_config(args: argparse.Namespace, think: tuple[float, float]) -> LoadConfig:
    """No think time: no pause between hands and a flood limit that lets bots act at once."""
    limit = args.seconds + CONNECT_SECONDS + 60
    cluster = {"workers": args.workers, "broker": args.broker, "database": args.database}
    if think[1] > 0:
        return LoadConfig(
            args.players, args.tables, args.pause, limit, profile=args.profile, **cluster
        )
    return LoadConfig(
        args.players, args.tables, 0.0, limit, NO_THINK_FLOOD_RATE, profile=args.profile, **cluster
    )


def run_mode(
    server: subprocess.Popen[str], mode: str, seconds: float, think: tuple[float, float]
) -> Result:
    try:
        return _event_loop_run(drive(announced(server), mode, seconds, think, server.pid))
    finally:
        stop_server(server)


def _event_loop_run(work: Any) -> Result:
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)  # type: ignore[no-any-return]
    return uvloop.run(work)  # type: ignore[no-any-return]


# ---------------------------------------------------------------------- the in-process anchor


def in_process_rate(seats: int, seconds: float) -> float:
    """Actions a second of one table played here with no sockets: each action handled and
    then every seat's frame built and encoded as the hub does for every change (the public
    part once, :mod:`pokerroom.room.shared_frames`); the players' reading of their frames
    is not timed."""
    room = CashRoom("anchor", settings=CashSettings(seats=seats), pause=0.0, seed=1)
    users = [User(n, f"Anchor{n}") for n in range(1, seats + 1)]
    now = 0.0
    for seat, user in enumerate(users, 1):
        room.handle(user, {"type": "sit", "id": "s", "seat": seat, "buy_in": BUY_IN}, now)
    rng, actions, serial, spent = random.Random(1), 0, 0, 0.0
    shared = SharedFrames()
    vocabulary = room_vocabulary(room)
    while spent < seconds:
        began = time.process_time()
        now += 0.001
        room.tick(now)
        shared.forget(room.id)
        texts = {user.id: shared.encoded(room, user, "en", vocabulary, now) for user in users}
        spent += time.process_time() - began
        frames: dict[int, dict[str, Any]] = {n: json.loads(text) for n, text in texts.items()}
        began = time.process_time()
        for user in users:
            you = frames[user.id]["you"]
            serial += 1
            if you["decision"] == "act":
                move = choose(you["actions"], rng)
                room.handle(user, {"type": "act", "id": f"a{serial}", **move}, now)
                actions += 1
            elif you["decision"] == "show":
                room.handle(user, {"type": "show", "id": f"a{serial}"}, now)
                actions += 1
            elif you["cash"]["top_up"] > 0 and frames[user.id]["seats"][user.id - 1]["stack"] < 100:
                room.handle(user, {"type": "top_up", "id": f"a{serial}", "amount": 100}, now)
        spent += time.process_time() - began
    return actions / spent


# ---------------------------------------------------------------------- the report


def percentile(samples: Sequence[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def milliseconds(samples: Sequence[float]) -> str:
    if not samples:
        return "no samples"
    return (
        f"p50 {1000 * statistics.median(samples):6.1f} ms, "
        f"p99 {1000 * percentile(samples, 0.99):6.1f} ms (n = {len(samples):,})"
    )


def report(result: Result, ceiling: float) -> None:
    print(f"\n{result.mode}: {result.players:,} players at {result.tables:,} cash tables")
    print(f"  measured for {result.seconds:.1f} s; load average {_load()}")
    print(
        f"  players held:  {result.held:>7,}   ÷ poker-network's {ANCHOR_PLAYERS:,} = "
        f"{result.held / ANCHOR_PLAYERS:.2f}"
    )
    print(f"  tables held:   {result.tables_held:>7,}   ({result.hands:,} hands dealt)")
    print(
        f"  actions/s:     {result.rate:>7,.0f}   ÷ one table in-process ({ceiling:,.0f}/s) = "
        f"{result.rate / ceiling:.2f}"
    )
    print(f"  action → every seat:  {milliseconds(result.table_latency)}")
    print(f"  action → each seat:   {milliseconds(result.seat_latency)}")
    if result.server_cpu is not None and result.server_wait is not None:
        per_action = result.server_cpu / result.rate if result.actions else 0.0
        print(
            f"  server: ran {100 * result.server_cpu:.0f} % of the time, "
            f"waited for a core {100 * result.server_wait:.0f} %"
        )
        if per_action:
            print(
                f"  server CPU ms/action: {1000 * per_action:.2f}   "
                f"(actions/s per core: {1 / per_action:,.0f}; in-process "
                f"{1000 / ceiling:.2f} ms, {ceiling:,.0f}/s)"
            )
    print(f"  players' process: {100 * result.client_cpu:.0f} % of one core")
    if result.lost or result.errors:
        print(f"  lost updates: {result.lost}; refusals and failures: {dict(result.errors)}")


def report_targets(result: Result) -> None:
    if not result.table_latency:
        return
    p99 = percentile(result.table_latency, 0.99)
    print("\nTargets")
    size_met = (
        result.held >= TARGET_PLAYERS and result.tables_held >= TARGET_TABLES and not result.lost
    )
    print(
        f"  {result.held:,} players held at {result.tables_held} tables vs "
        f"{TARGET_PLAYERS:,} at {TARGET_TABLES}: {'met' if size_met else 'MISSED'}"
    )
    print(
        f"  p99 action → every seat {1000 * p99:.1f} ms vs {1000 * TARGET_P99:.0f} ms: "
        f"{'met' if p99 < TARGET_P99 else 'MISSED'}"
    )


def _load() -> str:
    try:
        return " ".join(f"{load:.2f}" for load in os.getloadavg())
    except OSError:
        return "?"


# ---------------------------------------------------------------------- the command line


def think_range(text: str) -> tuple[float, float]:
    """``0.5-2`` → (0.5, 2.0); ``0`` → no think time."""
    low, _, high = text.partition("-")
    try:
        bounds = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--think takes seconds LOW-HIGH (0.5-2) or 0, got {text!r}"
        ) from None
    if not 0 <= bounds[0] <= bounds[1]:
        raise argparse.ArgumentTypeError(f"--think needs 0 <= LOW <= HIGH, got {text!r}")
    return bounds


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Load-test the web cardroom: the real server, many players at many tables."
    )
    parser.add_argument("--players", type=int, help="simulated players (default 1000)")
    parser.add_argument("--tables", type=int, help="cash tables (default 150)")
    parser.add_argument("--seconds", type=float, help="measured seconds per mode (default 30)")
    parser.add_argument(
        "--think",
        type=think_range,
        help="think time LOW-HIGH seconds (default: both 0.5-2 and then 0, no think time)",
    )
    parser.add_argument(
        "--pause", type=float, help="seconds between hands with think times (default 4)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="a small, short run: a smoke check (about 10 s)"
    )
    parser.add_argument("--profile", help="write the server's cProfile statistics to this file")
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (default 1; more need --broker)"
    )
    parser.add_argument("--broker", help="a NATS server for several workers (nats://HOST:PORT)")
    parser.add_argument(
        "--database", help="a PostgreSQL URL for several workers (a fresh schema is made in it)"
    )
    args = parser.parse_args(argv)
    if args.workers > 1 and (args.broker is None or args.database is None):
        parser.error("--workers above 1 needs --broker and a PostgreSQL --database")
    quick = args.quick
    defaults = {
        "players": 24 if quick else 1_000,
        "tables": 4 if quick else 150,
        "seconds": 1.5 if quick else 30.0,
        "pause": 0.3 if quick else 4.0,
    }
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if not 2 <= args.players / args.tables <= MAX_SEATS or args.tables < 1:
        parser.error(
            f"--players / --tables must give 2 to {MAX_SEATS} players a table, got "
            f"{args.players} players at {args.tables} tables"
        )
    if args.seconds <= 0 or args.pause < 0:
        parser.error("--seconds must be positive and --pause not negative")
    return args


def main(argv: Sequence[str] | None = None) -> list[Result]:
    args = parse(sys.argv[1:] if argv is None else argv)
    thinking = (0.1, 0.4) if args.quick else (0.5, 2.0)
    modes = [args.think] if args.think is not None else [thinking, (0.0, 0.0)]
    server = launch(server_config(args, modes[0]))  # it starts while the anchor runs
    seats = max(2, -(-args.players // args.tables))
    ceiling = in_process_rate(seats, 0.3 if args.quick else 2.0)
    results = []
    for number, think in enumerate(modes):
        if number:
            server = launch(server_config(args, think))
        if think[1] > 0:
            mode = f"think {think[0]:g}-{think[1]:g} s, {args.pause:g} s between hands"
        else:
            mode = "no think time, no pause between hands"
        result = run_mode(server, mode, args.seconds, think)
        report(result, ceiling)
        if think[1] > 0:
            report_targets(result)
        results.append(result)
    return results


if __name__ == "__main__":
    main()
