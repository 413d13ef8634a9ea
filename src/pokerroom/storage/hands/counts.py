"""Each seat's statistics counts, kept with a hand as it is archived.

Counting a hand when it is saved (on the writer's thread, never the event loop) lets a
summary of a hundred thousand hands be one SQL sum instead of reading each PHH again. A
hand whose counts cannot be kept as whole chips (an imported hand in decimals) or that the
statistics cannot read gets none: :class:`~pokerroom.storage.hands.stats.HandStats` counts
such a hand from its PHH when it is summarised, so every hand counts either way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from sqlalchemy import insert
from sqlalchemy.orm import Session

from pokerroom.errors import PokerroomError
from pokerroom.stats.reading import read_stat_hand
from pokerroom.stats.seats import seat_counts
from pokerroom.storage.models import WebHandCountsRow


def add_counts(session: Session, hand_id: int, phh: str, results: Sequence[int]) -> None:
    """Keep the counts of hand ``hand_id`` in ``session``'s transaction, when it has them."""
    rows = counts_rows(hand_id, phh, results)
    if rows:
        session.execute(insert(WebHandCountsRow), rows)


def counts_rows(hand_id: int, phh: str, results: Sequence[int]) -> list[dict[str, int | float]]:
    """The ``web_hand_counts`` rows of each position of hand ``hand_id`` (``results``: its
    seats' results, for a PHH without finishing stacks), or none when they are not whole
    chips."""
    try:
        hand = read_stat_hand(phh)
        if hand.results is None:
            hand = dataclasses.replace(hand, results=tuple(results))
        counted = seat_counts(hand)
    except PokerroomError:  # counted from the PHH when summarised, which names the fault
        return []
    unit = hand.big_blind
    if not isinstance(unit, int) or not all(isinstance(c.line.result, int) for c in counted):
        return []
    return [
        {
            "hand_id": hand_id,
            "position": position,
            "vpip": int(c.line.vpip),
            "pfr": int(c.line.pfr),
            "three_bet_chance": int(c.line.three_bet_chance),
            "three_bet": int(c.line.three_bet),
            "fold_to_three_bet_chance": int(c.line.fold_to_three_bet_chance),
            "fold_to_three_bet": int(c.line.fold_to_three_bet),
            "bets_raises": c.line.bets_raises,
            "calls": c.line.calls,
            "saw_flop": int(c.line.saw_flop),
            "showdown": int(c.line.showdown and c.line.saw_flop),
            "won_at_showdown": int(c.line.won_at_showdown and c.line.saw_flop),
            "winnings": int(c.line.result),
            "big_blind": unit,
            "big_blinds": c.big_blinds,
            "adjusted": c.adjusted,
            "adjusted_own": c.adjusted_own,
        }
        for position, c in enumerate(counted)
    ]
