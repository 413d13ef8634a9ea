"""``pokerroom stats``: each player's statistics from the web cardroom's hand archive.

The hands of a period (``--since``/``--until``, UTC days or moments), a table or a
tournament; everyone in them, or one PLAYER. Statistics of a player are of what a viewer
may know (X-4): with ``--as NAME`` NAME's own hole cards value his own all-ins; nobody's
unshown cards ever count for anyone else. ``--json`` is for programs: English keys, plain
numbers, ratios in percent (``null`` where nothing was counted).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from pokerroom.cli.errors import user_errors
from pokerroom.cli.options import flag
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_
from pokerroom.stats.figures import COLUMNS, LEGEND, figure_text, figures, machine_number, moment


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
        from pokerroom.storage.hands.stats import HandFilter, HandStats

        where = HandFilter(
            since=moment(since, "--since"),
            until=moment(until, "--until", end=True),
            table=table,
            tournament=tournament,
            player=player,
        )
        with HandStats.open(archive) as store:
            players = store.summary(where, viewer=viewer, only=player)
    ordered = sorted(players.values(), key=lambda s: (-s.hands, s.name))
    if as_json:
        rows = [
            {"player": s.name, **{k: machine_number(v) for k, v in figures(s).items()}}
            for s in ordered
        ]
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not ordered:
        typer.echo(gettext(N_("no hands in the archive match")))
        return
    grid = Table(box=box.SIMPLE_HEAD, caption=gettext(LEGEND), caption_justify="left")
    grid.add_column(gettext(N_("player")), no_wrap=True)
    for _, heading in COLUMNS:
        grid.add_column(gettext(heading), justify="right", no_wrap=True)
    for s in ordered:
        values = figures(s)
        grid.add_row(s.name, *(figure_text(key, values[key]) for key, _ in COLUMNS))
    Console().print(grid)
