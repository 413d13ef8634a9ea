"""A table's settle-up as a whole: the accounts, the rake, who is still seated, and the
transfers; and the same figures for programs (CSV, JSON), written alike by the web page
and ``pokerroom settle``.

The rake is the house's: it takes part as a player who cashed out the rake, so the players'
balances and the house's sum to zero and the transfers square it too.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.i18n.marker import N_
from pokerroom.settle.ledger import Account
from pokerroom.settle.transfers import Money, Transfer, fewest_transfers

HOUSE = N_("the house")
"""Who is owed the rake: worded where it is shown, English in CSV and JSON."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """Each player's account (by name), the rake and the fewest transfers."""

    accounts: tuple[Account, ...]
    rake: Money = 0
    seated: frozenset[str] = field(default_factory=frozenset)
    """Players still at the table: their cash-out is the stack in front of them."""
    transfers: tuple[Transfer, ...] = ()


def settle_up(
    accounts: Sequence[Account], rake: Money = 0, seated: frozenset[str] = frozenset()
) -> Settlement:
    """The settlement of ``accounts``, the house owed ``rake``."""
    books = [*accounts, Account(HOUSE, 0, 0, rake)] if rake else list(accounts)
    transfers = fewest_transfers({book.player: book.balance for book in books})
    return Settlement(tuple(accounts), rake, seated, tuple(transfers))


def _number(value: Money) -> int | float:
    return value if isinstance(value, int) else float(value)


def transfers_csv(transfers: Sequence[Transfer]) -> str:
    """``payer,payee,amount``, a line per transfer; a name with a comma or a quote quoted.

    >>> print(transfers_csv([Transfer('Ann "the Rock", Jr', "Bob", 40)]), end="")
    payer,payee,amount
    "Ann ""the Rock"", Jr",Bob,40
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("payer", "payee", "amount"))
    writer.writerows((t.payer, t.payee, t.amount) for t in transfers)
    return out.getvalue()


def settlement_json(settlement: Settlement) -> dict[str, Any]:
    """The accounts (with whether each player is still seated), the rake and the transfers."""
    return {
        "accounts": [
            {
                "player": a.player,
                "bought_in": _number(a.bought_in),
                "topped_up": _number(a.topped_up),
                "cashed_out": _number(a.cashed_out),
                "still_seated": a.player in settlement.seated,
                "balance": _number(a.balance),
            }
            for a in settlement.accounts
        ],
        "rake": _number(settlement.rake),
        "transfers": [
            {"payer": t.payer, "payee": t.payee, "amount": _number(t.amount)}
            for t in settlement.transfers
        ],
    }
