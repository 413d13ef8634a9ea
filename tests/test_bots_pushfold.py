"""The tournament bot: computed push/fold tables, their equilibrium, and the bot's decisions."""

from __future__ import annotations

import itertools
import math
import random
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.bots import BOTS, Bot, RandomBot, TournamentBot, play_hand
from pokerroom.bots.hand_classes import (
    CLASSES,
    class_combos,
    class_index,
    class_name,
    class_of_cards,
    combo_table,
    pair_counts,
)
from pokerroom.bots.pushfold_nash import PushFoldGame, solve
from pokerroom.bots.pushfold_ranges import PushFoldTables, call_threshold
from pokerroom.cards import ALL_CARDS, Card, parse_cards
from pokerroom.cardset import CardSet
from pokerroom.deck import Deck
from pokerroom.engine import Action, ActionKind, Hand, HandConfig, Limit
from pokerroom.engine.views import view_of
from pokerroom.equity.calculator import calculate_equity

with warnings.catch_warnings():
    # eval7 0.1.x builds its range parser with pyparsing's deprecated API at import time.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

TABLES = PushFoldTables.load()
COMBOS = np.array([class_combos(c) for c in range(CLASSES)], dtype=np.float64)
BIG_BLIND = 2


def share(hands: np.ndarray) -> float:
    """The share of all 1326 starting hands in a range."""
    return float(COMBOS @ hands) / 1326


# ----------------------------------------------------------------- hand classes


def test_169_classes_hold_all_1326_hands() -> None:
    cards, classes = combo_table()
    assert len({class_name(c) for c in range(CLASSES)}) == CLASSES
    assert np.bincount(classes, minlength=CLASSES).tolist() == COMBOS.astype(int).tolist()
    assert pair_counts().sum() == 1326 * 1225  # every ordered pair of disjoint hands
    assert pair_counts()[class_index("AA"), class_index("AA")] == 6  # only the other two aces
    assert pair_counts()[class_index("AKs"), class_index("AKs")] == 4 * 3  # another suit
    assert pair_counts()[class_index("AKo"), class_index("AA")] == 12 * 3  # aces left: 3
    assert pair_counts()[class_index("AA"), class_index("KK")] == 6 * 6
    assert pair_counts().dtype == np.int64 and (pair_counts() == pair_counts().T).all()
    assert class_of_cards(Card.parse("7c"), Card.parse("2d")) == class_index("72o")
    assert cards.shape == (1326, 2)


def test_a_bad_class_name_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="'A1s' is not a starting-hand class"):
        class_index("A1s")


# ----------------------------------------------------------------- the equity matrix


def test_shipped_matrix_is_a_consistent_equity_table() -> None:
    equity = TABLES.equity
    assert equity.shape == (CLASSES, CLASSES)
    assert np.allclose(equity + equity.T, 1.0, atol=1e-12)  # ties split, nothing lost
    assert np.allclose(np.diag(equity), 0.5)


@pytest.mark.parametrize(
    ("hero", "villain", "expected"),
    [("AA", "KK", 0.82), ("AKs", "22", 0.50), ("AKo", "QQ", 0.43), ("72o", "AA", 0.12)],
)
def test_matrix_matches_eval7(hero: str, villain: str, expected: float) -> None:
    """An independent evaluator (eval7, Monte Carlo over every combination) agrees."""
    mine = TABLES.equity[class_index(hero), class_index(villain)]
    assert mine == pytest.approx(expected, abs=0.01)
    cards, classes = combo_table()

    def combos(name: str) -> list[tuple[str, str]]:
        chosen = cards[classes == class_index(name)]
        return [(str(Card.from_index(int(a))), str(Card.from_index(int(b)))) for a, b in chosen]

    total = weight = 0.0
    trials = 40_000
    for mine_cards in combos(hero):
        hand = [eval7.Card(text) for text in mine_cards]
        live = [
            ((eval7.Card(a), eval7.Card(b)), 1.0)
            for a, b in combos(villain)
            if not {a, b} & set(mine_cards)
        ]
        total += len(live) * eval7.py_hand_vs_range_monte_carlo(hand, live, [], trials)
        weight += len(live)
    # eval7 samples with a seed of its own: allow five standard errors of its estimate (an
    # equity's variance is at most 1/4), so a true difference of a point still fails
    error = 0.5 / math.sqrt(trials * len(combos(hero)))
    assert total / weight == pytest.approx(mine, abs=5 * error)


