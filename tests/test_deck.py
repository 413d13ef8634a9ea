"""C-3 (reshuffle, secure or seeded), C-4/C-5 (burns kept apart), C-6 (exhaustion)."""

from __future__ import annotations

import pytest

from pokerroom.cards import ALL_CARDS
from pokerroom.deck import Deck
from pokerroom.errors import DeckError


def test_c3_each_deck_holds_all_52_cards() -> None:
    """C-3."""
    deck = Deck(seed=1)
    assert len(deck) == 52
    cards = deck.deal(51)
    assert len(set(cards)) == 51
    assert len(deck) == 1


def test_c3_seed_reproduces_the_shuffle_and_different_seeds_differ() -> None:
    """C-3."""
    assert Deck(seed=42).deal(10) == Deck(seed=42).deal(10)
    assert Deck(seed=42).deal(10) != Deck(seed=43).deal(10)


def test_c3_unseeded_decks_differ() -> None:
    """C-3."""
    assert Deck().deal(10) != Deck().deal(10)


def test_c4_c5_burns_are_kept_apart_from_the_muck() -> None:
    """C-4, C-5."""
    deck = Deck(seed=3)
    hole = deck.deal(2)
    deck.burn()
    deck.deal(3)
    deck.discard(hole)
    assert len(deck.burned) == 1
    assert deck.burned[0] not in deck.muck
    assert deck.muck == tuple(hole)


def test_c6_last_card_is_never_dealt_then_burns_then_muck() -> None:
    """C-6."""
    deck = Deck(seed=5)
    dealt = deck.deal(48)
    deck.burn()
    deck.burn()
    burned = set(deck.burned)
    assert len(deck) == 2
    last_card_candidates = set(ALL_CARDS) - set(dealt) - burned
    first = deck.deal(1)  # one real card is left above the last
    assert first[0] in last_card_candidates
    never_dealt = (last_card_candidates - set(first)).pop()
    again = deck.deal(2)  # the stock is down to its last card: burns come back
    assert set(again) == burned
    assert never_dealt not in again
    deck.discard(dealt[:3])
    from_muck = deck.deal(3)
    assert set(from_muck) == set(dealt[:3])
    assert never_dealt not in from_muck
    with pytest.raises(DeckError, match="C-6"):
        deck.deal(1)
