"""``pokerroom serve`` in a process of its own on any database, killed with SIGKILL at will,
and locks held on its database from outside (:mod:`tests.web.test_saved_means_saved`)."""

from __future__ import annotations

import secrets
import signal
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from pokerroom.client.http import Server, Visit
from pokerroom.client.signing_in import SESSION_COOKIE
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.database import open_database
from tests.serve_process import address, free_port, launch, wait_until_answering


@dataclass
class Served:
    """One server process on ``url``; its tables pause after ``pause_after`` seconds."""

    folder: Path
    url: str
    pause_after: float = 1.0
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def server(self) -> Server:
        return Server.parse(address(self.port))

    def accounts(self, *names: str) -> dict[str, str]:
        """Accounts made in the database, each signed in: name → session token."""
        tokens = {}
        with open_database(self.url) as database:
            store = AccountStore(database)
            for name in names:
                account = store.create_account(name, None, ["player", "host"])
                tokens[name] = secrets.token_urlsafe(24)
                store.open_session(account.id, tokens[name], timedelta(hours=1))
        return tokens

    def visit(self, token: str) -> Visit:
        return Visit(self.server, {SESSION_COOKIE: token})

    def start(self) -> None:
        pause = ("--pause-after", str(self.pause_after))
        self.process = launch(self.folder, self.port, self.url, *pause)
        wait_until_answering(self.process, self.folder, self.port)

    def kill(self) -> None:
        """SIGKILL: nothing gets to shut down."""
        process = self.process
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait(10)


@contextmanager
def serving(folder: Path, url: str, pause_after: float = 1.0) -> Iterator[Served]:
    served = Served(folder, url, pause_after)
    try:
        yield served
    finally:
        served.kill()


@dataclass
class Lock:
    """Another process's hold on the database: it takes no writes meanwhile."""

    url: str
    exclusive: bool = True
    """SQLite: no reads either (``BEGIN EXCLUSIVE``); else writes only (``IMMEDIATE``)."""
    taken: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)

    def hold(self) -> None:
        """Take the lock and hold it until :attr:`release` is set (run it on a thread)."""
        parsed = make_url(self.url)
        if parsed.get_backend_name() == "sqlite":
            holder = sqlite3.connect(str(parsed.database), isolation_level=None)
            holder.execute("BEGIN EXCLUSIVE" if self.exclusive else "BEGIN IMMEDIATE")
            self.taken.set()
            self.release.wait(60)
            holder.execute("ROLLBACK")
            holder.close()
            return
        engine = create_engine(self.url)
        try:
            with engine.begin() as connection:
                connection.execute(text("LOCK TABLE web_room_inputs IN ACCESS EXCLUSIVE MODE"))
                self.taken.set()
                self.release.wait(60)
        finally:
            engine.dispose()


@contextmanager
def locked(url: str, *, exclusive: bool = True) -> Iterator[Lock]:
    """The database locked from outside until the block ends (or ``release`` is set)."""
    lock = Lock(url, exclusive)
    holder = threading.Thread(target=lock.hold, daemon=True)
    holder.start()
    assert lock.taken.wait(10), "the database could not be locked"
    try:
        yield lock
    finally:
        lock.release.set()
        holder.join(10)
