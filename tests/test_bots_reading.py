"""The range-reading bot reads: its ranges narrow with the opponents' actions, its equity
follows what it sees (Stud up cards, Draw counts), and it plays sound poker in set spots."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots.reading import ReadingBot, bot
from pokerroom.bots.reading.game import shape_of
from pokerroom.cards import Card, parse_cards
from pokerroom.engine import Action, ActionKind, Hand, HandConfig
from pokerroom.engine.views import HandView, view_of


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def heads_up_river(hole: str, board: str, *, opponent: str = "2s 3s") -> Hand:
    """Heads-up Hold'em: the button (1) raised, bet the flop and turn, and bets the pot on
    the river; the big blind (0) called every time and checked the river."""
    hand = Hand(HandConfig.holdem([400, 400], small_blind=1, big_blind=2))
    hand.deal_hole(0, cards(hole))
    hand.deal_hole(1, cards(opponent))
    hand.act(Action.raise_to(6))
    hand.act(Action.call())
    flop, turn, river = board.split(" ", 3)[:3], board.split()[3], board.split()[4]
    hand.deal_board(cards(" ".join(flop)))
    hand.act(Action.check())
    hand.act(Action.raise_to(8))
    hand.act(Action.call())
    hand.deal_board(cards(turn))
    hand.act(Action.check())
    hand.act(Action.raise_to(20))
    hand.act(Action.call())
    hand.deal_board(cards(river))
    hand.act(Action.check())
    hand.act(Action.raise_to(hand.pot))
    return hand


def test_a_pot_sized_river_bet_after_a_strong_line_folds_a_weak_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = heads_up_river("9c 8c", "Kd 9h 4s 2c 7d")
    view = view_of(hand, 0)
    assert ReadingBot(1).decide(view) == Action.fold()
    monkeypatch.setattr(bot, "narrow", lambda *_: None)  # his range stays every hand
    assert ReadingBot(1).decide(view) == Action.call()


def test_narrowing_lowers_the_equity_of_a_weak_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    view = view_of(heads_up_river("9c 8c", "Kd 9h 4s 2c 7d"), 0)
    read = ReadingBot(1).share(view, shape_of(view), 5)
    monkeypatch.setattr(bot, "narrow", lambda *_: None)
    unread = ReadingBot(1).share(view, shape_of(view), 5)
    assert read < unread - 0.2


def test_its_decisions_do_not_depend_on_the_opponents_hidden_cards() -> None:
    """X-4: the view carries no unshown card, so the decision cannot either."""
    first = view_of(heads_up_river("9c 8c", "Kd 9h 4s 2c 7d", opponent="2s 3s"), 0)
    second = view_of(heads_up_river("9c 8c", "Kd 9h 4s 2c 7d", opponent="Ks Kh"), 0)
    assert first == second
    assert first.hole[1] == (None, None)
    assert ReadingBot(3).decide(first) == ReadingBot(3).decide(second)


def river_checked_to(hole: str, board: str) -> HandView:
    """Heads-up, limped and checked down to the river, where the big blind checks to the
    button (``hole``)."""
    hand = Hand(HandConfig.holdem([400, 400], small_blind=1, big_blind=2))
    hand.deal_hole(0, cards("2s 3d"))
    hand.deal_hole(1, cards(hole))
    hand.act(Action.call())
    hand.act(Action.check())
    board_cards = board.split()
    for dealt in (board_cards[:3], board_cards[3:4], board_cards[4:]):
        hand.deal_board(cards(" ".join(dealt)))
        hand.act(Action.check())
        if len(hand.boards[0]) < 5:
            hand.act(Action.check())
    return view_of(hand, 1)


def test_it_value_bets_the_nuts() -> None:
    view = river_checked_to("Ah Kh", "Qh Jh Th 4d 2c")
    assert view.legal is not None and view.legal.check
    for seed in range(5):
        assert ReadingBot(seed).decide(view).kind == ActionKind.RAISE


def preflop(hole: str, *, raised: bool) -> HandView:
    """Six-handed; the button acts, after a raise to 6 under the gun or after folds."""
    hand = Hand(HandConfig.holdem([200] * 6, small_blind=1, big_blind=2))
    for player in range(6):
        hand.deal_hole(player, cards(hole) if player == 5 else [None, None])
    hand.act(Action.raise_to(6) if raised else Action.fold())
    for _ in range(2):
        hand.act(Action.fold())
    return view_of(hand, 5)


@pytest.mark.parametrize(
    "style", ["tight-aggressive", "loose-aggressive", "tight-passive", "loose-passive"]
)
def test_before_the_flop_it_folds_seven_deuce_to_a_raise_and_raises_aces(style: str) -> None:
    from pokerroom.bots import BOTS

    assert BOTS[style](1).decide(preflop("7c 2d", raised=True)) == Action.fold()
    assert BOTS[style](1).decide(preflop("Ac Ad", raised=True)).kind == ActionKind.RAISE
    assert BOTS[style](1).decide(preflop("Ac Ad", raised=False)).kind == ActionKind.RAISE


def test_the_same_view_and_seed_give_the_same_action() -> None:
    rng = random.Random(4)
    for _ in range(20):
        hand = Hand(HandConfig.holdem([200] * 3, small_blind=1, big_blind=2))
        deck = rng.sample(range(52), 6)
        for player in range(3):
            hand.deal_hole(player, [Card.from_index(i) for i in deck[2 * player : 2 * player + 2]])
        view = view_of(hand, hand.to_act or 0)
        assert ReadingBot(9).decide(view) == ReadingBot(9).decide(view)
