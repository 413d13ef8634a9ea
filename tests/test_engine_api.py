"""The Python API of the hand engine: what it returns and the named errors it refuses with.

Bad input raises a :class:`~pokerroom.errors.PokerroomError` (or a ``TypeError`` for
the wrong kind of object) whose message names what was wrong, and changes nothing.
"""

from __future__ import annotations

import pytest

from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig


def holdem(seed: int = 1) -> Hand:
    return Hand(HandConfig.holdem([200, 200, 200], small_blind=1, big_blind=2), Deck(seed=seed))


# ------------------------------------------------------------ read-only state (P-9)


def test_p9_changing_what_a_hand_returns_cannot_change_the_hand() -> None:
    """P-9: stacks, events, boards and cards are returned as tuples; the chip total holds."""
    hand = holdem()
    hand.act(Action.call())
    with pytest.raises(TypeError):
        hand.stacks[0] += 1000  # type: ignore[index]
    for returned in (hand.events, hand.board, hand.boards, hand.hole, hand.committed):
        assert isinstance(returned, tuple)
    assert sum(hand.stacks) + hand.pot == 600
    events = hand.events
    assert hand.events == events and hand.events is not events


def test_pot_pots_board_and_stacks_are_all_properties() -> None:
    """One kind of attribute for what a hand is now: no call for some, attribute for others."""
    hand = holdem()
    assert hand.pot == 3 and sum(pot.amount for pot in hand.pots) == 3
    assert hand.stacks == (199, 198, 200) and hand.board == ()
