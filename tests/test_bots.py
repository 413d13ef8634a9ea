"""Bots act legally in every game and decide from their own seat's view only (X-4)."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots import BOTS, Bot, play_hand
from pokerroom.cards import Card
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, Limit, omaha
from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView

CONFIGS = {
    "holdem": lambda: HandConfig.holdem([200] * 6, small_blind=1, big_blind=2),
    "omaha-hilo": lambda: HandConfig.holdem(
        [200] * 4, small_blind=1, big_blind=2, variant=omaha(4, hi_lo=True), limit=Limit.POT_LIMIT
    ),
    "stud": lambda: HandConfig.stud([200] * 5, ante=1, bring_in=2, small_bet=4),
    "draw": lambda: HandConfig.draw([200] * 4, small_blind=1, big_blind=2),
    "bomb-pot": lambda: HandConfig.bomb_pot([200] * 4, ante=4),
}


@pytest.mark.parametrize("game", sorted(CONFIGS))
@pytest.mark.parametrize("style", sorted(BOTS))
def test_bots_finish_hands_with_legal_actions_only(game: str, style: str) -> None:
    """A-2 … A-19, V-5, V-8: every decision a bot makes is accepted; chips are conserved."""
    rng = random.Random(3)
    for _ in range(15):
        config = CONFIGS[game]()
        hand = Hand(config, Deck(rng=random.Random(rng.getrandbits(64))))
        play_hand(hand, {p: BOTS[style](rng.getrandbits(32)) for p in range(hand.players)})
        assert hand.phase == "done"
        assert sum(hand.stacks) == sum(config.stacks)


class Spy:
    """Records the views it is shown and calls."""

    def __init__(self) -> None:
        self.views: list[HandView] = []
        self.inner: Bot = BOTS["station"](None)

    def decide(self, view: HandView) -> Action:
        self.views.append(view)
        return self.inner.decide(view)

    def discard(self, view: HandView) -> list[Card]:
        return []


def test_x4_a_bot_sees_only_its_own_hole_cards() -> None:
    """X-4: other players' unshown cards, the deck and the burns never reach a bot."""
    hand = Hand(HandConfig.holdem([200] * 3, small_blind=1, big_blind=2), Deck(seed=8))
    spy = Spy()
    play_hand(hand, {0: spy, 1: BOTS["station"](None), 2: BOTS["station"](None)})
    assert len(spy.views) >= 4  # one decision per street at least
    for view in spy.views:  # every decision is made before any showdown
        assert view.hole[0] == tuple(hand.hole[0])
        assert view.hole[1] == view.hole[2] == (None, None)
        assert all(not isinstance(e, ev.Burn) or e.card is None for e in view.events)
