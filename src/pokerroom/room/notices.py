"""A tournament's notices to one player (a move, a bust-out), worded for the reader.

A move or a bust-out happens at the tournament's time, not in the player's request, so the
notice cannot be worded in his language then. A :class:`Notice` is a ``str`` (the English,
what a log or older code sees) that keeps its message and values; :func:`worded` says it in
the language current when the reader's frame is built (his socket's).

>>> from pokerroom.i18n import use_language
>>> seat = Notice("table {table} seat {seat}", table=2, seat=5)
>>> moved = Notice("your seat: {where}", where=seat)
>>> str(moved)
'your seat: table 2 seat 5'
>>> with use_language("ru"):
...     worded(moved)
'ваше место: стол 2, место 5'
>>> worded(None) is None
True
"""

from __future__ import annotations

from typing import Any

from pokerroom.i18n import gettext, use_language

Value = Any
"""A plain value, another :class:`Notice`, or a picklable zero-argument callable (such as
``functools.partial(place_text, 3)``) called in the reader's language."""


def _value(value: Value) -> object:
    if isinstance(value, Notice):
        return value.worded()
    if callable(value):
        return value()
    return value


class Notice(str):
    """An English ``str`` that can be worded again in the reader's language."""

    message: str
    values: dict[str, Value]

    def __new__(cls, message: str, /, **values: Value) -> Notice:
        with use_language("en"):
            english = message.format(**{name: _value(v) for name, v in values.items()})
        made = super().__new__(cls, english)
        made.message = message
        made.values = values
        return made

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Value]]:  # pickled in a save
        return (self.message,), self.values

    def worded(self) -> str:
        """The notice in the current language."""
        return gettext(self.message).format(**{name: _value(v) for name, v in self.values.items()})


def worded(notice: str | None) -> str | None:
    """A notice as its reader reads it (a plain string as it is)."""
    return notice.worded() if isinstance(notice, Notice) else notice
