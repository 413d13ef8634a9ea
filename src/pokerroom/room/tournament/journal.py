"""The one door into a web tournament: every call that may change it, seen by its journal.

A method marked :func:`journaled` (the tournament's registrations, start, clock, messages
and ticks, and each of its table rooms' messages, connections and ticks) hands the call
to the tournament's :class:`Journal`, when it has one, which makes it and keeps it
(:mod:`pokerroom.storage.rooms.tournaments`). The calls a journaled call makes itself are the
journal's own business: only the outermost is kept, and replaying it makes the rest again.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Concatenate, ParamSpec, Protocol, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Journal(Protocol):
    """What keeps a tournament's calls (see :mod:`pokerroom.storage.rooms.tournaments`)."""

    def enter(
        self, target: object, method: str, call: Callable[[], R], args: tuple[object, ...]
    ) -> R:
        """Make ``call`` (``target.method(*args)``) and keep it if it may have changed
        something."""
        ...


class Journaled(Protocol):
    """A tournament, or one of its table rooms."""

    @property
    def journal(self) -> Journal | None: ...


S = TypeVar("S", bound=Journaled)


def journaled(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """Route calls of ``method`` (positional arguments only) through the journal."""

    @functools.wraps(method)
    def entry(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        journal = self.journal
        if journal is None:
            return method(self, *args, **kwargs)
        if kwargs:
            raise TypeError(f"{method.__name__} is journaled: give its arguments by position")
        return journal.enter(
            self, method.__name__, lambda: method(self, *args, **kwargs), tuple(args)
        )

    return entry
