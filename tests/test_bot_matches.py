"""Duplicate matches (:mod:`pokerroom.bots.matches`): the same deck twice, the kinds swapped.

A bot that decides from its own cards alone, playing itself, must come out exactly even
on every deal: that fails if the replay dealt another deck or left the kinds in place.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.bots import Bot, CallingStation, RandomBot
from pokerroom.bots.matches import BIG_BLIND, DuplicateMatch, win_rate
from pokerroom.bots.simple import passive_action
from pokerroom.cards import Card, Rank
from pokerroom.engine import Action
from pokerroom.engine.views import HandView


class ByTheCards:
    """Deterministic: raises the most with an ace, folds to a bet without a card above 9."""

    def decide(self, view: HandView) -> Action:
        legal = view.legal
        assert legal is not None and view.viewer is not None
        ranks = {card.rank for card in view.hole[view.viewer] if card is not None}
        if Rank.ACE in ranks and legal.raise_max is not None:
            return Action.raise_to(legal.raise_max)
        if max(ranks) < Rank.TEN and legal.call is not None:
            return Action.fold()
        return passive_action(legal)

    def discard(self, view: HandView) -> list[Card]:
        return []


TWINS: dict[str, Callable[[int | None], Bot]] = {
    "cards": lambda _seed: ByTheCards(),
    "station": lambda _seed: CallingStation(),
    "random": RandomBot,
}


def _match(first: str, second: str, game: str, seats: int, seed: int = 3) -> DuplicateMatch:
    return DuplicateMatch(first, second, game=game, seats=seats, seed=seed, bots=TWINS)


@pytest.mark.parametrize("seats", [2, 6])
@pytest.mark.parametrize("game", ["holdem", "omaha", "stud"])
def test_a_deterministic_bot_against_itself_is_exactly_even_on_every_deal(
    game: str, seats: int
) -> None:
    match = _match("cards", "cards", game, seats)
    deals = [match.play_deal(number) for number in range(30)]
    assert all(deal.first_won == 0 for deal in deals)
    # not even by accident: single hands were won and lost
    assert sum(1 for deal in deals for play in deal.plays if play.first_won) >= 10


def test_the_replay_deals_the_same_cards_so_the_luck_of_each_hand_cancels() -> None:
    match = _match("cards", "cards", "holdem", 2)
    for number in range(20):
        first, replay = match.play_deal(number).plays
        assert first.won == replay.won
        assert first.first_won == -replay.first_won


@pytest.mark.parametrize("seats", [2, 6])
def test_every_position_changes_kind_on_the_replay_and_the_button_moves(seats: int) -> None:
    match = _match("station", "random", "holdem", seats)
    buttons = []
    for number in range(seats + 1):
        first, replay = match.play_deal(number).plays
        assert first.firsts == tuple(position % 2 == number % 2 for position in range(seats))
        assert replay.firsts == tuple(not kind for kind in first.firsts)
        assert sum(first.firsts) == seats // 2
        # the players keep their order round the table: the replay moves each one seat on
        assert replay.players == first.players[1:] + first.players[:1]
        buttons.append(first.players[-1])
    assert len(set(buttons[:seats])) == seats and buttons[seats] == buttons[0]


def test_six_max_seats_the_kinds_alternately() -> None:
    first, replay = _match("station", "random", "holdem", 6).play_deal(0).plays
    assert ["AB"[player % 2] for player in first.players] == list("ABABAB")
    assert ["AB"[player % 2] for player in replay.players] == list("BABABA")
    assert match_names("station", "random") == (
        "station 1",
        "random 2",
        "station 3",
        "random 4",
        "station 5",
        "random 6",
    )


def match_names(first: str, second: str) -> tuple[str, ...]:
    return _match(first, second, "holdem", 6).names


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    game=st.sampled_from(["holdem", "omaha-hilo", "stud-hilo", "draw", "bomb-pot-omaha"]),
    seats=st.sampled_from([2, 4, 6]),
)
def test_chips_are_conserved_in_every_hand(seed: int, game: str, seats: int) -> None:
    match = _match("random", "station", game, seats, seed)
    for number in range(4):
        for play in match.play_deal(number).plays:
            assert sum(play.won) == 0
            assert all(won >= -100 * BIG_BLIND for won in play.won)


def test_a_deal_scores_the_first_kind_per_seat_it_held_in_big_blinds() -> None:
    match = _match("random", "station", "holdem", 6, seed=11)
    deal = match.play_deal(0)
    chips = sum(play.first_won for play in deal.plays)
    assert deal.first_won == pytest.approx(chips / BIG_BLIND / 6)


def test_the_interval_of_a_known_sample() -> None:
    rate = win_rate([1.0, 2.0, 3.0, 4.0, 5.0])
    # mean 3, sample standard deviation √2.5, standard error √2.5/√5 = √0.5
    assert rate.bb_per_hand == 3.0
    assert rate.half_width == pytest.approx(1.959964 * math.sqrt(0.5))
    assert rate.bb_per_100 == 300.0 and rate.mbb_per_hand == 3000.0
    assert rate.deals == 5 and rate.hands == 10
    assert rate.excludes_zero
    assert not win_rate([-1.0, 1.0, -2.0, 2.0]).excludes_zero


@given(
    sample=st.lists(st.floats(-50, 50), min_size=2, max_size=40),
    shift=st.floats(-10, 10),
)
def test_shifting_every_deal_shifts_the_rate_not_the_interval(
    sample: list[float], shift: float
) -> None:
    rate, moved = win_rate(sample), win_rate([value + shift for value in sample])
    assert moved.bb_per_hand == pytest.approx(rate.bb_per_hand + shift, abs=1e-9)
    assert moved.half_width == pytest.approx(rate.half_width, abs=1e-6)


def test_bad_matches_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="a win rate needs at least 2 deals, got 1"):
        win_rate([1.0])
    with pytest.raises(ValueError, match=r"even number of players from 2 to 10.*got 3"):
        DuplicateMatch("station", "random", seats=3)
    with pytest.raises(ValueError, match=r"from 2 to 8.*got 10"):
        DuplicateMatch("station", "random", game="stud", seats=10)
    with pytest.raises(ValueError, match=r"no bot named 'nobody'; bots are .*station"):
        DuplicateMatch("nobody", "random")
    with pytest.raises(ValueError, match="no game 'chess'; games are holdem"):
        DuplicateMatch("station", "random", game="chess")


def test_bots_of_the_registry_play_a_match_by_default() -> None:
    bot: Bot = DuplicateMatch("station", "random").players[0]
    assert isinstance(bot, CallingStation)
