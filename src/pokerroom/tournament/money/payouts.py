"""The prize pool and the prizes of each place (T-2, T-12, 002 1.5, 1.7, 5.19.4).

The pool is what players paid for entries, re-entries, re-buys and add-ons, minus
the organiser's fees, plus the money he adds, and at least the guarantee (the
difference is the overlay). Places are paid by the regulation's table for the number
of entries (first entries and re-entries, as online rooms count them) or by its
curve; each prize is rounded down to the regulation's unit and what rounding leaves
goes to first place, so the prizes always sum to the pool exactly.

>>> from pokerroom.tournament.regulation import load_example
>>> club = load_example("club-freezeout")
>>> result = payout(club, Entries(10))
>>> result.pool.total, result.prizes
(8300, (4150, 2490, 1660))
>>> shared_prizes(result.prizes, first_place=2, players=2, unit=10)
(2080, 2070)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pokerroom.errors import PokerroomError
from pokerroom.tournament.regulation.model import PayoutCurve, Payouts, Regulation


class PayoutError(PokerroomError, ValueError):
    """Counts or places the regulation cannot pay: the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class Entries:
    """What the registration desk took in one tournament."""

    entrants: int
    """Distinct players (each one's first entry)."""
    re_entries: int = 0
    rebuys: int = 0
    add_ons: int = 0

    @property
    def entries(self) -> int:
        """The count the payout table is read by: first entries and re-entries."""
        return self.entrants + self.re_entries


@dataclass(frozen=True, slots=True)
class PrizePool:
    """T-2: the money of one tournament's prize pool, in whole units."""

    collected: int
    """Everything players paid, fees included."""
    fees: int
    added: int
    guarantee: int

    @property
    def from_players(self) -> int:
        return self.collected - self.fees

    @property
    def overlay(self) -> int:
        """What the organiser pays to reach the guarantee."""
        return max(0, self.guarantee - self.from_players - self.added)

    @property
    def total(self) -> int:
        return self.from_players + self.added + self.overlay


@dataclass(frozen=True, slots=True)
class Payout:
    pool: PrizePool
    prizes: tuple[int, ...]
    """Place 1 first; they sum to ``pool.total``."""


def prize_pool(regulation: Regulation, entries: Entries) -> PrizePool:
    """T-2: the pool for these entries and buys; refuses buys the regulation does not offer."""
    _check_entries(regulation, entries)
    money = regulation.money
    buys = entries.entries
    collected = money.buy_in * buys
    fees = money.fee * buys
    for count, terms, name in (
        (entries.rebuys, regulation.rebuy, "re-buys"),
        (entries.add_ons, regulation.add_on, "add-ons"),
    ):
        if count and terms is None:
            raise PayoutError(f"{count} {name} counted, but {regulation.name!r} offers none")
        if terms is not None:
            collected += terms.price * count
            fees += terms.fee * count
    return PrizePool(collected, fees, money.added, money.guarantee)


def _check_entries(regulation: Regulation, entries: Entries) -> None:
    for name in ("entrants", "re_entries", "rebuys", "add_ons"):
        if getattr(entries, name) < 0:
            raise PayoutError(f"{name} cannot be negative, got {getattr(entries, name)}")
    if entries.entrants < 1:
        raise PayoutError("a tournament needs at least one entrant to pay")
    if entries.re_entries and regulation.re_entry is None:
        raise PayoutError(
            f"{entries.re_entries} re-entries counted, but {regulation.name!r} allows none"
        )
    cap = regulation.max_entries
    if cap is not None and entries.entries > cap:
        raise PayoutError(f"{entries.entries} entries, but {regulation.name!r} takes at most {cap}")


def payout(regulation: Regulation, entries: Entries) -> Payout:
    """The pool and every paid place's prize for these entries."""
    pool = prize_pool(regulation, entries)
    return Payout(pool, prizes(regulation.payouts, pool.total, entries.entries, entries.entrants))


def prizes(
    payouts: Payouts, pool: int, entries: int, players: int | None = None
) -> tuple[int, ...]:
    """Each paid place's prize, place 1 first; never more places than ``players``.

    Every prize but the first is a multiple of ``payouts.unit``; the first takes what
    rounding leaves, so the prizes sum to ``pool`` exactly (T-2) and never increase.
    """
    if pool < 0:
        raise PayoutError(f"the pool cannot be negative, got {pool}")
    if entries < 1:
        raise PayoutError(f"entries must be at least 1, got {entries}")
    shares = place_shares(payouts, entries, entries if players is None else players)
    unit = payouts.unit
    rest = tuple(math.floor(pool * share / unit) * unit for share in shares[1:])
    return (pool - sum(rest), *rest)


def place_shares(payouts: Payouts, entries: int, players: int) -> tuple[Fraction, ...]:
    """The share of the pool each paid place gets, place 1 first, summing to 1.

    A table row that pays more places than there are players pays the first ``players``
    places, their percentages scaled up to the whole pool.
    """
    if players < 1:
        raise PayoutError(f"players must be at least 1, got {players}")
    rule = payouts.rule
    if isinstance(rule, PayoutCurve):
        return _curve_shares(rule, entries, players)
    row = next(band for band in rule if band.up_to is None or entries <= band.up_to)
    paid = row.percents[:players]
    total = sum(paid)
    return tuple(percent / total for percent in paid)


def _curve_shares(curve: PayoutCurve, entries: int, players: int) -> tuple[Fraction, ...]:
    """Place *i* ∝ ``i ** -a``; ``a`` found by bisection so place 1 gets ``first_percent``.

    When so few places are paid that no falling split gives first place that little
    (``first_percent`` at most 100 / places), the curve is harmonic (``a`` = 1), as a
    director would rather pay a small field 2/3 and 1/3 than split it evenly.
    """
    places = min(players, max(1, math.ceil(entries * curve.paid_percent / 100)))
    target = float(curve.first_percent / 100)
    if places == 1 or target >= 1:
        return (Fraction(1),)
    ranks = range(1, places + 1)

    def first_share(exponent: float) -> float:
        return 1 / math.fsum(rank**-exponent for rank in ranks)

    exponent = 1.0
    if target > 1 / places:
        low, high = 0.0, 64.0
        for _ in range(100):
            middle = (low + high) / 2
            low, high = (middle, high) if first_share(middle) < target else (low, middle)
        exponent = (low + high) / 2
    weights = [rank**-exponent for rank in ranks]
    total = math.fsum(weights)
    return tuple(Fraction(weight / total) for weight in weights)


def shared_prizes(
    prizes: Sequence[int], *, first_place: int, players: int, unit: int = 1
) -> tuple[int, ...]:
    """T-12: the money of places ``first_place`` … ``first_place + players - 1``, split evenly.

    For players who bust in the same hand with equal stacks. Places past the paid
    ones are worth 0, so a bubble shared by two pays each half the last prize. Each
    gets the same number of whole units; the units left over go one each to the
    players in the order given (give them clockwise from the button, as P-3 gives the
    odd chip), and any part of a unit left (only when place 1 is shared) to the first.
    """
    if first_place < 1 or players < 1:
        raise PayoutError(
            f"places start at 1 and at least one player shares them, got place {first_place} "
            f"for {players}"
        )
    if unit < 1:
        raise PayoutError(f"the unit must be at least 1, got {unit}")
    shared = prizes[first_place - 1 : first_place - 1 + players]
    total = sum(shared)
    units, part = divmod(total, unit)
    each, extra = divmod(units, players)
    amounts = [(each + (1 if index < extra else 0)) * unit for index in range(players)]
    amounts[0] += part
    return tuple(amounts)
