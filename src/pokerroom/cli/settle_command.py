"""``pokerroom settle``: the home game's settle-up — each player's buy-ins, top-ups and
cash-outs, and the fewest transfers that square everyone.

From a ledger CSV (:mod:`pokerroom.settle.ledger`: ``player,kind,amount``), or from a web
table's hands in the archive (``--table ID``: each player's result there; the rake, if
any, is owed to the house). ``--csv`` prints the transfers as ``payer,payee,amount``,
``--json`` the accounts and the transfers; both are for programs and stay English.
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
from pokerroom.settle.transfers import Money, Transfer, fewest_transfers

HOUSE = N_("the house")
"""Who is owed the rake when a table's results are settled: English in CSV and JSON."""


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


def _from_table(table: str, archive: str | None) -> list[Account]:
    from pokerroom.storage.hand_stats import HandStats

    with HandStats.open(archive) as store:
        results, rake = store.table_results(table)
    if not results:
        problem = N_("no hands of table {table} in the archive")
        raise UsageError(gettext(problem).format(table=table))
    books = [Account(name, max(-r, 0), 0, max(r, 0)) for name, r in sorted(results.items())]
    return [*books, Account(HOUSE, 0, 0, rake)] if rake else books  # worded when printed


def _money(value: Money, *, sign: bool = False) -> str:
    """An amount as the language writes it; ``sign``: a plus before what is owed to him."""
    if isinstance(value, int):
        text = number_text(value)
    else:
        text = str(format_decimal(value, format="#,##0.00", locale=current_language()))
    return f"+{text}" if sign and value > 0 else text


def _number(value: Money) -> int | float:
    return value if isinstance(value, int) else float(value)


def _print(books: list[Account], transfers: list[Transfer], *, from_table: bool) -> None:
    for book in books:
        if from_table:
            line = N_("{player}: {balance}")
        else:
            line = N_(
                "{player}: bought in {bought_in}, topped up {topped_up}, cashed out "
                "{cashed_out}: {balance}"
            )
        typer.echo(
            gettext(line).format(
                player=_who(book.player),
                bought_in=_money(book.bought_in),
                topped_up=_money(book.topped_up),
                cashed_out=_money(book.cashed_out),
                balance=_money(book.balance, sign=True),
            )
        )
    typer.echo("")
    if not transfers:
        typer.echo(gettext(N_("everyone is square: nobody pays anybody")))
    for transfer in transfers:
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
            "--table", metavar="ID", help="Instead: settle a web table's results from the archive."
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
        books = (
            accounts(_from_file(ledger)) if ledger is not None else _from_table(str(table), archive)
        )
        transfers = fewest_transfers({book.player: book.balance for book in books})
    if as_csv:
        typer.echo("payer,payee,amount")
        for t in transfers:
            typer.echo(f"{_csv_cell(t.payer)},{_csv_cell(t.payee)},{t.amount}")
    elif as_json:
        document = {
            "accounts": [
                {
                    "player": b.player,
                    "bought_in": _number(b.bought_in),
                    "topped_up": _number(b.topped_up),
                    "cashed_out": _number(b.cashed_out),
                    "balance": _number(b.balance),
                }
                for b in books
            ],
            "transfers": [
                {"payer": t.payer, "payee": t.payee, "amount": _number(t.amount)} for t in transfers
            ],
        }
        typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        _print(books, transfers, from_table=table is not None)


def _csv_cell(text: str) -> str:
    """A name as one CSV cell: quoted when it holds a comma, a quote or a line break."""
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text
