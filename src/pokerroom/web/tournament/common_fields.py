"""The new-tournament form's common fields: a few numbers set on the regulation chosen.

Buy-in, fee, starting stack, seats per table, the most entries (a sit & go's seats) and
every level's minutes: a blank field keeps the regulation's own. The changed document is
written back as TOML and checked again by the regulation checker (T-3), so a value it
refuses (a stack that is not a multiple of the smallest chip, too many seats for the game)
is its own one line.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from pokerroom.errors import PokerroomError
from pokerroom.i18n import N_, gettext, number_text
from pokerroom.tournament.regulation.toml_text import toml_text

LIMIT = 10**9
COMMON: dict[str, tuple[tuple[str, ...], str, int]] = {
    "buy_in": (("money", "buy_in"), N_("the buy-in"), 0),
    "fee": (("money", "fee"), N_("the fee"), 0),
    "starting_stack": (("starting_stack",), N_("the starting stack"), 1),
    "table_size": (("table_size",), N_("the seats per table"), 2),
    "max_entries": (("max_entries",), N_("the most entries"), 2),
    "level_minutes": (("levels",), N_("every level's minutes"), 1),
}
"""Form field → where it goes in the document, its words, its smallest value."""


def common_given(fields: Mapping[str, str]) -> bool:
    return any(fields.get(name, "").strip() for name in COMMON)


def with_common_fields(text: str, fields: Mapping[str, str]) -> str:
    """``text`` (a regulation already checked) with the common fields given set on it."""
    if not common_given(fields):
        return text
    document: dict[str, Any] = tomllib.loads(text)
    for name, (path, words, low) in COMMON.items():
        given = fields.get(name, "").strip()
        if not given:
            continue
        if not given.isdigit() or not low <= int(given) <= LIMIT:
            raise PokerroomError(
                gettext(
                    "{what} is a whole number from {low} to {high} (blank: the regulation's), "
                    "got {given}"
                ).format(
                    what=gettext(words), low=low, high=number_text(LIMIT), given=repr(given[:20])
                )
            )
        value = int(given)
        if path == ("levels",):
            for level in document.get("levels", []):
                level["minutes"] = value
            continue
        table = document
        for key in path[:-1]:
            table = table.setdefault(key, {})
        table[path[-1]] = value
    return toml_text(document)
