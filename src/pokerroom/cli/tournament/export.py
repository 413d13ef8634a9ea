"""``pokerroom tournament export ID DIR``: a saved tournament's results, out as files.

Writes into ``DIR`` (made if missing) the results table, the moves, the penalty log and
the whole event log (:mod:`pokerroom.cli.tournament.export_rows`), each as CSV and JSON
(``--format csv`` or ``json`` for one): ``results``, ``moves``, ``penalties`` (``.csv`` /
``.json``), ``events.csv`` / ``events.jsonl``, and ``regulation.toml``, the regulation the
run began with, so the log can be rebuilt without the store. ``--hands`` adds
``hands.phhs``: the hands a run saved with ``tournament run --keep-hands`` dealt, table
``[n]`` holding running hand ``n`` (as ``history --export`` writes a series).

Whose copy (X-4, T-15, T-16, T-23): by default the players' copy — what every player at
the tables saw: no soft-play flags (they name hole cards), and the hands as an observer saw
them (boards and the cards shown at showdown, T-23). ``--director`` writes the director's
copy: the soft-play flags in the penalty and event logs, and the complete hands, every
hole card — T-16: only the director sees unshown cards, and only after the hand; every kept
hand is over, so a running tournament's too. Decision for when people play: a player's own copy
would be his hands as he saw them (``phh_seen_by`` at his position) and the rest as an
observer — never another player's unshown cards; a tournament of bots has no such player,
so only the observer's and the director's copies are written today.

A tournament played at this terminal (``tournament play``, listed as ``p1``, ``p2`` …) gives
the same files from its log and, with ``--hands``, its hands as its player saw them
(:mod:`pokerroom.cli.tournament.played`).

Every check comes before anything is written: an unknown tournament, a file that is
there already, a directory that cannot be made or written is one line, exit 2, and
nothing is left behind.
"""

from __future__ import annotations

import csv
import enum
import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.cli.options import flag
from pokerroom.cli.tournament.ids import TournamentRef, tournament_ref
from pokerroom.errors import UsageError
from pokerroom.i18n import _, ngettext

if TYPE_CHECKING:  # the tournament's rows and the storage load when the command runs
    from pokerroom.cli.tournament.export_rows import Row
    from pokerroom.storage.tournament.hands import KeptHand
    from pokerroom.tournament.director import Tournament


class ExportFormat(enum.StrEnum):
    CSV = "csv"
    JSON = "json"


def csv_text(columns: Sequence[str], rows: Sequence[Row]) -> str:
    """Rows as CSV with a header; an empty cell for None, JSON for a nested value.

    >>> print(csv_text(["a", "b"], [{"a": 1, "b": None}, {"a": "x,y", "b": {"k": 2}}]), end="")
    a,b
    1,
    "x,y","{""k"": 2}"
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_cell(row.get(column)) for column in columns])
    return out.getvalue()


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return value


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def _jsonl(rows: Sequence[Row]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def export_files(
    ref: TournamentRef,
    *,
    formats: Sequence[ExportFormat],
    hands: bool,
    director: bool,
) -> tuple[dict[str, str], str]:
    """Every file of the export by name, and whose copy it is; nothing is written."""
    if ref.played:
        from pokerroom.cli.tournament.played import played_files

        return played_files(ref, formats=formats, hands=hands, director=director)
    from pokerroom.cli.tournament.history import _kind_of
    from pokerroom.storage.tournament.store import TournamentStore
    from pokerroom.tournament.director import Tournament

    with TournamentStore.open() as store:
        saved = store.get_tournament(ref.number)
        events = store.events(saved.id)
        kept = store.hands(saved.id) if hands else []
    if hands and not saved.keeps_hands:
        raise UsageError(
            _(
                "tournament {id} kept no hands (only their summaries): run one with "
                "pokerroom tournament run --keep-hands to export its hands"
            ).format(id=saved.id)
        )
    tournament = Tournament.from_events(saved.regulation(), events)
    files = log_files(
        LogCopy(saved.id, saved.status, saved.format, saved.regulation_text, director),
        tournament,
        _kind_of(saved, events),
        formats,
    )
    if hands:
        files["hands.phhs"] = _hands_text(kept, complete=director)
    return files, _whose(hands=hands, director=director)


@dataclass(frozen=True, slots=True)
class LogCopy:
    """Which tournament a copy of its log is (its id as listed, status and format), the
    regulation it began with, and whether it is the director's copy."""

    tournament_id: int | str
    status: str
    format: str
    regulation_text: str
    director: bool


