"""A journal of calls, as a tournament's and each of its tables' apart are kept
(:mod:`.tournaments`, :mod:`.tournament_tables`): each call that entered through a
:func:`~pokerroom.room.tournament.journal.journaled` door, with its arguments as JSON, in
order; a quiet call (a tick, a connection) that changed nothing at a time already kept is
left out."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pokerroom.room.seam import User
from pokerroom.storage.rooms.saved_room import user_from_json, user_to_json
from pokerroom.storage.rooms.store import RoomInput
from pokerroom.storage.rooms.writer import RoomWriter

R = TypeVar("R")

QUIET = frozenset({"tick", "advance", "presence"})
"""Calls left out when they changed nothing at a time already kept."""


def now_of(args: tuple[object, ...]) -> float:
    """The server time a journaled call ends with."""
    now = args[-1]
    if not isinstance(now, int | float) or isinstance(now, bool):
        raise TypeError(f"a journaled call ends with the server time, not {now!r}")
    return now


def encode_arg(arg: object) -> object:
    """A journaled call's argument as JSON (a user, a message, or a plain value)."""
    if isinstance(arg, User):
        return {"user": user_to_json(arg)}
    if isinstance(arg, Mapping):
        return {"message": json.loads(json.dumps(dict(arg)))}
    return arg


def decode_arg(value: Any) -> Any:
    """The argument :func:`encode_arg` kept."""
    if isinstance(value, dict) and "user" in value:
        return user_from_json(value["user"])
    if isinstance(value, dict) and "message" in value:
        return dict(value["message"])
    return value


class CallJournal(ABC):
    """Keeps one journaled object's calls with ``saver``; ``last_serial`` and ``last_at``
    are the serial and time of its last saved input (0 and None: none yet)."""

    def __init__(
        self, saver: RoomWriter, *, last_serial: int = 0, last_at: float | None = None
    ) -> None:
        self.saver = saver
        self._serial = last_serial
        self._last_at = last_at
        self._inside = False

    @property
    def serial(self) -> int:
        """The serial of the last input kept (queued, not necessarily saved yet)."""
        return self._serial

    @property
    def last_at(self) -> float | None:
        """The time of the last input kept (None: none yet)."""
        return self._last_at

    def enter(
        self, target: object, method: str, call: Callable[[], R], args: tuple[object, ...]
    ) -> R:
        if self._inside:
            return call()  # made by a kept call: its replay makes it again
        before = self._digest() if method in QUIET else None
        with self.saver.together():  # the call and the hands it finished: one transaction
            self._inside = True
            try:
                result = call()
            except Exception:
                self._keep(target, method, args)
                raise
            finally:
                self._inside = False
            if before is None or result or self._moved(args) or self._digest() != before:
                self._keep(target, method, args)
            return result

    def _moved(self, args: tuple[object, ...]) -> bool:
        return self._last_at is None or float(now_of(args)) > self._last_at

    def _keep(self, target: object, method: str, args: tuple[object, ...]) -> None:
        user = next((arg for arg in args if isinstance(arg, User)), None)
        data = {**self._where(target), "args": [encode_arg(arg) for arg in args]}
        item = RoomInput(0, self._kind(method), float(now_of(args)), user_to_json(user), data)
        self._put(item)

    def _put(self, item: RoomInput) -> None:
        self._serial += 1
        self._last_at = item.at
        self._save(RoomInput(self._serial, item.kind, item.at, item.user, item.data))

    @abstractmethod
    def _digest(self) -> tuple[object, ...]:
        """What a quiet call could change; equal before and after: it changed nothing."""

    @abstractmethod
    def _where(self, target: object) -> dict[str, object]:
        """What the input says of the object called (a tournament's table: its number)."""

    @abstractmethod
    def _kind(self, method: str) -> str:
        """The kind a call of ``method`` is saved as."""

    @abstractmethod
    def _save(self, item: RoomInput) -> None:
        """Queue ``item`` (its serial given) with the writer."""
