"""Show or muck at the table (P-5): who is asked, and what the room does for the others.

The engine's own choice (show a hand that can still win a share, muck one that cannot)
is what bots do, and what a human's "auto-muck losing hands" setting does for him. A
hand already turned face up by the rules, for an all-in run-out (A-17), is shown again
without asking.
"""

from __future__ import annotations

from pokerroom.engine import Hand
from pokerroom.engine import events as ev


def room_choice(hand: Hand) -> str:
    """``"show"`` or ``"muck"``: what the engine's automatic showdown does for the player
    due to show now, found by settling a copy of the hand (the hand itself is untouched)."""
    player = hand.next_to_show
    copy = Hand.from_events(hand.config, hand.events)
    before = len(copy.events)
    copy.auto_showdown()
    for event in copy.events[before:]:
        if isinstance(event, ev.Show | ev.Muck) and event.player == player:
            return "muck" if isinstance(event, ev.Muck) else "show"
    return "show"


def must_ask(hand: Hand, auto_muck: bool) -> bool:
    """Whether the player due to show decides himself: he may muck (P-5), his hand was not
    turned up by the rules (A-17), and his setting does not muck it for him."""
    player = hand.next_to_show
    if player is None or hand.shown[player] is not None:
        return False
    if auto_muck and room_choice(hand) == "muck":
        return False
    return may_muck(hand, player)


def may_muck(hand: Hand, player: int) -> bool:
    """P-5: everyone may give up the pot without showing, except the last live hand of a pot."""
    return not any(pot.eligible == (player,) for pot in hand.pots)
