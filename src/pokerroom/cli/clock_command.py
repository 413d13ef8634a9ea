"""``pokerroom clock``: a tournament's clock full-screen, for a TV or a projector (T-10, T-20).

``clock FILE`` (or ``--example NAME``) starts the regulation's clock: at the regulation's
start time if it is still ahead (the screen counts down to it), else now (``--start-now``:
now whatever the regulation says). ``--entrants N`` gives the field shown (players, average
stack, pool and prizes); without it the field lines say it is not set. The person at the
keyboard drives the clock (pause, breaks, time, next level); nothing is saved.

``clock ID`` (a tournament id, ``pokerroom history --list``) follows a live tournament the
director's console saves: the screen polls the database and only shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.cli.options import flag, number
from pokerroom.cli.terminal import at_a_terminal
from pokerroom.errors import PokerroomError, UsageError
from pokerroom.i18n import gettext, number_text
from pokerroom.i18n.marker import N_
from pokerroom.tournament.clock import SystemTime

MAX_ENTRANTS = 100_000
NO_TERMINAL = N_("no terminal: the clock screen draws on one; run it in a terminal window")


def clock(
    file: Annotated[
        Path | None,
        typer.Argument(
            metavar="FILE-OR-ID",
            help="A regulation TOML file (see docs/regulation.md), or the id of a live "
            "tournament to follow.",
        ),
    ] = None,
    example: Annotated[
        str | None,
        typer.Option("--example", metavar="NAME", help="A shipped example instead of a file."),
    ] = None,
    entrants: Annotated[
        int | None,
        number(
            "--entrants",
            low=1,
            high=MAX_ENTRANTS,
            metavar="N",
            help="Players who entered: the field, average stack, pool and prizes shown.",
        ),
    ] = None,
    start_now: Annotated[
        bool, flag("--start-now", help="Start now, even if the regulation starts later.")
    ] = False,
) -> None:
    """Show a tournament's clock full-screen, for a TV or a projector.

    The time left in huge digits, the level and blinds, the next level
    and break, the field, the pool and prizes, the colour-up notice; a
    flash and the bell at each level change. Keys: space pause/resume,
    b a 10-minute break, + / - a minute more or less, n next level now,
    u undo, ? the keys, q quit.
    """
    from pokerroom.tournament.clockface.feed import StandaloneFeed
    from pokerroom.tournament.clockface.field import field_of_entrants
    from pokerroom.tournament.clockface.snapshot import snapshot
    from pokerroom.tournament.clockface.start import start_moment
    from pokerroom.tournament.regulation import load_example, load_regulation
    from pokerroom.tui.clock.app import ClockApp

    followed = None if file is None else _tournament_id(file)
    if followed is not None:
        follow(followed, given=example is not None or entrants is not None)
        return
    with user_errors():
        if (file is None) == (example is None):
            raise UsageError(N_("give a regulation FILE or --example NAME (one of them)"))
        regulation = load_regulation(file) if file is not None else load_example(str(example))
        cap = regulation.max_entries
        if entrants is not None and cap is not None and entrants > cap:
            problem = N_(
                "--entrants must be at most {cap}: {name!r} takes {cap} entries, got {given}"
            )
            raise UsageError(
                gettext(problem).format(
                    cap=number_text(cap), name=regulation.name, given=number_text(entrants)
                )
            )
        field = None if entrants is None else field_of_entrants(regulation, entrants)
        time = SystemTime()
        now = time.now()
        feed = StandaloneFeed.starting(
            regulation, now if start_now else start_moment(regulation, now), time, field
        )
        snapshot(feed.poll())  # the pool and prizes of this field, checked before the screen
        if not at_a_terminal():
            raise UsageError(NO_TERMINAL)
    ClockApp(feed, feed.clock).run()


def _tournament_id(file: Path) -> int | None:
    """A bare number that names no file is a tournament id."""
    text = str(file)
    return int(text) if text.isdigit() and not file.exists() else None


def follow(tournament_id: int, *, given: bool) -> None:
    """Show the live tournament ``tournament_id`` as the director's console saves it."""
    from pokerroom.storage.clock_feed import StoredFeed
    from pokerroom.storage.tournament.store import TournamentStore
    from pokerroom.tournament.clockface.snapshot import snapshot
    from pokerroom.tui.clock.app import ClockApp

    with user_errors():
        if given:
            raise UsageError(
                N_("a tournament id shows that tournament: drop --example and --entrants")
            )
        store = TournamentStore.open()
        try:
            feed = StoredFeed(store, tournament_id, SystemTime())
            snapshot(feed.poll())
            if not at_a_terminal():
                raise UsageError(NO_TERMINAL)
        except PokerroomError:
            store.close()
            raise
    with store:
        ClockApp(feed).run()
