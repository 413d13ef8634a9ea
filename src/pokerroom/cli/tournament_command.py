"""``pokerroom tournament``: check a tournament's regulation (T-3) and list the shipped examples.

``check FILE`` (or ``check --example NAME``) validates a regulation and prints its
structure: levels with breaks and colour-ups, the scheduled duration, when late
registration closes, and the pool and prizes for a few field sizes (``--entries N``,
repeatable). ``examples`` lists the shipped regulations; ``examples NAME`` prints one
to copy and edit. ``run`` plays a whole American or Olympic (knock-out) tournament with
bots in simulated time and prints the results table and the pool (``--json``: one JSON
object per line).
A bad regulation is one line on stderr and exit code 2.
"""

from __future__ import annotations

import json
import random
import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer

from pokerroom.bots.tournament_players import BotPlayers, check_kinds
from pokerroom.cli.errors import user_errors
from pokerroom.cli.option_errors import PlainHelp
from pokerroom.cli.options import flag
from pokerroom.cli.tournament_run_view import JsonLines, progress_bar, results_text
from pokerroom.cli.tournament_view import check_json, check_text, default_fields, payouts_for
from pokerroom.errors import UsageError
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.events import BustOut, TournamentEvent
from pokerroom.tournament.olympic_run import OlympicRun
from pokerroom.tournament.regulation import (
    example_names,
    example_text,
    load_example,
    load_regulation,
)
from pokerroom.tournament.regulation.model import TournamentFormat

app = typer.Typer(
    name="tournament",
    help="Tournaments: check a regulation (T-3), list the examples, run one with bots.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.command("check", cls=PlainHelp)
def check(
    file: Annotated[
        Path | None,
        typer.Argument(metavar="FILE", help="A regulation TOML file (see docs/regulation.md)."),
    ] = None,
    example: Annotated[
        str | None,
        typer.Option(
            "--example", metavar="NAME", help="Check a shipped example instead of a file."
        ),
    ] = None,
    entries: Annotated[
        list[int] | None,
        typer.Option(
            "--entries", metavar="N", help="Show the pool and prizes for N entries (repeatable)."
        ),
    ] = None,
    as_json: Annotated[bool, flag("--json", help="Print one JSON object.")] = False,
) -> None:
    """Validate a regulation and print its levels, duration and payouts."""
    with user_errors():
        if (file is None) == (example is None):
            raise UsageError("give a regulation FILE or --example NAME (one of them)")
        regulation = load_regulation(file) if file is not None else load_example(str(example))
        fields = tuple(entries) if entries else default_fields(regulation)
        for count in fields:
            if count < 1:
                raise UsageError(f"--entries must be at least 1, got {count}")
        results = payouts_for(regulation, fields)
    if as_json:
        typer.echo(json.dumps(check_json(regulation, results), ensure_ascii=False))
    else:
        typer.echo(check_text(regulation, results))


@app.command("examples", cls=PlainHelp)
def examples(
    name: Annotated[
        str | None, typer.Argument(metavar="NAME", help="Print this example's TOML.")
    ] = None,
) -> None:
    """List the example regulations shipped with pokerroom, or print one."""
    with user_errors():
        if name is not None:
            typer.echo(example_text(name), nl=False)
            return
        for each in example_names():
            regulation = load_example(each)
            typer.echo(f"{each:<20} {regulation.description or regulation.name}")


@app.command("run", cls=PlainHelp)
def run(
    file: Annotated[
        Path | None,
        typer.Argument(metavar="FILE", help="A regulation TOML file (see docs/regulation.md)."),
    ] = None,
    example: Annotated[
        str | None,
        typer.Option("--example", metavar="NAME", help="Run a shipped example instead of a file."),
    ] = None,
    entrants: Annotated[
        int, typer.Option("--entrants", metavar="N", help="How many bots enter.")
    ] = 0,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="KINDS",
            help="Bot kinds, comma-separated, dealt to entrants in turn: "
            "tournament (push/fold when short), equity, station, random.",
        ),
    ] = "tournament",
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="SEED", help="Seed for a repeatable run.")
    ] = None,
    as_json: Annotated[
        bool, flag("--json", help="One JSON object per line: every event, then results.")
    ] = False,
) -> None:
    """Play an American or Olympic tournament with bots in simulated time; print the results."""
    with user_errors():
        if (file is None) == (example is None):
            raise UsageError("give a regulation FILE or --example NAME (one of them)")
        regulation = load_regulation(file) if file is not None else load_example(str(example))
        players = entrant_names(regulation, entrants)
        kinds = check_kinds([kind.strip() for kind in bots.split(",") if kind.strip()])
        olympic = regulation.format is TournamentFormat.OLYMPIC
        runner = OlympicRun if olympic else AmericanRun
    chosen = secrets.randbits(32) if seed is None else seed
    play = BotPlayers(kinds, players, chosen)
    writer = JsonLines(sys.stdout) if as_json else None
    with progress_bar(len(players) - 1, enabled=sys.stderr.isatty()) as advance:

        def listen(event: TournamentEvent) -> None:
            if writer is not None:
                writer(event)
            if isinstance(event, BustOut):
                advance()

        simulation = runner(regulation, players, play, random.Random(chosen), listener=listen)
        tournament = simulation.run()
    if writer is not None:
        writer.results(tournament, play.kind_of)
    else:
        typer.echo(results_text(tournament, play.kind_of, simulation.now))
