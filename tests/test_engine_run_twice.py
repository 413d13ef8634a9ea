"""Run it twice in the engine (P-10): all-in before the river, the board dealt out twice.

Each pot is halved between the runs (the odd chip to run 1, as P-8 gives it to the
first board), then each half is paid as usual on its run: side pots (P-1), split
pots (P-3) and Hi-Lo halves (P-7). A-17: the hands are turned up before the runs.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import OMAHA_HILO, Action, Hand, HandConfig, IllegalAction, Options
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError

TWICE = Options(run_it_twice=True)


def dealt(config: HandConfig, holes: list[str]) -> Hand:
    hand = Hand(config)
    for player, cards in enumerate(holes):
        hand.deal_hole(player, parse_cards(cards))
    return hand


def run_out(hand: Hand, *runs: str) -> None:
    """Deal each run's cards street by street (flop, turn, river), run 1 in full first."""
    for cards in runs:
        rest = parse_cards(cards)
        while rest:
            board = next(board for board in hand.boards if len(board) < 5)
            size = 1 if board else 3
            hand.deal_board(rest[:size])
            rest = rest[size:]


def paid(hand: Hand) -> dict[tuple[int, int, int], int]:
    """(pot, run, player) -> chips paid, from the awards."""
    out: dict[tuple[int, int, int], int] = {}
    for event in hand.events:
        if isinstance(event, ev.Award):
            key = (event.pot, event.board, event.player)
            out[key] = out.get(key, 0) + event.amount
    return out


def test_the_odd_chip_of_a_pot_run_twice_goes_to_run_one() -> None:
    config = HandConfig.holdem([100, 100, 100], small_blind=1, big_blind=2, options=TWICE)
    hand = dealt(config, ["Ah Ad", "Kh Kd", "7c 2d"])
    hand.act(Action.raise_to(5))  # the button, then folds to the shove: a pot of 205
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    hand.act(Action.fold())
    assert hand.phase == "runs"
    assert hand.shown[0] is not None and hand.shown[1] is not None  # turned up first
    hand.choose_runs(2)
    run_out(hand, "2c 5s 9h Jd 3c", "Ks 8h 4c Td 6s")
    assert hand.phase == "done"
    assert hand.boards == (
        tuple(parse_cards("2c 5s 9h Jd 3c")),
        tuple(parse_cards("Ks 8h 4c Td 6s")),
    )
    assert paid(hand) == {(0, 0, 0): 103, (0, 1, 1): 102}  # 205: 103 to run 1, 102 to run 2
    assert hand.stacks == (103, 102, 95)
    (pot,) = hand.result
    assert [(w.player, w.amount, w.board, w.hand) for w in pot.winners] == [
        (0, 103, 0, "Pair, aces"),
        (1, 102, 1, "Three of a kind, kings"),
    ]


def test_side_pots_are_each_halved_between_the_runs() -> None:
    config = HandConfig.holdem([50, 100, 100], small_blind=1, big_blind=2, options=TWICE)
    hand = dealt(config, ["Ah Ad", "Kh Kd", "Qh Qd"])
    hand.act(Action.raise_to(100))
    hand.act(Action.call())  # all-in for 50
    hand.act(Action.call())
    hand.choose_runs(2)
    run_out(hand, "2c 5s 9h Jd 3c", "Qs 8h 4c Td 6s")
    # main pot 150 (all three), side pot 100 (positions 1 and 2)
    assert paid(hand) == {
        (0, 0, 0): 75,  # run 1: aces take the main half
        (1, 0, 1): 50,  # run 1: kings beat queens for the side half
        (0, 1, 2): 75,  # run 2: three queens take both halves
        (1, 1, 2): 50,
    }
    assert hand.stacks == (75, 50, 125)
    assert sum(hand.stacks) == 250


def test_omaha_hi_lo_run_twice_splits_each_run_high_and_low() -> None:
    config = HandConfig.holdem(
        [100, 100], small_blind=1, big_blind=2, variant=OMAHA_HILO, options=TWICE
    )
    hand = dealt(config, ["Ah 2h Kc Kd", "Qs Qd Js Jd"])
    hand.act(Action.raise_to(6))  # heads-up the button (position 1) acts first
    hand.act(Action.raise_to(18))
    hand.act(Action.raise_to(54))
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    hand.choose_runs(2)
    run_out(hand, "3c 4d 9s Qh 8c", "Ks 7s 7d Tc 5h")
    assert paid(hand) == {
        (0, 0, 1): 50,  # run 1 high: three queens
        (0, 0, 0): 50,  # run 1 low: 8-4-3-2-A (P-7)
        (0, 1, 0): 100,  # run 2: kings full, no low possible: a scoop
    }
    shares = sorted((w.board, w.share, w.player) for w in hand.result[0].winners)
    assert shares == [(0, "high", 1), (0, "low", 0), (1, "all", 0)]


