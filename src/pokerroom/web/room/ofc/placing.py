"""A ``place`` message checked whole against the deal it answers (O-1, O-2, O-4).

:func:`decision_for` turns the message into the :class:`~pokerroom.bots.ofc.OfcDecision`
the hand applies, or a :class:`Refused` naming the first thing wrong and what is allowed.
Nothing is applied here, so a refusal changes nothing.

>>> from pokerroom.ofc import OfcHand
>>> hand = OfcHand(2, seed=1)
>>> held = [str(card) for card in hand.pending(0)]
>>> decision_for(hand, 0, dict.fromkeys(held, "top"), None).code
'row_full'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from pokerroom.bots.ofc import OfcDecision
from pokerroom.cards import Card, format_cards
from pokerroom.ofc import ROW_SIZES, OfcHand, Row


@dataclass(frozen=True, slots=True)
class Refused:
    message: str
    code: str


def free_places(hand: OfcHand, position: int) -> dict[str, int]:
    """Places still open on each row of the player's board (O-1)."""
    board = hand.board(position)
    return {row.value: board.free(row) for row in (Row.TOP, Row.MIDDLE, Row.BOTTOM)}


def task_words(hand: OfcHand) -> str:
    """What the player to act must do now: "set 2 and discard 1"."""
    discard = f" and discard {hand.to_discard}" if hand.to_discard else " (no discard)"
    return f"set {hand.to_place}{discard}"


def decision_for(
    hand: OfcHand, position: int, cards: Mapping[str, str], discard: str | None
) -> OfcDecision | Refused:
    """The player's whole part of this deal, or why it is not one."""
    held = hand.pending(position)
    yours = format_cards(held)
    named = [*cards, *([] if discard is None else [discard])]
    strangers = [token for token in named if Card.parse(token) not in held]
    if strangers:
        return Refused(
            f"you do not hold {' '.join(strangers)}; your cards to set: {yours}", "not_in_hand"
        )
    if hand.to_discard and discard is None:  # O-2, O-4
        return Refused(
            f"name the card you discard: one of {yours} ({task_words(hand)})", "missing_discard"
        )
    if not hand.to_discard and discard is not None:  # O-2
        return Refused(
            f"the first deal has no discard: set all five of {yours} on your rows (O-2)",
            "no_discard",
        )
    missing = [str(card) for card in held if str(card) not in named]
    if missing or len(cards) != hand.to_place:
        return Refused(
            f"set every dealt card but the discard: {task_words(hand)} of {yours}; "
            f"not placed: {' '.join(missing)}",
            "placement",
        )
    free = free_places(hand, position)
    wanted = Counter(cards.values())
    for row in (Row.TOP, Row.MIDDLE, Row.BOTTOM):
        if wanted[row.value] > free[row.value]:  # O-1
            room = ", ".join(f"{name} {count}" for name, count in free.items())
            return Refused(
                f"the {row.value} row holds {ROW_SIZES[row]} cards and has room for "
                f"{free[row.value]} more, not {wanted[row.value]}; open places: {room}",
                "row_full",
            )
    return OfcDecision(
        tuple((Card.parse(token), Row(row)) for token, row in cards.items()),
        None if discard is None else Card.parse(discard),
    )
