"""Straddles at cash and home tables: who may straddle, what is posted, who acts when,
and how the hand's histories tell it (issue 22 item 6; decisions in
:mod:`pokerroom.table.straddle`)."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.deck import Deck
from pokerroom.engine import HOLDEM, VARIANTS, Action, Hand, HandConfig, Limit
from pokerroom.errors import UsageError
from pokerroom.history import parse_phh, replay_hand, write_phh
from pokerroom.history.pokerstars import StarsTable, write_pokerstars
from pokerroom.table.cash import CashSettings, CashTable
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.table.straddle import straddle_position


def straddled(blinds: tuple[int, ...], stacks: int = 200) -> Hand:
    config = HandConfig(
        variant=HOLDEM,
        limit=Limit.NO_LIMIT,
        stacks=(stacks,) * len(blinds),
        min_bet=2,
        blinds=blinds,
    )
    return Hand(config, Deck(seed=5))


def calls_round(hand: Hand) -> list[int]:
    """Everyone calls (or checks) until the round ends: the order they acted in."""
    order = []
    street = hand.street
    while hand.phase == "bet" and hand.street == street:
        legal = hand.legal_actions()
        order.append(legal.player)
        if legal.player == max(range(hand.players), key=hand.config.blind):
            return order
        hand.check_or_call()
    return order


# -------------------------------------------------------------- the engine


def test_an_utg_straddle_is_the_live_blind_the_straddler_acts_last_with_his_option() -> None:
    hand = straddled((1, 2, 4, 0, 0, 0))
    assert calls_round(hand) == [3, 4, 5, 0, 1, 2]  # left of the straddler first, him last
    legal = hand.legal_actions()
    assert legal.player == 2 and legal.check  # everyone called 4: he may check ...
    assert legal.raise_min == 8  # ... or raise: the straddle is the bet, 4 the increment
    hand.act(Action.raise_to(8))
    assert hand.legal_actions().player == 3  # and the action goes round again
    assert hand.committed[:3] == (4, 4, 8)


def test_after_an_utg_straddle_the_others_owe_the_straddle_and_raise_by_it() -> None:
    hand = straddled((1, 2, 4, 0, 0, 0))
    legal = hand.legal_actions()
    assert (legal.player, legal.call, legal.raise_min) == (3, 4, 8)


def test_a_button_straddle_opens_with_the_small_blind_and_the_button_acts_last() -> None:
    hand = straddled((1, 2, 0, 0, 0, 4))
    assert calls_round(hand) == [0, 1, 2, 3, 4, 5]
    legal = hand.legal_actions()
    assert legal.player == 5 and legal.check and legal.raise_min == 8


# ----------------------------------------------------------- who may straddle


@pytest.mark.parametrize(
    ("blinds", "stacks", "mode", "position"),
    [
        ((1, 2, 0, 0), (99, 99, 99, 99), "utg", 2),
        ((1, 2, 0, 0), (99, 99, 99, 99), "button", 3),
        ((1, 2, 0, 0), (99, 99, 99, 99), "off", None),
        ((2, 1), (99, 99), "utg", None),  # heads-up: never
        ((2, 1), (99, 99), "button", None),
        ((1, 2, 0), (99, 99, 99), "utg", 2),  # three-handed the button is under the gun
        ((1, 2, 0, 0), (99, 99, 4, 99), "utg", None),  # a straddle never puts him all-in
        ((1, 2, 0, 0), (99, 99, 5, 99), "utg", 2),
        ((2, 0, 0, 0), (99, 99, 99, 99), "utg", 1),  # a dead small blind: left of the big
        ((1, 2, -2, 0), (99, 99, 99, 99), "utg", None),  # he posts to come in: no straddle
    ],
)
def test_who_may_straddle(
    blinds: tuple[int, ...], stacks: tuple[int, ...], mode: str, position: int | None
) -> None:
    assert straddle_position(blinds, big_blind=2, stacks=stacks, mode=mode) == position


@given(
    blinds=st.lists(st.sampled_from((0, 0, 0, 1, 2, -2)), min_size=2, max_size=10),
    stack=st.integers(1, 20),
    mode=st.sampled_from(("off", "utg", "button")),
)
def test_the_straddler_is_never_a_blind_never_heads_up_never_all_in(
    blinds: list[int], stack: int, mode: str
) -> None:
    stacks = [stack] * len(blinds)
    position = straddle_position(blinds, big_blind=2, stacks=stacks, mode=mode)
    if position is not None:
        assert len(blinds) >= 3 and mode != "off"
        assert blinds[position] == 0 and stacks[position] > 4


def test_straddles_are_off_by_default_and_refused_where_there_are_no_blinds() -> None:
    assert CashSettings().straddle == "off" and SeriesSettings().straddle == "off"
    with pytest.raises(UsageError, match="straddle must be one of off, utg, button, got 'yes'"):
        CashSettings(straddle="yes")
    with pytest.raises(UsageError, match="straddles need blinds"):
        SeriesSettings(VARIANTS["stud"], straddle="utg")
    table = CashTable(CashSettings())
    table.sit(1, "Ann", 200)
    with pytest.raises(UsageError, match="the host left them off"):
        table.choose_straddle(1, True)
    assert not table.seats[1].straddles


# ------------------------------------------------------------ cash tables


def cash_table(mode: str, players: int = 4) -> CashTable:
    table = CashTable(CashSettings(straddle=mode, seats=6), seed=3)
    for seat in range(1, players + 1):
        table.sit(seat, f"P{seat}", 200)
    return table


def utg_seat(table: CashTable) -> int:
    assert table.markers is not None
    return table.order[(table.order.index(table.markers.big_blind) + 1) % len(table.order)]


def test_a_cash_player_who_chose_to_straddle_posts_it_under_the_gun_and_acts_last() -> None:
    table = cash_table("utg")
    for seat in table.seats:
        table.choose_straddle(seat, True)
    hand = table.start_hand()
    utg = utg_seat(table)
    position = table.order.index(utg)
    assert table.straddled == utg and hand.config.blinds[position] == 4
    assert hand.legal_actions().player == (position + 1) % 4
    assert calls_round(hand)[-1] == position
    for seat in table.seats:
        table.choose_straddle(seat, False)
    while hand.phase != "done":
        hand.check_or_call()
    record = table.finish_hand(hand)
    assert record.straddle == utg
    assert sum(record.stacks_after.values()) == 800
    nxt = table.start_hand()
    assert table.straddled is None and max(nxt.config.blinds) == 2  # he turned it off


def test_a_cash_player_who_did_not_choose_it_does_not_straddle() -> None:
    table = cash_table("utg")
    table.start_hand()
    assert table.straddled is None and max(table.current.config.blinds) == 2  # type: ignore[union-attr]


def test_a_button_straddle_at_a_cash_table_is_posted_by_the_button() -> None:
    table = cash_table("button")
    for seat in table.seats:
        table.choose_straddle(seat, True)
    hand = table.start_hand()
    assert table.markers is not None
    assert table.straddled == table.markers.button == table.order[-1]
    assert hand.config.blinds[-1] == 4 and hand.legal_actions().player == 0


def test_no_straddle_heads_up_at_a_cash_table() -> None:
    table = cash_table("utg", players=2)
    for seat in table.seats:
        table.choose_straddle(seat, True)
    hand = table.start_hand()
    assert table.straddled is None and sorted(hand.config.blinds) == [1, 2]


# ------------------------------------------------------------- home series


def test_a_home_series_straddle_is_posted_by_the_player_under_the_gun() -> None:
    series = Series(["Ann", "Bob", "Cy", "Dee"], SeriesSettings(straddle="utg"), seed=2)
    for seat in series.seats:
        series.choose_straddle(seat, True)
    hand = series.start_hand()
    assert hand.config.blinds == (1, 2, 4, 0)
    assert series.straddled == series.seat_of(2)
    assert hand.legal_actions().player == 3


def test_a_home_series_without_straddles_refuses_the_choice() -> None:
    series = Series(["Ann", "Bob", "Cy"], seed=2)
    with pytest.raises(UsageError, match="no straddles"):
        series.choose_straddle(1, True)


# ---------------------------------------------------------------- histories


def played_straddle_hand() -> Hand:
    hand = straddled((1, 2, 4, 0, 0, 0))
    hand.act(Action.raise_to(12))  # UTG+1 raises over the straddle
    while hand.phase != "done":
        legal = hand.legal_actions()
        hand.act(Action.fold() if legal.fold and not legal.check else Action.check())
    return hand


def test_phh_records_the_straddle_and_replays_it() -> None:
    hand = played_straddle_hand()
    names = [f"P{p}" for p in range(6)]
    document = write_phh(hand, names)
    assert "blinds_or_straddles = [1, 2, 4, 0, 0, 0]" in document
    result = replay_hand(parse_phh(document))
    assert result.error is None and result.matches_recorded


def test_pokerstars_text_says_posts_straddle() -> None:
    hand = played_straddle_hand()
    table = StarsTable(1, "Home", datetime(2026, 12, 4, 22, 0), [f"P{p}" for p in range(6)])
    text = write_pokerstars(hand, None, table)
    assert "P2: posts straddle 4" in text
    assert text.index("posts big blind 2") < text.index("posts straddle 4")
