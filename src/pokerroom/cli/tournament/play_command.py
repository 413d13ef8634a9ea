"""``pokerroom tournament play``: its options, apart from the table they open.

The table (:mod:`pokerroom.cli.tournament.play`) loads the engine, the storage and Textual,
which ``pokerroom tournament play --help`` does not need; they load when the command runs.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.cli.options import flag, number, typed_options
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_

MAX_CLOCK = 3600
MAX_SPEED = 100
NEW_OPTIONS = ("example", "entrants", "name", "bots", "seed", "speed", "clock", "auto_muck")
"""Options that define a new tournament; a resumed one takes them from the store."""


def play(
    ctx: typer.Context,
    file: Annotated[
        Path | None,
        typer.Argument(
            metavar="FILE",
            help="A regulation TOML file (default: the home sit-and-go); with --resume, "
            "the id of the tournament to go on with.",
        ),
    ] = None,
    example: Annotated[
        str | None,
        typer.Option("--example", metavar="NAME", help="Play a shipped example instead."),
    ] = None,
    entrants: Annotated[
        int, typer.Option("--entrants", metavar="N", help="Entrants, you included.")
    ] = 6,
    name: Annotated[
        str, typer.Option("--name", metavar="NAME", help="Your name.")
    ] = "You",  # machine words: data
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="KINDS",
            help="Bot kinds, comma-separated, dealt to the bots in turn: "
            "tournament (push/fold when short), tight-aggressive, loose-aggressive, "
            "tight-passive, loose-passive, equity, station, random.",
        ),
    ] = "tournament",
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="SEED", help="Seed for a repeatable deal.")
    ] = None,
    clock: Annotated[
        int,
        number(
            "--clock",
            low=0,
            high=MAX_CLOCK,
            metavar="SECONDS",
            help="Seconds per decision before the countdown (A-18) where the regulation has "
            f"no shot clock, 0-{MAX_CLOCK}; 0: none.",
        ),
    ] = 30,
    speed: Annotated[
        int,
        number(
            "--speed",
            low=1,
            high=MAX_SPEED,
            metavar="N",
            help=f"The tournament clock (levels, breaks, the bots' own tables) runs N times "
            f"as fast as the wall clock, 1-{MAX_SPEED}; your shot clock does not.",
        ),
    ] = 1,
    auto_muck: Annotated[
        bool, flag("--auto-muck", help="Muck your losing hands at showdown unasked (P-5).")
    ] = False,
    resume: Annotated[
        bool,
        flag(
            "--resume",
            help="Sit down again in a tournament you left (the latest, or the id given as FILE).",
        ),
    ] = False,
) -> None:
    """Play a tournament at the terminal table: you and bots; the other tables play on.

    Saved as it goes; a tournament you leave goes on with --resume.
    """
    from pokerroom.cli.tournament.play import ended_line, new_seat, resumed_seat, table_app

    with user_errors():
        if resume:
            given = typed_options(ctx, NEW_OPTIONS)
            if given:
                problem = N_("--resume goes on with the tournament as saved: drop {options}")
                raise UsageError(gettext(problem).format(options=given))
            seat = resumed_seat(file)
        else:
            seat = new_seat(
                file,
                example,
                entrants,
                name,
                bots,
                seed,
                speed=speed,
                clock=clock,
                auto_muck=auto_muck,
            )
    try:
        ended = ended_line(seat) if resume else None
        if ended is not None:
            typer.echo(ended)
            return
        asyncio.run(table_app(seat).run_local())
    finally:
        seat.close()
    if seat.tournament.status != "finished" and not seat.out:
        again = N_("Saved. Sit down again with: pokerroom tournament play --resume {id}")
        typer.echo(gettext(again).format(id=seat.tournament.id))