def test_matrix_row_matches_pokerrooms_direct_enumeration() -> None:
    """AKs against 22: the turned-around enumeration equals board-by-board exact equity."""
    hero = CardSet.parse("Ah Kh")  # every AKs is this one with suits renamed
    deuces = [CardSet([a, b]) for a in ALL_CARDS[:4] for b in ALL_CARDS[:4] if a.index < b.index]
    shares = [calculate_equity([hero, d]).hands[0].equity for d in deuces]
    assert TABLES.equity[class_index("AKs"), class_index("22")] == pytest.approx(
        sum(shares) / len(shares), abs=1e-12
    )


# ----------------------------------------------------------------- the equilibrium


def test_shipped_tables_are_an_equilibrium() -> None:
    """At every tabled stack and ante neither player gains more than 0.0002 bb by deviating."""
    for a, ante in enumerate(TABLES.antes):
        for s, stack in enumerate(TABLES.stacks):
            game = PushFoldGame.build(TABLES.equity, float(stack), float(ante))
            sb_gain, bb_gain = game.deviation_gains(TABLES.push[a, s], TABLES.call[a, s])
            assert -1e-9 <= sb_gain < 2e-4 and -1e-9 <= bb_gain < 2e-4, (stack, ante)


def test_equilibrium_has_the_known_shape() -> None:
    """Aces push and call always; 1 bb pushes everything; ranges shrink from 5 to 20 bb."""
    aces, trash = class_index("AA"), class_index("72o")
    assert (TABLES.push[:, :, aces] == 1).all() and (TABLES.call[:, :, aces] == 1).all()
    assert share(TABLES.nash_push(1.0) >= 0.5) == 1.0
    assert TABLES.nash_push(20.0)[trash] < 0.01 and TABLES.nash_call(20.0)[trash] < 0.01
    assert share(TABLES.nash_push(5)) > share(TABLES.nash_push(10)) > share(TABLES.nash_push(20))
    assert share(TABLES.nash_push(10, 0.5)) > share(TABLES.nash_push(10, 0.0))  # antes widen


def test_fictitious_play_reproduces_the_shipped_table() -> None:
    """The script's solver, rerun here at 10 bb, gives the committed strategies."""
    s = int(np.flatnonzero(TABLES.stacks == 10.0)[0])
    found = solve(PushFoldGame.build(TABLES.equity, 10.0), TABLES.iterations)
    assert np.array_equal(np.round(found.push, 4), TABLES.push[0, s])
    assert np.array_equal(np.round(found.call, 4), TABLES.call[0, s])


def test_monotone_push_ranges_lose_almost_nothing_heads_up() -> None:
    """The bot's monotone heads-up push range concedes < 0.005 bb a hand to a best response."""
    for a, ante in enumerate(TABLES.antes):
        for s, stack in enumerate(TABLES.stacks):
            game = PushFoldGame.build(TABLES.equity, float(stack), float(ante))
            push = TABLES.push_range(float(stack), float(ante))
            worst = game.value(push, np.zeros(CLASSES)) - np.maximum(game.call_gains(push), 0).sum()
            assert game.value(TABLES.push[a, s], TABLES.call[a, s]) - worst < 0.005


# ----------------------------------------------------------------- ranges


@pytest.mark.parametrize("opponents", [1, 2, 3, 5, 8])
@pytest.mark.parametrize("ante", [0.0, 0.125, 0.5])
def test_push_ranges_widen_as_the_stack_shrinks(opponents: int, ante: float) -> None:
    stacks = np.arange(40, 1, -1) / 2  # 20 … 1 bb
    ranges = [TABLES.push_range(float(s), ante, opponents) for s in stacks]
    for deeper, shorter in itertools.pairwise(ranges):
        assert (shorter >= deeper).all()
    assert share(ranges[0]) < share(ranges[-1])


def test_more_opponents_behind_push_tighter() -> None:
    shares = [share(TABLES.push_range(10.0, 0.0, k)) for k in range(1, 9)]
    assert shares == sorted(shares, reverse=True) and shares[0] > 3 * shares[-1]


