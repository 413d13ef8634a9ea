"""How the sensible OFC bot sets its cards: junk spread out, no needless foul, no more
fouls than its version before issue 24 (O-1, O-2, O-5).

The earlier version is the anchor kept in ``benchmarks/bench_ofc_bots.py``.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
import random
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.bots.ofc import OfcBot, RandomPlacer, SensibleBot, apply_decision
from pokerroom.cards import ALL_CARDS, Card, parse_cards
from pokerroom.ofc import Board, OfcHand, Row, is_fouled
from pokerroom.ofc.game import PlayerView

BENCH = Path(__file__).parents[1] / "benchmarks" / "bench_ofc_bots.py"


@functools.cache
def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_ofc_bots", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _legacy(seed: int) -> OfcBot:
    return SensibleBot(seed, planner=_bench().legacy_plan)


class Stacked:
    """A card source dealing a fixed order."""

    def __init__(self, cards: list[Card]) -> None:
        self._cards = list(cards)

    def deal(self, count: int) -> list[Card]:
        dealt, self._cards = self._cards[:count], self._cards[count:]
        return dealt


def _first_five(cards: str) -> PlayerView:
    """Position 0's view of a hand whose first five cards are ``cards``."""
    five = parse_cards(cards)
    rest = [card for card in ALL_CARDS if card not in five]
    return OfcHand(2, source=Stacked([*five, *rest])).view(0)


def _rows(bot: OfcBot, view: PlayerView) -> Counter[Row]:
    return Counter(row for _, row in bot.decide(view).placements)


JUNK = "Kh 9c 7d 4s 2h"  # K high, no pair, no three of a suit, no three in a straight's reach


def test_o2_a_king_high_junk_five_is_spread_not_piled_on_the_middle() -> None:
    """O-1, O-2: the middle row takes three of these cards at most, never the king.

    The earlier version set all five on the middle row with its first seed, and three
    or more with every seed: its heuristic feared each open place as if the later
    cards fell at random, so a row filled with junk looked safe.
    """
    view = _first_five(JUNK)
    king = parse_cards("Kh")[0]
    for seed in range(6):
        placements = SensibleBot(seed).decide(view).placements
        assert sum(row == Row.MIDDLE for _, row in placements) <= 3, placements
        assert (king, Row.MIDDLE) not in placements
    assert _rows(_legacy(0), view)[Row.MIDDLE] == 5
    assert all(_rows(_legacy(seed), view)[Row.MIDDLE] >= 3 for seed in range(1, 3))


def _junk(five: list[Card]) -> bool:
    """No pair, at most two of a suit, and at most two cards within any straight's five ranks."""
    ranks = {card.rank for card in five}
    suits = Counter(card.suit for card in five)
    windows = [{(low + step) % 13 for step in range(5)} for low in range(-1, 9)]  # wheel too
    return (
        len(ranks) == 5
        and max(suits.values()) <= 2
        and all(len(ranks & window) <= 2 for window in windows)
    )


def _junk_fives(count: int) -> list[list[Card]]:
    rng = random.Random(24)
    fives: list[list[Card]] = []
    while len(fives) < count:
        five = rng.sample(ALL_CARDS, 5)
        if _junk(five):
            fives.append(five)
    return fives


def test_o2_junk_fives_never_go_four_or_more_to_a_five_card_row() -> None:
    """O-2: over twenty junk first fives no row of five takes four or five of them.

    The earlier version piled four or five onto the middle row in four of these.
    """
    piled = 0
    for number, five in enumerate(_junk_fives(20)):
        view = _first_five(" ".join(str(card) for card in five))
        rows = _rows(SensibleBot(number), view)
        assert max(rows[Row.BOTTOM], rows[Row.MIDDLE]) <= 3, five
        piled += _rows(_legacy(number), view)[Row.MIDDLE] >= 4
    assert piled >= 2


# -- the last deal: a live board whenever one can be made ------------------------------------

SHAPES = [(5, 4, 2), (4, 5, 2), (4, 4, 3), (5, 3, 3), (3, 5, 3), (5, 5, 1)]
"""Ways to have set 11 cards (bottom, middle, top), two places left for the last deal."""


def _last_deal_view(deck: list[Card], shape: tuple[int, int, int]) -> PlayerView:
    bottom, middle, _ = shape  # the top takes the rest of the 11
    board = Board(
        tuple(deck[:bottom]),
        tuple(deck[bottom : bottom + middle]),
        tuple(deck[bottom + middle : 11]),
    )
    return PlayerView(
        player=0,
        to_act=0,
        boards=(board, None),
        pending=tuple(deck[11:14]),
        discards=tuple(deck[14:17]),
        fantasy=(False, False),
        surrendered=(False, False),
        events=(),
        result=None,
    )


def _finished(board: Board, placements: tuple[tuple[Card, Row], ...]) -> Board:
    for card, row in placements:
        board = board.with_card(row, card)
    return board


@given(st.integers(0, 2**32 - 1), st.sampled_from(SHAPES))
def test_o1_last_deal_never_fouls_when_a_live_board_exists(
    seed: int, shape: tuple[int, int, int]
) -> None:
    """O-1, O-2: with two places left, the bot's board is live if any choice makes one."""
    view = _last_deal_view(random.Random(seed).sample(ALL_CARDS, 18), shape)
    board = view.boards[0]
    assert board is not None
    places = [row for row in Row for _ in range(board.free(row))]
    live_exists = any(
        not is_fouled(_finished(board, tuple(zip(kept, places, strict=True))))
        for kept in itertools.permutations(view.pending, 2)
    )
    decision = SensibleBot(seed).decide(view)
    assert decision.discard is not None
    assert sorted([*(card for card, _ in decision.placements), decision.discard]) == sorted(
        view.pending
    )
    assert is_fouled(_finished(board, decision.placements)) is (not live_exists)


# -- every decision is legal ---------------------------------------------------------------------


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), deals=st.integers(0, 4), players=st.sampled_from([2, 3]))
def test_o2_decisions_are_legal_at_any_deal(seed: int, deals: int, players: int) -> None:
    """O-1, O-2: after ``deals`` random deals, the sensible bot's decision is accepted whole."""
    hand = OfcHand(players, seed=seed)
    placer = RandomPlacer(seed)
    while (player := hand.to_act) is not None and len(hand.board(player).cards()) < 1 + 2 * deals:
        apply_decision(hand, player, placer.decide(hand.view(player)))
    player = hand.to_act
    assert player is not None
    before = len(hand.board(player).cards())
    apply_decision(hand, player, SensibleBot(seed).decide(hand.view(player)))  # raises if not
    assert len(hand.board(player).cards()) == before + (5 if before == 0 else 2)  # O-2
