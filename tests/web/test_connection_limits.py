"""The server's TCP connections are bounded (issue 21 item 24): a silent or trickling client
is cut off, one address cannot hold more than its share, and the server never hands out the
descriptors the database needs. Over a real uvicorn on 127.0.0.1, as ``pokerroom serve``."""

from __future__ import annotations

import resource
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from http.client import HTTPConnection

import pytest

from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from pokerroom.web.connection_guard import connection_ceiling
from pokerroom.web.connection_limits import ConnectionLimits, address_key, trusted_proxies
from tests.web.conftest import settings
from tests.web.served_in_thread import serving

BOUND = 10.0
"""The longest any awaited event may take (the tests' timeouts are a second or less)."""
IDLE_KEPT = 60.0
"""The request time of tests whose idle connections must stay until the test ends."""


@contextmanager
def served(database: Database, limits: ConnectionLimits) -> Iterator[int]:
    with serving(create_app(database, settings(connections=limits))) as port:
        yield port


def connected(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A TCP connection to the server from ``source`` (any 127.x address is this machine)."""
    client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    client.settimeout(BOUND)
    client.bind((source, 0))
    client.connect(("127.0.0.1", port))
    return client


def answer_of(client: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    received = b""
    while chunk := client.recv(4096):
        received += chunk
    return received


def lobby_status(port: int, source: str) -> int:
    """The status of ``GET /api/lobby`` from ``source`` over a connection of its own."""
    with connected(port, source) as client:
        client.sendall(b"GET /api/lobby HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        return int(answer_of(client).split(b" ", 2)[1])


def test_the_ceiling_keeps_descriptors_for_the_database() -> None:
    limits = ConnectionLimits(total=10_000, fd_reserve=64)
    assert connection_ceiling(limits, descriptors=1024) == 960
    assert connection_ceiling(limits, descriptors=20_000) == 10_000
    assert connection_ceiling(limits, descriptors=resource.RLIM_INFINITY) == 10_000
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert connection_ceiling(limits) <= max(1, soft - 64)


def test_an_address_is_counted_by_its_ipv6_network() -> None:
    assert address_key("10.1.2.3") == "10.1.2.3"
    assert address_key("2001:db8:1:2::7") == address_key("2001:db8:1:2:ffff::1")
    assert address_key("2001:db8:1:2::7") != address_key("2001:db8:1:3::7")
    assert address_key("::ffff:10.1.2.3") == "10.1.2.3"


def test_trusted_proxies_are_addresses_or_networks() -> None:
    assert [str(n) for n in trusted_proxies("127.0.0.1, 10.0.0.0/8")] == [
        "127.0.0.1/32",
        "10.0.0.0/8",
    ]
    with pytest.raises(ValueError, match=r"not 'proxy\.local'"):
        trusted_proxies("proxy.local")


def test_a_silent_connection_is_closed_after_the_request_time(database: Database) -> None:
    with served(database, ConnectionLimits(request_seconds=0.5)) as port:
        with connected(port) as silent:
            assert answer_of(silent) == b""  # closed, not left open forever
        assert lobby_status(port, "127.0.0.1") == 200


@pytest.mark.parametrize(
    ("start", "drip"),
    [
        (b"GET / HTTP/1.1\r\nhost: x\r\n", b"x-slow: 1\r\n"),  # headers, a line at a time
        (b"POST /login HTTP/1.1\r\nhost: x\r\ncontent-length: 100000\r\n\r\n", b"a=1&"),
    ],
    ids=["headers", "body"],
)
def test_a_client_trickling_its_request_is_cut_off(
    database: Database, start: bytes, drip: bytes
) -> None:
    with (
        served(database, ConnectionLimits(request_seconds=0.5)) as port,
        connected(port) as trickler,
    ):
        trickler.sendall(start)
        trickler.settimeout(0.1)  # its pace: a few bytes a tenth of a second
        closed = False
        deadline = time.monotonic() + BOUND
        while not closed and time.monotonic() < deadline:
            try:
                closed = trickler.recv(4096) == b""
            except TimeoutError:
                trickler.sendall(drip)
            except ConnectionResetError:
                closed = True
        assert closed, "a client trickling its request was never cut off"


def test_a_request_in_time_after_an_answer_keeps_the_connection(database: Database) -> None:
    with served(database, ConnectionLimits(request_seconds=IDLE_KEPT)) as port:
        browser = HTTPConnection("127.0.0.1", port, timeout=BOUND)
        try:
            sockets = set()
            for _ in range(3):
                browser.request("GET", "/api/lobby")
                answer = browser.getresponse()
                assert answer.status == 200 and answer.read()
                sockets.add(browser.sock)
            assert len(sockets) == 1 and None not in sockets  # one connection, kept
        finally:
            browser.close()


def test_one_address_over_its_cap_is_refused_while_another_gets_its_page(
    database: Database,
) -> None:
    with served(database, ConnectionLimits(per_address=5, request_seconds=IDLE_KEPT)) as port:
        with ExitStack() as idle:
            for _ in range(5):
                idle.enter_context(connected(port))
            with connected(port) as sixth:
                refused = answer_of(sixth)
            assert refused.startswith(b"HTTP/1.1 429 ")
            assert b"too many connections from this address" in refused
            assert lobby_status(port, "127.0.0.2") == 200  # an honest client elsewhere
        deadline = time.monotonic() + BOUND  # the idle ones closed: the address is let in
        while lobby_status(port, "127.0.0.1") != 200:
            assert time.monotonic() < deadline, "the closed connections were never counted out"


def test_a_full_server_refuses_with_503(database: Database) -> None:
    with (
        served(database, ConnectionLimits(total=3, request_seconds=IDLE_KEPT)) as port,
        ExitStack() as idle,
    ):
        for source in ("127.0.0.1", "127.0.0.2", "127.0.0.3"):
            idle.enter_context(connected(port, source))
        with connected(port, "127.0.0.4") as fourth:
            assert answer_of(fourth).startswith(b"HTTP/1.1 503 ")