def test_pressure_narrows_pushing_and_calling_more() -> None:
    """Bubble: both ranges shrink with pressure, the calling range by a larger share."""
    pushes = [TABLES.push_range(10.0, 0.0, 1, p) for p in (0.0, 0.3, 0.6, 1.0)]
    for looser, tighter in itertools.pairwise(pushes):
        assert (tighter <= looser).all()
    pusher = TABLES.push_range(10.0)
    win, risk = 11 * BIG_BLIND, 9 * BIG_BLIND  # big blind facing a 10 bb push
    calls = []
    for pressure in (0.0, 0.3, 0.6, 1.0):
        need = call_threshold(win, risk, pressure)
        calls.append(np.array([TABLES.equity_against(c, pusher) >= need for c in range(CLASSES)]))
    for looser, tighter in itertools.pairwise(calls):
        assert (tighter <= looser).all()
    assert share(calls[-1]) / share(calls[0]) < share(pushes[-1]) / share(pushes[0])


def test_without_pressure_heads_up_calls_are_the_equilibrium_calls() -> None:
    """The big blind's call rule against the equilibrium push is the equilibrium call."""
    pusher = TABLES.nash_push(10.0)
    need = call_threshold(11 * BIG_BLIND, 9 * BIG_BLIND)
    ours = np.array([TABLES.equity_against(c, pusher) >= need for c in range(CLASSES)])
    nash = TABLES.nash_call(10.0)
    sure = (nash < 0.05) | (nash > 0.95)  # the mixed borderline hands may go either way
    assert (ours[sure] == (nash[sure] > 0.5)).all()


# ----------------------------------------------------------------- the bot at the table


def deal(config: HandConfig, own: int, cards: str, seed: int = 0) -> Hand:
    """A hand with ``cards`` for position ``own`` and shuffled cards for the others."""
    mine = parse_cards(cards)
    rest = [c for c in ALL_CARDS if c not in mine]
    random.Random(seed).shuffle(rest)
    hand = Hand(config)
    for player in range(config.players):
        hand.deal_hole(player, mine if player == own else [rest.pop(), rest.pop()])
    return hand


def fold_to(hand: Hand, player: int) -> None:
    while hand.to_act != player:
        hand.act(Action.fold())


def test_72o_folds_at_15_bb_under_the_gun() -> None:
    for players in (6, 9):
        config = HandConfig.holdem([15 * BIG_BLIND] * players, small_blind=1, big_blind=BIG_BLIND)
        hand = deal(config, 2, "7c 2d")
        assert TournamentBot().decide(view_of(hand, 2)) == Action.fold()


def test_short_small_blind_pushes_any_two_and_shoves_aces_from_anywhere() -> None:
    config = HandConfig.holdem([40, 3], small_blind=1, big_blind=BIG_BLIND)  # SB has 1.5 bb
    hand = deal(config, 1, "7c 2d")
    assert TournamentBot().decide(view_of(hand, 1)) == Action.raise_to(3)
    config = HandConfig.holdem([15 * BIG_BLIND] * 9, small_blind=1, big_blind=BIG_BLIND)
    hand = deal(config, 2, "Ac Ad")
    assert TournamentBot(pressure=1.0).decide(view_of(hand, 2)) == Action.raise_to(30)


def test_a_short_stack_moves_all_in_or_folds_never_limps() -> None:
    config = HandConfig.holdem([10 * BIG_BLIND] * 6, small_blind=1, big_blind=BIG_BLIND)
    actions = set()
    for seed, cls in enumerate(range(0, CLASSES, 7)):
        hand = deal(config, 4, _example(class_name(cls)), seed)
        fold_to(hand, 4)
        actions.add(TournamentBot().decide(view_of(hand, 4)).kind)
    assert actions == {ActionKind.FOLD, ActionKind.RAISE}


def _example(name: str) -> str:
    """Two cards of a class, e.g. 'AKs' → 'Ah Kh'."""
    if len(name) == 2:
        return f"{name[0]}h {name[1]}c"
    return f"{name[0]}h {name[1]}{'h' if name[2] == 's' else 'c'}"


