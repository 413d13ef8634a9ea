"""Where the store lives and how it is opened: a SQLite file or a server, schema by Alembic.

The file is ``pokerroom.db`` in the user's data directory
(:func:`platformdirs.user_data_dir`), or in the directory named by the
environment variable ``POKERROOM_DATA_DIR``. The environment variable
``POKERROOM_DATABASE`` (a SQLAlchemy URL, e.g. a PostgreSQL server's
``postgresql+psycopg://user:password@host/db``) wins over the file; an explicit
path or URL given to :func:`open_database` wins over all. Opening runs the Alembic
migrations shipped in :mod:`pokerroom.storage.migrations` up to the newest
revision, so a database made by an older pokerroom is upgraded in place.

>>> with open_database("sqlite://") as database:  # in memory
...     database.revision()
'0016'

A new revision, for whoever changes :mod:`pokerroom.storage.models`::

    from alembic import command
    command.revision(alembic_config("sqlite:///scratch.db"), "what changed", autogenerate=True)
"""

from __future__ import annotations

import os
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.util import CommandError
from platformdirs import user_data_dir
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import (
    ArgumentError,
    DBAPIError,
    InterfaceError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from pokerroom.storage.codec import StorageError
from pokerroom.storage.outage import DatabaseUnavailableError, Outage
from pokerroom.storage.private_files import private_directory, private_file

DATA_DIR_ENV = "POKERROOM_DATA_DIR"
"""Environment variable naming the directory that holds the database."""
DATABASE_ENV = "POKERROOM_DATABASE"
"""Environment variable holding the URL of the database to use instead of the file."""
DATABASE_FILE = "pokerroom.db"
MIGRATIONS = Path(__file__).with_name("migrations")
UNAVAILABLE = (OperationalError, InterfaceError, PoolTimeoutError)
"""Errors of a database that cannot be reached or used just now, rather than of a statement:
the server is down or restarting, a connection died, the file is locked or gone, every
pooled connection is busy."""
POOL_RECYCLE_SECONDS = 1800
"""A server's connection is replaced after half an hour, before idle-connection timeouts
(of the server, a proxy, a firewall) end it unseen."""


def data_dir() -> Path:
    """``$POKERROOM_DATA_DIR`` when set, else the platform's user data directory."""
    configured = os.environ.get(DATA_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    return Path(user_data_dir("pokerroom", appauthor=False))


def database_url(url_or_path: str | os.PathLike[str] | None = None) -> str:
    """The SQLAlchemy URL for a URL (has ``://``), a database file, a directory, or the default.

    A directory (one that exists, or the data directory) holds ``pokerroom.db``. The
    default is ``$POKERROOM_DATABASE`` when set, else the data directory's file.
    """
    if url_or_path is None and os.environ.get(DATABASE_ENV):
        return database_url(os.environ[DATABASE_ENV])
    if url_or_path is None:
        path = data_dir().absolute() / DATABASE_FILE
    elif isinstance(url_or_path, str) and "://" in url_or_path:
        try:
            make_url(url_or_path)
        except ArgumentError:
            raise StorageError(f"not a database URL: {url_or_path!r}") from None
        return url_or_path
    else:
        path = Path(url_or_path).expanduser().absolute()
        if path.is_dir():
            path /= DATABASE_FILE
    return f"sqlite:///{path}"


def _private_file(url: str) -> None:
    """A SQLite file and pokerroom's data directory are their owner's alone
    (:mod:`pokerroom.storage.private_files`)."""
    parsed = make_url(url)
    database = parsed.database
    if parsed.get_backend_name() == "sqlite" and database and database != ":memory:":
        path = Path(database)
        private_directory(path.parent, tighten=path.parent == data_dir().absolute())
        private_file(path)


def _in_memory(url: str) -> bool:
    parsed = make_url(url)
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


def create_database_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets foreign keys on, and one shared in-memory database.

    A server's pooled connection may have died since it was last used (the server restarted,
    an administrator ended it, a firewall forgot it): each is pinged as it leaves the pool and
    replaced if dead, and none is kept longer than :data:`POOL_RECYCLE_SECONDS`.
    """
    options: dict[str, Any] = {}
    if _in_memory(url):
        options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    elif make_url(url).get_backend_name() != "sqlite":
        options = {"pool_pre_ping": True, "pool_recycle": POOL_RECYCLE_SECONDS}
    engine = create_engine(url, **options)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: sqlite3.Connection, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def alembic_config(url: str | None = None) -> Config:
    """An Alembic config for the shipped migrations, without any ``alembic.ini``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    config.set_main_option("path_separator", "os")
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run the migrations on ``engine`` up to ``revision`` in one transaction.

    SQLite alters a table by copying it and dropping the old one; foreign keys are off
    meanwhile, so that the drop does not cascade to the rows that refer to it.
    """
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                config = alembic_config()
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


def driver_message(error: DBAPIError) -> str:
    """The driver's reason, first line only: PostgreSQL goes on with ``DETAIL``, ``HINT`` and
    ``LINE 1: <the statement>`` lines, and a user sees one line (the statement's values may
    hold a secret deck, X-4)."""
    lines = str(error.orig).strip().splitlines()
    return lines[0] if lines else type(error.orig).__name__


class Closing(ABC):
    """``with`` closes it: for the database and the stores opened on it."""

    @abstractmethod
    def close(self) -> None:
        """Give back the connections."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


class Database(Closing):
    """An open store: the engine and a session factory. Close it (or use ``with``) when done."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.closed = False
        self.outage = Outage(self.location)

    @property
    def url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    @property
    def location(self) -> str:
        """The database file for SQLite, the URL otherwise (for messages)."""
        url = self.engine.url
        if url.get_backend_name() == "sqlite":
            return url.database or ":memory:"
        return self.url

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session in one transaction: committed on success, rolled back on error.

        A failing database (read-only, full, locked, a table gone) is one line naming
        it and why; the statement is not shown, its values may hold a secret deck (X-4).
        One that cannot be reached or used just now is a :class:`DatabaseUnavailableError`,
        and its outage is logged once (:class:`~pokerroom.storage.outage.Outage`).
        """
        if self.closed:  # the engine would quietly open a new pool nobody ever closes
            raise StorageError(f"cannot use the database {self.location}: it is closed")
        try:
            with self.sessions.begin() as session:
                yield session
        except DBAPIError as error:
            reason = driver_message(error)
            message = f"cannot use the database {self.location}: {reason}"
            if isinstance(error, UNAVAILABLE) or error.connection_invalidated:
                self.outage.failed(reason)
                disconnected = error.connection_invalidated
                raise DatabaseUnavailableError(message, disconnected=disconnected) from None
            raise StorageError(message) from None
        except SQLAlchemyError as error:
            message = f"cannot use the database {self.location}: {type(error).__name__}"
            if isinstance(error, UNAVAILABLE):  # every pooled connection busy
                self.outage.failed(type(error).__name__)
                raise DatabaseUnavailableError(message, disconnected=False) from None
            raise StorageError(message) from None
        self.outage.succeeded()

    def revision(self) -> str | None:
        """The schema revision the database is at."""
        with self.engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()

    def close(self) -> None:
        self.closed = True
        self.engine.dispose()


def open_database(url_or_path: str | os.PathLike[str] | None = None) -> Database:
    """Open (creating or upgrading) the store; see :func:`database_url` for the argument."""
    url = database_url(url_or_path)
    _private_file(url)
    try:
        database = Database(create_database_engine(url))
    except ArgumentError as error:  # no such dialect: "nope://…"
        raise StorageError(f"cannot open the database {url!r}: {error}") from None
    except ImportError as error:  # postgresql+psycopg without psycopg installed
        raise StorageError(
            f"cannot open the database: its driver is not installed ({error.name}); "
            "pip install 'pokerroom[postgres]' for PostgreSQL"
        ) from None
    try:
        upgrade(database.engine)
    except CommandError as error:  # a revision this pokerroom does not know
        database.close()
        raise StorageError(
            f"cannot open the database {database.location}: {error}; "
            "was it written by a newer pokerroom?"
        ) from None
    except DBAPIError as error:
        database.close()
        raise StorageError(
            f"cannot open the database {database.location}: {driver_message(error)}"
        ) from None
    return database


class DatabaseStore(Closing):
    """A store of one kind of record on a :class:`Database`, opened like the database."""

    def __init__(self, database: Database) -> None:
        self.database = database

    @classmethod
    def open(cls, url_or_path: str | os.PathLike[str] | None = None) -> Self:
        """Open the store at a URL, a file or a directory; the data directory by default."""
        return cls(open_database(url_or_path))

    def close(self) -> None:
        self.database.close()
