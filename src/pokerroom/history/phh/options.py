"""The rule options a hand was played under, as PHH's user field ``_options``.

PHH has no field for a house's rule choices, and it lets users add fields whose
names start with ``_``. Without them a replay would apply other rules than the
table did: a split to the smallest chip (P-3), the re-raise after a short all-in
(A-12), the showdown order (P-4) and the other options of
:class:`~pokerroom.engine.options.Options`. Every option is written, so a file
means the same whatever the defaults become:

>>> from pokerroom.engine.options import Options
>>> options_field(Options.profile("club", smallest_chip=5))  # doctest: +NORMALIZE_WHITESPACE
'_options = { reraise_after_short_all_in = "all-in-plus-big-blind",
  showdown_order = "last-aggressor-any-round", deal_start = "small-blind",
  timeout_action = "fold", smallest_chip = 5, bet_unit = 1, run_it_twice = false }'
>>> read_options({"smallest_chip": 5}).smallest_chip
5
"""

from __future__ import annotations

import dataclasses
import enum
import json

from pokerroom.engine.options import Options
from pokerroom.errors import PokerroomError, UsageError

FIELD = "_options"

_DEFAULTS = Options()
_MAX_NUMBER = 10**15
"""The largest whole-number option (a smallest chip), as for every PHH amount."""


def options_field(options: Options) -> str:
    """The TOML line that records ``options``: an inline table, one key per option."""
    values = ", ".join(
        f"{field.name} = {json.dumps(getattr(options, field.name))}"
        for field in dataclasses.fields(Options)
    )
    return f"{FIELD} = {{ {values} }}"


def _allowed(default: object) -> str:
    if isinstance(default, enum.Enum):
        return " or ".join(repr(member.value) for member in type(default))
    if isinstance(default, bool):
        return "true or false"
    return "a whole number from 1 to 10^15"


def read_options(table: object) -> Options:
    """The options of an ``_options`` table; a missing option keeps its default.

    A bad table is a :class:`~pokerroom.errors.UsageError` naming the option and
    what it allows.
    """
    if not isinstance(table, dict):
        raise UsageError(f"{FIELD} must be a table of rule options, got {type(table).__name__}")
    names = [field.name for field in dataclasses.fields(Options)]
    values: dict[str, object] = {}
    for name, value in table.items():
        if name not in names:
            raise UsageError(
                f"{FIELD}: unknown option {name!r}; the options are {', '.join(names)}"
            )
        default = getattr(_DEFAULTS, name)
        try:
            if isinstance(default, enum.Enum):
                values[name] = type(default)(value)
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(value)
                values[name] = value
            elif (
                isinstance(value, int) and not isinstance(value, bool) and 0 < value <= _MAX_NUMBER
            ):
                values[name] = value
            else:
                raise ValueError(value)
        except ValueError:
            shown = repr(value) if len(repr(value)) <= 40 else f"{repr(value)[:37]}..."
            raise UsageError(f"{FIELD}: {name} must be {_allowed(default)}, got {shown}") from None
    try:
        return dataclasses.replace(_DEFAULTS, **values)  # type: ignore[arg-type]
    except (PokerroomError, ValueError, TypeError) as error:
        raise UsageError(f"{FIELD}: {error}") from None
