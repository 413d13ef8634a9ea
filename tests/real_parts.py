"""The real parts some tests need: a PostgreSQL server and a Chromium browser (issue 13 items 8, 9).

Where the tests find them:

* ``POKERROOM_TEST_POSTGRES`` — a SQLAlchemy URL of a PostgreSQL database the tests may
  use (``postgresql+psycopg://user:password@host/db``); each test gets a private schema
  in it, dropped afterwards.
* Chromium — ``POKERROOM_TEST_CHROMIUM`` (a path), else ``chromium`` on the ``PATH``;
  Playwright drives it (its own browser downloads are never used).
* ``POKERROOM_REQUIRE_REAL=1`` (``.ci/run`` sets it) — a missing part fails its tests
  instead of skipping them.

A missing part skips its tests, and the run ends with one line per part saying why.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright
    from starlette.types import ASGIApp

POSTGRES_ENV = "POKERROOM_TEST_POSTGRES"
CHROMIUM_ENV = "POKERROOM_TEST_CHROMIUM"
NATS_ENV = "POKERROOM_TEST_NATS_SERVER"
"""The ``nats-server`` program the cluster tests start (default: the one on the PATH)."""
REQUIRE_ENV = "POKERROOM_REQUIRE_REAL"
SERVER_START_SECONDS = 10.0
"""How long a live server may take to listen before its test fails."""
BROWSER_TIMEOUT_MS = 10_000
"""Playwright's wait for any one thing (a selector, a page load): a broken page fails fast."""


@dataclass(frozen=True)
class Part:
    """A real part: what the summary line calls it, and how its skip reasons begin."""

    label: str

    @property
    def prefix(self) -> str:
        return f"{self.label} suites skipped: "


POSTGRES = Part("PostgreSQL")
BROWSER = Part("browser")
BROKER = Part("broker")
PARTS = (POSTGRES, BROWSER, BROKER)


def required() -> bool:
    """Whether a missing part is a failure (CI) rather than a skip (a developer's machine)."""
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")


def missing(part: Part, reason: str) -> NoReturn:
    """Skip the test for want of ``part``; fail it instead when the parts are required."""
    if required():
        pytest.fail(f"{part.label} is required ({REQUIRE_ENV}=1) but {reason}", pytrace=False)
    pytest.skip(part.prefix + reason)


# ------------------------------------------------------------------ the one line per part


class SkipCounter:
    """Counts the tests skipped for want of each part, and says so once at the end."""

    def __init__(self) -> None:
        self.skipped: dict[Part, tuple[int, str]] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if not report.skipped or not isinstance(report.longrepr, tuple):
            return
        reason = str(report.longrepr[2]).removeprefix("Skipped: ")
        for part in PARTS:
            if reason.startswith(part.prefix):
                count, _ = self.skipped.get(part, (0, ""))
                self.skipped[part] = (count + 1, reason.removeprefix(part.prefix))

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        for part, (count, reason) in self.skipped.items():
            tests = "test" if count == 1 else "tests"
            line = f"{part.label} suites skipped ({count} {tests}): {reason}"
            terminalreporter.write_line(line, yellow=True)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "postgres: the test runs on a real PostgreSQL server")
    config.addinivalue_line("markers", "browser: the test drives a real Chromium")
    config.pluginmanager.register(SkipCounter(), "pokerroom-real-parts")


# ------------------------------------------------------------------ PostgreSQL


@cache
def postgres_problem() -> str | None:
    """Why no PostgreSQL server can be used, or None; asked once per process."""
    url = os.environ.get(POSTGRES_ENV, "")
    if not url:
        return f"set {POSTGRES_ENV}=postgresql+psycopg://user:password@host/db to run them"
    try:
        parsed = make_url(url)
        engine = create_engine(parsed, connect_args={"connect_timeout": 3})
    except (ArgumentError, ImportError) as error:
        return f"{POSTGRES_ENV} is not a usable database URL: {error}"
    shown = parsed.render_as_string(hide_password=True)
    try:
        with engine.connect() as connection:
            if connection.dialect.name != "postgresql":
                return f"{POSTGRES_ENV}={shown} is not a PostgreSQL database"
    except SQLAlchemyError as error:
        cause = str(getattr(error, "orig", error)).strip().splitlines()
        return f"no PostgreSQL server at {shown}: {cause[0] if cause else type(error).__name__}"
    finally:
        engine.dispose()
    return None


@pytest.fixture(scope="session")
def postgres_admin() -> Iterator[Engine]:
    """An engine on the test database, for making and dropping the tests' schemas."""
    problem = postgres_problem()
    if problem is not None:
        missing(POSTGRES, problem)
    engine = create_engine(
        os.environ[POSTGRES_ENV],
        connect_args={"connect_timeout": 3, "options": "-c lock_timeout=10000"},
        isolation_level="AUTOCOMMIT",
    )
    yield engine
    engine.dispose()


