"""``pokerroom settle``: the home game's settle-up — each player's buy-ins, top-ups and
cash-outs, and the fewest transfers that square everyone.

From a ledger CSV (:mod:`pokerroom.settle.ledger`: ``player,kind,amount``), or from a web
cash table (``--table ID``): its own ledger, saved with the table (the figures of its
settle-up page; a player still seated cashes out his stack), else, for a table that kept
none, each player's result in the archive's hands. The rake is owed to the house. One line
says which; ``--csv`` prints the transfers as ``payer,payee,amount`` (that line on standard
error), ``--json`` the accounts and the transfers (with ``source``); both are for programs
and stay English.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from babel.numbers import format_decimal

from pokerroom.cli.errors import user_errors
from pokerroom.cli.options import flag
from pokerroom.errors import UsageError
from pokerroom.i18n import current_language, gettext, number_text
from pokerroom.i18n.marker import N_
from pokerroom.settle.ledger import Account, Entry, accounts, read_ledger
from pokerroom.settle.settlement import (
    HOUSE,
    Settlement,
    settle_up,
    settlement_json,
    transfers_csv,
)
from pokerroom.settle.transfers import Money

FROM_LEDGER = N_(
    "From the table's own ledger: buy-ins, top-ups and cash-outs; a player still seated "
    "cashes out his stack."
)
FROM_ARCHIVE = N_(
    "From the archive's hands: the table kept no ledger, so each player's result there."
)


def _who(name: str) -> str:
    return gettext(HOUSE) if name == HOUSE else name


def _from_file(path: Path) -> list[Entry]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        problem = N_("cannot read the ledger {path}: {reason}")
        raise UsageError(gettext(problem).format(path=str(path), reason=reason)) from None
    return read_ledger(text)


def _from_table(table: str, archive: str | None) -> tuple[Settlement, str]:
    """The table's settle-up from its saved ledger, else from its archived results; and
    which (``ledger`` or ``archive``)."""
    from pokerroom.storage.database import open_database
    from pokerroom.storage.hands.stats import HandStats
    from pokerroom.storage.rooms.saved_ledger import saved_cash_table
    from pokerroom.storage.rooms.store import RoomStore

    database = open_database(archive)
    try:
        saved = saved_cash_table(RoomStore(database), table)
        if saved is not None:
            return saved[0].settlement(), "ledger"
        results, rake = HandStats(database).table_results(table)
    finally:
        database.close()
    if not results:
        problem = N_("no cash table {table} is saved and no hands of it are in the archive")
        raise UsageError(gettext(problem).format(table=table))
    books = [Account(name, max(-r, 0), 0, max(r, 0)) for name, r in sorted(results.items())]
    return settle_up(books, rake), "archive"


def _money(value: Money, *, sign: bool = False) -> str:
    """An amount as the language writes it; ``sign``: a plus before what is owed to him."""
    if isinstance(value, int):
        text = number_text(value)
    else:
        text = str(format_decimal(value, format="#,##0.00", locale=current_language()))
    return f"+{text}" if sign and value > 0 else text


def _line(book: Account, *, detailed: bool, seated: bool) -> str:
    if not detailed:
        line = N_("{player}: {balance}")
    elif seated:
        line = N_(
            "{player}: bought in {bought_in}, topped up {topped_up}, still at the table with "
            "{cashed_out}: {balance}"
        )
    else:
        line = N_(
            "{player}: bought in {bought_in}, topped up {topped_up}, cashed out "
            "{cashed_out}: {balance}"
        )
    return gettext(line).format(
        player=book.player,
        bought_in=_money(book.bought_in),
        topped_up=_money(book.topped_up),
        cashed_out=_money(book.cashed_out),
        balance=_money(book.balance, sign=True),
    )


def _print(settled: Settlement, *, detailed: bool) -> None:
    for book in settled.accounts:
        typer.echo(_line(book, detailed=detailed, seated=book.player in settled.seated))
    if settled.rake:
        typer.echo(
            gettext(N_("{house}: the rake, {rake}")).format(
                house=gettext(HOUSE), rake=_money(settled.rake, sign=True)
            )
        )
    typer.echo("")
    if not settled.transfers:
        typer.echo(gettext(N_("everyone is square: nobody pays anybody")))
    for transfer in settled.transfers:
        typer.echo(
            gettext(N_("{payer} pays {payee} {amount}")).format(
                payer=_who(transfer.payer),
                payee=_who(transfer.payee),
                amount=_money(transfer.amount),
            )
        )


def settle(
    ledger: Annotated[
        Path | None,
        typer.Argument(
            metavar="LEDGER",
            help="A ledger CSV with the columns 'player,kind,amount', the kind 'buy-in', "
            "'top-up' or 'cash-out'.",
        ),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option(
            "--table",
            metavar="ID",
            help="Instead: settle a web cash table from its saved ledger (a table without "
            "one: from its hands in the archive).",
        ),
    ] = None,
    archive: Annotated[
        str | None,
        typer.Option(
            "--archive",
            metavar="DB",
            help="With --table: the database of pokerroom serve (a URL or SQLite file); "
            "default: the data directory.",
        ),
    ] = None,
    as_csv: Annotated[bool, flag("--csv", help="Print the transfers as CSV.")] = False,
    as_json: Annotated[
        bool, flag("--json", help="Print the accounts and transfers as JSON.")
    ] = False,
) -> None:
    """The home game's settle-up: each player's buy-ins, top-ups and cash-outs, and the
    fewest transfers that square everyone."""
    with user_errors():
        if (ledger is None) == (table is None):
            raise UsageError(N_("give a LEDGER file or --table ID (one of them)"))
        if as_csv and as_json:
            raise UsageError(N_("give --csv or --json, not both"))
        source = None
        if ledger is not None:
            settled = settle_up(accounts(_from_file(ledger)))
        else:
            settled, source = _from_table(str(table), archive)
    said = {"ledger": FROM_LEDGER, "archive": FROM_ARCHIVE}.get(source or "")
    if as_csv:
        if said is not None:
            typer.echo(gettext(said), err=True)
        typer.echo(transfers_csv(settled.transfers), nl=False)
    elif as_json:
        document = settlement_json(settled) | ({} if source is None else {"source": source})
        typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        if said is not None:
            typer.echo(gettext(said))
        _print(settled, detailed=source != "archive")
