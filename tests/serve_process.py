"""``pokerroom serve`` in a process of its own, started as a user runs it and waited for
until it answers: the one start-up of the tests that need a real server process
(:mod:`tests.web.served`, :mod:`tests.client.test_app_faults`)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from pokerroom.client.errors import ClientError
from pokerroom.client.http import Server, Visit

START_WAIT = 30.0
"""The longest a server process may take to answer (it imports the whole cardroom)."""


def free_port() -> int:
    """A port nobody listens on now (other test runs share this machine)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def address(port: int) -> str:
    return f"http://127.0.0.1:{port}"


def launch(folder: Path, port: int, database: str, *options: str) -> subprocess.Popen[bytes]:
    """Start ``pokerroom serve`` on ``port`` and ``database``, its data under ``folder`` and
    its output appended to ``folder / "serve.log"``; the caller holds the process at once,
    so that it is stopped even if it never answers (:func:`wait_until_answering`)."""
    script = Path(sys.executable).with_name("pokerroom")
    assert script.exists(), f"no pokerroom entry point at {script}"
    args = [str(script), "serve", "--port", str(port), "--database", database, *options]
    env = {**os.environ, "POKERROOM_DATA_DIR": str(folder / "data")}
    with (folder / "serve.log").open("ab") as out:
        return subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env)


def wait_until_answering(process: subprocess.Popen[bytes], folder: Path, port: int) -> None:
    """Wait until the lobby answers on ``port``; fail with the server's log if it ends or
    takes longer than :data:`START_WAIT`."""
    log = folder / "serve.log"
    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the server ended: {log.read_text()}"
        try:
            if Visit(Server.parse(address(port))).get("/api/lobby", json_answer=True).status == 200:
                return
        except ClientError:
            time.sleep(0.05)
    raise AssertionError(f"the server did not answer in {START_WAIT} s: {log.read_text()}")
