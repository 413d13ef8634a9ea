"""Double-board bomb-pot Omaha: V-4 (002 5.10), P-8, V-0; and B-6, the structure per hand."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import Hand, HandConfig, Limit
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from tests.engine_helpers import play

UPPER = "Ah Kh 7c 2d 3s"
LOWER = "Qs Qd 8c 8h 4d"
"""Boards for the P-8 tests. Hole cards used with them (exactly two hole and three board
cards, E-5):

* ``As Ad 9c 9d``: three aces on the upper board; aces and queens on the lower;
* ``8s 8d Jc Tc``: a pair of eights on the upper; four eights on the lower;
* ``Ks Kd 6s 6h``: three kings on the upper; kings and queens on the lower;
* ``2h 3h 6s 6h``: threes and twos on the upper; queens and sixes on the lower.
"""


def act(hand: Hand, *moves: str) -> Hand:
    """``f`` fold, ``x`` check, ``c`` call, ``r20`` bet or raise to 20. These tests deal by hand."""
    return play(hand, *moves, deal=False)


def bomb_pot(stacks: list[int], holes: list[str], *, ante: int) -> Hand:
    """A pot-limit bomb pot dealt by hand: the hole cards, then both flops (upper first)."""
    hand = Hand(HandConfig.bomb_pot(stacks, ante=ante))
    for player, cards in enumerate(holes):
        hand.deal_hole(player, parse_cards(cards))
    deal_street(hand)
    return hand


def deal_street(hand: Hand) -> None:
    """Deal this street on the upper board, then on the lower one, from UPPER and LOWER."""
    for index, board in enumerate((UPPER, LOWER)):
        cards = parse_cards(board)
        done = len(hand.boards[index])
        size = 3 if done == 0 else 1
        hand.deal_board(cards[done : done + size])


def check_down(hand: Hand, *, show_all: bool = False) -> Hand:
    """Everyone checks or calls; the turn and river are dealt; at showdown a hand that cannot
    win is mucked (P-5), unless ``show_all``."""
    while hand.phase != "done":
        if hand.phase == "deal":
            deal_street(hand)
        elif hand.phase == "bet":
            hand.check_or_call()
        elif show_all and hand.next_to_show is not None:
            hand.show(hand.next_to_show)
        else:
            hand.auto_showdown()
    return hand


def awards(hand: Hand) -> list[tuple[int, int, int, int]]:
    """(player, amount, pot, board) of every award."""
    return [(e.player, e.amount, e.pot, e.board) for e in hand.events if isinstance(e, ev.Award)]


# --------------------------------------------------------------------------- V-4


def test_v4_antes_no_blinds_no_preflop_round_two_flops_upper_first_each_after_a_burn() -> None:
    """V-4, 002 5.10: no blinds, everyone antes the same; no preflop betting: the two flops are
    dealt at once, the upper first, each after its own burn (*interpretation*); the first
    round starts with the first player left of the button; pot-limit by default."""
    hand = Hand(HandConfig.bomb_pot([100] * 4, ante=5), Deck(seed=3))
    deck = Deck(seed=3)
    holes = deck.deal(16)
    first_burn, upper = deck.burn(), deck.deal(3)
    second_burn, lower = deck.burn(), deck.deal(3)
    assert [e for e in hand.events if isinstance(e, ev.PostAnte)] == [
        ev.PostAnte(p, 5) for p in range(4)
    ]
    assert not any(isinstance(e, ev.PostBlind) for e in hand.events)
    assert not any(isinstance(e, ev.Check | ev.Call | ev.BetRaise) for e in hand.events)
    assert [hand.hole[p] for p in range(4)] == [tuple(holes[p::4]) for p in range(4)]
    dealt = [e for e in hand.events if isinstance(e, ev.Burn | ev.DealBoard)]
    assert dealt == [
        ev.Burn(first_burn),
        ev.DealBoard(tuple(upper), board=0),
        ev.Burn(second_burn),
        ev.DealBoard(tuple(lower), board=1),
    ]
    assert hand.phase == "bet" and hand.street == 1 and hand.to_act == 0
    assert hand.legal_actions().describe() == ["fold", "check", "bet 5-20"]  # B-2: the pot


def test_v4_turn_and_river_on_both_boards_each_with_a_round() -> None:
    """V-4: the turn and the river are dealt on both boards, each with a burn and a round."""
    hand = Hand(HandConfig.bomb_pot([100] * 3, ante=2), Deck(seed=6))
    for street in (1, 2, 3):
        assert hand.phase == "bet" and hand.street == street and hand.to_act == 0
        assert [len(board) for board in hand.boards] == [street + 2] * 2
        act(hand, "x", "x", "x")
    assert sum(isinstance(e, ev.Burn) for e in hand.events) == 6
    assert hand.phase == "done" and sum(hand.stacks) == 300


@pytest.mark.parametrize(
    ("limit", "flop", "turn"),
    [
        (Limit.POT_LIMIT, "bet 10-30", "bet 10-30"),
        (Limit.NO_LIMIT, "bet 10-90", "bet 10-90"),
        (Limit.FIXED_LIMIT, "bet 10", "bet 20"),
    ],
)
def test_v4_pot_limit_by_default_no_limit_and_fixed_limit_by_option(
    limit: Limit, flop: str, turn: str
) -> None:
    """V-4, B-1 … B-3: PL by default; NL and FL by option (FL: the big bet on the turn)."""
    config = HandConfig.bomb_pot([100] * 3, ante=10, limit=limit)
    assert HandConfig.bomb_pot([100] * 3, ante=10).limit is Limit.POT_LIMIT
    hand = Hand(config, Deck(seed=1))
    assert hand.legal_actions().describe() == ["fold", "check", flop]
    act(hand, "x", "x", "x")
    assert hand.legal_actions().describe() == ["fold", "check", turn]


def test_v0_bomb_pot_seats_nine() -> None:
    """V-0: double-board Omaha seats at most nine (36 hole, 10 board cards and 6 burns)."""
    with pytest.raises(UsageError, match="V-0"):
        HandConfig.bomb_pot([100] * 10, ante=1)
    hand = Hand(HandConfig.bomb_pot([100] * 9, ante=1), Deck(seed=2))
    check_down(hand)
    assert hand.phase == "done" and sum(hand.stacks) == 900


# --------------------------------------------------------------------------- P-8


def test_p8_each_board_wins_half_the_pot() -> None:
    """P-8: the pot is halved; player 0 wins the upper board, player 1 the lower one."""
    hand = check_down(bomb_pot([100, 100], ["As Ad 9c 9d", "8s 8d Jc Tc"], ante=10))
    assert awards(hand) == [(0, 10, 0, 0), (1, 10, 0, 1)]
    assert hand.stacks == (100, 100)


def test_p8_one_player_scoops_both_boards() -> None:
    """P-8: the best hand on both boards takes both halves (both hands shown)."""
    holes = ["As Ad 9c 9d", "2h 3h 6s 6h"]
    hand = check_down(bomb_pot([100, 100], holes, ante=10), show_all=True)
    assert awards(hand) == [(0, 10, 0, 0), (0, 10, 0, 1)]
    assert hand.stacks == (110, 90)


def test_p8_odd_chip_of_the_halving_goes_to_the_first_board() -> None:
    """P-8 *interpretation*: a pot of 15 is halved into 8 for the upper board and 7."""
    holes = ["As Ad 9c 9d", "8s 8d Jc Tc", "2h 3h 6s 6h"]
    hand = check_down(bomb_pot([100] * 3, holes, ante=5))
    assert awards(hand) == [(0, 8, 0, 0), (1, 7, 0, 1)]
    assert hand.stacks == (103, 102, 95)


def test_p8_p3_a_tie_on_one_board_splits_that_half() -> None:
    """P-8, P-2, P-3: equal hands on the upper board (A-A-K-Q-7) split its 11, the odd chip to
    the first left of the button; four eights take the lower 11."""
    hand = check_down(bomb_pot([100, 100], ["As Qc 5c 5d", "Ad Qh 8s 8d"], ante=11))
    assert awards(hand) == [(0, 6, 0, 0), (1, 5, 0, 0), (1, 11, 0, 1)]
    assert hand.stacks == (95, 105)


def test_p8_p1_each_side_pot_is_halved_on_its_own() -> None:
    """P-8, P-1: player 0 is all-in after 10 (main pot 30), players 1 and 2 put 20 more each
    (side pot 40). Three aces win the upper half of the main pot; the upper half of the side
    pot goes to three kings, the best upper hand of its two contenders; four eights win
    both lower halves."""
    holes = ["As Ad 9c 9d", "8s 8d Jc Tc", "Ks Kd 6s 6h"]
    hand = bomb_pot([10, 100, 100], holes, ante=5)
    act(hand, "r5", "r25", "c")
    assert hand.all_in(0)
    check_down(hand)
    assert awards(hand) == [(0, 15, 0, 0), (1, 15, 0, 1), (2, 20, 1, 0), (1, 20, 1, 1)]
    assert hand.stacks == (15, 105, 90)


# --------------------------------------------------------------------------- B-6


def test_b6_the_engine_takes_the_structure_per_hand() -> None:
    """B-6: one table plays a fixed-limit hand, then a pot-limit one, then a bomb pot and a
    no-limit hand with the stacks carried over: each hand takes its structure from its
    own set-up (the table rotates the structure; the engine needs nothing else)."""
    stacks = [200, 200, 200]
    fixed = Hand(
        HandConfig.holdem(stacks, small_blind=5, big_blind=10, limit=Limit.FIXED_LIMIT),
        Deck(seed=1),
    )
    assert fixed.legal_actions().describe() == ["fold", "call 10", "raise to 20"]
    act(fixed, "r20", "f", "f")
    assert fixed.stacks == (195, 190, 215)
    pot = Hand(
        HandConfig.holdem(fixed.stacks, small_blind=5, big_blind=10, limit=Limit.POT_LIMIT),
        Deck(seed=2),
    )
    assert pot.legal_actions().describe() == ["fold", "call 10", "raise to 20-35"]  # B-2
    act(pot, "r35", "f", "f")
    assert pot.stacks == (190, 180, 230)
    bomb = Hand(HandConfig.bomb_pot(pot.stacks, ante=10, limit=Limit.FIXED_LIMIT), Deck(seed=3))
    assert bomb.legal_actions().describe() == ["fold", "check", "bet 10"]
    act(bomb, "r10", "f", "f")
    assert bomb.stacks == (210, 170, 220)
    no_limit = Hand(HandConfig.holdem(bomb.stacks, small_blind=5, big_blind=10), Deck(seed=4))
    assert no_limit.legal_actions().describe() == ["fold", "call 10", "raise to 20-220"]
    assert sum(no_limit.stacks) + no_limit.pot == 600
