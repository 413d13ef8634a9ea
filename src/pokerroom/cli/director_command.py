"""``pokerroom director``: the live director's console for a tournament dealt with real cards.

``director FILE`` (or ``--example NAME``) opens a new live tournament of that regulation,
saved at once (``pokerroom history --list`` shows it); ``--resume ID`` reopens a saved
one exactly as it was left. Every action is committed as it is taken, so quitting or a
crash loses nothing. ``pokerroom clock ID`` shows its clock on a second screen.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.cli.options import number
from pokerroom.cli.terminal import at_a_terminal
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext, pgettext
from pokerroom.i18n.marker import N_
from pokerroom.tournament.clock import SystemTime

if TYPE_CHECKING:
    from pokerroom.storage.tournament.store import TournamentStore
    from pokerroom.tournament.live.desk import LiveDesk

MAX_ID = 2**31 - 1
NO_TERMINAL = N_("no terminal: the director's console draws on one; run it in a terminal window")


def director(
    file: Annotated[
        Path | None,
        typer.Argument(metavar="FILE", help="A regulation TOML file (see docs/regulation.md)."),
    ] = None,
    example: Annotated[
        str | None,
        typer.Option("--example", metavar="NAME", help="A shipped example instead of a file."),
    ] = None,
    print_dir: Annotated[
        Path | None,
        typer.Option(
            "--print-dir",
            metavar="DIR",
            help="Where w writes the seat cards and the list by table (default: here).",
        ),
    ] = None,
    resume: Annotated[
        int | None,
        number(
            "--resume", low=1, high=MAX_ID, metavar="ID", help="Reopen a saved live tournament."
        ),
    ] = None,
) -> None:
    """Run a live tournament dealt with real cards, saved as it happens.

    The desk, the seat draw, the clock, bust-outs and moves, penalties, the deal and payouts.
    """
    from pokerroom.storage import StorageError
    from pokerroom.storage.tournament.store import TournamentStore
    from pokerroom.tui.director.app import DirectorApp

    with user_errors():
        if resume is not None:
            if file is not None or example is not None:
                raise UsageError(N_("--resume reopens a saved tournament: drop FILE and --example"))
        elif (file is None) == (example is None):
            raise UsageError(N_("give a regulation FILE, --example NAME, or --resume ID (one)"))
        if print_dir is not None and not print_dir.is_dir():
            problem = N_("--print-dir {path} is not a directory; give one that exists")
            raise UsageError(gettext(problem).format(path=print_dir))
        if resume is None and not at_a_terminal():  # before a new tournament is saved
            raise UsageError(NO_TERMINAL)
        store = TournamentStore.open()
        try:
            desk, number_ = open_desk(store, file, example, resume)
            if not at_a_terminal():
                raise UsageError(NO_TERMINAL)
        except (StorageError, UsageError):
            store.close()
            raise
    with store:
        DirectorApp(desk, tournament_id=number_, print_dir=print_dir).run()
    typer.echo(leaving_line(desk, number_))


def leaving_line(desk: LiveDesk, tournament_id: int) -> str:
    """What the director reads on leaving: how to come back, or where the results are."""
    if desk.tournament.winner is not None:
        over = N_("Tournament {id} is over: pokerroom history --tournament {id}")
        return gettext(over).format(id=tournament_id)
    again = N_("Saved. Reopen it with: pokerroom director --resume {id}")
    return gettext(again).format(id=tournament_id)


def open_desk(
    store: TournamentStore, file: Path | None, example: str | None, resume: int | None
) -> tuple[LiveDesk, int]:
    """A new live tournament saved in ``store``, or the saved one ``resume``, at the desk."""
    from pokerroom.storage.live_saving import LiveSaver, create_live
    from pokerroom.tournament.live.desk import LiveDesk
    from pokerroom.tournament.regulation import example_text, load_example, load_regulation

    time = SystemTime()
    if resume is not None:
        saved = store.get_tournament(resume)
        if not saved.live:
            problem = N_(
                "tournament {id} is a simulated run; go on with it with "
                "pokerroom tournament run --resume {id}"
            )
            raise UsageError(gettext(problem).format(id=resume))
        if saved.finished:
            problem = N_("tournament {id} is {status}; see pokerroom history --tournament {id}")
            statuses = {
                "abandoned": pgettext("tournament", "abandoned"),
                "finished": pgettext("tournament", "finished"),
            }
            status = statuses.get(saved.status, saved.status)
            raise UsageError(gettext(problem).format(id=resume, status=status))
        events = store.events(resume)
        assert saved.seed is not None
        saver = LiveSaver(store, resume, len(events))
        desk = LiveDesk(saved.regulation(), time, seed=saved.seed, events=events, saver=saver)
        return desk, resume
    if file is not None:
        regulation, text = load_regulation(file), file.read_text(encoding="utf-8")
    else:
        regulation, text = load_example(str(example)), example_text(str(example))
    seed = secrets.randbits(32)
    created = create_live(store, text, seed)
    return LiveDesk(regulation, time, seed=seed, saver=LiveSaver(store, created, 0)), created
