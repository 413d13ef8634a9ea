"""Betting rules A-1 … A-19 and B-1 … B-7, every RULES.md example as a test."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import HOLDEM, Action, Hand, HandConfig, IllegalAction, Limit, Options
from pokerroom.engine import events as ev
from tests.engine_helpers import blinded, play, raise_range, unblinded

CLUB = Options.profile("club")


def test_a2_out_of_turn_is_rejected_and_changes_nothing() -> None:
    """A-2."""
    hand = blinded([200, 200, 200], 1, 2)
    before = hand.events
    with pytest.raises(IllegalAction) as error:
        hand.act(Action.call(), player=0)
    assert error.value.rule == "A-2"
    assert "player 2 is to act" in str(error.value)
    assert hand.events == before and hand.to_act == 2


def test_a3_check_only_when_nothing_is_owed_big_blind_may_check() -> None:
    """A-3."""
    hand = blinded([200, 200, 200], 1, 2)
    with pytest.raises(IllegalAction) as error:
        hand.act(Action.check())
    assert error.value.rule == "A-3"
    play(hand, "c", "c")
    assert hand.to_act == 1 and hand.legal_actions().check  # the big blind's option
    play(hand, "x")
    assert hand.street == 1


@pytest.mark.parametrize(
    ("limit", "expected"),
    [(Limit.NO_LIMIT, (10, 480)), (Limit.POT_LIMIT, (10, 40)), (Limit.FIXED_LIMIT, (10, 10))],
)
def test_a4_b1_b2_b3_smallest_and_largest_first_bet(
    limit: Limit, expected: tuple[int, int]
) -> None:
    """A-4, B-1, B-2, B-3."""
    hand = unblinded([500, 500], antes=[20, 20], limit=limit)
    assert raise_range(hand) == expected
    assert hand.legal_actions().bet


def test_a5_call_all_in_for_less_stays_in_for_what_he_covers() -> None:
    """A-5."""
    hand = unblinded([100, 30, 100])
    play(hand, "r50")
    assert hand.legal_actions().call == 30
    play(hand, "c", "c")
    assert hand.all_in(1) and not hand.folded[1]
    assert hand.totals == (50, 30, 50)


@pytest.mark.parametrize(
    ("setup", "moves", "minimum"),
    [
        ("blinds 50/100", ["r300"], 500),
        ("pot 50", ["r50"], 100),
        ("pot 50", ["r900"], 1800),
        ("pot 50", ["r50", "r180"], 310),
    ],
)
def test_a6_minimum_raise_examples(setup: str, moves: list[str], minimum: int) -> None:
    """A-6."""
    if setup == "blinds 50/100":
        hand = blinded([10_000] * 4, 50, 100)
    else:
        hand = unblinded([10_000] * 3, antes=[25, 25, 0], min_bet=10)
    play(hand, *moves)
    assert raise_range(hand)[0] == minimum


def test_a7_amounts_are_the_round_total() -> None:
    """A-7."""
    hand = blinded([200, 200, 200], 1, 2)
    play(hand, "r6", "r20")
    assert hand.committed == (20, 2, 6)
    play(hand, "c")
    assert hand.events[-1] == ev.Call(1, 20)


def test_a8_short_or_oversize_amount_is_rejected_with_the_range() -> None:
    """A-8."""
    hand = blinded([200, 200, 200], 1, 2)
    before = hand.events
    with pytest.raises(IllegalAction) as error:
        hand.act(Action.raise_to(3))
    assert error.value.rule == "A-8"
    assert "4-200" in str(error.value)
    assert error.value.legal == ["fold", "call 2", "raise to 4-200"]
    with pytest.raises(IllegalAction, match="outside the legal range 4-200"):
        hand.act(Action.raise_to(201))
    assert hand.events == before


def test_a8_all_in_below_the_minimum_is_allowed() -> None:
    """A-8."""
    hand = unblinded([100, 25, 100])
    play(hand, "r20")
    assert raise_range(hand) == (25, 25)  # all-in to 25 is short of 40
    play(hand, "r25")
    assert hand.all_in(1)


def test_a9_example_001_short_all_in_does_not_reopen_until_it_adds_up() -> None:
    """A-9."""
    hand = unblinded([100, 100, 15, 20])
    play(hand, "r10", "c", "r15")
    assert raise_range(hand) == (20, 20)  # yet to act: may raise (all-in 20 < 25 is all he has)
    hand_b = unblinded([100, 100, 15, 100])
    play(hand_b, "r10", "c", "r15")
    assert raise_range(hand_b)[0] == 25
    play(hand_b, "c")
    assert raise_range(hand_b) == (None, None)  # the bettor may only call or fold
    assert hand_b.legal_actions().describe() == ["fold", "call 15"]
    play(hand, "r20")  # the yet-to-act player goes all-in to 20
    assert hand.to_act == 0
    assert raise_range(hand)[0] == 30  # 10 more than his 10: reopened, at least 30
    play(hand, "c")
    assert raise_range(hand)[0] == 30  # the first caller too


def test_a9_example_000_blinds_10_20() -> None:
    """A-9."""
    hand = blinded([1000, 1000, 1000, 1000, 90], 10, 20)
    play(hand, "c", "r60", "r90", "f", "f")
    assert hand.to_act == 2
    assert raise_range(hand)[0] is not None  # P1 may raise
    play(hand, "c")
    assert hand.to_act == 3
    assert hand.legal_actions().describe() == ["fold", "call 90"]  # P2 may not


def test_a10_fixed_limit_short_all_in_under_half_a_bet_is_a_call() -> None:
    """A-10."""
    hand = unblinded([100, 100, 14, 100], limit=Limit.FIXED_LIMIT)
    play(hand, "r10", "c", "r14")
    assert hand.legal_actions().describe() == ["fold", "call 14", "raise to 20"]
    play(hand, "c")
    assert hand.legal_actions().describe() == ["fold", "call 14"]  # bettor
    play(hand, "c")
    assert hand.legal_actions().describe() == ["fold", "call 14"]  # first caller


def test_a10_fixed_limit_next_player_completes_to_20() -> None:
    """A-10."""
    hand = unblinded([100, 14, 100, 100], limit=Limit.FIXED_LIMIT)
    play(hand, "r10", "r14")
    assert hand.legal_actions().describe() == ["fold", "call 14", "raise to 20"]
    calls = unblinded([100, 14, 100, 100], limit=Limit.FIXED_LIMIT)
    play(calls, "r10", "r14", "c")
    assert raise_range(calls) == (20, 20)  # a later player may raise
    play(calls, "c")
    assert calls.legal_actions().describe() == ["fold", "call 14"]  # the bettor may not
    play(hand, "r20", "c")
    assert raise_range(hand) == (30, 30)  # after the completion everyone has full options


def test_a10_fixed_limit_all_in_of_half_a_bet_is_a_raise_and_caps_at_35() -> None:
    """A-10."""
    hand = unblinded([100, 15, 100, 100], limit=Limit.FIXED_LIMIT)
    play(hand, "r10", "r15")
    assert hand.legal_actions().describe() == ["fold", "call 15", "raise to 25"]
    play(hand, "r25", "r35")
    assert hand.legal_actions().describe() == ["fold", "call 35"]  # capped (B-4)


def test_a11_short_big_blind_others_owe_the_full_blind() -> None:
    """A-11."""
    hand = blinded([200, 15, 200, 200], 10, 20)
    assert hand.committed[1] == 15 and hand.all_in(1)
    assert hand.legal_actions().call == 20
    assert raise_range(hand)[0] == 40
    pot_limit = blinded([200, 15, 200, 200], 10, 20, limit=Limit.POT_LIMIT)
    assert raise_range(pot_limit) == (40, 70)  # as if the blind were the full 20: 20 + 50


def test_a12_reraise_after_short_all_in_home_and_club() -> None:
    """A-12."""
    home = blinded([1000, 1000, 1000, 130], 10, 20)
    play(home, "r100", "r130")  # short all-in: +30 over a raise of 80
    assert raise_range(home)[0] == 210  # home: last full raise 80
    club = blinded([1000, 1000, 1000, 130], 10, 20, options=CLUB)
    play(club, "r100", "r130")
    assert raise_range(club)[0] == 150  # club: all-in plus one big blind


def test_a13_round_ends_when_all_have_acted_and_matched() -> None:
    """A-13."""
    hand = blinded([200, 200, 200], 1, 2)
    play(hand, "r6", "c", "c")
    assert hand.street == 1 and hand.committed == (0, 0, 0)
    play(hand, "x", "x")
    assert hand.street == 1
    play(hand, "x")
    assert hand.street == 2


def test_a14_first_to_act_and_heads_up_order() -> None:
    """A-14."""
    hand = blinded([200, 200, 200], 1, 2)
    assert hand.to_act == 2  # after the big blind
    play(hand, "c", "c", "x")
    assert hand.to_act == 0  # first left of the button
    heads_up = blinded([200, 200], 1, 2)
    assert heads_up.committed == (2, 1)
    assert heads_up.to_act == 1  # the button acts first preflop
    play(heads_up, "c", "x")
    assert heads_up.to_act == 0  # and last after the flop


def test_a15_all_fold_to_one_player_who_wins_without_showing() -> None:
    """A-15."""
    hand = blinded([200, 200, 200], 1, 2)
    play(hand, "r6", "f", "f")
    assert hand.phase == "done"
    assert not any(isinstance(e, ev.Show) for e in hand.events)
    assert hand.stacks == (199, 198, 203)


def test_a16_unmatched_part_of_a_bet_is_returned() -> None:
    """A-16."""
    hand = unblinded([100, 40, 100])
    play(hand, "r80", "c", "f")
    assert ev.ReturnUncalled(0, 40) in hand.events


def test_a17_all_in_run_out_turns_hands_up_and_burns() -> None:
    """A-17."""
    hand = blinded([50, 200], 1, 2)
    play(hand, "r200", "c")
    shows = [e for e in hand.events if isinstance(e, ev.Show)]
    assert [s.player for s in shows] == [1, 0]  # turned up before the board
    assert hand.phase == "done" and len(hand.board) == 5
    assert sum(isinstance(e, ev.Burn) for e in hand.events) == 3


def test_a18_timeout_home_checks_when_free_club_folds() -> None:
    """A-18."""
    home = blinded([200, 200, 200], 1, 2)
    assert home.timeout_action() == Action.fold()  # something to call
    play(home, "c", "c")
    assert home.timeout_action() == Action.check()
    club = blinded([200, 200, 200], 1, 2, options=CLUB)
    play(club, "c", "c")
    assert club.timeout_action() == Action.fold()


def test_a19_no_raise_when_every_opponent_is_all_in() -> None:
    """A-19."""
    hand = unblinded([200, 50, 30])
    play(hand, "r20", "r50", "c")
    assert hand.to_act == 0
    assert hand.legal_actions().describe() == ["fold", "call 50"]
    with pytest.raises(IllegalAction) as error:
        hand.act(Action.raise_to(100))
    assert error.value.rule == "A-19"


def test_a19_no_raise_when_no_opponent_could_answer_it() -> None:
    """A-19: opponents whose chips do not cover the bet could only call, so no raise."""
    hand = blinded([50, 60, 100, 1000], 5, 10)
    play(hand, "r100")  # all-in; the blinds cannot cover 100
    assert hand.legal_actions().describe() == ["fold", "call 100"]
    play(hand, "c")
    assert hand.legal_actions().describe() == ["fold", "call 50"]


def test_b2_pot_limit_examples() -> None:
    """B-2."""
    hand = unblinded([1000, 1000], antes=[50, 50], limit=Limit.POT_LIMIT)
    assert raise_range(hand)[1] == 100
    play(hand, "r100")
    assert raise_range(hand)[1] == 400
    bigger = unblinded([2000] * 4, antes=[20, 20, 20, 20], limit=Limit.POT_LIMIT)
    play(bigger, "r50", "r180")
    assert raise_range(bigger)[1] == 670


def test_b3_fixed_limit_sizes_10_20() -> None:
    """B-3."""
    hand = blinded([1000] * 5, 5, 10, limit=Limit.FIXED_LIMIT)
    assert raise_range(hand) == (20, 20)
    play(hand, "r20", "r30", "r40")
    assert raise_range(hand) == (None, None)  # cap at 40
    play(hand, "c", "c", "c", "c")
    for move, expected in (("r10", (20, 20)), ("r20", (30, 30)), ("r30", (40, 40))):
        assert raise_range(hand) == (int(move[1:]), int(move[1:]))
        play(hand, move)
        assert raise_range(hand) == expected
    play(hand, "r40", "c", "c", "c", "c")
    assert hand.street == 2
    for size in (20, 40, 60, 80):  # later rounds: 20, 40, 60, 80
        assert raise_range(hand) == (size, size)
        play(hand, f"r{size}")
    assert raise_range(hand) == (None, None)


def test_b4_no_cap_heads_up_but_a_multiway_round_keeps_it() -> None:
    """B-4."""
    heads_up = blinded([1000, 1000], 5, 10, limit=Limit.FIXED_LIMIT)
    play(heads_up, "r20", "r30", "r40", "r50")
    assert raise_range(heads_up) == (60, 60)
    three = blinded([1000, 1000, 1000], 5, 10, limit=Limit.FIXED_LIMIT)
    play(three, "r20", "f", "r30", "r40")
    assert three.legal_actions().describe() == ["fold", "call 40"]  # began with three


def test_b5_fixed_limit_blinds_15_30_with_blinds_10_15() -> None:
    """B-5."""
    config = HandConfig.holdem([500] * 3, small_blind=10, big_blind=15, limit=Limit.FIXED_LIMIT)
    hand = Hand(config)
    assert config.big_bet_size == 30
    assert hand.committed == (10, 15, 0)


@pytest.mark.parametrize("limit", list(Limit))
def test_b7_antes_in_any_structure(limit: Limit) -> None:
    """B-7."""
    config = HandConfig.holdem([100, 100, 100], small_blind=1, big_blind=2, ante=1, limit=limit)
    hand = Hand(config)
    assert hand.pot == 6 and hand.stacks == (98, 97, 99)
    assert [e for e in hand.events if isinstance(e, ev.PostAnte)] == [
        ev.PostAnte(0, 1),
        ev.PostAnte(1, 1),
        ev.PostAnte(2, 1),
    ]


def test_a1_forced_bets_and_actions_are_events() -> None:
    """A-1."""
    hand = blinded([200, 200, 200], 1, 2)
    play(hand, "r6", "c", "f")
    kinds = [type(e).__name__ for e in hand.events]
    assert kinds[:2] == ["PostBlind", "PostBlind"]
    assert kinds[2:8] == ["DealHole"] * 3 + ["BetRaise", "Call", "Fold"]


def test_b7_p1_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    """B-7, P-1."""
    config = HandConfig(
        variant=HOLDEM,
        limit=Limit.NO_LIMIT,
        stacks=(100, 100, 100),
        min_bet=2,
        blinds=(1, 2, 0),
        antes=(0, 2, 0),
    )
    hand = Hand(config)
    for player, cards in enumerate(["As Ad", "7c 2d", "Ks Kd"]):
        hand.deal_hole(player, parse_cards(cards))
    play(hand, "c", "f", "x", deal=False)
    for board in ("Qh Jh 3c", "4d", "9s"):
        hand.deal_board(parse_cards(board))
        play(hand, "x", "x", deal=False)
    hand.auto_showdown()
    assert hand.stacks == (99, 96, 105)  # the ante is won by the best hand, not returned
