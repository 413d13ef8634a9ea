"""``pokerroom tournament``: check a tournament's regulation (T-3) and list the shipped examples.

``check FILE`` (or ``check --example NAME``) validates a regulation and prints its
structure: levels with breaks and colour-ups, the scheduled duration, when late
registration closes, and the pool and prizes for a few field sizes (``--entries N``,
repeatable). ``examples`` lists the shipped regulations; ``examples NAME`` prints one
to copy and edit. ``run`` plays a whole American or Olympic (knock-out) tournament with
bots in simulated time and prints the results table and the pool (``--json``: one JSON
object per line); it is saved as it goes, ``run --resume [ID]`` goes on with a stopped
American one and ``run --abandon ID`` gives one up (:mod:`pokerroom.storage.tournament.saving`).
A bad regulation is one line on stderr and exit code 2.
"""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer

from pokerroom.cli.entry import INTERRUPTED_EXIT
from pokerroom.cli.errors import user_errors
from pokerroom.cli.option_errors import PlainHelp, WordedGroup
from pokerroom.cli.options import MAX_ID, flag, number, tournament_id, typed_options
from pokerroom.cli.tournament import export as tournament_export
from pokerroom.cli.tournament import play_command as tournament_play_command
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_
from pokerroom.tournament.events import BustOut, TournamentEvent

app = typer.Typer(
    cls=WordedGroup,
    name="tournament",
    help=N_(
        "Tournaments: check a regulation (T-3), list the examples, run one with bots, "
        "play one at the terminal table, export a saved one."
    ),
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
    from pokerroom.cli.tournament.view import check_json, check_text, default_fields, payouts_for
    from pokerroom.tournament.regulation import load_example, load_regulation

    with user_errors():
        if (file is None) == (example is None):
            raise UsageError(N_("give a regulation FILE or --example NAME (one of them)"))
        regulation = load_regulation(file) if file is not None else load_example(str(example))
        fields = tuple(entries) if entries else default_fields(regulation)
        for count in fields:
            if count < 1:
                problem = gettext(N_("--entries must be at least 1, got {count}"))
                raise UsageError(problem.format(count=count))
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
    from pokerroom.tournament.regulation import example_names, example_text, load_example

    with user_errors():
        if name is not None:
            typer.echo(example_text(name), nl=False)
            return
        for each in example_names():
            regulation = load_example(each)
            typer.echo(f"{each:<20} {regulation.description or regulation.name}")


@app.command("run", cls=PlainHelp)
def run(
    ctx: typer.Context,
    file: Annotated[
        Path | None,
        typer.Argument(
            metavar="FILE",
            help="A regulation TOML file (see docs/regulation.md); with --resume, "
            "the id of the tournament to go on with.",
        ),
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
            "tournament (push/fold when short), tight-aggressive, loose-aggressive, "
            "tight-passive, loose-passive, equity, station, random.",
        ),
    ] = "tournament",
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="SEED", help="Seed for a repeatable run.")
    ] = None,
    as_json: Annotated[
        bool,
        flag(
            "--json",
            help="One JSON object per line: a header, every event, then results "
            "(docs/tournament-log.md).",
        ),
    ] = False,
    resume: Annotated[
        bool,
        flag(
            "--resume",
            help="Go on with an unfinished tournament (the latest, or the id given as FILE).",
        ),
    ] = False,
    abandon: Annotated[
        int | None,
        number(
            "--abandon", low=1, high=MAX_ID, metavar="ID", help="Give up an unfinished tournament."
        ),
    ] = None,
    keep_hands: Annotated[
        bool,
        flag(
            "--keep-hands",
            help="Also save every hand's PHH, for pokerroom tournament export --hands.",
        ),
    ] = False,
) -> None:
    """Play a whole American or Olympic tournament with bots in simulated time; print the results.

    It is saved as it goes (pokerroom history); a run stopped or killed goes on with
    --resume, from its last saved hand.
    """
    from pokerroom.bots.tournament_players import check_kinds
    from pokerroom.cli.tournament.run_view import (
        JsonLines,
        progress_bar,
        results_text,
        run_header,
    )
    from pokerroom.storage.tournament import saving as tournament_saving
    from pokerroom.tournament.american import entrant_names
    from pokerroom.tournament.regulation import example_text, load_example, load_regulation

    with user_errors():
        given = typed_options(ctx, TOURNAMENT_OPTIONS)
        if abandon is not None:
            if resume or file is not None or as_json or given or keep_hands:
                raise UsageError(N_("--abandon takes a tournament id and nothing else"))
            typer.echo(tournament_saving.abandon(abandon))
            return
        if resume:
            given = ", ".join(filter(None, (given, "--keep-hands" if keep_hands else "")))
            if given:
                problem = N_("--resume goes on with the tournament as saved: drop {options}")
                raise UsageError(gettext(problem).format(options=given))
            saved = tournament_saving.resumed_run(tournament_id(file))
        else:
            if (file is None) == (example is None):
                raise UsageError(N_("give a regulation FILE or --example NAME (one of them)"))
            if file is not None:
                regulation = load_regulation(file)
                text = file.read_text(encoding="utf-8")
            else:
                regulation, text = load_example(str(example)), example_text(str(example))
            players = entrant_names(regulation, entrants)
            kinds = check_kinds([kind.strip() for kind in bots.split(",") if kind.strip()])
            chosen = secrets.randbits(32) if seed is None else seed
            saved = tournament_saving.new_run(
                text, regulation, players, kinds, chosen, keep_hands=keep_hands
            )
    writer = JsonLines(sys.stdout) if as_json else None
    if writer is not None:
        writer.header(run_header(saved))
    total = len(saved.players) - 1
    with (
        user_errors(),
        saved.store,
        progress_bar(total, enabled=sys.stderr.isatty(), done=saved.busts) as advance,
    ):

        def listen(event: TournamentEvent) -> None:
            if writer is not None:
                writer(event)
            if isinstance(event, BustOut):
                advance()

        simulation = saved.start(listen)
        saved.log.save(simulation.tournament)  # the draw, or the state resumed from
        try:
            tournament = simulation.run()
        except KeyboardInterrupt:
            saved.log.save_to_boundary()
            if saved.resumable:
                then = N_("go on with pokerroom tournament run --resume {id}")
            else:
                then = N_(
                    "only american runs resume so far; give it up with "
                    "pokerroom tournament run --abandon {id}"
                )
            interrupted = N_(
                "interrupted: tournament {id} is saved up to its last finished hand; {then}"
            )
            typer.echo(
                gettext(interrupted).format(id=saved.id, then=gettext(then).format(id=saved.id)),
                err=True,
            )
            raise typer.Exit(INTERRUPTED_EXIT) from None
        saved.log.finish(tournament)
    if writer is not None:
        writer.results(tournament, saved.play.kind_of, saved_as=saved.id)
    else:
        typer.echo(results_text(tournament, saved.play.kind_of, simulation.now))
        saved_as = N_("saved as tournament {id}: pokerroom history --tournament {id}")
        typer.echo(gettext(saved_as).format(id=saved.id))


app.command("export", cls=PlainHelp)(tournament_export.export)
app.command("play", cls=PlainHelp)(tournament_play_command.play)

TOURNAMENT_OPTIONS = ("example", "entrants", "bots", "seed")
"""Options that define a new tournament; a resumed one takes them from the store."""
