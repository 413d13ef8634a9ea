"""Alembic's environment script: run the migrations on the connection it is given.

:func:`pokerroom.storage.database.upgrade` passes an open connection in
``config.attributes["connection"]``; without one, the URL in the config's
``sqlalchemy.url`` is used. Importing this module outside an Alembic run does
nothing (the doctest collector imports every module of the package).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from pokerroom.storage.models import Base


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,  # SQLite alters tables by copying them
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations() -> None:
    config = context.config
    if context.is_offline_mode():
        context.configure(
            url=config.get_main_option("sqlalchemy.url"),
            target_metadata=Base.metadata,
            render_as_batch=True,
            literal_binds=True,
        )
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if isinstance(connection, Connection):
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("set sqlalchemy.url or pass a connection in config.attributes")
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            _run(connection)
    finally:
        engine.dispose()


def _inside_alembic() -> bool:
    """Whether Alembic runs this script: its ``context`` proxy is installed only then."""
    return getattr(context, "_proxy", None) is not None


if _inside_alembic():
    run_migrations()
