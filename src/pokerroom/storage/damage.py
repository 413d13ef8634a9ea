"""Stored rows that cannot be used: a one-line :class:`StorageError`, never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from pokerroom.errors import PokerroomError
from pokerroom.storage.codec import StorageError


def damaged(what: str, field: str) -> StorageError:
    """One line naming the field, never its value: a damaged row may hold any text (X-4)."""
    return StorageError(f"{what} is damaged in the store ({field}); it cannot be used")


@contextmanager
def loading(what: str) -> Iterator[None]:
    """Rows SQLAlchemy cannot load (a seed or date that is none, JSON that does not parse)."""
    try:
        yield
    except PokerroomError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError):
        raise damaged(what, "unreadable value") from None
