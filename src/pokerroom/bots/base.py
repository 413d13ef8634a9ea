"""The bot interface and a driver that plays a hand with bots in every seat it is given.

A bot is anything with ``decide`` and ``discard``; a bot that learns its opponents
may also have ``hand_over``, which every table calls once a hand is done with the
bot's own view of it (what was shown, never a mucked card).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from pokerroom.cards import Card
from pokerroom.engine import Action, Hand
from pokerroom.engine.views import HandView, view_of


class Bot(Protocol):
    """Anything that can act from a seat's view; it never sees hidden cards (X-4)."""

    def decide(self, view: HandView) -> Action: ...

    def discard(self, view: HandView) -> list[Card]: ...


def play_hand(hand: Hand, bots: Mapping[int, Bot], names: Sequence[str] = ()) -> None:
    """Let the bots (by engine position) act and draw until the hand needs someone else.

    Asked to run it twice, bots agree; the hand waits when a person is asked too.
    ``names`` (by position) reach each bot in its view, so it can tell its opponents apart.
    """
    named = tuple(names)
    while hand.phase in ("bet", "draw", "runs"):
        if hand.phase == "runs":
            if any(hand.in_hand(p) and p not in bots for p in range(hand.players)):
                return
            hand.choose_runs(2)
            continue
        player = hand.to_act if hand.phase == "bet" else hand.to_draw
        if player is None or player not in bots:
            return
        view = view_of(hand, player, named)
        if hand.phase == "bet":
            hand.act(bots[player].decide(view), player)
        else:
            hand.draw(bots[player].discard(view), player)


def tell_hand_over(hand: Hand, bots: Mapping[int, object], names: Sequence[str] = ()) -> None:
    """Show each bot that learns (has ``hand_over``) the finished hand from its own seat."""
    named = tuple(names)
    for position, bot in bots.items():
        hand_over = getattr(bot, "hand_over", None)
        if callable(hand_over):
            hand_over(view_of(hand, position, named))
