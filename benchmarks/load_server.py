"""The server side of the load benchmark (``bench_server.py``), run in its own process.

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

import cProfile
import json
import socket
import sys
import tempfile
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import uvicorn

from load_config import LoadConfig
from pokerroom.cli.serve_command import COMPRESSED_FRAMES
from pokerroom.room.cash import CashRoom
from pokerroom.room.flood import FloodLimit
from pokerroom.room.hub import SocketSettings
from pokerroom.room.registry import LobbyEntry, RoomKind, new_room_id
from pokerroom.room.socket_caps import SocketCaps
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.database import open_database
from pokerroom.table.cash import CashSettings
from pokerroom.web.app import create_app
from pokerroom.web.auth.tokens import new_token
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


def serve(config: LoadConfig) -> None:
    """Build everything, announce it on stdout, then serve until stdin closes."""
    every_player = 2 * config.players + 16  # all of them connect from 127.0.0.1
    caps = SocketCaps(per_address=every_player, observers_per_address=every_player)
    sockets = SocketSettings(caps=caps)
    if config.flood_rate is not None:
        rate = config.flood_rate
        flood = FloodLimit(rate=rate, burst=int(2 * rate))
        sockets = SocketSettings(flood=flood, caps=caps)
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
        server = uvicorn.Server(
            uvicorn.Config(
                app,
                log_level="warning",
                lifespan="on",
                backlog=2048,
                timeout_graceful_shutdown=SHUTDOWN_SECONDS,
                ws_per_message_deflate=COMPRESSED_FRAMES,  # as `pokerroom serve`
            )
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


if __name__ == "__main__":
    serve(LoadConfig.from_json(sys.argv[1]))
