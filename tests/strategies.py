"""Hypothesis strategies for cards."""

from __future__ import annotations

from hypothesis import strategies as st

from pokerroom.cards import ALL_CARDS, Card


def distinct_cards(low: int, high: int) -> st.SearchStrategy[list[Card]]:
    """Between ``low`` and ``high`` distinct cards from one deck."""
    return st.lists(st.sampled_from(ALL_CARDS), min_size=low, max_size=high, unique=True)
