"""The house's cut of a cash pot (P-9): a percentage with a cap, and no flop, no drop.

Off unless a table is given a :class:`Rake`. When on, the rake of a finished hand is
``percent`` of all its pots, rounded down to whole chips and never above ``cap``.
It is taken from the pots before the winners are paid: each pot gives its share of
the rake (in proportion to its size), and in each pot every winner gives his
share (in proportion to what he won); the chips that rounding leaves go to the
main pot first, and to the winners in position order from the first seat left of
the button, as an odd chip does (P-3). So the stacks after the hand are the stacks
before it less the rake, exactly.

No flop, no drop: a hand that ends before its flop is not raked. *Decision* for the
games without a flop: Stud and Draw are raked only when the hand goes past its first
betting round (fourth street is dealt, or the draw begins); a bomb pot deals its flop
before anyone bets, so it is always raked.

>>> from pokerroom.deck import Deck
>>> from pokerroom.engine import Action, Hand, HandConfig
>>> hand = Hand(HandConfig.holdem([100, 100], small_blind=1, big_blind=2), Deck(seed=3))
>>> hand.act(Action.raise_to(100)); hand.act(Action.call())
>>> taken = take_rake(hand, Rake(percent=5, cap=3))
>>> taken.total, taken.by_pot, taken.by_position
(3, (3,), (0, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext

MAX_PERCENT = 10
"""The largest rake a table may take; online rooms take 2.5 … 6 %."""


@dataclass(frozen=True, slots=True)
class Rake:
    """``percent`` of every raked pot (e.g. 5 or "4.5"), at most ``cap`` chips a hand."""

    percent: Fraction | Decimal | int | str
    cap: int

    def __post_init__(self) -> None:
        try:
            share = Fraction(str(self.percent))
        except (ValueError, InvalidOperation, ZeroDivisionError):
            share = Fraction(-1)
        if isinstance(self.percent, bool) or not 0 < share <= MAX_PERCENT:
            raise UsageError(
                gettext(
                    N_("the rake is a percentage above 0 and at most {most}, got {given} (P-9)")
                ).format(most=MAX_PERCENT, given=repr(self.percent))
            )
        if type(self.cap) is not int or self.cap < 1:
            raise UsageError(
                gettext(
                    N_("the rake cap is a whole number of chips, at least 1, got {given}")
                ).format(given=repr(self.cap))
            )
        object.__setattr__(self, "percent", share)

    @property
    def fraction(self) -> Fraction:
        assert isinstance(self.percent, Fraction)
        return self.percent / 100


@dataclass(frozen=True, slots=True)
class RakeTaken:
    """What the house took from one hand: the whole, per pot, and per engine position."""

    total: int
    by_pot: tuple[int, ...]
    by_position: tuple[int, ...]

    @staticmethod
    def none(pots: int, players: int) -> RakeTaken:
        return RakeTaken(0, (0,) * pots, (0,) * players)


def reached_flop(hand: Hand) -> bool:
    """No flop, no drop (module docstring): did the hand go past its first betting round?"""
    if any(street.board for street in hand.config.variant.streets):
        return any(isinstance(event, ev.DealBoard) for event in hand.events)
    return hand.street >= 1


def take_rake(hand: Hand, rake: Rake | None) -> RakeTaken:
    """The rake of a finished hand and who pays it (module docstring); nothing is changed."""
    results = hand.result
    pots = [pot.amount for pot in results]
    if rake is None or not reached_flop(hand):
        return RakeTaken.none(len(pots), hand.players)
    total = min(int(sum(pots) * rake.fraction), rake.cap)
    by_pot = share_out(total, pots)
    paid = [0] * hand.players
    for pot, due in zip(results, by_pot, strict=True):
        won: dict[int, int] = {}
        for winner in pot.winners:
            won[winner.player] = won.get(winner.player, 0) + winner.amount
        players = sorted(won)
        for player, part in zip(players, share_out(due, [won[p] for p in players]), strict=True):
            paid[player] += part
    return RakeTaken(total, tuple(by_pot), tuple(paid))


def share_out(amount: int, weights: Sequence[int]) -> list[int]:
    """``amount`` in whole chips in proportion to ``weights``, rounded down; the chips
    left go one each to the first entries (P-3's order). No share exceeds its weight
    while ``amount`` does not exceed their sum.

    >>> share_out(5, [60, 30, 10])
    [4, 1, 0]
    """
    whole = sum(weights)
    if not whole:
        return [0] * len(weights)
    shares = [amount * weight // whole for weight in weights]
    left = amount - sum(shares)
    for index, weight in enumerate(weights):
        if left and shares[index] < weight:
            shares[index] += 1
            left -= 1
    return shares
