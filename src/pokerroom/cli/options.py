"""Options as a user reads them: flags without a type, numbers with their range.

The range is checked here rather than by the library, so ``--help`` shows
``--humans 1-10`` (not ``<int range> [1<=x<=10]``) and a value outside it is
one line: ``error: --humans must be from 1 to 10, got 11``.

>>> within(2, 10)(7)
7
>>> shown(10**12), shown(0.5)
('1,000,000,000,000', '0.5')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_

Number = TypeVar("Number", int, float)

MAX_ID = 2**63 - 1
"""The largest row id SQLite stores: the bound of every series, session or hand id."""


def shown(value: float) -> str:
    """A number as a person writes it: thousands separated, no needless decimals."""
    return f"{value:,}" if isinstance(value, int) else f"{value:,.10g}"


def within(low: Number, high: Number, why: str = "") -> Callable[[Number | None], Number | None]:
    """A check that a value lies in ``low … high``; ``why`` explains the bound to the user."""

    def check(value: Number | None) -> Number | None:
        if value is None or (math.isfinite(value) and low <= value <= high):
            return value
        words = {"low": shown(low), "high": shown(high), "value": shown(value)}
        if why:
            problem = N_("must be from {low} to {high} ({why}), got {value}")
            raise typer.BadParameter(gettext(problem).format(why=gettext(why), **words))
        raise typer.BadParameter(
            gettext(N_("must be from {low} to {high}, got {value}")).format(**words)
        )

    return check


def flag(*names: str, help: str) -> Any:
    """An on/off option: the help shows just its name."""
    return typer.Option(*names, help=help, metavar="")


def number(
    *names: str,
    low: Number,
    high: Number,
    help: str,
    metavar: str | None = None,
    why: str = "",
) -> Any:
    """A number in ``low … high``; the help shows the range unless ``metavar`` names it."""
    return typer.Option(
        *names,
        help=help,
        metavar=metavar or f"{low}-{high}",
        callback=within(low, high, why),
    )


def resume_id(what: str) -> Any:
    """The optional ``ID`` of ``--resume``; ``what`` is its help, e.g. "With --resume: the
    series to go on with (pokerroom history --list)." (a whole sentence, for translation)."""
    return typer.Argument(
        metavar="ID",
        callback=within(1, MAX_ID),
        show_default=False,
        help=what,
    )


def typed_options(ctx: typer.Context, names: tuple[str, ...]) -> str:
    """Which of ``names`` were typed on the command line, as ``--a, --b`` ("" if none)."""
    typed = [
        name
        for name in names
        if (source := ctx.get_parameter_source(name)) is not None and source.name == "COMMANDLINE"
    ]
    return ", ".join(f"--{name.replace('_', '-')}" for name in typed)


def tournament_id(argument: object | None) -> int | None:
    """With ``--resume`` a tournament command's argument is a saved tournament's id; none:
    the latest unfinished one."""
    if argument is None:
        return None
    text = str(argument)
    if not text.isdigit() or not 1 <= int(text) <= MAX_ID:
        raise UsageError(
            gettext(
                N_(
                    "--resume takes the id of a saved tournament (pokerroom history --list), "
                    "got {given!r}"
                )
            ).format(given=text)
        )
    return int(text)
