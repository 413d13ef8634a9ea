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
from pokerroom.i18n import gettext
from pokerroom.ofc import ROW_SIZES, OfcHand, Row
from pokerroom.ofc.words import row_name


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
    if hand.to_discard:
        return gettext("set {placed} and discard {discarded}").format(
            placed=hand.to_place, discarded=hand.to_discard
        )
    return gettext("set {placed} (no discard)").format(placed=hand.to_place)


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
            gettext("you do not hold {cards}; your cards to set: {yours}").format(
                cards=" ".join(strangers), yours=yours
            ),
            "not_in_hand",
        )
    if hand.to_discard and discard is None:  # O-2, O-4
        return Refused(
            gettext("name the card you discard: one of {yours} ({task})").format(
                yours=yours, task=task_words(hand)
            ),
            "missing_discard",
        )
    if not hand.to_discard and discard is not None:  # O-2
        return Refused(
            gettext(
                "the first deal has no discard: set all five of {yours} on your rows (O-2)"
            ).format(yours=yours),
            "no_discard",
        )
    missing = [str(card) for card in held if str(card) not in named]
    if missing or len(cards) != hand.to_place:
        return Refused(
            gettext(
                "set every dealt card but the discard: {task} of {yours}; not placed: {missing}"
            ).format(task=task_words(hand), yours=yours, missing=" ".join(missing)),
            "placement",
        )
    free = free_places(hand, position)
    wanted = Counter(cards.values())
    for row in (Row.TOP, Row.MIDDLE, Row.BOTTOM):
        if wanted[row.value] > free[row.value]:  # O-1
            room = ", ".join(f"{row_name(name)} {count}" for name, count in free.items())
            return Refused(
                gettext(
                    "the {row} row holds {size} cards and has room for {free} more, "
                    "not {wanted}; open places: {room}"
                ).format(
                    row=row_name(row.value),
                    size=ROW_SIZES[row],
                    free=free[row.value],
                    wanted=wanted[row.value],
                    room=room,
                ),
                "row_full",
            )
    return OfcDecision(
        tuple((Card.parse(token), Row(row)) for token, row in cards.items()),
        None if discard is None else Card.parse(discard),
    )
