"""``pokerroom club standings``: a club's season table from its tournaments' results.

The season is a TOML file (:mod:`pokerroom.club.season_file`); the results come from the
finished live tournaments of the database (``pokerroom director``) and from results CSV
files the club kept (``--results``, :mod:`pokerroom.club.results_file`). Printed as a table
in the reader's language, or as CSV or JSON (English keys, points as exact decimals) for a
notice board, a spreadsheet or a web page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.cli.option_errors import PlainHelp, WordedGroup
from pokerroom.cli.options import flag
from pokerroom.club.exports import standings_csv, standings_json
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext, ngettext, number_text
from pokerroom.i18n.marker import N_
from pokerroom.said import Said

if TYPE_CHECKING:
    from pokerroom.club.season import EventResult, Season
    from pokerroom.club.standings import Standing

app = typer.Typer(
    cls=WordedGroup,
    name="club",
    help=N_("A club's season: the standings table from its tournaments' results."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

"""The CSV header and the JSON keys of each line (machine words)."""


@app.command("standings", cls=PlainHelp)
def standings_command(
    season_file: Annotated[
        Path,
        typer.Argument(metavar="SEASON", help="The season's TOML file (dates, formula, counts)."),
    ],
    results: Annotated[
        list[Path] | None,
        typer.Option(
            "--results",
            metavar="FILE",
            help=(
                "A results CSV with the header 'event,date,entrants,place,player,prize,bounties' "
                "(the last two may be left out); repeatable."
            ),
        ),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            metavar="URL",
            help="Count the finished live tournaments of this database (a URL or SQLite file).",
        ),
    ] = None,
    no_database: Annotated[
        bool, flag("--no-database", help="Count only the --results files.")
    ] = False,
    as_csv: Annotated[bool, flag("--csv", help="Print CSV.")] = False,
    as_json: Annotated[bool, flag("--json", help="Print one JSON object.")] = False,
) -> None:
    """Print a season's standings: places, points, events played, wins, prizes.

    Ties go to more wins, then the better best finish, then more prize money; players
    still level share the place.
    """
    from pokerroom.club.season_file import parse_season
    from pokerroom.club.standings import standings

    with user_errors():
        if as_csv and as_json:
            raise UsageError(Said(N_("choose one of --csv and --json")))
        season = parse_season(_read(season_file), str(season_file))
        events = [] if no_database else _live_results(database)
        for path in results or []:
            events.extend(_file_results(path))
        table = standings(season, events)
        counted = sum(season.counts(event) for event in events)
    if as_json:
        typer.echo(json.dumps(standings_json(season, counted, table), ensure_ascii=False))
    elif as_csv:
        typer.echo(standings_csv(table), nl=False)
    else:
        typer.echo(_text(season, counted, table))


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        unreadable = N_("cannot read {path}: {why}")
        raise UsageError(Said(unreadable, path=str(path), why=error.strerror)) from None
    except UnicodeDecodeError:
        raise UsageError(Said(N_("{path} is not UTF-8 text"), path=str(path))) from None


def _file_results(path: Path) -> list[EventResult]:
    from pokerroom.club.results_file import parse_results

    return parse_results(_read(path), str(path))


def _live_results(database: str | None) -> list[EventResult]:
    from pokerroom.storage.tournament.season_results import live_results
    from pokerroom.storage.tournament.store import TournamentStore

    with TournamentStore.open(database) as store:
        return live_results(store)


def _text(season: Season, counted: int, table: list[Standing]) -> str:
    from pokerroom.i18n.numbers import hundredths_text

    heading = ngettext(
        "{season} ({starts} to {ends}): {count} event counted",
        "{season} ({starts} to {ends}): {count} events counted",
        counted,
    ).format(season=season.name, starts=season.starts, ends=season.ends, count=counted)
    if not table:
        return heading + "\n" + gettext("No results in this season yet.")
    heads = (
        gettext("place"), gettext("player"), gettext("points"), gettext("events"),
        gettext("wins"), gettext("best"), gettext("prizes"),
    )  # fmt: skip
    rows = [
        (
            str(line.place),
            line.player,
            hundredths_text(line.points),
            str(line.events),
            str(line.wins),
            str(line.best),
            number_text(line.prizes),
        )
        for line in table
    ]
    widths = [max(len(cell) for cell in column) for column in zip(heads, *rows, strict=True)]
    lines = [heading]
    for cells in (heads, *rows):
        lines.append(
            "  ".join(
                cell.ljust(width) if index == 1 else cell.rjust(width)
                for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
            ).rstrip()
        )
    return "\n".join(lines)
