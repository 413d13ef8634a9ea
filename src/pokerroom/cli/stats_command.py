"""``pokerroom stats``: each player's statistics from the web cardroom's hand archive.

The hands of a period (``--since``/``--until``, UTC days or moments), a table or a
tournament; everyone in them, or one PLAYER. Statistics of a player are of what a viewer
may know (X-4): with ``--as NAME`` NAME's own hole cards value his own all-ins; nobody's
unshown cards ever count for anyone else. ``--json`` is for programs: English keys, plain
numbers, ratios in percent (``null`` where nothing was counted).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated

import typer
from babel.numbers import format_decimal
from rich import box
from rich.console import Console
from rich.table import Table

from pokerroom.cli.errors import user_errors
from pokerroom.cli.options import flag
from pokerroom.errors import UsageError
from pokerroom.i18n import current_language, gettext, number_text
from pokerroom.i18n.marker import N_

if TYPE_CHECKING:
    from pokerroom.stats.summary import PlayerStats

COLUMNS = (
    ("hands", N_("hands")),
    ("vpip", N_("VPIP")),
    ("pfr", N_("PFR")),
    ("three_bet", N_("3-bet")),
    ("fold_to_three_bet", N_("F3B")),
    ("aggression", N_("AF")),
    ("wtsd", N_("WTSD")),
    ("won_showdown", N_("W$SD")),
    ("winnings", N_("won")),
    ("bb_per_100", N_("bb/100")),
    ("adjusted", N_("all-in adj.")),
)
"""Each statistic's key (in ``--json`` too) and its column heading."""


def _moment(text: str | None, option: str, *, end: bool = False) -> datetime | None:
    """A UTC day (``2026-12-05``: its start, or with ``end`` the next day's) or moment."""
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        problem = N_(
            "{option} takes a date (2026-12-05) or a moment (2026-12-05T18:30), got {value!r}"
        )
        raise UsageError(gettext(problem).format(option=option, value=text)) from None
    if moment.tzinfo is not None:
        moment = (moment - moment.utcoffset()).replace(tzinfo=None)  # type: ignore[operator]
    day_only = len(text) == len("2026-12-05")
    return moment + timedelta(days=1) if end and day_only else moment


def _values(stats: PlayerStats) -> dict[str, int | float | Decimal | None]:
    return {
        "hands": stats.hands,
        "vpip": stats.vpip,
        "pfr": stats.pfr,
        "three_bet": stats.three_bet,
        "fold_to_three_bet": stats.fold_to_three_bet,
        "aggression": stats.aggression,
        "wtsd": stats.wtsd,
        "won_showdown": stats.won_showdown,
        "winnings": stats.winnings,
        "bb_per_100": stats.bb_per_100,
        "adjusted": stats.adjusted,
    }


def _json_number(value: object) -> object:
    if isinstance(value, float):
        return round(value, 2)
    return value if isinstance(value, int | None) else float(str(value))


def _cell(key: str, value: int | float | Decimal | None) -> str:
    if value is None:
        return "-"
    if isinstance(value, int):
        return number_text(value)
    places = "0" if key == "adjusted" else "0.0"
    return str(format_decimal(value, format=f"#,##{places}", locale=current_language()))


def stats(
    player: Annotated[
        str | None,
        typer.Argument(metavar="PLAYER", help="Only this player (his name at the tables)."),
    ] = None,
    archive: Annotated[
        str | None,
        typer.Option(
            "--archive",
            metavar="DB",
            help="The database of pokerroom serve (a URL or SQLite file); default: the data "
            "directory.",
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", metavar="DATE", help="Hands from this UTC day or moment on."),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option("--until", metavar="DATE", help="Hands up to this UTC day (all of it)."),
    ] = None,
    table: Annotated[
        str | None, typer.Option("--table", metavar="ID", help="Only the hands of this table.")
    ] = None,
    tournament: Annotated[
        str | None,
        typer.Option("--tournament", metavar="ID", help="Only the hands of this tournament."),
    ] = None,
    viewer: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar="NAME",
            help="As NAME sees them: his own hole cards value his own all-ins.",
        ),
    ] = None,
    as_json: Annotated[bool, flag("--json", help="Print JSON: one object per player.")] = False,
) -> None:
    """Each player's statistics from the web cardroom's hand archive: VPIP, PFR, 3-bet,
    aggression, showdowns, winnings."""
    with user_errors():
        from pokerroom.storage.hand_stats import HandFilter, HandStats

        where = HandFilter(
            since=_moment(since, "--since"),
            until=_moment(until, "--until", end=True),
            table=table,
            tournament=tournament,
            player=player,
        )
        with HandStats.open(archive) as store:
            players = store.summary(where, viewer=viewer, only=player)
    ordered = sorted(players.values(), key=lambda s: (-s.hands, s.name))
    if as_json:
        rows = [
            {"player": s.name, **{k: _json_number(v) for k, v in _values(s).items()}}
            for s in ordered
        ]
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not ordered:
        typer.echo(gettext(N_("no hands in the archive match")))
        return
    legend = N_(
        "VPIP, PFR, 3-bet, F3B (fold to 3-bet), WTSD and W$SD in percent; AF: postflop bets "
        "and raises per call; won: chips; all-in adj.: chips won, all-ins valued by equity"
    )
    grid = Table(box=box.SIMPLE_HEAD, caption=gettext(legend), caption_justify="left")
    grid.add_column(gettext(N_("player")), no_wrap=True)
    for _, heading in COLUMNS:
        grid.add_column(gettext(heading), justify="right", no_wrap=True)
    for s in ordered:
        values = _values(s)
        grid.add_row(s.name, *(_cell(key, values[key]) for key, _ in COLUMNS))
    Console().print(grid)
