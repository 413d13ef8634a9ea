"""ICM equity (Malmuth-Harville) and the deals of the last players, against a brute-force oracle."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.tournament.money.deal import DealMethod, chip_chop, icm_deal
from pokerroom.tournament.money.icm import IcmError, icm_equities


def permutation_oracle(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Every finishing order, its Malmuth-Harville chance multiplied out exactly."""
    equities = [Fraction(0)] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        chance = Fraction(1)
        left = sum(stacks)
        for player in order:
            chance *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(prizes)]):
            equities[player] += chance * prizes[place]
    return equities


def test_two_players_by_hand() -> None:
    # 3,000 v 1,000 chips for 700 and 300: the leader wins 3/4 of the time
    assert icm_equities([3000, 1000], [700, 300]) == pytest.approx([600, 400])


def test_three_players_by_hand() -> None:
    # Stacks 50/30/20 for prizes 50/30/20. Player A is second when B wins (3/10) and A
    # beats C for second (5/7), or C wins (2/10) and A beats B (5/8): 19/56; third 9/56.
    # A: 50·1/2 + 30·19/56 + 20·9/56 = 38 11/28
    a, b, c = icm_equities([50, 30, 20], [50, 30, 20])
    assert a == pytest.approx(38 + 11 / 28)
    assert a + b + c == pytest.approx(100)
    assert b == pytest.approx(32.75)


def test_prizes_for_fewer_places_than_players() -> None:
    # winner takes all: equity is the chip share
    assert icm_equities([10, 30, 60], [100]) == pytest.approx([10, 30, 60])


def test_equal_stacks_have_equal_equity() -> None:
    values = icm_equities([500] * 7, [40, 25, 15, 10, 6, 4])
    assert values == pytest.approx([100 / 7] * 7)


@settings(max_examples=60)
@given(
    stacks=st.lists(st.integers(1, 5000), min_size=2, max_size=6),
    prizes=st.lists(st.integers(0, 1000), min_size=1, max_size=6),
    data=st.data(),
)
def test_matches_the_permutation_oracle_and_is_symmetric(
    stacks: list[int], prizes: list[int], data: st.DataObject
) -> None:
    prizes = sorted(prizes[: len(stacks)], reverse=True)
    values = icm_equities(stacks, prizes)
    assert values == pytest.approx([float(v) for v in permutation_oracle(stacks, prizes)])
    assert sum(values) == pytest.approx(sum(prizes))
    order = data.draw(st.permutations(range(len(stacks))))
    shuffled = icm_equities([stacks[i] for i in order], prizes)
    assert shuffled == pytest.approx([values[i] for i in order])


def test_ten_players_sum_to_the_prizes_and_order_by_stack() -> None:
    stacks = [1000 * n for n in range(1, 11)]
    values = icm_equities(stacks, [30, 20, 15, 10, 8, 6, 5, 3, 2, 1])
    assert sum(values) == pytest.approx(100)
    assert list(values) == sorted(values)


@pytest.mark.parametrize(
    ("stacks", "prizes", "message"),
    [
        ([1] * 11, [1], "ICM values 1 to 10 players, got 11"),
        ([100, 0], [1], "every player in an ICM sum needs chips"),
        ([100, 50], [3, 2, 1], "3 prizes for 2 players"),
        ([100, 50], [3, -1], "prizes cannot be negative"),
    ],
)
def test_bad_input_is_a_named_error(stacks: list[int], prizes: list[int], message: str) -> None:
    with pytest.raises(IcmError, match=message):
        icm_equities(stacks, prizes)


# ------------------------------------------------------------------------ deals


def test_chip_chop_gives_the_lowest_prize_then_shares_by_chips() -> None:
    deal = chip_chop(["Ann", "Bob", "Cy"], [6000, 3000, 1000], [5000, 3000, 2000], unit=10)
    # 2,000 each, then the 4,000 above it by chips: 2,400 / 1,200 / 400
    assert deal.amounts == (4400, 3200, 2400)
    assert deal.method is DealMethod.CHIP_CHOP


def test_icm_deal_pays_the_icm_equity_rounded_with_the_remainder_to_the_chip_leader() -> None:
    stacks, prizes = [5000, 3000, 2000], [5000, 3000, 2000]
    deal = icm_deal(["Ann", "Bob", "Cy"], stacks, prizes, unit=100)
    # equities 3,839.3 / 3,275 / 2,885.7: floored to 3,800 / 3,200 / 2,800, the 200 left to Ann
    assert deal.amounts == (4000, 3200, 2800)
    assert sum(deal.amounts) == sum(prizes)


def test_money_left_to_play_comes_off_first_prize_and_goes_to_the_winner() -> None:
    deal = icm_deal(["Ann", "Bob"], [1000, 1000], [700, 300], left_to_play=100)
    assert deal.amounts == (450, 450)
    assert deal.dealt == 900
    with pytest.raises(IcmError, match="left_to_play must be from 0 to first prize less second"):
        icm_deal(["Ann", "Bob"], [1000, 1000], [700, 300], left_to_play=500)


def test_a_deal_is_an_event_the_log_can_keep() -> None:
    deal = chip_chop(["Ann", "Bob"], [3000, 1000], [700, 300])
    event = json.loads(json.dumps(deal.as_event()))
    assert event == {
        "event": "deal",
        "method": "chip-chop",
        "players": ["Ann", "Bob"],
        "stacks": [3000, 1000],
        "prizes": [700, 300],
        "left_to_play": 0,
        "unit": 1,
        "amounts": {"Ann": 600, "Bob": 400},
    }


@settings(max_examples=60)
@given(
    stacks=st.lists(st.integers(1, 100_000), min_size=2, max_size=9),
    data=st.data(),
    unit=st.sampled_from([1, 10, 100]),
)
def test_deals_always_pay_exactly_what_is_dealt(
    stacks: list[int], data: st.DataObject, unit: int
) -> None:
    prizes = sorted(
        data.draw(st.lists(st.integers(0, 5000), min_size=len(stacks), max_size=len(stacks))),
        reverse=True,
    )
    prizes = [prize * unit for prize in prizes]
    left = data.draw(st.integers(0, prizes[0] - prizes[1]))
    names = [f"p{i}" for i in range(len(stacks))]
    for deal in (
        icm_deal(names, stacks, prizes, unit=unit, left_to_play=left),
        chip_chop(names, stacks, prizes, unit=unit, left_to_play=left),
    ):
        assert sum(deal.amounts) == sum(prizes) - left
        assert all(amount >= 0 for amount in deal.amounts)
    equities = icm_equities(stacks, [prizes[0] - left, *prizes[1:]])
    deal = icm_deal(names, stacks, prizes, unit=unit, left_to_play=left)
    leader = max(range(len(stacks)), key=lambda i: (stacks[i], -i))
    for index, (amount, equity) in enumerate(zip(deal.amounts, equities, strict=True)):
        if index != leader:
            assert equity - unit < amount <= equity + 1e-6


@pytest.mark.parametrize(
    ("players", "stacks", "prizes", "message"),
    [
        (["Ann"], [100], [10], "a deal needs at least 2 players"),
        (["Ann", "Ann"], [100, 50], [10, 5], "each player is in a deal once"),
        (["Ann", "Bob"], [100], [10, 5], "one stack and one prize"),
        (["Ann", "Bob"], [100, 50], [5, 10], "prizes go from first place down"),
    ],
)
def test_bad_deals_are_named_errors(
    players: list[str], stacks: list[int], prizes: list[int], message: str
) -> None:
    with pytest.raises(IcmError, match=message):
        chip_chop(players, stacks, prizes)