def test_all_in_on_the_flop_runs_share_the_flop_and_deal_turn_and_river_twice() -> None:
    deck_hand = Hand(
        HandConfig.holdem([100, 100], small_blind=1, big_blind=2, options=TWICE), Deck(seed=7)
    )
    deck_hand.act(Action.call())
    deck_hand.act(Action.check())
    deck_hand.act(Action.raise_to(98))  # on the flop
    deck_hand.act(Action.call())
    assert deck_hand.phase == "runs"
    before = len(deck_hand.events)
    deck_hand.choose_runs(2)
    first, second = deck_hand.boards
    assert first[:3] == second[:3] and len(first) == len(second) == 5
    assert not set(first[3:]) & set(second[3:])
    dealt_after = [
        (type(e).__name__, getattr(e, "board", None)) for e in deck_hand.events[before + 1 :]
    ]
    assert dealt_after[:8] == [  # run 1 in full, then run 2, each street with its burn (C-4)
        ("Burn", None),
        ("DealBoard", 0),
        ("Burn", None),
        ("DealBoard", 0),
        ("Burn", None),
        ("DealBoard", 1),
        ("Burn", None),
        ("DealBoard", 1),
    ]
    assert deck_hand.phase == "done"
    assert sum(deck_hand.stacks) == 200


def test_choosing_once_deals_one_board_as_without_the_option() -> None:
    config = HandConfig.holdem([100, 100], small_blind=1, big_blind=2, options=TWICE)
    hand = Hand(config, Deck(seed=3))
    plain = Hand(HandConfig.holdem([100, 100], small_blind=1, big_blind=2), Deck(seed=3))
    for each in (hand, plain):
        each.act(Action.raise_to(100))
        each.act(Action.call())
    assert plain.phase == "done"  # off by default: no question, one board
    hand.choose_runs(1)
    assert hand.boards == plain.boards and hand.stacks == plain.stacks
    assert hand.runs == 1


def test_an_all_in_on_the_river_is_not_run_twice() -> None:
    config = HandConfig.holdem([100, 100], small_blind=1, big_blind=2, options=TWICE)
    hand = Hand(config, Deck(seed=3))
    hand.act(Action.call())
    for _ in range(3):
        hand.act(Action.check())
        hand.act(Action.check())
    hand.act(Action.raise_to(98))
    hand.act(Action.call())
    assert hand.phase == "done" and hand.runs == 1


def test_choose_runs_refuses_bad_input_and_changes_nothing() -> None:
    config = HandConfig.holdem([100, 100], small_blind=1, big_blind=2, options=TWICE)
    hand = Hand(config, Deck(seed=3))
    waiting = r"not waiting to be run once or twice.*bet phase \(P-10\)"
    with pytest.raises(IllegalAction, match=waiting):
        hand.choose_runs(2)
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    events = hand.events
    for bad in (0, 3, True):
        with pytest.raises(UsageError, match=r"once or twice \(1 or 2\)"):
            hand.choose_runs(bad)
    assert hand.events == events and hand.phase == "runs"


def test_a_manual_dealer_must_deal_each_run_street_by_street() -> None:
    config = HandConfig.holdem([100, 100], small_blind=1, big_blind=2, options=TWICE)
    hand = dealt(config, ["Ah Ad", "Kh Kd"])
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    hand.choose_runs(2)
    hand.deal_board(parse_cards("2c 5s 9h"))
    with pytest.raises(IllegalAction, match="the turn of run 1 is 1 card"):
        hand.deal_board(parse_cards("Jd 3c"))
    with pytest.raises(Exception, match="already in play"):
        hand.deal_board(parse_cards("9h"))


def test_a_hand_run_twice_is_rebuilt_from_its_events() -> None:
    config = HandConfig.holdem([100, 120, 80], small_blind=1, big_blind=2, options=TWICE)
    hand = Hand(config, Deck(seed=11))
    hand.act(Action.raise_to(80))
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    hand.choose_runs(2)
    again = Hand.from_events(config, hand.events)
    assert again.events == hand.events
    assert again.stacks == hand.stacks and again.boards == hand.boards


def test_a_bomb_pot_is_never_asked_to_run_twice() -> None:
    config = HandConfig.bomb_pot([30, 30], ante=10, options=TWICE)
    hand = Hand(config, Deck(seed=5))
    hand.act(Action.raise_to(20))
    hand.act(Action.call())
    assert hand.phase == "done" and len(hand.boards) == 2


@settings(max_examples=150, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=6),
    seed=st.integers(0, 10**6),
    street=st.integers(0, 2),
    chip=st.sampled_from([1, 5]),
)
def test_run_twice_conserves_chips_and_halves_each_pot_odd_chip_first(
    stacks: list[int], seed: int, street: int, chip: int
) -> None:
    options = Options(run_it_twice=True, smallest_chip=chip)
    config = HandConfig.holdem(
        [s * chip for s in stacks], small_blind=0, big_blind=chip, options=options
    )
    hand = Hand(config, Deck(seed=seed))
    while hand.phase == "bet":  # check or call to ``street``, then everyone shoves
        legal = hand.legal_actions()
        if hand.street >= street and legal.raise_max is not None:
            hand.act(Action.raise_to(legal.raise_max))
        else:
            hand.check_or_call()
    if hand.phase == "runs":
        shared = hand.boards[0]
        hand.choose_runs(2)
        assert len(hand.boards) == 2 and hand.boards[1][: len(shared)] == shared
    assert hand.phase == "done"
    assert sum(hand.stacks) == sum(config.stacks)
    awards = paid(hand)
    for pot in hand.result:
        runs = [
            sum(a for (p, b, _), a in awards.items() if p == pot.pot and b == r) for r in (0, 1)
        ]
        if hand.runs == 2:
            assert sum(runs) == pot.amount
            assert runs[0] - runs[1] == (pot.amount // chip % 2) * chip  # odd chip: run 1
