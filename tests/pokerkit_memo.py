"""PokerKit's hand types with a memo: the oracle gets ~10x faster and answers the same.

PokerKit re-evaluates every live hand for every pot whenever it checks who can
still win (each board card of an all-in run-out, hand killing). The differential
tests clear the memo at the start of every hand.
"""

from __future__ import annotations

from collections.abc import Callable

from pokerkit import (
    Card,
    CardsLike,
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    StandardHighHand,
)
from pokerkit import Hand as PokerKitHand

_MEMO: dict[tuple[type[PokerKitHand], tuple[Card, ...], tuple[Card, ...]], PokerKitHand | None] = {}


def clear_memo() -> None:
    _MEMO.clear()


def _cards(cards: CardsLike) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return Card.clean(cards)
    if isinstance(cards, Card):
        return (cards,)
    return tuple(cards)  # PokerKit passes iterators of its cards: no parsing needed


def _memo_from_game(
    cls: type[PokerKitHand],
    compute: Callable[[CardsLike, CardsLike], PokerKitHand],
    hole_cards: CardsLike,
    board_cards: CardsLike,
) -> PokerKitHand:
    hole, board = _cards(hole_cards), _cards(board_cards)
    key = (cls, hole, board)
    if key not in _MEMO:
        try:
            _MEMO[key] = compute(hole, board)
        except ValueError:
            _MEMO[key] = None
    found = _MEMO[key]
    if found is None:
        raise ValueError(f"no {cls.__name__} from {hole} and {board}")
    return found


class MemoStandardHighHand(StandardHighHand):
    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> PokerKitHand:
        return _memo_from_game(cls, super().from_game, hole_cards, board_cards)


class MemoEightOrBetterLowHand(EightOrBetterLowHand):
    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> PokerKitHand:
        return _memo_from_game(cls, super().from_game, hole_cards, board_cards)


class MemoOmahaHoldemHand(OmahaHoldemHand):
    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> PokerKitHand:
        return _memo_from_game(cls, super().from_game, hole_cards, board_cards)


class MemoOmahaEightOrBetterLowHand(OmahaEightOrBetterLowHand):
    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> PokerKitHand:
        return _memo_from_game(cls, super().from_game, hole_cards, board_cards)
