"""The server side of the load benchmark (``bench_server.py``), run in its own process.

With a broker in its configuration it starts ``workers`` server processes instead, on a
fresh schema of a PostgreSQL database (dropped at the end), and announces their ports and
process ids too (:func:`serve_cluster`).

``python benchmarks/load_server.py '<config JSON>'`` builds the real application
(:func:`pokerroom.web.app.create_app`) on a fresh SQLite file, creates one account and one
session per simulated player directly in the account store (as a log-in would: a random
token whose digest is stored), opens the cash tables in the registry, prints one JSON line
(the port and, for each player, his session token, table and seat) and serves with uvicorn
on 127.0.0.1 until its standard input closes or ``limit`` seconds have passed. With
``profile`` set, the serving part runs under cProfile (timed in the serving thread's CPU
time) and the statistics go to that file.

The tables are ordinary :class:`~pokerroom.room.cash.CashRoom` s (no-limit Hold'em 1/2,
buy-ins 80 to 200): a cash table keeps dealing for as long as the benchmark runs, while a
home series would end when its players are knocked out.
"""

from __future__ import annotations

import contextlib
import cProfile
import json
import multiprocessing
import multiprocessing.process
import os
import secrets
import signal
import socket
import sys
import tempfile
import threading
import time
import urllib.request
from datetime import timedelta
from pathlib import Path
from typing import Any

import uvicorn
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from load_config import LoadConfig
from pokerroom.cli.serve_command import COMPRESSED_FRAMES
from pokerroom.room.cash import CashRoom
from pokerroom.room.flood import FloodLimit
from pokerroom.room.hub import SocketSettings
from pokerroom.room.registry import LobbyEntry, RoomKind, entry_to_json, new_room_id
from pokerroom.room.socket_caps import SocketCaps
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms.recipes import recipe_of
from pokerroom.storage.rooms.store import RoomStore
from pokerroom.table.cash import CashSettings
from pokerroom.web.app import create_app
from pokerroom.web.auth.tokens import new_token
from pokerroom.web.draining import DrainingServer
from pokerroom.web.settings import ServerSettings

SESSION_LIFETIME = timedelta(hours=1)
SHUTDOWN_SECONDS = 5
"""How long stopping waits for open sockets' handlers (uvicorn's default waits for ever)."""


def seat_players(accounts: AccountStore, config: LoadConfig) -> list[dict[str, Any]]:
    """One account and session per player; player ``p`` sits at table ``p % tables``."""
    players = []
    for number in range(config.players):
        account = accounts.create_account(f"Load{number}", None, ["player"])
        token = new_token()
        accounts.open_session(account.id, token, SESSION_LIFETIME)
        table, seat = number % config.tables, number // config.tables + 1
        players.append({"token": token, "table": table, "seat": seat})
    return players


def open_tables(app: Any, config: LoadConfig) -> list[str]:
    """``tables`` cash tables in the app's registry; their ids in order."""
    registry = app.state.cardroom.registry
    settings = CashSettings(seats=config.seats)
    ids = []
    for number in range(config.tables):
        room = CashRoom(new_room_id(), settings=settings, pause=config.pause, seed=number)
        registry.add(
            room,
            LobbyEntry(f"Load {number}", "NLHE", "1/2", 0, config.seats, kind=RoomKind.CASH),
        )
        ids.append(room.id)
    return ids


def socket_settings(config: LoadConfig) -> SocketSettings:
    """Every player connects from 127.0.0.1; without think time the flood limit is raised."""
    every_player = 2 * config.players + 16
    caps = SocketCaps(per_address=every_player, observers_per_address=every_player)
    if config.flood_rate is None:
        return SocketSettings(caps=caps)
    rate = config.flood_rate
    return SocketSettings(flood=FloodLimit(rate=rate, burst=int(2 * rate)), caps=caps)


def serve(config: LoadConfig) -> None:
    """Build everything, announce it on stdout, then serve until stdin closes."""
    sockets = socket_settings(config)
    with tempfile.TemporaryDirectory(prefix="pokerroom-load-") as folder:
        database = open_database(Path(folder) / "load.db")
        settings = ServerSettings(secret_key=b"load-benchmark".ljust(32, b"."))
        app = create_app(database, settings, sockets=sockets)
        players = seat_players(app.state.cardroom.accounts, config)
        tables = open_tables(app, config)
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(2048)
        port = listener.getsockname()[1]
        server = DrainingServer(  # as `pokerroom serve`: its heap settled once started
            uvicorn.Config(
                app,
                log_level="warning",
                lifespan="on",
                backlog=2048,
                timeout_graceful_shutdown=SHUTDOWN_SECONDS,
                ws_per_message_deflate=COMPRESSED_FRAMES,  # as `pokerroom serve`
            ),
            None,
            app.state.hub,
        )
        stopped = threading.Event()

        def stop_when_told() -> None:
            sys.stdin.read()  # the benchmark closes our stdin when it is done
            stopped.set()

        threading.Thread(target=stop_when_told, daemon=True).start()

        def stop_in_time() -> None:
            stopped.wait(config.limit)  # bounded even if the benchmark never says so
            server.should_exit = True

        threading.Thread(target=stop_in_time, daemon=True).start()
        print(json.dumps({"port": port, "tables": tables, "players": players}), flush=True)
        # the serving thread's CPU time: other work on a shared machine does not blur it
        profiler = cProfile.Profile(time.thread_time) if config.profile else None
        if profiler is not None:
            profiler.enable()
        server.run(sockets=[listener])  # uvloop when installed (uvicorn[standard])
        if profiler is not None and config.profile:
            profiler.disable()
            profiler.dump_stats(config.profile)
        database.close()


