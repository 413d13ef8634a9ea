"""The cardroom served by uvicorn on 127.0.0.1 exactly as ``pokerroom serve`` configures it
(its connection bounds too), in a thread of the test's process, stopped at the end."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from starlette.applications import Starlette

from pokerroom.cli.serve_command import server_config

START_SECONDS = 10.0


@contextmanager
def serving(app: Starlette) -> Iterator[int]:
    """Serve ``app`` on a free port of 127.0.0.1; yields the port."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    config = server_config(app, listener)
    config.log_level = "warning"
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_SECONDS
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield listener.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(START_SECONDS)
        listener.close()
