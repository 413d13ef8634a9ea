"""A club's new season from the club page's form: the keys of a season file, typed in.

The form's texts become the table a season file would give (dates, numbers, a list of
place points) and :func:`~pokerroom.club.season_file.season_from_table` checks them, so
the web and ``pokerroom club standings`` accept the same seasons and say the same errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from pokerroom.club.season import Season
from pokerroom.club.season_file import season_from_table
from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext
from pokerroom.said import Said

SEASON_FIELDS = (
    "name", "starts", "ends", "formula", "scale", "places", "others", "bounty_points",
    "min_entrants", "best_of",
)  # fmt: skip
SOURCE = N_("the season")


def read_season(form: Mapping[str, str]) -> Season:
    """The season the form describes; a :class:`UsageError` naming the field if not."""
    table: dict[str, Any] = {"name": form.get("name", ""), "formula": form.get("formula", "")}
    for key in ("starts", "ends"):
        table[key] = _date(key, form.get(key, ""))
    for key in ("scale", "others", "bounty_points"):
        if form.get(key, "").strip():
            table[key] = _number(key, form[key])
    for key in ("min_entrants", "best_of"):
        if form.get(key, "").strip():
            table[key] = _whole(key, form[key])
    places = [text for text in form.get("places", "").replace(";", ",").split(",") if text.strip()]
    if places:
        table["places"] = [_number("places", text) for text in places]
    return season_from_table(table, gettext(SOURCE))


def _date(key: str, text: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise _wrong(key, N_("a date such as 2026-01-31")) from None


def _number(key: str, text: str) -> Decimal:
    try:
        number = Decimal(text.strip())
    except InvalidOperation:
        raise _wrong(key, N_("a number of points, 0 or more")) from None
    return number


def _whole(key: str, text: str) -> int:
    if not text.strip().isdigit():
        raise _wrong(key, N_("a whole number, 1 or more"))
    return int(text.strip())


def _wrong(key: str, allowed: str) -> UsageError:
    says = N_("{source}: {key} must be {allowed}")
    return UsageError(Said(says, source=Said(SOURCE), key=key, allowed=Said(allowed)))
