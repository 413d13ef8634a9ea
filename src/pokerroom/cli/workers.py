"""``pokerroom serve --workers N``: N server processes sharing one port (``SO_REUSEPORT``:
the kernel spreads new connections over them), one database and one broker.

Each worker is a fresh interpreter (``spawn``) that binds the port itself and serves like
``pokerroom serve --broker``; the parent waits, and passes Ctrl+C or SIGTERM on to them.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
import socket
from types import FrameType
from urllib.parse import urlsplit

from pokerroom.web.settings import ServerSettings


def reach_broker(url: str) -> None:
    """A UsageError naming ``url`` when no NATS server answers there (a port nobody
    listens on is told at once, not after the client's retries)."""
    from pokerroom.cluster.nats_broker import NatsBroker, check_broker_url, unreachable

    parts = urlsplit(check_broker_url(url))
    try:
        socket.create_connection((parts.hostname, parts.port or DEFAULT_NATS_PORT), 3).close()
    except OSError:
        raise unreachable(url) from None

    async def probe() -> None:
        broker = await NatsBroker.connect(url)
        await broker.close()

    asyncio.run(probe())


DEFAULT_NATS_PORT = 4222


def serve_worker(
    host: str, port: int, database: str | None, settings: ServerSettings, broker: str | None
) -> None:
    """One worker: its own socket on the shared port, its own app."""
    from pokerroom.cli.serve_command import listening_socket, run_server
    from pokerroom.web.app import create_app

    listener = listening_socket(host, port, shared=True)
    run_server(create_app(database, settings, broker=broker), listener)


def run_workers(
    count: int,
    host: str,
    port: int,
    database: str | None,
    settings: ServerSettings,
    broker: str | None,
) -> None:
    """Start ``count`` workers and wait for them; a signal to this process goes to each."""
    spawn = multiprocessing.get_context("spawn")
    workers = [
        spawn.Process(
            target=serve_worker,
            args=(host, port, database, settings, broker),
            name=f"pokerroom-worker-{number}",
        )
        for number in range(1, count + 1)
    ]
    for worker in workers:
        worker.start()

    def pass_on(signum: int, _frame: FrameType | None) -> None:
        for worker in workers:
            if worker.pid is not None and worker.is_alive():
                worker.terminate() if signum == signal.SIGTERM else _interrupt(worker.pid)

    signal.signal(signal.SIGTERM, pass_on)
    signal.signal(signal.SIGINT, pass_on)
    for worker in workers:
        worker.join()


def _interrupt(pid: int) -> None:
    import os

    os.kill(pid, signal.SIGINT)
