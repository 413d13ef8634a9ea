"""Soft-play flags (T-15, 002 7.1.15) on constructed hands: a hint for the director only."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import HOLDEM, OMAHA, OMAHA_HILO, Action, Hand, HandConfig, Variant
from pokerroom.engine.views import view_of
from pokerroom.errors import UsageError
from pokerroom.tournament.penalties.softplay import SoftPlayFlag, holds_the_nuts, soft_play_flags

NUT_FLUSH_BOARD = "Ah Kh 7h 2c 3d"


def played(
    holes: list[str],
    board: str,
    moves: str,
    *,
    stacks: list[int] | None = None,
    variant: Variant = HOLDEM,
) -> Hand:
    """Deal these hole cards (by position) and board, then play ``moves`` to the end.

    Moves: ``x`` check, ``c`` call, ``f`` fold, ``r40`` bet or raise to 40.
    """
    stacks = stacks or [200] * len(holes)
    hand = Hand(HandConfig.holdem(stacks, small_blind=1, big_blind=2, variant=variant))
    for player, cards in enumerate(holes):
        hand.deal_hole(player, parse_cards(cards))
    board_cards = parse_cards(board)

    def deal() -> None:
        while hand.phase == "deal":
            done = len(hand.board)
            hand.deal_board(board_cards[done : done + (3 if done == 0 else 1)])

    for move in moves.split():
        deal()
        if move == "x":
            hand.act(Action.check())
        elif move == "c":
            hand.act(Action.call())
        elif move == "f":
            hand.act(Action.fold())
        else:
            hand.act(Action.raise_to(int(move[1:])))
    deal()
    if hand.phase == "showdown":
        hand.auto_showdown()
    assert hand.phase == "done"
    return hand


# Heads-up: position 0 is the big blind and acts first after the flop; 1 is the button.
LIMP_AND_CHECK_DOWN = "c x  x x  x x  x x"


def test_nut_flush_checked_back_in_position_is_flagged() -> None:
    """T-15: the button checks the river behind with the nut flush."""
    hand = played(["9c 9d", "Qh Jh"], NUT_FLUSH_BOARD, LIMP_AND_CHECK_DOWN)
    flags = soft_play_flags(hand)
    assert flags == [
        SoftPlayFlag(
            player=1,
            action="check",
            hole=tuple(parse_cards("Qh Jh")),
            board=tuple(parse_cards(NUT_FLUSH_BOARD)),
            holding="Flush, ace-high",
        )
    ]
    assert flags[0].rule == "T-15"


def test_the_nuts_out_of_position_are_not_flagged() -> None:
    """T-15: checking first, with a player still to act behind, is not soft play."""
    hand = played(["Qh Jh", "9c 9d"], NUT_FLUSH_BOARD, LIMP_AND_CHECK_DOWN)
    assert soft_play_flags(hand) == []


def test_calling_a_bet_in_position_with_the_nuts_is_flagged() -> None:
    hand = played(["9c 9d", "Qh Jh"], NUT_FLUSH_BOARD, "c x  x x  x x  r20 c")
    assert [(f.player, f.action) for f in soft_play_flags(hand)] == [(1, "call")]


def test_calling_an_all_in_with_the_nuts_is_not_flagged() -> None:
    """002 7.1.15: the call of an all-in is excepted."""
    hand = played(["9c 9d", "Qh Jh"], NUT_FLUSH_BOARD, "c x  x x  x x  r198 c", stacks=[200, 400])
    assert soft_play_flags(hand) == []


def test_calling_an_all_in_multiway_is_not_flagged_though_a_raise_was_allowed() -> None:
    """7.1.15: the small blind's all-in is called by the big blind, then by the nuts."""
    holes = ["5c 5d", "9c 9d", "Qh Jh"]  # SB, BB, button
    moves = "c c x  x x x  x x x  r98 c c"
    hand = played(holes, NUT_FLUSH_BOARD, moves, stacks=[100, 400, 400])
    assert soft_play_flags(hand) == []
    raised = played(holes, NUT_FLUSH_BOARD, "c c x  x x x  x x x  r50 c c", stacks=[100, 400, 400])
    assert [(f.player, f.action) for f in soft_play_flags(raised)] == [(2, "call")]


def test_second_nuts_are_not_flagged() -> None:
    """The button's A-K-J-T flush loses to Qh 9h, which he cannot rule out: not the nuts."""
    hand = played(["9c 9d", "Jh Th"], NUT_FLUSH_BOARD, LIMP_AND_CHECK_DOWN)
    assert soft_play_flags(hand) == []