def log_files(
    copy: LogCopy,
    tournament: Tournament,
    kind_of: Callable[[str], str],
    formats: Sequence[ExportFormat],
) -> dict[str, str]:
    """The files a tournament's log gives: the regulation, the results, the moves, the
    penalties and the whole log, in ``formats``."""
    from pokerroom.cli.tournament.export_rows import (
        EVENT_COLUMNS,
        MOVE_COLUMNS,
        PENALTY_COLUMNS,
        event_rows,
        move_rows,
        penalty_rows,
        result_columns,
        result_rows,
    )
    from pokerroom.cli.tournament.run_view import results_json

    events, director = tournament.events, copy.director
    tables: dict[str, tuple[Sequence[str], list[Row]]] = {
        "results": (result_columns(tournament), result_rows(tournament, kind_of)),
        "moves": (MOVE_COLUMNS, move_rows(events)),
        "penalties": (PENALTY_COLUMNS, penalty_rows(tournament, events, director=director)),
    }
    files = {"regulation.toml": copy.regulation_text}
    for name, (columns, rows) in tables.items():
        if ExportFormat.CSV in formats:
            files[f"{name}.csv"] = csv_text(columns, rows)
        if ExportFormat.JSON in formats:
            header = {
                "tournament_id": copy.tournament_id,
                "copy": "director" if director else "players",
            }
            if name == "results":
                summary = results_json(tournament, kind_of)
                del summary["type"], summary["results"]
                header |= {"status": copy.status, "format": copy.format, **summary}
            files[f"{name}.json"] = _json({**header, name: rows})
    log = event_rows(events, director=director)
    if ExportFormat.CSV in formats:
        files["events.csv"] = csv_text(EVENT_COLUMNS, log)
    if ExportFormat.JSON in formats:
        files["events.jsonl"] = _jsonl(log)
    return files


def _whose(*, hands: bool, director: bool) -> str:
    """The closing line's account of what the copy holds (X-4, T-15)."""
    if director:
        if hands:
            return _("the director's copy (soft-play flags, every hole card)")
        return _("the director's copy (soft-play flags)")
    if hands:
        return _("the players' copy (no soft-play flags, hands as an observer saw them)")
    return _("the players' copy (no soft-play flags)")


def _hands_text(kept: Sequence[KeptHand], *, complete: bool) -> str:
    """The kept hands as one ``.phhs``; a players' copy as an observer saw each (X-4)."""
    return "\n".join(
        f"[{hand.number}]\n" + (hand.phh if complete else hand.observed) for hand in kept
    )


def write_files(directory: Path, files: dict[str, str]) -> None:
    """Write every file or none: nothing there may be overwritten, and a failed write
    takes back what this export wrote (and the directory, if it made it)."""
    if directory.exists() and not directory.is_dir():
        raise UsageError(
            _("{directory} is a file; give a directory to export into").format(directory=directory)
        )
    there = [name for name in files if (directory / name).exists()]
    if there:
        raise UsageError(
            _("{path} exists already; export into a new or empty directory").format(
                path=directory / there[0]
            )
        )
    made = not directory.exists()
    written: list[Path] = []
    try:
        directory.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            path = directory / name
            with path.open("x", encoding="utf-8", newline="") as out:
                written.append(path)
                out.write(text)
    except OSError as error:
        for path in written:
            path.unlink(missing_ok=True)
        if made and directory.exists():
            directory.rmdir()
        raise UsageError(
            _("cannot write into {directory}: {reason}").format(
                directory=directory, reason=error.strerror or error
            )
        ) from None


def export(
    tournament_id: Annotated[
        str,
        typer.Argument(
            metavar="ID",
            help="The tournament to export, its id in pokerroom history --list "
            "(p1, p2 … for those played at this terminal).",
        ),
    ],
    directory: Annotated[
        Path,
        typer.Argument(metavar="DIR", help="Where to write; made if missing."),
    ],
    export_format: Annotated[
        ExportFormat | None,
        typer.Option("--format", help="Only CSV or only JSON; both by default."),
    ] = None,
    hands: Annotated[
        bool,
        flag(
            "--hands",
            help="Also the hands as PHH (a run saved with --keep-hands; one played at this "
            "terminal as you saw them).",
        ),
    ] = False,
    director: Annotated[
        bool,
        flag(
            "--director",
            help="The director's copy: soft-play flags, and a finished run's every hole card.",
        ),
    ] = False,
) -> None:
    """Export a saved tournament's results, moves and logs as CSV and JSON files.

    The results table, the moves, the penalty log and the event log; with --hands every hand
    kept (tournament run --keep-hands; a tournament played at this terminal as you saw it)
    as PHH.
    """
    formats = list(ExportFormat) if export_format is None else [export_format]
    with user_errors():
        ref = tournament_ref(tournament_id, "ID")
        files, whose = export_files(ref, formats=formats, hands=hands, director=director)
        write_files(directory, files)
    typer.echo(
        ngettext(
            "wrote {count} file to {directory}, {whose}: {files}",
            "wrote {count} files to {directory}, {whose}: {files}",
            len(files),
        ).format(count=len(files), directory=directory, whose=whose, files=", ".join(files))
    )
