"""Turn pokerroom's named errors into a one-line message and exit code 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer

from pokerroom.errors import PokerroomError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_
from pokerroom.said import error_words

USER_ERROR_EXIT = 2


@contextmanager
def user_errors() -> Iterator[None]:
    """Report a :class:`PokerroomError` as ``error: …`` on stderr and exit 2, in the
    command's language (:func:`pokerroom.cli.error_words.worded`)."""
    try:
        yield
    except PokerroomError as error:
        typer.echo(error_line(error_words(error)), err=True)
        raise typer.Exit(USER_ERROR_EXIT) from None


def error_line(problem: str) -> str:
    """``error: …`` in the current language; ``problem`` is worded if it is not yet."""
    from pokerroom.cli.error_words import worded

    return gettext(N_("error: {problem}")).format(problem=worded(problem))
