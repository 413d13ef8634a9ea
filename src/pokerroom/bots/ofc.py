"""Open-Face Chinese Pineapple bots, and a driver that plays a hand with them (O-1 … O-7).

A bot sees only its :class:`~pokerroom.ofc.game.PlayerView` (X-4): its own board,
dealt and discarded cards, and the others' boards as far as they are face up.

>>> from pokerroom.ofc import OfcHand
>>> result = play_ofc_hand(OfcHand(2, seed=3), [SensibleBot(seed=1), RandomPlacer(seed=2)])
>>> [len(board.cards()) for board in result.boards if board is not None]
[13, 13]
>>> sum(result.points)
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from pokerroom.bots import ofc_sensible as search
from pokerroom.cards import ALL_CARDS, Card, card_from_bit, format_cards
from pokerroom.cardset import CardSet
from pokerroom.ofc import CardNotDealtError, HandResult, IllegalPlacementError, OfcHand, Row
from pokerroom.ofc.game import FANTASY_DEAL, FIRST_DEAL, PlayerView

_ROWS = (Row.BOTTOM, Row.MIDDLE, Row.TOP)  # indexed as the search numbers rows
Planner = Callable[[search.Masks, Sequence[int], Sequence[int], random.Random], search.Plan]
"""Plans a normal deal from the board, the dealt and the unseen cards (card bits)."""


@dataclass(frozen=True, slots=True)
class OfcDecision:
    """One player's whole part of one deal."""

    placements: tuple[tuple[Card, Row], ...]
    discard: Card | None = None


class OfcBot(Protocol):
    """Anything that sets its cards from its own view; it never sees hidden cards (X-4)."""

    name: str

    def decide(self, view: PlayerView) -> OfcDecision: ...


def _must_discard(pending: Sequence[Card]) -> bool:
    """O-2, O-4: every deal but the first five has one discard."""
    return len(pending) != FIRST_DEAL


class RandomPlacer:
    """Sets each card on a uniformly random open place and discards a random card."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: PlayerView) -> OfcDecision:
        cards = list(view.pending)
        board = view.boards[view.player]
        assert board is not None  # a player always sees his own board
        discard = cards.pop(self._rng.randrange(len(cards))) if _must_discard(cards) else None
        places = [row for row in Row for _ in range(board.free(row))]  # O-1
        self._rng.shuffle(places)
        return OfcDecision(tuple(zip(cards, places, strict=False)), discard)


class SensibleBot:
    """Avoids fouling and chases royalties and Fantasyland by expected value (O-1, O-4, O-6).

    Each deal is planned by Monte Carlo over the cards it has not seen, which are all
    cards but its own and the others' face-up ones (X-4; see
    :mod:`pokerroom.bots.ofc_sensible`). A Fantasyland hand is solved exactly.
    ``planner`` replaces the plan of a normal deal, for a benchmark's reference bot.
    """

    name = "sensible"

    def __init__(self, seed: int | None = None, *, planner: Planner = search.plan_deal) -> None:
        self._rng = random.Random(seed)
        self._plan = planner

    def decide(self, view: PlayerView) -> OfcDecision:
        board = view.boards[view.player]
        assert board is not None  # a player always sees his own board
        masks = (CardSet(board.bottom).mask, CardSet(board.middle).mask, CardSet(board.top).mask)
        pending = [card.bit for card in view.pending]
        if len(pending) == FANTASY_DEAL:  # O-4
            done, discard = search.plan_fantasy(pending)
        else:
            seen = CardSet(view.pending).mask | CardSet(view.discards).mask
            for shown in view.boards:  # others' face-up cards; a fantasy board is None (O-4)
                if shown is not None:
                    seen |= CardSet(shown.cards()).mask
            unseen = [card.bit for card in ALL_CARDS if not card.bit & seen]
            done, discard = self._plan(masks, pending, unseen, self._rng)
        return OfcDecision(
            tuple((card_from_bit(bit), _ROWS[row]) for bit, row in done),
            None if discard is None else card_from_bit(discard),
        )


def apply_decision(hand: OfcHand, player: int, decision: OfcDecision) -> None:
    """Set and discard the decision's cards; a refused decision leaves the hand unchanged.

    The decision is checked whole first (every dealt card used once, rows not overfilled),
    so it never stops half applied; single actions are then validated by the hand.
    """
    if hand.to_act == player:
        pending = hand.pending(player)
        used = [card for card, _ in decision.placements]
        discards = [] if decision.discard is None else [decision.discard]
        strangers = [card for card in used + discards if card not in pending]
        if strangers:
            raise CardNotDealtError(
                f"{format_cards(strangers)} not among player {player}'s unset cards; "
                f"choose from {format_cards(pending)}"
            )
        if (
            len(used) != hand.to_place
            or len(discards) != hand.to_discard
            or len(set(used + discards)) != len(pending)
        ):
            raise IllegalPlacementError(
                f"player {player} must set {hand.to_place} and discard {hand.to_discard} "
                f"of {format_cards(pending)}, each once (O-2); got set "
                f"{format_cards(used)}, discard {format_cards(discards) or 'none'}"
            )
        board = hand.board(player)
        for card, row in decision.placements:
            board = board.with_card(row, card)  # O-1: raises RowFullError
    for card, row in decision.placements:
        hand.place(player, card, row)
    if decision.discard is not None:
        hand.discard(player, decision.discard)


def play_ofc_hand(hand: OfcHand, bots: Sequence[OfcBot]) -> HandResult:
    """Play ``hand`` to the end, asking ``bots[position]`` whenever that position is to act."""
    while (player := hand.to_act) is not None:
        apply_decision(hand, player, bots[player].decide(hand.view(player)))
    result = hand.result
    assert result is not None  # nobody is to act only once the hand is settled
    return result


OFC_BOTS: dict[str, Callable[[int | None], OfcBot]] = {
    "random": RandomPlacer,
    "sensible": SensibleBot,
}
"""OFC bot styles by name, each made from a seed."""

__all__ = [
    "OFC_BOTS",
    "OfcBot",
    "OfcDecision",
    "RandomPlacer",
    "SensibleBot",
    "apply_decision",
    "play_ofc_hand",
]
