"""A season written by its club as TOML: the dates, the formula and what counts.

    name = "Winter 2026"
    starts = 2026-01-01
    ends = 2026-03-31
    formula = "sqrt"          # or "places" (with places = [100, 70, 50, ...], others = 0)
    scale = 10                # sqrt: scale · √entrants / √place
    bounty_points = 2.5       # per player knocked out
    min_entrants = 6          # smaller fields do not count
    best_of = 8               # each player's best 8 results count

Every mistake is one line naming the key and what it may be; nothing is guessed.
"""

from __future__ import annotations

import tomllib
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from pokerroom.club.points import ByPlace, Formula, SquareRoot
from pokerroom.club.season import Season
from pokerroom.errors import UsageError
from pokerroom.i18n.marker import N_
from pokerroom.said import Said

KEYS = frozenset(
    {"name", "starts", "ends", "formula", "scale", "places", "others", "bounty_points",
     "min_entrants", "best_of"}
)  # fmt: skip


def parse_season(text: str, source: str) -> Season:
    """The season ``text`` describes; ``source`` names it in errors (a file name)."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UsageError(
            Said(N_("{source}: not TOML: {why}"), source=source, why=str(error))
        ) from None
    return season_from_table(table, source)


def season_from_table(table: dict[str, Any], source: str) -> Season:
    """The season a table of :data:`KEYS` describes (a TOML file's, or a web form's with
    its dates and numbers read)."""
    unknown = sorted(set(table) - KEYS)
    if unknown:
        wrong = N_("{source}: unknown key {key}; the keys are {keys}")
        raise UsageError(Said(wrong, source=source, key=unknown[0], keys=", ".join(sorted(KEYS))))
    return Season(
        name=_text(table, "name", source),
        starts=_date(table, "starts", source),
        ends=_date(table, "ends", source),
        formula=_formula(table, source),
        bounty_points=_decimal(table, "bounty_points", source, Decimal(0)),
        min_entrants=_whole(table, "min_entrants", source, 2),
        best_of=_whole(table, "best_of", source, None),
    )


def _formula(table: dict[str, Any], source: str) -> Formula:
    name = table.get("formula", "sqrt")
    if name == "sqrt":
        return SquareRoot(_decimal(table, "scale", source, Decimal(10)))
    if name == "places":
        listed = table.get("places")
        if listed is None:
            return ByPlace(others=_decimal(table, "others", source, Decimal(0)))
        if not isinstance(listed, list) or not listed:
            raise _wrong(source, "places", N_("a list of points, the winner's first"))
        points = tuple(_decimal({"places": value}, "places", source, None) for value in listed)
        return ByPlace(tuple(point for point in points if point is not None),
                       _decimal(table, "others", source, Decimal(0)))  # fmt: skip
    raise _wrong(source, "formula", N_('"sqrt" or "places"'))


def _text(table: dict[str, Any], key: str, source: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _wrong(source, key, N_("a name in quotes"))
    return value.strip()


def _date(table: dict[str, Any], key: str, source: str) -> date:
    value = table.get(key)
    if not isinstance(value, date):
        raise _wrong(source, key, N_("a date such as 2026-01-31 (no quotes)"))
    return value


def _decimal(table: dict[str, Any], key: str, source: str, default: Decimal | None) -> Decimal:
    value = table.get(key, default)
    if value is None or isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise _wrong(source, key, N_("a number of points, 0 or more"))
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise _wrong(source, key, N_("a number of points, 0 or more")) from None
    if number < 0 or not number.is_finite():
        raise _wrong(source, key, N_("a number of points, 0 or more"))
    return number


def _whole(table: dict[str, Any], key: str, source: str, default: int | None) -> Any:
    value = table.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _wrong(source, key, N_("a whole number, 1 or more"))
    return value


def _wrong(source: str, key: str, allowed: str) -> UsageError:
    says = N_("{source}: {key} must be {allowed}")
    return UsageError(Said(says, source=source, key=key, allowed=Said(allowed)))
