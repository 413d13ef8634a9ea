"""The web tests' app: an in-memory database, cheap argon2, a clock the test moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from starlette.testclient import TestClient

from pokerroom.storage.database import Database, open_database
from pokerroom.web.app import create_app
from pokerroom.web.settings import ServerSettings

CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""argon2 at its cheapest, so that a test signs up in a millisecond (never the default)."""


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def settings(clock: Clock | None = None, **changes: Any) -> ServerSettings:
    """Test settings: a fixed secret, cheap argon2, ``clock``, room for every test's sign-ups
    from the test client's one address; ``changes`` override them."""
    given: dict[str, Any] = {
        "secret_key": b"k" * 32,
        "password_hasher": CHEAP_HASHER,
        "clock": clock or Clock(),
        "signups": 1000,
    }
    return ServerSettings(**{**given, **changes})


@pytest.fixture
def database() -> Iterator[Database]:
    with open_database("sqlite://") as opened:
        yield opened


@pytest.fixture
def client(database: Database, clock: Clock) -> TestClient:
    return TestClient(create_app(database, settings(clock)))