def test_bubble_pressure_folds_a_call_it_makes_far_from_the_money() -> None:
    """Heads-up big blind at 10 bb facing a push with A7o: call at 0, fold at full pressure."""
    config = HandConfig.holdem([10 * BIG_BLIND] * 2, small_blind=1, big_blind=BIG_BLIND)
    hand = deal(config, 0, "Ah 7c")
    hand.act(Action.raise_to(10 * BIG_BLIND))
    assert TournamentBot().decide(view_of(hand, 0)) == Action.call()
    assert TournamentBot(pressure=1.0).decide(view_of(hand, 0)) == Action.fold()


def test_bad_settings_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="pressure is a number from 0"):
        TournamentBot(pressure=1.5)
    with pytest.raises(ValueError, match="push_fold_below is a positive number"):
        TournamentBot(push_fold_below=0)
    bot = TournamentBot()
    with pytest.raises(ValueError, match="pressure"):
        bot.pressure = -0.1
    assert bot.pressure == 0.0


@st.composite
def tables(draw: st.DrawFn) -> HandConfig:
    players = draw(st.integers(2, 9))
    stacks = draw(st.lists(st.integers(1, 60), min_size=players, max_size=players))
    ante = draw(st.sampled_from([0, 0, 1]))
    limit = draw(
        st.sampled_from([Limit.NO_LIMIT, Limit.NO_LIMIT, Limit.POT_LIMIT, Limit.FIXED_LIMIT])
    )
    return HandConfig.holdem(
        [s * BIG_BLIND for s in stacks], small_blind=1, big_blind=BIG_BLIND, ante=ante, limit=limit
    )


@settings(max_examples=80, deadline=None)
@given(tables(), st.integers(0, 2**32 - 1), st.floats(0, 1))
def test_every_decision_is_legal_and_depends_on_the_view_only(
    config: HandConfig, seed: int, pressure: float
) -> None:
    """X-4, A-2 … A-19: the engine accepts every decision; a twin bot given the same view agrees.

    Random bots in some seats make raises, re-raises and short all-ins of every size.
    """
    rng = random.Random(seed)
    bots: dict[int, Bot] = {
        p: TournamentBot(seed, pressure=pressure) if rng.random() < 0.6 else RandomBot(p)
        for p in range(config.players)
    }
    twin = TournamentBot(seed, pressure=pressure)
    hand = Hand(config, Deck(rng=rng))
    while hand.phase == "bet":
        player = hand.to_act
        assert player is not None
        view = view_of(hand, player)
        action = bots[player].decide(view)
        if isinstance(bots[player], TournamentBot):
            assert twin.decide(view) == action
        hand.act(action, player)
    play_hand(hand, bots)
    assert hand.phase == "done"
    assert sum(hand.stacks) == sum(config.stacks)


@settings(max_examples=80, deadline=None)
@given(tables(), st.integers(0, 2**32 - 1), st.floats(0, 1), st.data())
def test_aces_never_fold_before_the_flop(
    config: HandConfig, seed: int, pressure: float, data: st.DataObject
) -> None:
    """Whatever the others do, at any stack or pressure, AA goes in (or raises, or checks)."""
    own = data.draw(st.integers(0, config.players - 1))
    hand = deal(config, own, "As Ah", seed)
    others = {p: RandomBot(seed + p) for p in range(config.players) if p != own}
    bot = TournamentBot(seed, pressure=pressure)
    while hand.phase == "bet" and hand.street == 0:
        player = hand.to_act
        assert player is not None
        action = (bot if player == own else others[player]).decide(view_of(hand, player))
        if player == own:
            assert action.kind is not ActionKind.FOLD
        hand.act(action, player)


def test_the_same_view_from_different_hidden_cards_gives_the_same_decision() -> None:
    """X-4: opponents' hole cards never change what the bot does."""
    config = HandConfig.holdem([12 * BIG_BLIND] * 4, small_blind=1, big_blind=BIG_BLIND)
    decisions = set()
    for seed in range(4):
        hand = deal(config, 0, "Kd 9s", seed)
        hand.act(Action.raise_to(12 * BIG_BLIND))  # under the gun shoves
        fold_to(hand, 0)
        decisions.add(TournamentBot(5).decide(view_of(hand, 0)))
    assert len(decisions) == 1


def test_registered_among_the_bots() -> None:
    assert isinstance(BOTS["tournament"](3), TournamentBot)
