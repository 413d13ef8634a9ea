"""T-18: the engine's bet unit: bets and raises in whole units (a tournament's smallest chip),
the minimum rounded up to the unit, an all-in legal whatever it is, other amounts refused
naming the steps; bots and presets only ever offer legal amounts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.bots import Bot, CallingStation, EquityBot, RandomBot, TournamentBot
from pokerroom.deck import Deck
from pokerroom.engine import (
    OMAHA,
    Action,
    Hand,
    HandConfig,
    IllegalAction,
    LegalActions,
    Limit,
    Options,
)
from pokerroom.engine import events as ev
from pokerroom.engine.views import view_of
from pokerroom.errors import UsageError
from pokerroom.history.phh.options import options_field, read_options
from pokerroom.table.presets import BetSpot, spot_amounts, spot_openings

IN_25S = Options(smallest_chip=25, bet_unit=25)


def _hand(stacks: list[int], small: int = 25, big: int = 50, **kinds: object) -> Hand:
    options = kinds.pop("options", IN_25S)
    assert isinstance(options, Options)
    limit = kinds.pop("limit", Limit.NO_LIMIT)
    assert isinstance(limit, Limit)
    config = HandConfig.holdem(
        stacks, small_blind=small, big_blind=big, limit=limit, options=options
    )
    return Hand(config, Deck(seed=1))


def test_the_legal_range_goes_in_steps_of_the_unit() -> None:
    """T-18: the player is told the range and its steps."""
    legal = _hand([5_000, 18_441, 21_559]).legal_actions()
    assert (legal.raise_min, legal.raise_max, legal.raise_step) == (100, 21_559, 25)
    assert legal.describe() == ["fold", "call 50", "raise to 100-21559 in steps of 25"]
    assert legal.allows(Action.raise_to(125)) and legal.allows(Action.raise_to(21_550))
    assert legal.allows(Action.raise_to(21_559))  # all-in, though not whole 25s
    assert not legal.allows(Action.raise_to(130))


def test_an_amount_off_the_unit_is_refused_naming_the_steps_and_changes_nothing() -> None:
    """T-18: one line naming the unit and the legal range, the hand unchanged."""
    hand = _hand([5_000, 18_441, 21_559])
    events = hand.events
    with pytest.raises(IllegalAction) as refused:
        hand.act(Action.raise_to(130))
    assert refused.value.rule == "T-18"
    assert refused.value.reason == ("raises are in steps of 25: from 100 to 21550, or all-in 21559")
    assert hand.events == events and hand.to_act == 2
    hand.act(Action.raise_to(21_559))  # the all-in is allowed
    assert hand.stacks[2] == 0


def test_a_bet_after_the_flop_names_bets_and_a_whole_top() -> None:
    """T-18: a first bet is refused as a bet; with a stack of whole units no all-in is named."""
    hand = _hand([1_000, 1_000])
    hand.act(Action.call())
    hand.act(Action.check())
    with pytest.raises(IllegalAction, match=r"bets are in steps of 25: from 50 to 950 \(T-18\)"):
        hand.act(Action.raise_to(60))


def test_the_minimum_rounds_up_to_the_unit_and_a_short_all_in_stays_legal() -> None:
    """T-18, A-6, A-8: blinds of 10/20 with 25s: the minimum raise of 40 becomes 50; a
    player with less than that may still move all-in."""
    hand = _hand([1_000, 1_000, 35], small=10, big=20)
    legal = hand.legal_actions()
    assert (legal.player, legal.raise_min, legal.raise_max) == (2, 35, 35)  # all-in for less
    hand.act(Action.raise_to(35))
    legal = hand.legal_actions()
    assert legal.raise_min == 75  # 35 + the last full raise of 20, rounded up to 75
    assert legal.raise_min % 25 == 0


def test_a_pot_limit_maximum_rounds_down_to_the_unit() -> None:
    """T-18, B-2: blinds 10/20, the pot allows 70; in 25s that is 50."""
    config = HandConfig.holdem(
        [1_000] * 3,
        small_blind=10,
        big_blind=20,
        variant=OMAHA,
        limit=Limit.POT_LIMIT,
        options=IN_25S,
    )
    legal = Hand(config, Deck(seed=1)).legal_actions()
    assert (legal.raise_min, legal.raise_max) == (50, 50)


def test_a_unit_of_one_is_the_game_as_before() -> None:
    """The default unit is 1: every whole amount in the range, nothing said of steps."""
    legal = _hand([200, 200, 200], small=1, big=2, options=Options()).legal_actions()
    assert legal.describe() == ["fold", "call 2", "raise to 4-200"]
    assert all(legal.allows(Action.raise_to(amount)) for amount in range(4, 201))


def test_a_bad_unit_is_refused_and_the_unit_is_kept_in_phh() -> None:
    """T-18: the unit is a whole number of at least 1; a replay keeps it."""
    with pytest.raises(UsageError, match=r"bet_unit must be .* at least 1 \(T-18\), got 0"):
        Options(bet_unit=0)
    assert "bet_unit = 25" in options_field(IN_25S)
    assert read_options({"bet_unit": 25}).bet_unit == 25
    hand = _hand([1_000, 1_000, 1_000])
    hand.act(Action.raise_to(125))
    assert Hand.from_events(hand.config, hand.events).events == hand.events


def test_the_nearest_legal_raise_rounds_to_the_unit_or_the_top() -> None:
    """T-18: what bots and presets ask for: the nearest whole unit, a half up; the top
    when it is nearer."""
    legal = _hand([5_000, 18_441, 21_559]).legal_actions()
    assert [legal.nearest_raise(a) for a in (0, 112, 113, 137, 21_554, 21_555, 99_999)] == [
        100,
        100,
        125,
        125,
        21_550,
        21_559,
        21_559,
    ]


def test_a_lower_bound_off_the_unit_stays_legal_and_nearest() -> None:
    """T-18: a minimum no multiple (a Stud completion of 30 in 25s) is legal itself; the
    amounts inside the range are whole 25s."""
    legal = LegalActions(0, True, False, None, 30, 1_000, bet=True, raise_step=25)
    assert [legal.allows(Action.raise_to(a)) for a in (30, 40, 50, 1_000)] == [
        True,
        False,
        True,
        True,
    ]
    assert [legal.nearest_raise(a) for a in (31, 39, 40, 45)] == [30, 30, 50, 50]


def test_presets_are_whole_units_and_an_opening_size_off_the_unit_is_not_offered() -> None:
    """T-18: min, ½ pot, ⅔ pot, pot, all-in round to the unit; 2.5× of 100 in 100s is not
    legal, so only 3× is offered."""
    hand = _hand([10_000, 10_000, 9_990], small=50, big=100, options=Options(bet_unit=100))
    spot = BetSpot.of_hand(hand, 2)
    assert spot_amounts(spot) == {
        "min": 200,
        "½ pot": 200,  # 100 + 250 // 2 = 225
        "⅔ pot": 300,  # 100 + 2 * 250 // 3 = 266
        "pot": 400,  # 100 + 250 = 350, a half rounding up
        "all-in": 9_990,
    }
    assert spot_openings(spot) == {"3×": 300}


def _bots(seed: int) -> list[Bot]:
    return [
        RandomBot(seed),
        EquityBot(seed, trials=40),
        TournamentBot(seed, trials=40),
        CallingStation(),
        RandomBot(seed + 1),
    ]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([1, 5, 25, 100]),
    st.lists(st.integers(1, 400), min_size=2, max_size=5),
    st.integers(0, 3),
    st.sampled_from([Limit.NO_LIMIT, Limit.POT_LIMIT]),
    st.integers(0, 2**16),
)
def test_bots_and_presets_only_ever_offer_legal_amounts(
    unit: int, units: list[int], odd: int, limit: Limit, seed: int
) -> None:
    """T-18: at every decision of a hand in whole units (one stack maybe not: its all-in),
    each bot's action and each preset is legal, and every bet but that stack's is whole units."""
    stacks = [count * unit for count in units]
    stacks[0] += odd  # a stack off the unit can only bet it all
    options = Options(smallest_chip=unit, bet_unit=unit)
    hand = _hand(stacks, small=unit, big=2 * unit, options=options, limit=limit)
    bots = _bots(seed)
    while hand.phase == "bet" and hand.to_act is not None:
        player = hand.to_act
        view = view_of(hand, player)
        legal = hand.legal_actions()
        for amount in spot_amounts(BetSpot.of_hand(hand, player)).values():
            assert legal.allows(Action.raise_to(amount)), (amount, legal)
        action = bots[player].decide(view)
        assert legal.allows(action), (action, legal)
        hand.act(action, player)
    for event in hand.events:
        if isinstance(event, ev.BetRaise) and event.player != 0:
            assert event.to % unit == 0, event
