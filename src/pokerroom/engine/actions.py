"""What a player may do, the actions themselves (A-1), and the error for an illegal one."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.i18n.marker import N_
from pokerroom.said import Said


class ActionKind(enum.StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    RAISE = "raise"
    """A bet, raise or completion to a total (A-7): ``bet`` when nothing is owed."""
    BRING_IN = "bring-in"
    """Stud: post the bring-in instead of completing (V-5)."""


@dataclass(frozen=True, slots=True)
class Action:
    """A player's decision; ``amount`` is the round total for a bet or raise (A-7)."""

    kind: ActionKind
    amount: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ActionKind):
            raise TypeError(f"an Action's kind is an ActionKind, got {self.kind!r}")
        if self.amount is not None and type(self.amount) is not int:
            raise UsageError(f"a bet or raise is a whole number of chips, got {self.amount!r}")

    @staticmethod
    def fold() -> Action:
        return _FOLD

    @staticmethod
    def check() -> Action:
        return _CHECK

    @staticmethod
    def call() -> Action:
        return _CALL

    @staticmethod
    def bring_in() -> Action:
        return _BRING_IN

    @staticmethod
    def raise_to(amount: int) -> Action:
        """Bet or raise so that this round's commitment becomes ``amount``."""
        return Action(ActionKind.RAISE, amount)

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}" if self.amount is not None else str(self.kind)


_FOLD = Action(ActionKind.FOLD)
_CHECK = Action(ActionKind.CHECK)
_CALL = Action(ActionKind.CALL)
_BRING_IN = Action(ActionKind.BRING_IN)


class LegalActions(NamedTuple):
    """Everything the player to act may do, with exact amounts (round totals, A-7).

    ``call`` is the commitment a call reaches (less than the bet when it is an
    all-in for less, A-5); ``raise_min``/``raise_max`` bound a bet or raise and
    are equal in fixed-limit or when only an all-in is possible (A-8). Between
    them a total is a multiple of ``raise_step`` (T-18); both bounds are legal
    whatever they are (the top is an all-in when it is no multiple).
    """

    player: int
    fold: bool
    check: bool
    call: int | None
    raise_min: int | None
    raise_max: int | None
    bet: bool = False
    """True when a raise would be the first bet of the round."""
    bring_in: int | None = None
    """Stud: the bring-in this player may post instead of completing (V-5, V-7)."""
    raise_sizes: tuple[int, ...] = ()
    """When only some amounts in the range are allowed (Stud open pair, V-6), those."""
    raise_step: int = 1
    """T-18: the bet unit (a tournament's smallest chip); every total inside the range is
    a multiple of it."""
    complete: bool = False
    """Stud's third street before anyone has completed: a bet here completes the bring-in
    to the small bet (V-5), and is called a completion, not a bet or a raise."""

    def allows(self, action: Action) -> bool:
        match action.kind:
            case ActionKind.FOLD:
                return self.fold
            case ActionKind.CHECK:
                return self.check
            case ActionKind.CALL:
                return self.call is not None
            case ActionKind.BRING_IN:
                return self.bring_in is not None
            case ActionKind.RAISE:
                if self.raise_sizes:
                    return action.amount in self.raise_sizes
                amount = action.amount
                return (
                    self.raise_min is not None
                    and self.raise_max is not None
                    and amount is not None
                    and self.raise_min <= amount <= self.raise_max
                    and (
                        amount % self.raise_step == 0  # T-18
                        or amount in (self.raise_min, self.raise_max)
                    )
                )

    def nearest_raise(self, amount: int) -> int:
        """The legal bet or raise total nearest ``amount`` (T-18: whole units, or a bound);
        with only some sizes allowed (V-6), the largest not above it. A half rounds up."""
        low, high = self.raise_min, self.raise_max
        if low is None or high is None:
            raise UsageError(f"player {self.player} may not bet or raise now")
        clamped = max(low, min(amount, high))
        if self.raise_sizes:
            return max([size for size in self.raise_sizes if size <= clamped] or [low])
        whole = clamped - clamped % self.raise_step
        down, up = max(whole, low), min(whole + self.raise_step, high)
        return down if clamped - down < up - clamped else up

    def describe(self, amount: Callable[[int], str] = str) -> list[str]:
        """Human-readable options, e.g. ``['fold', 'call 10', 'raise to 20-200']``.

        ``amount`` writes a chip amount (a replay shows cents as dollars). Each option is a
        :class:`Said`: the table layer words it in the reader's language.
        """
        options: list[str] = []
        if self.fold:
            options.append(Said(N_("fold")))
        if self.check:
            options.append(Said(N_("check")))
        if self.call is not None:
            options.append(Said(N_("call {amount}"), amount=amount(self.call)))
        if self.bring_in is not None:
            options.append(Said(N_("bring in {amount}"), amount=amount(self.bring_in)))
        if self.raise_min is not None and self.raise_max is not None:
            span: str
            if self.raise_sizes:
                span = amount(self.raise_sizes[0])
                for size in self.raise_sizes[1:]:
                    span = Said(N_("{first} or {second}"), first=span, second=amount(size))
            elif self.raise_min == self.raise_max:
                span = amount(self.raise_min)
            elif self.raise_step > 1:
                span = Said(
                    N_("{low}-{high} in steps of {step}"),
                    low=amount(self.raise_min),
                    high=amount(self.raise_max),
                    step=amount(self.raise_step),
                )
            else:
                span = Said(
                    N_("{low}-{high}"), low=amount(self.raise_min), high=amount(self.raise_max)
                )
            if self.complete:  # V-5
                options.append(Said(N_("complete to {span}"), span=span))
            elif self.bet:
                options.append(Said(N_("bet {span}"), span=span))
            else:
                options.append(Said(N_("raise to {span}"), span=span))
        return options


class IllegalAction(PokerroomError, ValueError):  # noqa: N818 - the name players know
    """An action the rules do not allow now; the hand is unchanged.

    ``rule`` is the RULES.md ID that forbids it and ``legal`` what is allowed. ``message``
    is an ``N_`` template filled from ``params`` ("player {player} has nothing to call",
    player=2): :attr:`reason` is the English sentence, :attr:`said` the same as a
    :class:`Said` the table layer words for the player in his language.
    """

    def __init__(self, message: str, rule: str, legal: list[str], **params: object) -> None:
        said = message if isinstance(message, Said) else Said(message, **params)
        allowed = ", ".join(legal) if legal else "nothing (no player is to act)"
        super().__init__(f"{said} ({rule}); legal: {allowed}")
        self.reason = str(said)
        self.said = said
        self.rule = rule
        self.legal = legal


_STEPS = {
    "bet": N_("bets are in steps of {step}: from {low} to {high}"),
    "raise": N_("raises are in steps of {step}: from {low} to {high}"),
    "complete": N_("completes are in steps of {step}: from {low} to {high}"),
}
"""T-18's refusal for each word a bet is called by (V-5)."""


def steps_refusal(word: str, legal: LegalActions) -> str:
    """T-18: why a total between the bounds is refused: it is no whole number of bet units.

    >>> steps_refusal("bet", LegalActions(0, True, True, None, 50, 21_559, raise_step=25))
    'bets are in steps of 25: from 50 to 21550, or all-in 21559'
    """
    assert legal.raise_min is not None and legal.raise_max is not None
    step, top = legal.raise_step, legal.raise_max
    whole = top - top % step
    span = Said(_STEPS[word], step=str(step), low=str(legal.raise_min), high=str(whole))
    return span if whole == top else Said(N_("{steps}, or all-in {top}"), steps=span, top=str(top))
