"""The fewest transfers that settle a set of balances.

A balance is what a player is owed (positive) or owes (negative); they sum to zero. Split
the players into groups whose balances each sum to zero: a group of ``k`` players settles
in ``k - 1`` transfers (each one clears at least one player, the last clears two), and no
group can do with fewer, so the fewest transfers are ``n - g`` for the largest number ``g``
of such groups. Finding ``g`` is a subset problem: it is solved exactly over the subsets
(``2^n`` of them) for up to :data:`EXACT_LIMIT` players with a balance; beyond that the
largest debtor pays the largest creditor until all are square, which takes at most
``n - 1`` transfers but may miss a split into groups.

>>> for t in fewest_transfers({"Ann": 30, "Bob": -10, "Cyd": -20, "Dan": 5, "Eve": -5}):
...     print(t.payer, "->", t.payee, t.amount)
Eve -> Dan 5
Cyd -> Ann 20
Bob -> Ann 10
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_

Money = int | Decimal

EXACT_LIMIT = 16
"""The most players with a balance settled exactly: 2^16 subsets take about a second."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` (more than zero)."""

    payer: str
    payee: str
    amount: Money


def _check(balances: Mapping[str, Money]) -> None:
    total = sum(balances.values(), Decimal(0))
    if total:
        problem = N_("the balances must add up to zero, they add up to {total}")
        raise UsageError(gettext(problem).format(total=total))


def _greedy(names: Sequence[str], balances: Mapping[str, Money]) -> list[Transfer]:
    """Largest debtor pays largest creditor, until everyone is square: at most n - 1."""
    left = {name: balances[name] for name in names}
    transfers = []
    while any(left.values()):
        payer = min(left, key=lambda name: (left[name], name))
        payee = max(left, key=lambda name: (left[name], name))
        amount = min(-left[payer], left[payee])
        transfers.append(Transfer(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return transfers


def zero_sum_groups(values: Sequence[Money]) -> list[list[int]]:
    """The most groups of indices whose values each sum to zero (every index in one);
    ``values`` sum to zero and none is zero."""
    n = len(values)
    full = (1 << n) - 1
    sums: list[Money] = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
        most = 0
        rest = mask
        while rest:
            bit = rest & -rest
            most = max(most, best[mask ^ bit])
            rest ^= bit
        best[mask] = most + (sums[mask] == 0)
    order = []
    mask = full
    while mask:  # take back the players one by one along a best chain
        gain = sums[mask] == 0
        rest = mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] + gain == best[mask]:
                order.append(bit.bit_length() - 1)
                mask ^= bit
                break
            rest ^= bit
    groups: list[list[int]] = []
    group: list[int] = []
    running: Money = 0
    for index in reversed(order):
        group.append(index)
        running += values[index]
        if running == 0:
            groups.append(group)
            group = []
    return groups


def fewest_transfers(balances: Mapping[str, Money]) -> list[Transfer]:
    """Transfers that leave every balance at zero, as few as there can be (see the module
    docstring for more than :data:`EXACT_LIMIT` players). Players with no balance pay and
    get nothing."""
    _check(balances)
    names = sorted(name for name, value in balances.items() if value)
    if len(names) > EXACT_LIMIT:
        return _greedy(names, balances)
    transfers = []
    for group in zero_sum_groups([balances[name] for name in names]):
        transfers += _greedy([names[i] for i in group], balances)
    return transfers
