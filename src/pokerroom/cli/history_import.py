"""``pokerroom history import``: hand histories from other rooms into the hand archive.

Each file is PokerStars text or a Poker Now log (``--format``, or its first line tells);
each hand is read into PHH and replayed by the engine (:mod:`pokerroom.history.imports`),
and the file's readable hands are archived together, each once: importing a file again
adds nothing. One line per file says how many hands were imported, were there already
and were refused, then one line per refused hand says where and why. A file that cannot
be opened does not stop the others: it is named on stderr and the exit code is 2; a
refused hand makes it 1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokerroom.cli.errors import error_line, user_errors
from pokerroom.cli.options import flag
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext as _
from pokerroom.i18n import ngettext, use_language

if TYPE_CHECKING:
    from pokerroom.history.imports import ImportedHand, Problem
    from pokerroom.storage.hands.archive import HandArchive

REFUSED_EXIT = 1
UNREADABLE_FILE_EXIT = 2


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise UsageError(_("{file}: no such file").format(file=path)) from None
    except UnicodeDecodeError:
        raise UsageError(_("{file}: not a text file (UTF-8)").format(file=path)) from None
    except OSError as error:
        raise UsageError(f"{path}: {error.strerror}") from None


def _account_id(archive: HandArchive, name: str | None) -> int | None:
    if name is None:
        return None
    from pokerroom.storage.accounts import AccountStore

    account = AccountStore(archive.database).find_account(name)
    if account is None:
        raise UsageError(_("--account: no account is named {name}").format(name=name))
    return account.id


def _summary(path: Path, added: int, already: int, refused: int) -> str:
    imported = ngettext("{count} hand imported", "{count} hands imported", added)
    there = ngettext("{count} already in the archive", "{count} already in the archive", already)
    left = ngettext("{count} refused", "{count} refused", refused)
    parts = (imported.format(count=added), there.format(count=already), left.format(count=refused))
    return f"{path}: {', '.join(parts)}"


def _json(path: Path, added: int, already: int, problems: list[Problem]) -> str:
    refused: list[dict[str, Any]] = [
        {"hand": p.hand_id, "line": p.line, "reason": p.reason} for p in problems
    ]
    return json.dumps(
        {"file": str(path), "imported": added, "already": already, "refused": refused},
        ensure_ascii=False,
    )


def _read(
    text: str, format_name: str, hero: str | None, *, as_json: bool
) -> tuple[list[ImportedHand], list[Problem]]:
    from pokerroom.history.imports import read_history

    if not as_json:
        return read_history(text, format_name, hero)
    with use_language("en"):  # --json stays English
        return read_history(text, format_name, hero)


def import_histories(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE",
            dir_okay=False,
            help="Hand histories: PokerStars text or Poker Now logs (CSV).",
            show_default=False,
        ),
    ],
    format_name: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="FORMAT",
            help="pokerstars, pokernow or auto (the file's first line tells).",
        ),
    ] = "auto",
    archive_url: Annotated[
        str | None,
        typer.Option(
            "--archive",
            metavar="URL",
            help="The database of pokerroom serve (a URL or SQLite file); default: "
            "the data directory.",
        ),
    ] = None,
    account: Annotated[
        str | None,
        typer.Option(
            "--account",
            metavar="NAME",
            help="The web account that played the hero's seat: the hands become his.",
        ),
    ] = None,
    hero: Annotated[
        str | None,
        typer.Option(
            "--hero",
            metavar="NAME",
            help="Poker Now: who downloaded the log; found from his shown hands by default.",
        ),
    ] = None,
    as_json: Annotated[
        bool, flag("--json", help="One JSON object per file: counts and refused hands.")
    ] = False,
) -> None:
    """Import hand histories from PokerStars or Poker Now into the hand archive."""
    from pokerroom.history.imports import FORMATS
    from pokerroom.storage.hands.archive import HandArchive
    from pokerroom.storage.hands.imports import import_hands

    exit_code = 0
    with user_errors():
        if format_name not in FORMATS:
            raise UsageError(
                _("--format must be one of {allowed}, got {name}").format(
                    allowed=", ".join(FORMATS), name=format_name
                )
            )
        with HandArchive.open(archive_url) as archive:
            account_id = _account_id(archive, account)
            for path in files:
                try:
                    text = _text(path)
                except UsageError as error:
                    typer.echo(error_line(str(error)), err=True)
                    exit_code = UNREADABLE_FILE_EXIT
                    continue
                hands, problems = _read(text, format_name, hero, as_json=as_json)
                count = import_hands(archive, hands, account_id)
                if as_json:
                    typer.echo(_json(path, count.added, count.already, problems))
                else:
                    typer.echo(_summary(path, count.added, count.already, len(problems)))
                    for problem in problems:
                        typer.echo(f"  {path}: {problem}")
                if problems and not exit_code:
                    exit_code = REFUSED_EXIT
    if exit_code:
        raise typer.Exit(exit_code)
