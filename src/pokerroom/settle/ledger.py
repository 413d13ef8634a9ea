"""A home game's ledger: every buy-in, top-up and cash-out, and what each player is owed.

A player's balance is what he cashed out less what he bought in and topped up: what the
others owe him (negative: what he owes). It settles only when every chip bought was cashed
out (a rake taken by the table is the house's: give the house a cash-out line).

A ledger is read from CSV with a header ``player,kind,amount``, ``kind`` one of
``buy-in``, ``top-up``, ``cash-out``, an amount in chips or money (``20`` or ``12.50``)::

    player,kind,amount
    Ann,buy-in,100
    Ann,top-up,50
    Bob,buy-in,100
    Ann,cash-out,40
    Bob,cash-out,210
"""

from __future__ import annotations

import csv
import enum
import io
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_
from pokerroom.settle.transfers import Money

HEADER = ("player", "kind", "amount")
MAX_AMOUNT = Decimal(10) ** 12
PLACES = 2
"""The most decimal places of an amount: cents."""


class Kind(enum.StrEnum):
    BUY_IN = "buy-in"
    TOP_UP = "top-up"
    CASH_OUT = "cash-out"


@dataclass(frozen=True, slots=True)
class Entry:
    player: str
    kind: Kind
    amount: Money


@dataclass(frozen=True, slots=True)
class Account:
    """One player's totals in the ledger."""

    player: str
    bought_in: Money
    topped_up: Money
    cashed_out: Money

    @property
    def balance(self) -> Money:
        """What the others owe him; negative: what he owes."""
        return self.cashed_out - self.bought_in - self.topped_up


def accounts(entries: list[Entry]) -> list[Account]:
    """Each player's totals, by name; :class:`UsageError` unless what came in went out."""
    totals: dict[str, dict[Kind, Money]] = {}
    for entry in entries:
        kinds = totals.setdefault(entry.player, dict.fromkeys(Kind, 0))
        kinds[entry.kind] += entry.amount
    books = [
        Account(name, k[Kind.BUY_IN], k[Kind.TOP_UP], k[Kind.CASH_OUT])
        for name, k in sorted(totals.items())
    ]
    paid_in = sum((a.bought_in + a.topped_up for a in books), Decimal(0))
    taken = sum((a.cashed_out for a in books), Decimal(0))
    if paid_in != taken:
        problem = N_(
            "the ledger does not balance: buy-ins and top-ups come to {paid_in}, cash-outs to "
            "{taken}; every chip bought must be cashed out (the rake too, as the house's)"
        )
        raise UsageError(gettext(problem).format(paid_in=paid_in, taken=taken))
    return books


def _amount(text: str, line: int) -> Money:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite() or value < 0 or value > MAX_AMOUNT or value != round(value, PLACES):
        problem = N_(
            "line {line}: the amount must be a number from 0 to 10^12 with at most two "
            "decimal places, got {value!r}"
        )
        raise UsageError(gettext(problem).format(line=line, value=text))
    return int(value) if value == value.to_integral_value() else value


def read_ledger(text: str) -> list[Entry]:
    """The entries of a ledger CSV; :class:`UsageError` names the line that is wrong."""
    try:
        rows = [
            (number, row)
            for number, row in enumerate(csv.reader(io.StringIO(text)), start=1)
            if any(cell.strip() for cell in row)
        ]
    except csv.Error as error:
        raise UsageError(gettext(N_("not a CSV file: {reason}")).format(reason=error)) from None
    if not rows or tuple(cell.strip().lower() for cell in rows[0][1]) != HEADER:
        problem = N_("a ledger starts with the header line {header}")
        raise UsageError(gettext(problem).format(header=",".join(HEADER)))
    entries = []
    for number, row in rows[1:]:
        if len(row) != len(HEADER):
            problem = N_("line {line}: expected player,kind,amount, got {count} fields")
            raise UsageError(gettext(problem).format(line=number, count=len(row)))
        player, kind, amount = (cell.strip() for cell in row)
        if not player:
            raise UsageError(gettext(N_("line {line}: the player has no name")).format(line=number))
        if kind.lower() not in set(Kind):
            problem = N_("line {line}: the kind must be buy-in, top-up or cash-out, got {kind!r}")
            raise UsageError(gettext(problem).format(line=number, kind=kind))
        entries.append(Entry(player, Kind(kind.lower()), _amount(amount, number)))
    return entries
