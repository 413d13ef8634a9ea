"""Turn pokerroom's named errors into a one-line message and exit code 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer

from pokerroom.errors import PokerroomError

USER_ERROR_EXIT = 2


@contextmanager
def user_errors() -> Iterator[None]:
    """Report a :class:`PokerroomError` as ``error: …`` on stderr and exit 2."""
    try:
        yield
    except PokerroomError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(USER_ERROR_EXIT) from None
