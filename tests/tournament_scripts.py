"""Scripted hand players and small regulations for worked tournament runs (no bots' dice).

``shove`` puts every chip in before the flop at every seat, so hands end in all-ins and
players bust fast; ``fold_round`` folds to the big blind, so nobody busts and every stack
moves by the blinds alone. Both are Hold'em only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from pokerroom.engine import Action, Hand
from pokerroom.tournament.regulation import Regulation, load_example
from pokerroom.tournament.regulation.model import LateRegistration
from pokerroom.tournament.structure import Level


def shove(hand: Hand, players: Sequence[str]) -> int:
    """Everyone all-in: raise to the most allowed, else call, else check."""
    decisions = 0
    while hand.phase == "bet" and hand.to_act is not None:
        legal = hand.legal_actions()
        if legal.raise_max is not None:
            hand.act(Action.raise_to(legal.raise_max))
        elif legal.call is not None:
            hand.act(Action.call())
        else:
            hand.act(Action.check())
        decisions += 1
    return decisions


def fold_round(hand: Hand, players: Sequence[str]) -> int:
    """Everyone folds to the big blind, who wins the blinds."""
    decisions = 0
    while hand.phase == "bet" and hand.to_act is not None:
        legal = hand.legal_actions()
        hand.act(Action.check() if legal.check else Action.fold())
        decisions += 1
    return decisions


def small_regulation(**changes: object) -> Regulation:
    """The club's freezeout cut down: 1,000 chips, 3-seat tables, three places paid up to
    10 entries, blinds doubling every 10 minutes, registration closed at the start."""
    levels = tuple(
        Level(number, 10.0, small_blind=25 * 2**number, big_blind=50 * 2**number)
        for number in range(1, 9)
    )
    base = dataclasses.replace(
        load_example("club-freezeout"),
        starting_stack=1_000,
        table_size=3,
        final_table_size=3,
        levels=levels,
        breaks=(),
        late_registration=LateRegistration(0),
        chips=(25, 100, 500),
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]
