"""Show or muck at any table (P-5): who is asked, what the room does for the others, and
the shown and winning hands in words.

The engine's own choice (show a hand that can still win a share, muck one that cannot)
is what bots do, and what a human's "auto-muck losing hands" setting does for him. A
hand already turned face up by the rules, for an all-in run-out (A-17), is shown again
without asking.
"""

from __future__ import annotations

from collections.abc import Callable

from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.evaluate.high import HighHand


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


def settle_showdown(hand: Hand, asks: Callable[[int], bool]) -> None:
    """P-5: show or muck for every player due whom ``asks`` says is not asked himself.

    Stops at the first player who decides (``asks`` is true and :func:`may_muck` lets him);
    the others show or muck as the room would (:func:`room_choice`). A hand turned face up
    for an all-in run-out stays face up (A-17).
    """
    while hand.phase == "showdown":
        player = hand.next_to_show
        assert player is not None
        if asks(player) and hand.shown[player] is None and may_muck(hand, player):
            return
        if hand.shown[player] is None and room_choice(hand) == "muck":
            hand.muck(player)
        else:
            hand.show(player)


def shown_hand_names(hand: Hand) -> dict[int, str]:
    """The shown hands' names ("Pair, aces") once every card is out (P-6); one board only."""
    if hand.phase not in ("showdown", "done") or len(hand.boards) > 1:
        return {}
    board = [c for c in hand.board if c]
    showdown = hand.config.variant.showdown
    names = {}
    for player, shown in enumerate(hand.shown):
        cards = [card for card in shown or () if card is not None]
        if shown is not None and len(cards) == len(shown) and len(cards) + len(board) >= 5:
            names[player] = HighHand(showdown.high(cards, board)).describe()
    return names


def winning_hands(hand: Hand) -> dict[tuple[int, int, str, int], str]:
    """A finished hand's winning hands in words, by (player, pot, share, board) of each award;
    a pot won without a showdown has none (A-15)."""
    if hand.phase != "done":
        return {}
    return {
        (winner.player, pot.pot, winner.share, winner.board): winner.hand
        for pot in hand.result
        for winner in pot.winners
        if winner.hand is not None
    }
