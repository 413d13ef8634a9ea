"""A tournament bot: push-or-fold when short, tight-aggressive when deep, careful on the bubble.

No-limit Hold'em before the flop, with an effective stack of at most
``push_fold_below`` big blinds (15 by default), it only moves all-in or folds
(checks when it may): unopened, it pushes the range of
:meth:`PushFoldTables.push_range` for the number of opponents still able to
call; facing a raise or an all-in it goes all-in when its hand's equity
against the raiser's modelled range beats the price (:func:`call_threshold`),
and never folds aces. Deeper, it opens the top ``1 / (k + 1)`` of hands to
2.5 big blinds (one more per limper) with ``k`` opponents left, re-raises
the top 3 % to three times the bet (all-in when that is most of its stack)
and calls a raise with the top 10 % when the call costs at most a tenth of
its stack; in pot-limit and fixed-limit Hold'em, where one raise cannot put
the stack in, it plays this way at every depth, its raises cut to the
largest allowed. After the flop, and in every other game, it plays like
:class:`EquityBot`.

``pressure`` (0 … 1, e.g. from the tournament: how close the money is)
tightens every range; see :mod:`pokerroom.bots.pushfold_ranges` for the
formulas. The bot decides from its own view only (X-4), and the same view
always gives the same decision: its Monte-Carlo fallback is seeded from the
view and the bot's seed.
"""

from __future__ import annotations

import math
import zlib

from pokerroom.bots.equity_bot import EquityBot
from pokerroom.bots.preflop_spot import PreflopSpot, preflop_spot
from pokerroom.bots.pushfold_ranges import (
    ACES,
    PUSH_PRESSURE,
    PushFoldTables,
    call_threshold,
    check_pressure,
)
from pokerroom.cards import Card
from pokerroom.engine import Action
from pokerroom.engine.actions import LegalActions
from pokerroom.engine.views import HandView

RERAISE_SHARE = 0.03
CALL_SHARE = 0.10
CALL_PRICE = 0.10
"""Deep: call a raise only when it costs at most this share of the stack."""


class TournamentBot:
    """Push/fold by computed heads-up equilibrium ranges, tightened by ``pressure``."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        pressure: float = 0.0,
        push_fold_below: float = 15.0,
        trials: int = 600,
    ) -> None:
        if not push_fold_below > 0 or math.isinf(push_fold_below):
            raise ValueError(
                f"push_fold_below is a positive number of big blinds, got {push_fold_below}"
            )
        self.pressure = pressure
        self.push_fold_below = float(push_fold_below)
        self.seed = seed or 0
        self.trials = trials
        self.tables = PushFoldTables.load()

    @property
    def pressure(self) -> float:
        """How close the money is: 0 far away … 1 on the bubble."""
        return self._pressure

    @pressure.setter
    def pressure(self, value: float) -> None:
        self._pressure = check_pressure(value)

    def decide(self, view: HandView) -> Action:
        legal = view.legal
        me = view.viewer
        assert legal is not None and me is not None
        spot = preflop_spot(view)
        if spot is not None and not legal.raise_sizes:
            if self.pushes_or_folds(view, spot):
                return self._push_or_fold(view, legal, spot)
            return self._tight_aggressive(view, legal, spot)
        return self._fallback(view).decide(view)

    def pushes_or_folds(self, view: HandView, spot: PreflopSpot) -> bool:
        """Short-stacked where one raise can put the stack in: only all-in or fold then."""
        legal, me = view.legal, view.viewer
        assert legal is not None and me is not None
        all_in = view.committed[me] + view.stacks[me]
        reachable = legal.raise_max in (None, all_in) or legal.call == all_in
        return reachable and spot.effective <= self.push_fold_below * view.big_blind

    def discard(self, view: HandView) -> list[Card]:
        return self._fallback(view).discard(view)

    def _fallback(self, view: HandView) -> EquityBot:
        """An equity bot whose dice depend only on the view and this bot's seed."""
        return EquityBot(zlib.crc32(repr(view).encode()) ^ self.seed, trials=self.trials)

    def goes_in(self, spot: PreflopSpot, big_blind: int) -> bool:
        """Push/fold: whether this hand moves all-in (or calls one) in this spot."""
        cls = spot.hand_class
        stack = spot.effective / big_blind
        ante = spot.ante_equivalent
        raised = spot.raised
        if raised is None and spot.opponents:
            push = self.tables.push_range(stack, ante, spot.opponents, self.pressure)
            return bool(push[cls])
        if cls == ACES:
            return True
        if raised is None:  # only forced bets, everyone else all-in: any two cards
            rival = self.tables.top(1.0)
        elif raised.all_in or raised.total <= self.push_fold_below * big_blind:
            his_stack = min(raised.total, spot.total) / big_blind
            rival = self.tables.push_range(his_stack, ante, raised.opponents, self.pressure)
        else:
            rival = self.tables.top(1 / (raised.opponents + 1))
        equity = self.tables.equity_against(cls, rival)
        return equity >= call_threshold(spot.winnable, spot.risk, self.pressure, spot.behind)

    def _push_or_fold(self, view: HandView, legal: LegalActions, spot: PreflopSpot) -> Action:
        if not self.goes_in(spot, view.big_blind):
            return Action.check() if legal.check else Action.fold()
        others_all_in = spot.opponents == 0 or (spot.raised is not None and spot.raised.all_in)
        if legal.raise_max is not None and not (others_all_in and legal.call is not None):
            return Action.raise_to(legal.raise_max)
        return Action.call() if legal.call is not None else Action.check()

    def _tight_aggressive(self, view: HandView, legal: LegalActions, spot: PreflopSpot) -> Action:
        tighten = 1 + PUSH_PRESSURE * self.pressure
        chosen = self.tables.top
        cls, bb = spot.hand_class, view.big_blind
        if spot.raised is None:
            if chosen((1 / (spot.opponents + 1)) ** tighten)[cls]:
                return _raise_or_call(legal, (5 * bb) // 2 + spot.limpers * bb)
        elif chosen(RERAISE_SHARE**tighten)[cls]:
            target = 3 * max(view.committed)
            return _raise_or_call(legal, target if target < 0.4 * spot.total else spot.total)
        elif chosen(CALL_SHARE**tighten)[cls] and spot.risk <= CALL_PRICE * spot.total:
            return Action.call()
        return Action.check() if legal.check else Action.fold()


def _raise_or_call(legal: LegalActions, target: int) -> Action:
    """Raise to ``target`` within the legal bounds; when no raise is allowed, call or check."""
    if legal.raise_min is not None and legal.raise_max is not None:
        return Action.raise_to(legal.nearest_raise(target))  # T-18: whole chips
    return Action.call() if legal.call is not None else Action.check()
