"""The table's seating rules, hand by hand: H-4 … H-8 with every kind of elimination."""

from __future__ import annotations

import pytest

from pokerroom.engine import Action, Hand, Limit
from pokerroom.table.seating import Blinds, first_blinds, next_blinds, positions
from pokerroom.table.series import Series, SeriesSettings

SEATS = [1, 2, 3, 4, 5]


def test_h5_blinds_left_of_the_button_and_moving_clockwise() -> None:
    """H-5."""
    marks = first_blinds(SEATS, button=1)
    assert marks == Blinds(1, 2, 3)
    assert next_blinds(marks, SEATS) == Blinds(2, 3, 4)
    assert next_blinds(Blinds(4, 5, 1), SEATS) == Blinds(5, 1, 2)


def test_h6_big_blind_busts_next_hand_has_no_small_blind() -> None:
    """H-6: the big blind moves on; his empty seat is a dead small blind."""
    marks = next_blinds(Blinds(1, 2, 3), [1, 2, 4, 5])
    assert marks == Blinds(2, 3, 4)
    assert marks.small_blind_poster([1, 2, 4, 5]) is None
    assert positions(marks, [1, 2, 4, 5]) == [4, 5, 1, 2]  # the button (2) acts last


def test_h6_small_blind_busts_the_button_lands_on_an_empty_seat() -> None:
    """H-6."""
    seated = [1, 3, 4, 5]
    marks = next_blinds(Blinds(1, 2, 3), seated)
    assert marks == Blinds(2, 3, 4)
    assert marks.small_blind_poster(seated) == 3
    assert positions(marks, seated) == [3, 4, 5, 1]


def test_h6_button_busts_blinds_move_as_usual() -> None:
    """H-6."""
    seated = [2, 3, 4, 5]
    assert next_blinds(Blinds(1, 2, 3), seated) == Blinds(2, 3, 4)


def test_h6_two_players_bust_in_one_hand_nobody_skips_the_big_blind() -> None:
    """H-6: the big blind goes to the next remaining player after the last big blind."""
    seated = [1, 2, 5]  # 3 (the big blind) and 4 both busted
    marks = next_blinds(Blinds(1, 2, 3), seated)
    assert marks == Blinds(2, 3, 5)
    assert marks.small_blind_poster(seated) is None
    assert positions(marks, seated) == [5, 1, 2]


def test_h7_three_to_two_the_last_big_blind_gets_the_button() -> None:
    """H-7: heads-up the button posts the small blind; nobody posts the big blind twice."""
    marks = next_blinds(Blinds(1, 2, 3), [1, 3])
    assert marks == Blinds(3, 3, 1)
    assert positions(marks, [1, 3]) == [1, 3]  # position 0 the big blind, 1 the button
    again = next_blinds(marks, [1, 3])
    assert again == Blinds(1, 1, 3)
    assert first_blinds([4, 9], button=9) == Blinds(9, 9, 4)


def play_to_the_end(hand: Hand, all_in: set[int]) -> None:
    """Positions in ``all_in`` shove or call; everyone else folds when he can."""
    while hand.phase == "bet":
        legal = hand.legal_actions()
        if legal.player in all_in:
            if legal.raise_max is not None:
                hand.act(Action.raise_to(legal.raise_max))
            else:
                hand.check_or_call()
        else:
            hand.act(Action.check() if legal.check else Action.fold())


def test_h1_h2_series_defaults_and_elimination() -> None:
    """H-1, H-2: 200 chips, blinds 1/2; a player with no chips is out."""
    series = Series(["Ann", "Bob", "Cy"], seed=11)
    assert series.settings == SeriesSettings()
    while not series.is_over:
        hand = series.start_hand()
        if series.hands_played == 0:
            assert hand.config.stacks == (200, 200, 200)
            assert sorted(hand.config.blinds) == [0, 1, 2]
        play_to_the_end(hand, all_in=set(range(hand.players)))
        record = series.finish_hand(hand)
        assert (
            sum(record.stacks_after.values())
            + sum(
                series.seats[seat].chips for seat in series.seats if seat not in record.stacks_after
            )
            == 600
        )
    standings = series.standings()
    assert standings[0].place == 1 and standings[0].chips == 600
    assert [s.place for s in standings] in ([1, 2, 3], [1, 2, 2])


def test_h3_stop_on_time_ranks_by_chips_with_ties_as_draws() -> None:
    """H-3."""
    series = Series(["Ann", "Bob", "Cy", "Di"], seed=5)
    series.seats[1].chips, series.seats[2].chips = 300, 100
    series.seats[3].chips, series.seats[4].chips = 200, 200
    series.stop()
    assert series.is_over
    assert [(s.name, s.place) for s in series.standings()] == [
        ("Ann", 1),
        ("Cy", 2),
        ("Di", 2),
        ("Bob", 4),
    ]


@pytest.mark.parametrize(("profile", "button"), [("club", 4)])
def test_h4_first_button_on_the_last_seat_in_club(profile: str, button: int) -> None:
    """H-4: ``club`` puts the first button on the last seat; ``home`` draws it at random."""
    series = Series(["A", "B", "C", "D"], SeriesSettings(profile=profile), seed=1)
    series.start_hand()
    assert series.current is not None and series.current.button == button
    buttons = set()
    for seed in range(40):
        home = Series(["A", "B", "C", "D"], seed=seed)
        home.start_hand()
        assert home.current is not None
        buttons.add(home.current.button)
    assert buttons == {1, 2, 3, 4}


def test_h8_short_blind_posts_all_and_is_all_in() -> None:
    """H-8."""
    series = Series(["Ann", "Bob", "Cy"], SeriesSettings(profile="club"), seed=2)
    series.seats[1].chips = 1
    hand = series.start_hand()  # club: the button on seat 3, so seat 1 posts the small blind
    marks = series.current
    assert marks is not None and marks.button == 3
    position = positions(marks, series.seated).index(1)
    assert hand.config.blinds[position] == 1  # small blind of 1: exactly his stack
    assert hand.all_in(position)


def test_b6_mixed_holdem_alternates_fixed_and_pot_limit_every_orbit() -> None:
    """B-6 (interpretation): the structure switches after one orbit; the length is an option."""
    series = Series(["A", "B", "C"], SeriesSettings(mixed=True), seed=4)
    limits = []
    for _ in range(7):
        hand = series.start_hand()
        limits.append(hand.config.limit)
        play_to_the_end(hand, all_in=set())
        series.finish_hand(hand)
    fixed, pot = Limit.FIXED_LIMIT, Limit.POT_LIMIT
    assert limits == [fixed, fixed, fixed, pot, pot, pot, fixed]
    short = Series(["A", "B"], SeriesSettings(mixed=True, orbit=1), seed=4)
    seen = []
    for _ in range(3):
        hand = short.start_hand()
        seen.append(hand.config.limit)
        play_to_the_end(hand, all_in=set())
        short.finish_hand(hand)
    assert seen == [fixed, pot, fixed]
