"""The cluster's process tests: the failover test's two server processes (``nodes``), and
two ``pokerroom serve --broker`` processes on one database and one broker (``workers``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cluster.test_two_processes import Worker
from tests.real_parts import NatsServer
from tests.web.test_failover import nodes

__all__ = ["nodes", "workers"]


@pytest.fixture
def workers(
    tmp_path: Path, postgres_url: str, nats_server: NatsServer
) -> Iterator[tuple[Worker, Worker]]:
    """Two served processes, the first started first (it makes the schema); both killed
    at the end, whatever the test left running."""
    first = Worker(tmp_path / "a", postgres_url, broker=nats_server.url)
    second = Worker(tmp_path / "b", postgres_url, broker=nats_server.url)
    try:
        first.start()
        second.start()
        yield first, second
    finally:
        first.kill()
        second.kill()
