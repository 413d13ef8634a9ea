"""A finished hand's result for the table's list of last hands: public facts only (X-4).

Winners, amounts and winning hands in words, stack changes and eliminations: no card
tokens, so a result shown hands later cannot name a card of a hand now being played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pokerroom.engine import Hand
from pokerroom.protocol.frames import ResultFrame

if TYPE_CHECKING:
    from pokerroom.room.live import LiveRoom


def hand_result(
    room: LiveRoom,
    hand: Hand,
    number: int,
    changes: Mapping[int, int],
    eliminated: Sequence[int] = (),
) -> ResultFrame:
    """``changes`` and ``eliminated`` name room seats; zero changes are left out."""
    return {
        "number": number,
        "winners": [
            {
                "seat": room.seat_at(winner.player),
                "name": room.hand_occupants[winner.player].name,
                "amount": winner.amount,
                "pot": pot.pot,
                "share": winner.share,
                "board": winner.board,
                "hand": winner.hand,
            }
            for pot in hand.result
            for winner in pot.winners
        ],
        "changes": [{"seat": seat, "change": change} for seat, change in changes.items() if change],
        "eliminated": list(eliminated),
    }
