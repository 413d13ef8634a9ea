"""A finished hand's result for the table's list of last hands: public facts only (X-4).

Winners, amounts and winning hands in words, stack changes and eliminations: no card
tokens, so a result shown hands later cannot name a card of a hand now being played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.engine import Hand
from pokerroom.table.series import HandRecord
from pokerroom.web.protocol.frames import ResultFrame

if TYPE_CHECKING:
    from pokerroom.web.room.home import HomeRoom


def hand_result(room: HomeRoom, hand: Hand, record: HandRecord) -> ResultFrame:
    room_seat = room.seat_order
    return {
        "number": record.number,
        "winners": [
            {
                "seat": room.seat_at(winner.player),
                "name": room.occupants[room.seat_at(winner.player)].name,
                "amount": winner.amount,
                "pot": pot.pot,
                "share": winner.share,
                "board": winner.board,
                "hand": winner.hand,
            }
            for pot in hand.result
            for winner in pot.winners
        ],
        "changes": [
            {"seat": room_seat[seat - 1], "change": after - record.stacks_before[seat]}
            for seat, after in record.stacks_after.items()
            if after != record.stacks_before[seat]
        ],
        "eliminated": [room_seat[seat - 1] for seat in record.eliminated],
    }