def test_board_plays_for_everyone_is_not_flagged() -> None:
    """Decision: a royal flush on the board ties every holding; betting gains nothing."""
    hand = played(["9c 9d", "2c 3c"], "Ts Js Qs Ks As", LIMP_AND_CHECK_DOWN)
    assert soft_play_flags(hand) == []


def test_ties_count_as_the_nuts() -> None:
    """A share of the nuts is the nuts: two broadway straights, the button checks behind."""
    hand = played(["Tc 2d", "Td 3c"], "Ah Kd Qs Jc 4h", LIMP_AND_CHECK_DOWN)
    assert [f.player for f in soft_play_flags(hand)] == [1]


def test_the_last_of_three_is_in_position_the_middle_is_not() -> None:
    """Multiway: only the player who acts last on the river can check behind."""
    holes = ["5c 5d", "Qh Jh", "9c 9d"]  # SB, BB, button
    assert soft_play_flags(played(holes, NUT_FLUSH_BOARD, "c c x  x x x  x x x  x x x")) == []
    holes = ["5c 5d", "9c 9d", "Qh Jh"]
    flags = soft_play_flags(played(holes, NUT_FLUSH_BOARD, "c c x  x x x  x x x  x x x"))
    assert [(f.player, f.action) for f in flags] == [(2, "check")]


def test_omaha_nuts_use_exactly_two_hole_cards() -> None:
    """E-5: with one heart the Omaha hand has no flush; with two it has the nut flush."""
    one_heart = played(
        ["9c 9d 8c 8d", "Th 3c 4d 5s"], "Ah Kh Qh Jh 2c", LIMP_AND_CHECK_DOWN, variant=OMAHA
    )
    assert soft_play_flags(one_heart) == []
    nut_flush = played(
        ["9c 9d 8c 8d", "Qh Jh 5c 5s"], NUT_FLUSH_BOARD, LIMP_AND_CHECK_DOWN, variant=OMAHA
    )
    assert [f.holding for f in soft_play_flags(nut_flush)] == ["Flush, ace-high"]


def test_hi_lo_needs_the_nut_low_too_when_a_low_is_possible() -> None:
    """Decision: in Hi-Lo the nut high alone is not the best possible hand if a low can win."""
    holes = ["9c 9d 8c 8d", "Qh Jh 5c 5s"]
    high_only = played(holes, NUT_FLUSH_BOARD, LIMP_AND_CHECK_DOWN, variant=OMAHA_HILO)
    assert soft_play_flags(high_only) == []
    no_low_board = "Ah Kh 7h Tc 9s"
    holes = ["2c 2d 8c 8d", "Qh Jh 5c 5s"]
    flagged = soft_play_flags(played(holes, no_low_board, LIMP_AND_CHECK_DOWN, variant=OMAHA_HILO))
    assert [f.player for f in flagged] == [1]


def test_the_detector_only_flags() -> None:
    """T-15: never a penalty by itself; X-4: nothing of it reaches a player's view."""
    hand = played(["9c 9d", "Qh Jh"], NUT_FLUSH_BOARD, LIMP_AND_CHECK_DOWN)
    events = list(hand.events)
    assert soft_play_flags(hand)
    assert hand.events == tuple(events), "the hand is unchanged"
    opponent = view_of(hand, 0)
    assert "SoftPlay" not in repr(opponent)


def test_only_finished_flop_games_are_judged() -> None:
    hand = Hand(HandConfig.holdem([100, 100], small_blind=1, big_blind=2), Deck(seed=1))
    with pytest.raises(UsageError, match="after the hand; this one is in its bet"):
        soft_play_flags(hand)
    stud = Hand(HandConfig.stud([100, 100], ante=1, bring_in=2, small_bet=5), Deck(seed=2))
    stud.act(Action.bring_in())
    stud.act(Action.fold())
    assert soft_play_flags(stud) == []


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    variant=st.sampled_from([HOLDEM, OMAHA, OMAHA_HILO]),
)
def test_random_checked_down_hands_flag_only_the_last_actor_with_an_unbeatable_hand(
    seed: int, players: int, variant: Variant
) -> None:
    """T-15 as an invariant: a flag names the river's last checker, holding the nuts."""
    config = HandConfig.holdem([100] * players, small_blind=1, big_blind=2, variant=variant)
    hand = Hand(config, Deck(seed=seed))
    while hand.phase == "bet":
        hand.check_or_call()
    flags = soft_play_flags(hand)
    assert len(flags) <= 1
    for flag in flags:
        assert flag.player == players - 1 and flag.action == "check"
        assert holds_the_nuts(variant, flag.board, flag.hole)
