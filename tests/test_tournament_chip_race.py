"""The chip race at a colour-up (T-13, T-18), with the C-2 suit order breaking ties."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pokerroom.cards import Card
from pokerroom.deck import Deck
from pokerroom.tournament.chip_race import ChipRaceError, chip_race, chips_to_race


def test_t13_odd_chips_are_raced_for_the_chips_they_are_worth() -> None:
    """T-13: 25s retired for 100s; 150 in odd chips make two 100s (a half rounds up)."""
    stacks = {"ann": 1_075, "bob": 2_050, "cy": 525, "dan": 3_000}
    race = chip_race(stacks, 25, 100, Deck(seed=11))
    assert race.chips_raced == 2
    assert [e.odd_chips for e in race.entries] == [3, 2, 1, 0]
    assert [len(e.cards) for e in race.entries] == [3, 2, 1, 0]  # one card per odd chip
    winners = {e.player for e in race.entries if e.won}
    assert len(winners) == 2 and "dan" not in winners  # no odd chips, no race
    assert race.stacks["dan"] == 3_000
    assert race.total_after == 1_000 + 2_000 + 500 + 3_000 + 2 * 100
    best = {e.player: max(c.index for c in e.cards) for e in race.entries if e.cards}
    loser = next(p for p in best if p not in winners)
    assert all(best[w] > best[loser] for w in winners)  # the highest cards win


def test_t13_c2_suits_break_a_tie_between_equal_ranks() -> None:
    """T-13, C-2: the king of spades beats the king of clubs for the one chip raced."""
    race = chip_race({"ann": 1_075, "bob": 2_025, "cy": 25}, 25, 100, Deck(seed=5))
    cards = {e.player: [str(c) for c in e.cards] for e in race.entries}
    assert cards == {"ann": ["Js", "6c", "Ks"], "bob": ["7h"], "cy": ["Kc"]}
    assert race.chips_raced == 1
    assert [e.player for e in race.entries if e.won] == ["ann"]
    assert Card.parse("Ks").index > Card.parse("Kc").index


def test_t13_nobody_is_raced_out_of_the_tournament() -> None:
    """T-13: a player holding only odd chips who loses the race keeps one new chip."""
    race = chip_race({"ann": 1_075, "bob": 2_025, "cy": 25}, 25, 100, Deck(seed=5))
    cy = next(e for e in race.entries if e.player == "cy")
    assert (cy.won, cy.kept_in, cy.stack_after) == (False, True, 100)
    assert race.total_after == 1_000 + 2_000 + 100 + 100  # the raced chip and the kept-in one


def test_t13_odd_chips_worth_less_than_half_a_chip_race_for_nothing() -> None:
    """T-13: 2 x 5 odd chips = 10, under half a 25: no chip is raced; the short player stays in."""
    race = chip_race({"ann": 505, "bob": 5}, 5, 25, Deck(seed=1))
    assert race.chips_raced == 0
    assert race.stacks == {"ann": 500, "bob": 25}
    assert chips_to_race(12, 25) == 0 and chips_to_race(13, 25) == 1 and chips_to_race(50, 25) == 2


def test_t13_the_same_seed_deals_the_same_race() -> None:
    """T-13: a seeded deck makes a race reproducible for simulations."""
    stacks = {1: 375, 2: 450, 3: 125, 4: 25}
    assert chip_race(stacks, 25, 100, Deck(seed=9)) == chip_race(stacks, 25, 100, Deck(seed=9))


def test_t18_bad_races_are_refused_with_the_reason() -> None:
    """T-18: every amount in play is a multiple of the smallest chip; nothing is dealt."""
    deck = Deck(seed=1)
    with pytest.raises(ChipRaceError, match=r"bob.s stack of 130 is not a multiple of .* 25"):
        chip_race({"ann": 100, "bob": 130}, 25, 100, deck)
    with pytest.raises(ChipRaceError, match="larger multiple of the retired one"):
        chip_race({"ann": 100}, 25, 60, deck)
    with pytest.raises(ChipRaceError, match="larger multiple of the retired one"):
        chip_race({"ann": 100}, 100, 100, deck)
    with pytest.raises(ChipRaceError, match="ann has 0 chips"):
        chip_race({"ann": 0}, 25, 100, deck)
    with pytest.raises(ChipRaceError, match=r"needs 54 cards .* race table by table"):
        chip_race(dict.fromkeys(range(6), 900), 100, 1_000, deck)
    assert len(deck) == 52


@settings(max_examples=150)
@given(
    st.sampled_from([1, 5, 25, 100]),
    st.sampled_from([2, 4, 5, 10]),
    st.lists(st.integers(1, 400), min_size=1, max_size=10),
    st.integers(0, 2**32),
)
def test_t13_t18_every_stack_is_whole_new_chips_and_nobody_gains_more_than_one(
    retired: int, ratio: int, chip_counts: list[int], seed: int
) -> None:
    """T-13, T-18: after the race every player has at least one chip, every stack is a multiple
    of the new smallest chip, and each player gains at most one new chip beyond his rounded-down
    stack; the chips raced are what the odd chips are worth, won by the highest cards."""
    new_smallest = retired * ratio
    stacks = {f"p{i}": count * retired for i, count in enumerate(chip_counts)}
    assume(sum((s % new_smallest) // retired for s in stacks.values()) <= 51)
    race = chip_race(stacks, retired, new_smallest, Deck(seed=seed))
    odd_value = sum(s % new_smallest for s in stacks.values())
    assert race.chips_raced == chips_to_race(odd_value, new_smallest)
    assert sum(e.won for e in race.entries) == race.chips_raced
    for entry in race.entries:
        rounded_down = entry.stack_before - entry.stack_before % new_smallest
        assert entry.stack_after >= new_smallest
        assert entry.stack_after % new_smallest == 0
        assert entry.stack_after - rounded_down in {0, new_smallest}
        assert len(entry.cards) == entry.odd_chips
        assert entry.kept_in == (rounded_down == 0 and not entry.won)
    best = {e.player: max(c.index for c in e.cards) for e in race.entries if e.cards}
    won = [best[e.player] for e in race.entries if e.won]
    lost = [best[e.player] for e in race.entries if e.cards and not e.won]
    assert not won or not lost or min(won) > max(lost)  # highest card first, C-2 suits
    kept_in = sum(e.kept_in for e in race.entries)
    rounded_total = sum(s - s % new_smallest for s in stacks.values())
    assert race.total_after == rounded_total + (race.chips_raced + kept_in) * new_smallest
