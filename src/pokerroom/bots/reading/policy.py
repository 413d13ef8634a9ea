"""The decision: the bot's pot share against the opponents' ranges set against the price.

Ahead (its share, counted per opponent, above a style's value line) it bets or
raises for value; with a drawing hand before the last card it semi-bluffs now and
then; with nothing it bluffs at its style's rate, less against players who seldom
fold. Facing a bet it calls when its share beats the pot odds (a little less on
early streets with deep stacks: implied odds), raises when well ahead, and folds
otherwise; it never folds when checking is free. Against a calling station it bets
thinner and bigger and bluffs less. Bets are a half to three quarters of the pot by
how wet the board is, everything when the stack left would be small beside the pot.
Hold'em before the flop uses the starting-hand order: it opens a style's share of
hands (wider late and heads-up), re-raises the top of it, and moves all-in only
with premium hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pokerroom.bots.reading.styles import Style
from pokerroom.engine import Action
from pokerroom.engine.actions import LegalActions

PREMIUM = 0.975
"""Pre-flop, only hands above this percentile (aces, kings, queens, ace-king) go all-in deep."""
USUAL_FOLDS = 0.45
"""How often an ordinary player folds to a bet: the reference for bluffing and thin value."""


@dataclass(frozen=True, slots=True)
class Spot:
    """What the decision needs, all of it public or the bot's own."""

    legal: LegalActions
    share: float
    """The bot's expected share of the pot against the ranges."""
    opponents: int
    owed: int
    pot: int
    top: int
    """The largest commitment in this round."""
    stack: int
    """The bot's chips behind."""
    big_blind: int
    last_round: bool
    first_round: bool
    raises: int
    folds_to_bets: float
    """The live opponents' mean fold-to-bet rate."""
    wet: bool
    """The board allows flushes or straights soon."""
    preflop: float | None = None
    """Hold'em before the flop: the hand's percentile (1 = aces)."""
    seat_share: float = 1.0
    """Hold'em before the flop: how much wider than usual this seat may open."""
    limpers: int = 0


def decide(spot: Spot, style: Style, rng: random.Random) -> Action:
    if spot.preflop is not None:
        return _preflop(spot, style)
    ahead = spot.share ** (1 / max(spot.opponents, 1))  # heads-up equivalent
    folds = min(2.0, spot.folds_to_bets / USUAL_FOLDS)
    thin = 0.15 * (USUAL_FOLDS - spot.folds_to_bets)
    value = 0.58 + 0.12 * (1 - style.aggression) - thin + (0.05 if spot.first_round else 0.0)
    can_raise = spot.legal.raise_min is not None and spot.legal.raise_max is not None
    if not spot.owed:
        if can_raise and ahead >= value:
            return _bet(spot, ahead, bluff=False)
        if can_raise and not spot.last_round and ahead >= 0.4:
            if rng.random() < style.aggression * 0.3 * folds:
                return _bet(spot, ahead, bluff=True)
        elif can_raise and ahead < 0.4 and rng.random() < style.bluff * folds:
            return _bet(spot, ahead, bluff=True)
        return _passive(spot.legal)
    price = spot.owed / (spot.pot + spot.owed)
    implied = 0.03 if not spot.last_round and spot.stack > 2 * spot.pot else 0.0
    raising = 0.74 + 0.14 * (1 - style.aggression) - thin / 2 + 0.04 * spot.raises
    if can_raise and ahead >= raising:
        return _bet(spot, ahead, bluff=False)
    if spot.legal.call is not None and spot.share >= price + 0.02 - style.tolerance - implied:
        return Action.call()
    return _passive(spot.legal, fold=True)


def _preflop(spot: Spot, style: Style) -> Action:
    assert spot.preflop is not None
    strength, legal = spot.preflop, spot.legal
    share = min(0.95, style.looseness * spot.seat_share)
    can_raise = legal.raise_min is not None and legal.raise_max is not None
    if not spot.raises:
        if strength < 1 - share:
            return _passive(legal, fold=True)
        if can_raise and strength >= 1 - share * style.aggression:
            return _raise_to(spot, (5 * spot.big_blind) // 2 + spot.limpers * spot.big_blind)
        return _passive(legal)
    price = spot.owed / (spot.pot + spot.owed)
    reraise = 1 - share * 0.3 * style.aggression * 0.5 ** (spot.raises - 1)
    if can_raise and strength >= max(reraise, 0.9):
        return _raise_to(spot, 3 * spot.top)
    widest = 1 - min(0.95, share * 1.6 * 0.5 ** (spot.raises - 1))
    if strength >= widest and spot.share >= price + 0.02 - style.tolerance:
        return Action.call() if legal.call is not None else _passive(legal)
    return _passive(legal, fold=True)


def _raise_to(spot: Spot, target: int) -> Action:
    """A pre-flop raise; one that would commit most of the stack is all-in for premium hands
    only (the others call instead)."""
    legal = spot.legal
    assert legal.raise_min is not None and legal.raise_max is not None
    everything = spot.stack + spot.top - spot.owed
    if target >= 0.4 * everything:
        if spot.preflop is not None and spot.preflop >= PREMIUM:
            return Action.raise_to(legal.raise_max)
        return _passive(legal)
    return Action.raise_to(legal.nearest_raise(target))  # T-18


def _bet(spot: Spot, ahead: float, *, bluff: bool) -> Action:
    legal = spot.legal
    assert legal.raise_min is not None and legal.raise_max is not None
    if legal.raise_sizes:
        return Action.raise_to(legal.raise_sizes[-1 if ahead > 0.8 else 0])
    fraction = 0.7 if spot.wet else 0.5
    if not bluff and spot.folds_to_bets < 0.2:
        fraction += 0.25  # a station calls anyway: charge him
    after_call = spot.pot + spot.owed
    target = spot.top + int(fraction * after_call)
    added = target - (spot.top - spot.owed)
    if not bluff and ahead >= 0.7 and spot.stack - added < 0.35 * (after_call + added):
        return Action.raise_to(legal.raise_max)
    return Action.raise_to(legal.nearest_raise(target))  # T-18


def _passive(legal: LegalActions, *, fold: bool = False) -> Action:
    """Check if free; otherwise post the bring-in, else fold (or call when not folding)."""
    if legal.check:
        return Action.check()
    if legal.bring_in is not None:
        return Action.bring_in()
    if not fold and legal.call is not None:
        return Action.call()
    return Action.fold() if legal.fold else Action.call()
