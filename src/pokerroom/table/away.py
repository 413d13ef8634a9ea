"""Away seats (H-9 … H-11): an absent player posts, is dealt, and his hand is dead.

H-9 / 002 6.4.3–6.4.4: a seated player who is away still posts his blinds, antes and
bring-in (the engine posts them when the hand is created); his cards are dealt and
killed, and what he put in stays in the pot — unless he is all-in, when his hand plays
on. H-11: "away" is decided once, when the first deal is complete (the button has his
last hole card): :func:`dead_hands` freezes the set for the hand. A player who was dealt
in and disconnects later keeps his cards; his shot clock acts for him (A-18,
``Hand.timeout_action``), nothing here.

Two ways to carry it out:

- :func:`kill_dead_hands` kills every dead hand at once with the engine's hook
  (``Hand.kill``, a fold out of turn, 6.4.3): nothing of his can win, and the live players
  play on as if he had folded. The tournament run uses this.
- :func:`act_with_away` folds a dead hand only when it is to act (an engine driven one
  action at a time). A live player never folds a pot to dead hands alone
  (:func:`spare_last_live`): his fold becomes a check or a call and the dead hands then
  fold in turn. Residual case: when that call would put him all-in while a dead hand
  has already matched the bet, the dead hand is never asked to act; his fold stands and
  the dead hand takes the blinds. :func:`kill_dead_hands` has no such case.

In both, when every hand at the table is dead the last one takes the pot.

>>> from pokerroom.deck import Deck
>>> from pokerroom.engine import HandConfig
>>> hand = Hand(HandConfig.holdem([100, 100, 100], small_blind=1, big_blind=2), Deck(seed=3))
>>> dead = dead_hands(hand, {1})  # the big blind is away
>>> act_with_away(hand, Action.fold(), dead)  # the button folds ...
>>> act_with_away(hand, Action.fold(), dead)  # ... the small blind's fold becomes a call
>>> hand.phase, hand.stacks
('done', (102, 98, 100))
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from typing import TypeVar

from pokerroom.engine import Action, ActionKind, Hand
from pokerroom.errors import UsageError

SeatKey = TypeVar("SeatKey", bound=Hashable)


def away_positions(order: Sequence[SeatKey], away: Collection[SeatKey]) -> frozenset[int]:
    """The engine positions of the away seats (or players) in position ``order``.

    ``order`` is ``seating.positions(...)`` (seat numbers), or the players in that order.
    """
    return frozenset(position for position, seat in enumerate(order) if seat in away)


def dead_hands(hand: Hand, away: Collection[int]) -> frozenset[int]:
    """H-11: freeze the away positions whose hands are dead, once the first deal is done.

    An away player who is all-in (his blind or ante took his last chip) keeps a live
    hand (H-9). Asking before every player has his first cards is an error: "away" is
    decided at that moment, not earlier.
    """
    for position in away:
        if not 0 <= position < hand.players:
            raise UsageError(
                f"away position {position} is not at this table: positions are 0 to "
                f"{hand.players - 1}"
            )
    first = hand.config.variant.streets[0]
    if hand.street == 0 and any(len(cards) < first.hole + first.up for cards in hand.hole):
        raise UsageError(
            "away seats are decided when the first deal is complete (H-11); "
            "deal every player his first cards first"
        )
    return frozenset(p for p in away if not hand.all_in(p) and not hand.folded[p])


def kill_dead_hands(hand: Hand, away: Collection[int]) -> frozenset[int]:
    """H-9, H-11: kill the dead hands of ``away`` now (see :func:`dead_hands`); returns them.

    Only while a betting round is open (a hand the blinds put all-in at once has none):
    the last hand in is never killed, it takes the pot.
    """
    dead = dead_hands(hand, away)
    for position in sorted(dead):
        if hand.phase == "bet" and sum(not folded for folded in hand.folded) > 1:
            hand.kill(position)
    return dead


def act_for_away(hand: Hand, dead: Collection[int]) -> list[int]:
    """H-9: fold every dead hand that is to act now; returns the positions folded.

    A dead Stud hand due the bring-in posts it first (6.4.4: the dealer posts it from
    his stack) and is folded at its next turn.
    """
    folded: list[int] = []
    while hand.phase == "bet" and hand.to_act in dead:
        legal = hand.legal_actions()
        player = legal.player
        if legal.fold:
            hand.act(Action.fold(), player)
            folded.append(player)
        else:
            hand.act(Action.bring_in(), player)
    return folded


def spare_last_live(hand: Hand, action: Action, dead: Collection[int]) -> Action:
    """6.4.3: a fold that would leave only dead hands becomes a check or a call.

    The dead hands then fold in turn and the player takes the pot; see the module
    docstring for the one case where the fold stands.
    """
    legal = hand.legal_actions()
    player = legal.player
    if action.kind is not ActionKind.FOLD:
        return action
    others = [p for p in range(hand.players) if p != player and not hand.folded[p]]
    if not others or any(p not in dead for p in others):
        return action
    if legal.check:
        return Action.check()
    if legal.call is None:
        return action  # a Stud bring-in duty: he must bring in or complete anyway
    bet = max(hand.committed)
    keeps_chips = legal.call < hand.committed[player] + hand.stacks[player]
    if keeps_chips or all(hand.committed[p] < bet for p in others):
        return Action.call()
    return action


def act_with_away(hand: Hand, action: Action, dead: Collection[int]) -> None:
    """The live player to act does ``action`` (spared, as above); then dead hands fold."""
    act_for_away(hand, dead)
    hand.act(spare_last_live(hand, action, dead))
    act_for_away(hand, dead)
