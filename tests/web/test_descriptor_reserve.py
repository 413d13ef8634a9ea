"""A flood of idle connections cannot take the descriptors the database needs (issue 21
item 24): ``pokerroom serve`` in a process of its own, its descriptor limit lowered to 256,
gets 300 connections from three addresses; it refuses those over its ceiling (256 less 64)
and, still flooded, saves a new account (SQLite opens its journal for each write)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import urlencode

import pytest

from pokerroom.storage.accounts import AccountStore
from tests.serve_process import free_port

DESCRIPTORS = 256
WAIT = 20.0
TOKEN = re.compile(r'name="csrf" value="([0-9a-f]+)"')


LIMITED_SERVE = (
    "import resource, sys\n"
    f"resource.setrlimit(resource.RLIMIT_NOFILE, ({DESCRIPTORS}, {DESCRIPTORS}))\n"
    "from pokerroom.cli.entry import main\n"
    "sys.argv[0] = 'pokerroom'\n"
    "main()\n"
)
"""``pokerroom serve`` with a small descriptor limit, set before anything is opened."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    port = free_port()
    database = str(tmp_path / "r.db")
    args = [
        sys.executable,
        "-c",
        LIMITED_SERVE,
        "serve",
        "--port",
        str(port),
        "--database",
        database,
    ]
    env = {**os.environ, "POKERROOM_DATA_DIR": str(tmp_path / "data")}
    with (tmp_path / "serve.log").open("wb") as log:
        process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + WAIT
        while not answers(port):
            assert process.poll() is None, (tmp_path / "serve.log").read_text()
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield process, port
    finally:
        process.terminate()
        try:
            process.wait(WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(WAIT)


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), 1.0):
            return True
    except OSError:
        return False


def descriptors_of(process: subprocess.Popen[bytes]) -> int:
    return sum(1 for _ in Path(f"/proc/{process.pid}/fd").iterdir())


def sign_up(port: int, source: str, name: str) -> int:
    """The status of a sign-up from ``source``, as a browser does it (form, then post)."""
    browser = HTTPConnection("127.0.0.1", port, timeout=WAIT, source_address=(source, 0))
    try:
        browser.request("GET", "/signup")
        form = browser.getresponse()
        cookie = "; ".join(
            value.split(";", 1)[0] for key, value in form.getheaders() if key == "set-cookie"
        )
        token = TOKEN.search(form.read().decode())
        assert token is not None
        password = "correct horse"
        body = urlencode(
            {"csrf": token[1], "name": name, "password": password, "password2": password}
        )
        headers = {"content-type": "application/x-www-form-urlencoded", "cookie": cookie}
        browser.request("POST", "/signup", body, headers)
        answer = browser.getresponse()
        answer.read()
        return answer.status
    finally:
        browser.close()


def status_of(port: int, source: str) -> int:
    """The status of ``GET /api/lobby`` from ``source``."""
    browser = HTTPConnection("127.0.0.1", port, timeout=WAIT, source_address=(source, 0))
    try:
        browser.request("GET", "/api/lobby")
        answer = browser.getresponse()
        answer.read()
        return answer.status
    finally:
        browser.close()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts descriptors in /proc")
def test_a_flood_of_connections_leaves_descriptors_for_the_database(
    server: tuple[subprocess.Popen[bytes], int], tmp_path: Path
) -> None:
    process, port = server
    with ExitStack() as flood:
        clients = []
        for n in range(300):
            client = flood.enter_context(socket.socket())
            client.bind((f"127.0.0.{2 + n % 3}", 0))
            client.settimeout(WAIT)
            client.connect(("127.0.0.1", port))
            clients.append(client)
        most = 0
        deadline = time.monotonic() + 2.0  # the server has taken in what it will
        while time.monotonic() < deadline:
            most = max(most, descriptors_of(process))
            time.sleep(0.05)
        assert most <= DESCRIPTORS - 32, f"{most} descriptors of {DESCRIPTORS} in use"
        assert status_of(port, "127.0.0.9") == 503  # full, and says so
        for client in clients[:3]:  # three leave; the flood stays
            client.close()
        deadline = time.monotonic() + WAIT
        while status_of(port, "127.0.0.9") == 503:
            assert time.monotonic() < deadline, "the places left were never given back"
        assert sign_up(port, "127.0.0.9", "Ann") == 303  # the database opens its files
    with AccountStore.open(str(tmp_path / "r.db")) as accounts:
        assert accounts.find_account("Ann") is not None
