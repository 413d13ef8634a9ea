"""``pokerroom equity``: each hand's chance to win, tie, and its share of the pot."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer
from babel.numbers import format_decimal
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from pokerroom.cardset import CardSet
from pokerroom.cli.error_words import worded
from pokerroom.cli.errors import user_errors
from pokerroom.cli.options import flag, number
from pokerroom.equity.choices import MAX_TRIALS, Game
from pokerroom.errors import CardParseError
from pokerroom.i18n import current_language, gettext, ngettext, number_text, pgettext
from pokerroom.i18n.marker import N_

if TYPE_CHECKING:
    from pokerroom.equity.calculator import EquityResult
    from pokerroom.equity.calculator import Progress as ProgressCallback

UNKNOWN_HAND = ("??", "xx", "*", "random")
"""Ways to write a hand nobody knows; ``xx`` needs no quotes in a shell, ``??`` and ``*`` do."""
PROGRESS_AFTER_SECONDS = 1.0
INTERRUPTED_EXIT = 130
"""128 + SIGINT, as shells report a program stopped by Ctrl-C."""


def _hand(text: str) -> CardSet | None:
    """A hand's cards, or None for an unknown hand (``??``, ``xx``, ``*`` or ``random``)."""
    if text.lower() in UNKNOWN_HAND:
        return None
    try:
        return CardSet.parse(text)
    except CardParseError as error:
        problem = gettext(N_("{problem}; an unknown hand is 'xx', '??' or '*'"))
        raise CardParseError(problem.format(problem=worded(str(error)))) from None


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[ProgressCallback]:
    """A callback that shows a bar on stderr once a run has lasted about a second."""
    console = Console(stderr=True)
    start = time.perf_counter()
    bar = Progress(console=console, transient=True)
    task = bar.add_task("enumerating", total=None)
    shown = False

    def update(done: int, total: int) -> None:
        nonlocal shown
        if (
            not shown
            and enabled
            and console.is_terminal
            and time.perf_counter() - start > PROGRESS_AFTER_SECONDS
        ):
            bar.start()
            shown = True
        bar.update(task, completed=done, total=total)

    try:
        yield update
    finally:
        if shown:
            bar.stop()


def _as_json(result: EquityResult, texts: list[str]) -> dict[str, Any]:
    return {
        "game": str(result.game),
        "board": str(result.board),
        "dead": str(result.dead),
        "exact": result.exact,
        "boards": result.boards,
        "hands": [
            {
                "hand": str(hand.cards) if hand.cards is not None else text,
                "wins": hand.wins,
                "ties": hand.ties,
                "win": hand.wins / result.boards,
                "tie": hand.ties / result.boards,
                "equity": hand.equity,
                "std_error": hand.std_error,
            }
            for hand, text in zip(result.hands, texts, strict=True)
        ],
    }


def _game_name(game: Game) -> str:
    names = {
        Game.HOLDEM: pgettext("equity game", "holdem"),
        Game.OMAHA: pgettext("equity game", "omaha"),
        Game.OMAHA_HILO: pgettext("equity game", "omaha-hilo"),
    }
    return names.get(game, str(game))


def _percent(share: float, places: int) -> str:
    """``share`` as a percentage: ``12.3456%`` in English, ``12,3456 %`` in Russian and
    Ukrainian (a no-break space before the sign, as CLDR writes it)."""
    language = current_language()
    if language == "en":
        return f"{share:.{places}%}"
    digits = format_decimal(share * 100, format="0." + "0" * places, locale=language)
    return f"{digits}\u00a0%"


def _print_table(result: EquityResult, texts: list[str]) -> None:
    game = _game_name(result.game)
    if len(result.board):
        title = gettext(N_("{game} equity on {board}")).format(game=game, board=result.board)
    else:
        title = gettext(N_("{game} equity")).format(game=game)
    table = Table(title=title)
    columns = (
        ("hand", pgettext("equity column", "hand")),
        ("win", pgettext("equity column", "win")),
        ("tie", pgettext("equity column", "tie")),
        ("equity", pgettext("equity column", "equity")),
    )
    for column, heading in columns:
        table.add_column(heading, justify="left" if column == "hand" else "right")
    for hand, text in zip(result.hands, texts, strict=True):
        equity = _percent(hand.equity, 4) + (
            f" ± {_percent(hand.std_error, 2)}" if hand.std_error is not None else ""
        )
        table.add_row(
            str(hand.cards) if hand.cards is not None else text,
            _percent(hand.wins / result.boards, 4),
            _percent(hand.ties / result.boards, 4),
            equity,
        )
    console = Console()
    console.print(table)
    boards = number_text(result.boards)
    if result.exact:
        line = ngettext(
            "exact: all {count} board enumerated",
            "exact: all {count} boards enumerated",
            result.boards,
        )
    else:
        line = ngettext(
            "Monte Carlo: {count} deal sampled; ± is one standard error",
            "Monte Carlo: {count} deals sampled; ± is one standard error",
            result.boards,
        )
    console.print(line.format(count=boards))


def equity(
    hands: Annotated[
        list[str],
        typer.Argument(
            help="Two or more hands, e.g. AhKh QsQd; xx (or '??', '*': quote them) is an"
            " unknown hand."
        ),
    ],
    board: Annotated[
        str,
        typer.Option(
            "--board", "-b", metavar="CARDS", help="Community cards dealt: 0, 3, 4 or 5 of them."
        ),
    ] = "",
    dead: Annotated[
        str, typer.Option("--dead", "-d", metavar="CARDS", help="Cards known to be out of play.")
    ] = "",
    game: Annotated[
        Game, typer.Option("--game", "-g", help="Which game to play out.")
    ] = Game.HOLDEM,
    trials: Annotated[
        int | None,
        number(
            "--trials",
            "-n",
            low=1,
            high=MAX_TRIALS,
            metavar="N",
            why=N_("about 20 s heads-up, a standard error below 0.01 %"),
            help=f"Force Monte Carlo with this many deals, 1-{MAX_TRIALS:,}.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", metavar="SEED", help="Seed for a reproducible Monte Carlo run."),
    ] = None,
    as_json: Annotated[bool, flag("--json", help="Print one JSON object.")] = False,
) -> None:
    """Each hand's win, tie and equity: exact when feasible, otherwise Monte Carlo.

    Ctrl-C stops a long run at once (exit code 130).
    """
    try:
        from pokerroom.equity.calculator import calculate_equity  # compiles the kernels

        with user_errors(), _progress_bar(enabled=True) as progress:
            result = calculate_equity(
                [_hand(text) for text in hands],
                board=CardSet.parse(board),
                dead=CardSet.parse(dead),
                game=game,
                trials=trials,
                seed=seed,
                progress=progress,
            )
    except KeyboardInterrupt:
        typer.echo(gettext(N_("interrupted: no result")), err=True)
        raise typer.Exit(INTERRUPTED_EXIT) from None
    if as_json:
        typer.echo(json.dumps(_as_json(result, hands)))
    else:
        _print_table(result, hands)