def serve_cluster(config: LoadConfig) -> None:
    """Several worker processes on a fresh schema of ``config.database`` and one broker:
    the accounts and the tables' recipes are made here, the workers share the tables out
    (each owns some and follows the rest), and the players are spread over their ports."""
    assert config.database is not None and config.broker is not None
    schema = f"pokerroom_load_{secrets.token_hex(6)}"
    admin = create_engine(config.database, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(config.database).update_query_dict({"options": f"-csearch_path={schema}"})
    database_url = url.render_as_string(hide_password=False)
    workers: list[multiprocessing.process.BaseProcess] = []
    try:
        database = open_database(database_url)
        players = seat_players(AccountStore(database), config)
        ports = [free_port() for _ in range(config.workers)]
        spawn = multiprocessing.get_context("spawn")
        for port in ports:
            worker = spawn.Process(target=serve_worker, args=(config, database_url, port))
            worker.start()
            workers.append(worker)
        for port in ports:
            wait_for(port)
        tables = save_tables(RoomStore(database), config)
        shared_out(database_url, config.tables)
        for port in ports:
            listing(port, config.tables)
        database.close()
        pids = [worker.pid for worker in workers]
        print(
            json.dumps(
                {
                    "port": ports[0],
                    "ports": ports,
                    "pids": pids,
                    "tables": tables,
                    "players": players,
                }
            ),
            flush=True,
        )
        reader = threading.Thread(target=sys.stdin.read, daemon=True)
        reader.start()  # the benchmark closes our stdin when it is done
        reader.join(config.limit)
    finally:
        for ended in workers:
            if ended.pid is not None and ended.is_alive():
                os.kill(ended.pid, signal.SIGINT)
        for ended in workers:
            ended.join(SHUTDOWN_SECONDS + 5)
            if ended.is_alive():
                ended.kill()
        with admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def save_tables(store: RoomStore, config: LoadConfig) -> list[str]:
    """The cash tables' recipes, saved for the workers to take over; their ids."""
    settings = CashSettings(seats=config.seats)
    ids = []
    for number in range(config.tables):
        room = CashRoom(new_room_id(), settings=settings, pause=config.pause, seed=number)
        kind, recipe, seed = recipe_of(room)
        entry = LobbyEntry(f"Load {number}", "NLHE", "1/2", 0, config.seats, kind=RoomKind.CASH)
        store.create(room.id, kind, entry=entry_to_json(entry), settings=recipe, seed=seed or 0)
        ids.append(room.id)
    return ids


def serve_worker(config: LoadConfig, database_url: str, port: int) -> None:
    """One worker: the real app with the broker, on ``port``, until SIGINT (or until its
    parent is gone: a benchmark killed leaves no worker behind)."""
    parent = os.getppid()

    def orphaned() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=orphaned, daemon=True).start()
    settings = ServerSettings(secret_key=b"load-benchmark".ljust(32, b"."))
    app = create_app(database_url, settings, sockets=socket_settings(config), broker=config.broker)
    profiler = cProfile.Profile(time.thread_time) if config.profile else None  # its own CPU
    if profiler is not None:
        profiler.enable()
    server = ProfiledServer(  # as `pokerroom serve --workers` (uncompressed, heap settled),
        uvicorn.Config(  # but stopped at once, without handing its tables over
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            backlog=2048,
            timeout_graceful_shutdown=SHUTDOWN_SECONDS,
            ws_per_message_deflate=COMPRESSED_FRAMES,
        ),
        None,
        app.state.hub,
    )
    if profiler is not None and config.profile:
        server.profiled = (profiler, f"{config.profile}.{port}")  # one file per worker
    with contextlib.suppress(KeyboardInterrupt):  # stopped by SIGINT, as uvicorn.run is
        server.run()


class ProfiledServer(DrainingServer):
    """A worker that writes its profile as soon as it is told to stop: a slow shutdown
    (thousands of sockets closed under the profiler) could outlast the benchmark's wait and
    be killed before it wrote anything."""

    profiled: tuple[cProfile.Profile, str] | None = None

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self.profiled is not None:
            profiler, path = self.profiled
            profiler.disable()
            profiler.dump_stats(path)
        await super().shutdown(sockets)


def shared_out(url: str, tables: int) -> None:
    """Wait until the workers own every table: a lease not run out for each."""
    engine = create_engine(url)
    query = text(
        "SELECT count(*) FROM web_room_leases "
        "WHERE expires_at > extract(epoch FROM clock_timestamp())"
    )
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            with engine.connect() as connection:
                if (connection.execute(query).scalar() or 0) >= tables:
                    return
            time.sleep(0.25)
    finally:
        engine.dispose()
    raise SystemExit("the workers did not take every table over in 120 s")


def listing(port: int, tables: int) -> None:
    """Wait until the worker on ``port`` lists every table (it follows or owns each)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/lobby", timeout=10) as answer:
            if len(json.load(answer)["rooms"]) >= tables:
                return
        time.sleep(0.25)
    raise SystemExit(f"the worker on port {port} did not list every table in 120 s")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"a worker did not listen on port {port}")


if __name__ == "__main__":
    given = LoadConfig.from_json(sys.argv[1])
    if given.broker is not None:
        serve_cluster(given)
    else:
        serve(given)
