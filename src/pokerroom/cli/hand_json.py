"""The JSON of one finished hand, shared by ``play --json`` and ``history --json``.

Keys say what they hold: ``*_seat`` keys are seat numbers (1 …), amounts are
chips; the stakes of the table are given apart from who posted them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the engine loads the evaluator; history --help imports this module
    from pokerroom.engine import Hand
    from pokerroom.table.series import HandRecord, SeriesSettings


def stakes_json(settings: SeriesSettings) -> dict[str, int]:
    """The forced bets of the table in chips, by game: blinds, or ante and bring-in (V-4, V-5)."""
    variant = settings.variant
    if variant.stud:  # V-5: antes and a bring-in of the small blind, the big blind as small bet
        return {
            "ante": settings.ante or settings.small_blind,
            "bring_in": settings.small_blind,
            "small_bet": settings.big_blind,
        }
    if variant.boards > 1:  # V-4: everyone antes, no blinds
        return {"ante": settings.ante or settings.big_blind, "small_bet": settings.big_blind}
    return {
        "small_blind": settings.small_blind,
        "big_blind": settings.big_blind,
        "ante": settings.ante,
    }


def markers_json(record: HandRecord, settings: SeriesSettings) -> dict[str, int | None]:
    """Who had the button and posted the blinds, as seats; no blind seats in a game without."""
    blinds = not settings.variant.stud and settings.variant.boards == 1
    return {
        "button_seat": record.button,
        "small_blind_seat": record.small_blind if blinds else None,
        "big_blind_seat": record.big_blind if blinds else None,
    }


def pots_json(hand: Hand, seat_of: Callable[[int], int]) -> list[dict[str, Any]]:
    """Each pot, main pot first: its amount and who won what of it (read off the awards).

    A split pot names every winner with his part; ``share`` is ``all``, ``high`` or
    ``low`` (P-7) and ``board`` the board of a double-board game (P-8, 1 or 2).
    """
    from pokerroom.engine import events as ev

    pots: dict[int, dict[str, Any]] = {}
    for event in hand.events:
        if isinstance(event, ev.Award):
            pot = pots.setdefault(event.pot, {"amount": 0, "winners": []})
            pot["amount"] += event.amount
            pot["winners"].append(
                {
                    "seat": seat_of(event.player),
                    "amount": event.amount,
                    "share": event.share,
                    "board": event.board + 1,
                }
            )
    return [pots[index] for index in sorted(pots)]