@pytest.fixture
def postgres_url(postgres_admin: Engine) -> Iterator[str]:
    """The test database's URL with a fresh private schema first on the search path.

    Every table (``alembic_version`` too) is made in it; it is dropped after the test,
    so tests on several pytest-xdist workers share the server and never each other's rows.
    """
    schema = f"pokerroom_test_{uuid.uuid4().hex[:16]}"
    with postgres_admin.connect() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    options = f"-csearch_path={schema} -csynchronous_commit=off"  # a test needs no fsync
    url = postgres_admin.url.update_query_dict({"options": options})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with postgres_admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)],
)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL for a new, empty store: a SQLite file, then a PostgreSQL schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


# ------------------------------------------------------------------ the broker


class NatsServer:
    """A ``nats-server`` process on a port of its own, which a test may stop and start."""

    def __init__(self, program: str, folder: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.url = f"nats://127.0.0.1:{self.port}"
        self._program = program
        self._log = folder / "nats.log"
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self._log.open("ab") as log:
            self._process = subprocess.Popen(
                [self._program, "-a", "127.0.0.1", "-p", str(self.port)],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + SERVER_START_SECONDS
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"nats-server did not listen: {self._log.read_text()}")

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait(10)


@pytest.fixture
def nats_server(tmp_path: Path) -> Iterator[NatsServer]:
    """A ``nats-server`` of the test's own, started."""
    program = os.environ.get(NATS_ENV) or shutil.which("nats-server") or "/usr/sbin/nats-server"
    if not Path(program).exists():
        missing(BROKER, f"no nats-server (apt-get install nats-server, or set {NATS_ENV})")
    server = NatsServer(program, tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


# ------------------------------------------------------------------ the browser


def chromium_path() -> str | None:
    """The Chromium to drive: ``$POKERROOM_TEST_CHROMIUM``, else ``chromium`` on the PATH."""
    configured = os.environ.get(CHROMIUM_ENV, "")
    if configured:
        return configured if Path(configured).is_file() else None
    return shutil.which("chromium")


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Playwright's sync API, one driver per test module: while it runs, it keeps an event
    loop running in this thread, and a later test's ``asyncio.run`` would be refused."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing(BROWSER, "Playwright is not installed (pip install -e '.[dev]')")
    driver = sync_playwright().start()
    yield driver
    driver.stop()


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """The system's Chromium, headless; without its sandbox when run as root (CI)."""
    path = chromium_path()
    if path is None:
        where = os.environ.get(CHROMIUM_ENV) or "chromium on the PATH"
        missing(BROWSER, f"no Chromium found ({where}; apt-get install chromium)")
    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    launched = playwright.chromium.launch(executable_path=path, headless=True, args=args)
    yield launched
    launched.close()


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[[], BrowserContext]]:
    """Make fresh browser profiles (cookies, storage): two of them are two players; all are
    closed after the test."""
    opened: list[BrowserContext] = []

    def make() -> BrowserContext:
        made = browser.new_context()
        made.set_default_timeout(BROWSER_TIMEOUT_MS)
        opened.append(made)
        return made

    yield make
    for made in opened:
        made.close()


@pytest.fixture
def context(new_context: Callable[[], BrowserContext]) -> BrowserContext:
    """A fresh browser profile for one test."""
    return new_context()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """A tab in the test's browser context."""
    return context.new_page()


# ------------------------------------------------------------------ a live server


class LiveServer:
    """An ASGI app served by uvicorn on 127.0.0.1 in a background thread, for a browser.

    The app's lifespan runs as under ``pokerroom serve``: the table hub's clock deals the
    next hand after a pause and acts on a shot clock that ran out."""

    def __init__(self, app: ASGIApp) -> None:
        import uvicorn

        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.bind(("127.0.0.1", 0))  # a free port, held from now on: no race for it
        port = self.socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        config = uvicorn.Config(
            app, log_level="warning", lifespan="auto", ws="websockets-sansio", access_log=False
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def start(self) -> None:
        """Serve, and wait (boundedly) until the server listens."""
        self.thread.start()
        deadline = time.monotonic() + SERVER_START_SECONDS
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"the live server did not start within {SERVER_START_SECONDS} s")
            time.sleep(0.01)

    def stop(self) -> None:
        """Ask uvicorn to finish its connections and stop; wait for its thread (bounded)."""
        self.server.should_exit = True
        if self.thread.is_alive():
            self.thread.join(SERVER_START_SECONDS)
        self.socket.close()


@pytest.fixture
def live_server() -> Iterator[Callable[[ASGIApp], str]]:
    """Start ``app`` on a free local port and give its base URL; stopped after the test."""
    servers: list[LiveServer] = []

    def serve(app: ASGIApp) -> str:
        server = LiveServer(app)
        servers.append(server)
        server.start()
        return server.url

    yield serve
    for server in servers:
        server.stop()
