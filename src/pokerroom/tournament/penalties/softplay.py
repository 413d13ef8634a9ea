"""Soft-play detection (T-15, 002 7.1.15): a flag for the director, never a penalty.

After a hand, a player is flagged when on the river he checked or called while he was
in position (no player who could still bet acts after him), could have bet or raised,
was not calling an all-in, and held the nuts. Decisions where 002 is silent:

- **The nuts** are judged from what the player knew: no holding of the cards he cannot
  see (the deck minus the board and his own cards) beats him. Ties count: a share of the
  nuts is the nuts. When every holding ties (the board plays, Hold'em), nobody can win
  more by betting: no flag.
- **Games**: Hold'em and Omaha (4, 5 or 6 cards) on one board; in Hi-Lo the player must
  hold the nut high and, if a low is possible, the nut low. Stud, Draw and double-board
  games have no flag (no single board fixes "the best possible hand").
- **A call with no raise possible** (A-19, a fixed-limit cap) is not soft play either: the
  player had nothing better to do.

Who sees it (T-16, X-4): the flag carries the player's hole cards, so it goes to the
director only, after the hand — never into a player's view. It is a hint: the director
decides whether to give the 7.1.15 penalty (``Offence.SOFT_PLAY``); nothing here
penalises by itself.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.engine import HOLDEM
>>> board = parse_cards("Ah Kh 7h 2c 3d")
>>> [holds_the_nuts(HOLDEM, board, parse_cards(hole)) for hole in ("Qh Jh", "Jh Th")]
[True, False]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import ALL_CARDS, Card
from pokerroom.engine import Action, Hand
from pokerroom.engine import events as ev
from pokerroom.engine.variants import BestFive, Variant
from pokerroom.errors import UsageError
from pokerroom.evaluate import HighHand


@dataclass(frozen=True, slots=True)
class SoftPlayFlag:
    """T-15: a possible soft play, for the director's eyes only (T-16, X-4)."""

    player: int
    """The engine position of the player flagged."""
    action: str
    """``check`` or ``call``."""
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    holding: str
    """His hand in words, e.g. 'Flush, ace-high'."""
    rule: str = "T-15"


def supports(variant: Variant) -> bool:
    """Whether the detector judges this game: one board of five, no Stud."""
    return not variant.stud and variant.boards == 1 and variant.streets[-1].board > 0


def holds_the_nuts(variant: Variant, board: Sequence[Card], hole: Sequence[Card]) -> bool:
    """Whether no holding of the cards ``hole`` cannot see beats it (ties are the nuts).

    Two unseen cards are all an opponent needs: Hold'em holds two, and an Omaha hand
    plays exactly two of its cards (E-5), so the best pair is the best holding. In
    Hi-Lo no pair may make a better low either. A hand that only plays the board of a
    Hold'em game ties with everyone: False (see the module docstring).
    """
    showdown = variant.showdown
    high = showdown.high(hole, board)
    low = showdown.low(hole, board) if showdown.splits_low else 0
    seen = set(board) | set(hole)
    unseen = [card for card in ALL_CARDS if card not in seen]
    for pair in itertools.combinations(unseen, 2):
        if showdown.high(pair, board) > high:
            return False
        if showdown.splits_low and showdown.low(pair, board) > low:
            return False
    return not (isinstance(showdown, BestFive) and high == showdown.high((), board))


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...] | None:
    known = tuple(card for card in cards if card is not None)
    return known if len(known) == len(cards) else None


def soft_play_flags(hand: Hand) -> list[SoftPlayFlag]:
    """T-15: the river checks and calls of a finished hand that look like soft play."""
    if hand.phase != "done":
        raise UsageError(
            f"soft play is judged after the hand; this one is in its {hand.phase}"  # machine words
        )
    variant = hand.config.variant
    board = _known(hand.board)
    if not supports(variant) or board is None or len(board) != 5:
        return []
    start = _river_start(hand.events)
    river = _river_betting(hand.events[start:])
    nuts = {  # the dearest test first but the rarest to pass: most hands need no replay
        player: hole
        for player in {e.player for e in river if isinstance(e, ev.Check | ev.Call)}
        if (hole := _known(hand.hole[player])) is not None and holds_the_nuts(variant, board, hole)
    }
    if not nuts:
        return []
    state = Hand.from_events(hand.config, hand.events[:start])  # replayed once, then stepped
    flags = []
    for event in river:
        hole = nuts.get(event.player)
        soft = isinstance(event, ev.Check | ev.Call) and _soft(state, event.player, event)
        if hole is not None and soft:
            action = "check" if isinstance(event, ev.Check) else "call"
            holding = HighHand(variant.showdown.high(hole, board)).describe()
            flags.append(SoftPlayFlag(event.player, action, hole, board, holding))
        state.act(_replayed(event), event.player)
    return flags


def _river_betting(
    events: Sequence[ev.Event],
) -> list[ev.Fold | ev.Check | ev.Call | ev.BetRaise]:
    """The river's betting actions, up to the first event that is none."""
    actions: list[ev.Fold | ev.Check | ev.Call | ev.BetRaise] = []
    for event in events:
        if not isinstance(event, ev.Fold | ev.Check | ev.Call | ev.BetRaise):
            break
        actions.append(event)
    return actions


def _soft(state: Hand, player: int, event: ev.Check | ev.Call) -> bool:
    """In position, a bet or raise allowed, and not the call of an all-in (7.1.15)."""
    if not _in_position(state, player) or state.legal_actions().raise_min is None:
        return False  # out of position, or nothing better was allowed (A-19, B-4)
    return not (isinstance(event, ev.Call) and _facing_all_in(state, player))


def _replayed(event: ev.Fold | ev.Check | ev.Call | ev.BetRaise) -> Action:
    match event:
        case ev.BetRaise(_, to):
            return Action.raise_to(to)
        case ev.Check():
            return Action.check()
        case ev.Call():
            return Action.call()
    return Action.fold()


def _river_start(events: Sequence[ev.Event]) -> int:
    """The index just after the event that dealt the fifth board card."""
    dealt = 0
    for index, event in enumerate(events):
        if isinstance(event, ev.DealBoard):
            dealt += len(event.cards)
            if dealt >= 5:
                return index + 1
    return len(events)


def _in_position(state: Hand, player: int) -> bool:
    """He acts last on this street: no later position can still bet (flop games)."""
    able = [p for p in range(state.players) if not state.folded[p] and state.stacks[p] > 0]
    return bool(able) and max(able) == player


def _facing_all_in(state: Hand, player: int) -> bool:
    bet = max(state.committed)
    return any(
        state.committed[p] == bet and state.stacks[p] == 0 and not state.folded[p]
        for p in range(state.players)
        if p != player
    )
