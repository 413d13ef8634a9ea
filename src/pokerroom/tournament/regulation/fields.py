"""Reading one table of a regulation's TOML with every error naming its field (T-3).

A :class:`Fields` wraps one TOML table and the dotted path that leads to it
(``levels[3]``, counted from 1 as level numbers are). Each read checks the type and
range and raises :class:`RegulationError` naming the field and what is allowed;
:meth:`Fields.finish` refuses any key that was never read, so a typo cannot pass.

>>> fields = Fields({"minutes": 20, "big_blnd": 50}, "levels[1]", "a level")
>>> fields.integer("minutes", minimum=1)
20
>>> try:
...     fields.finish()
... except RegulationError as error:
...     print(error)
levels[1].big_blnd is not a field of a level; it has: minutes
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import date, datetime, time
from fractions import Fraction
from typing import TypeVar

from pokerroom.errors import PokerroomError
from pokerroom.i18n import _

T = TypeVar("T")


class RegulationError(PokerroomError, ValueError):
    """A regulation that cannot be used: the message names the field and what is allowed."""


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return _("a boolean")
    if isinstance(value, int):
        return _("an integer")
    if isinstance(value, float):
        return _("a number")
    if isinstance(value, str):
        return _("a string")
    if isinstance(value, list):
        return _("an array")
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, datetime | date | time):
        return _("a date or time")
    return type(value).__name__


def _got(allowed: str, value: object) -> str:
    """``must be <allowed>, got <kind> <value>``."""
    return _("must be {allowed}, got {kind} {value}").format(
        allowed=allowed, kind=_kind(value), value=_shown(value)
    )


def _got_value(allowed: str, value: object) -> str:
    """``must be <allowed>, got <value>``."""
    return _("must be {allowed}, got {value}").format(allowed=allowed, value=_shown(value))


def _shown(value: object) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Fields:
    """One TOML table of a regulation, read field by field."""

    def __init__(self, data: Mapping[str, object], path: str, what: str) -> None:
        self._data = data
        self._path = path
        self._what = what
        self._read: list[str] = []

    def path(self, key: str) -> str:
        """The dotted path of ``key`` in this table, as errors name it."""
        return f"{self._path}.{key}" if self._path else key

    def error(self, key: str, message: str) -> RegulationError:
        """An error about ``key``: ``<path> <message>``."""
        return RegulationError(f"{self.path(key)} {message}")

    def has(self, key: str) -> bool:
        return key in self._data

    def _get(self, key: str) -> object:
        self._read.append(key)
        return self._data.get(key)

    def _missing(self, key: str, allowed: str) -> RegulationError:
        return self.error(key, _("is missing; it must be {allowed}").format(allowed=allowed))

    def integer(
        self,
        key: str,
        *,
        default: int | None = None,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> int:
        """An integer in ``minimum … maximum`` (either end open when ``None``)."""
        allowed = _range_words(minimum, maximum)
        value = self._get(key)
        if value is None:
            if default is None:
                raise self._missing(key, allowed)
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, _got(allowed, value))
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            raise self.error(key, _got_value(allowed, value))
        return value

    def number(
        self, key: str, *, default: Fraction | None = None, above: int = 0, maximum: int
    ) -> Fraction:
        """A number greater than ``above`` and at most ``maximum``, exact as written.

        TOML floats are read through their shortest text (``27.5`` → 55/2), so a
        percentage table sums exactly.
        """
        allowed = _("a number greater than {above} and at most {maximum}").format(
            above=above, maximum=maximum
        )
        value = self._get(key)
        if value is None:
            if default is None:
                raise self._missing(key, allowed)
            return default
        exact = _exact(value)
        if exact is None:
            raise self.error(key, _got(allowed, value))
        if not above < exact <= maximum:
            raise self.error(key, _got_value(allowed, value))
        return exact

    def numbers(self, key: str, *, maximum: int) -> tuple[Fraction, ...]:
        """A non-empty array of numbers each greater than 0 and at most ``maximum``."""
        each = _("a number greater than {above} and at most {maximum}").format(
            above=0, maximum=maximum
        )
        allowed = _("a non-empty array, each {each}").format(each=each)
        value = self._get(key)
        if value is None:
            raise self._missing(key, allowed)
        if not isinstance(value, list) or not value:
            raise self.error(key, _got(allowed, value))
        found: list[Fraction] = []
        for index, item in enumerate(value, start=1):
            exact = _exact(item)
            if exact is None or not 0 < exact <= maximum:
                raise self.error(f"{key}[{index}]", _got_value(each, item))
            found.append(exact)
        return tuple(found)

    def integers(self, key: str, *, default: tuple[int, ...], minimum: int) -> tuple[int, ...]:
        """An array of integers, each at least ``minimum``."""
        value = self._get(key)
        if value is None:
            return default
        allowed = _("an array of integers of at least {minimum}").format(minimum=minimum)
        if not isinstance(value, list):
            raise self.error(key, _got(allowed, value))
        for index, item in enumerate(value, start=1):
            if isinstance(item, bool) or not isinstance(item, int) or item < minimum:
                raise self.error(f"{key}[{index}]", _got_value(_range_words(minimum, None), item))
        return tuple(value)

    def boolean(self, key: str, *, default: bool) -> bool:
        value = self._get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.error(key, _got(_("true or false"), value))
        return value

    def text(self, key: str, *, default: str | None = None) -> str:
        """A string; required (and not blank) unless a default is given."""
        value = self._get(key)
        if value is None:
            if default is None:
                raise self._missing(key, _("a string"))
            return default
        if not isinstance(value, str):
            raise self.error(key, _got(_("a string"), value))
        if default is None and not value.strip():
            raise self.error(key, _("must not be blank"))
        return value

    def choice(self, key: str, choices: Mapping[str, T], *, default: str | None = None) -> T:
        """One of the names in ``choices``, mapped to its value."""
        allowed = _("one of {names}").format(names=", ".join(repr(name) for name in choices))
        value = self._get(key)
        if value is None:
            if default is None:
                raise self._missing(key, allowed)
            value = default
        if not isinstance(value, str) or value not in choices:
            raise self.error(key, _got_value(allowed, value))
        return choices[value]

    def moment(self, key: str) -> datetime | time | None:
        """A TOML date-time (local or with an offset) or a local time of day; optional."""
        value = self._get(key)
        if value is None or isinstance(value, datetime | time):
            return value
        allowed = _("a TOML date-time such as 2024-06-07T19:00:00 or a time such as 19:00:00")
        raise self.error(key, _got(allowed, value))

    def table(self, key: str, what: str) -> Fields | None:
        """A sub-table, or ``None`` when absent."""
        value = self._get(key)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.error(
                key,
                _("must be a table ([{path}]), got {kind}").format(
                    path=self.path(key), kind=_kind(value)
                ),
            )
        return Fields(value, self.path(key), what)

    def tables(self, key: str, what: str) -> list[Fields]:
        """An array of tables (``[[key]]``), counted from 1 in paths; empty when absent."""
        value = self._get(key)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise self.error(
                key,
                _("must be an array of tables ([[{path}]]), got {kind}").format(
                    path=self.path(key), kind=_kind(value)
                ),
            )
        return [
            Fields(item, f"{self.path(key)}[{index}]", what)
            for index, item in enumerate(value, start=1)
        ]

    def finish(self) -> None:
        """Refuse the first key that no reader asked for (a typo or an unknown field)."""
        for key in self._data:
            if key not in self._read:
                raise self.error(
                    key,
                    _("is not a field of {what}; it has: {fields}").format(
                        what=_(self._what), fields=", ".join(self._read)
                    ),
                )


def _exact(value: object) -> Fraction | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def _range_words(minimum: int | None, maximum: int | None) -> str:
    """An integer's allowed range, in the current language."""
    if minimum is not None and maximum is not None:
        return _("an integer from {minimum} to {maximum}").format(minimum=minimum, maximum=maximum)
    if minimum is not None:
        return _("an integer of at least {minimum}").format(minimum=minimum)
    if maximum is not None:
        return _("an integer of at most {maximum}").format(maximum=maximum)
    return _("an integer")
