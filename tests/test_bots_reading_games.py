"""The reading bot in every game and limit: legal decisions, what it sees of Stud and Draw,
its model of a calling station, its styles, and a quick check that it wins chips."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.bots import BOTS, play_hand, tell_hand_over
from pokerroom.bots.matches import DuplicateMatch
from pokerroom.bots.reading import ReadingBot
from pokerroom.bots.reading.game import shape_of
from pokerroom.bots.reading.policy import Spot, decide
from pokerroom.bots.reading.styles import LOOSE_AGGRESSIVE, STYLES, TIGHT_AGGRESSIVE
from pokerroom.cards import Card, parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import Action, ActionKind, Hand, HandConfig, Limit
from pokerroom.engine.actions import LegalActions
from pokerroom.engine.variants import VARIANTS
from pokerroom.engine.views import HandView, view_of

STYLE_NAMES = sorted(STYLES)


def config(game: str, players: int, limit: Limit) -> HandConfig:
    stacks = [200] * players
    if game.startswith("stud"):
        return HandConfig.stud(
            stacks, ante=1, bring_in=2, small_bet=4, hi_lo=game == "stud-hilo", limit=limit
        )
    if game == "draw":
        return HandConfig.draw(stacks, small_blind=1, big_blind=2, limit=limit)
    if game.startswith("bomb"):
        return HandConfig.bomb_pot(stacks, ante=2, limit=limit)
    return HandConfig.holdem(
        stacks, small_blind=1, big_blind=2, variant=VARIANTS[game], limit=limit
    )


class Checked:
    """Passes decisions through, asserting each is legal and never a fold when checking is free."""

    def __init__(self, inner: ReadingBot) -> None:
        self.inner = inner

    def decide(self, view: HandView) -> Action:
        action = self.inner.decide(view)
        assert view.legal is not None and view.legal.allows(action), (action, view.legal)
        assert not (view.legal.check and action.kind == ActionKind.FOLD)
        return action

    def discard(self, view: HandView) -> list[Card]:
        return self.inner.discard(view)


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(sorted(VARIANTS)),
    limit=st.sampled_from(list(Limit)),
    players=st.integers(2, 5),
    style=st.sampled_from(STYLE_NAMES),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_decision_is_legal_in_every_game_and_limit(
    game: str, limit: Limit, players: int, style: str, seed: int
) -> None:
    rng = random.Random(seed)
    hand = Hand(config(game, players, limit), Deck(rng=random.Random(seed)))
    bots = {
        p: Checked(ReadingBot(rng.getrandbits(16), STYLES[style]))
        if p % 2 == 0
        else BOTS["random"](p)
        for p in range(players)
    }
    play_hand(hand, bots, tuple(f"p{p}" for p in range(players)))
    assert hand.phase == "done"
    assert sum(hand.stacks) == 200 * players


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def stud_fourth_street(up: str) -> HandView:
    """Heads-up Stud: the bot (0) holds kings; the opponent shows ``up``, then checks."""
    third, fourth = up.split()
    hand = Hand(HandConfig.stud([200, 200], ante=1, bring_in=2, small_bet=4))
    hand.deal_hole(0, cards("Kc Kd"))
    hand.deal_hole(1, [None, None])
    hand.deal_hole(0, cards("7h"), face_up=True)
    hand.deal_hole(1, cards(third), face_up=True)
    while hand.phase == "bet":
        hand.check_or_call()
    hand.deal_hole(0, cards("2s"), face_up=True)
    hand.deal_hole(1, cards(fourth), face_up=True)
    if hand.to_act != 0:
        hand.act(Action.check())
    return view_of(hand, 0)


def test_stud_a_pair_of_aces_showing_lowers_its_equity() -> None:
    aces, rags = stud_fourth_street("As Ah"), stud_fourth_street("3c 8d")
    bot = ReadingBot(1)
    assert bot.share(aces, shape_of(aces), 3) < bot.share(rags, shape_of(rags), 3) - 0.3


def draw_after(drawn: int) -> HandView:
    """Heads-up Draw, limped: the bot (0) drew three to queens; the opponent drew ``drawn``."""
    hand = Hand(HandConfig.draw([200, 200], small_blind=1, big_blind=2))
    hand.deal_hole(0, cards("Qc Qd 7h 4s 2c"))
    hand.deal_hole(1, [None] * 5)
    while hand.phase == "bet":
        hand.check_or_call()
    hand.draw(cards("7h 4s 2c"), 0)
    hand.deal_hole(0, cards("Ks 9d 5h"))
    hand.draw([None] * drawn, 1)
    if drawn:
        hand.deal_hole(1, [None] * drawn)
    return view_of(hand, 0)


def test_draw_a_pat_opponent_is_stronger_than_one_who_drew_three() -> None:
    pat, three = draw_after(0), draw_after(3)
    bot = ReadingBot(1)
    assert bot.share(pat, shape_of(pat), 3) < bot.share(three, shape_of(three), 3) - 0.1


def test_it_models_a_calling_station_and_exploits_it() -> None:
    bot = ReadingBot(5)
    names = ("reader", "station")
    station = BOTS["station"](None)
    rng = random.Random(2)
    for number in range(60):
        seats = {0: bot, 1: station} if number % 2 else {1: bot, 0: station}
        named = names if number % 2 else names[::-1]
        hand = Hand(
            config("holdem", 2, Limit.NO_LIMIT), Deck(rng=random.Random(rng.getrandbits(64)))
        )
        play_hand(hand, seats, named)
        tell_hand_over(hand, seats, named)
    counts = bot.opponents.counts["station"]
    his = counts.rates()
    assert his.fold_to_bet < 0.15 and his.aggression < 0.15 and his.vpip > 0.5
    legal = LegalActions(0, True, True, None, 2, 400, bet=True)
    spot = Spot(legal, 0.6, 1, 0, 40, 0, 380, 2, True, False, 0, his.fold_to_bet, False)
    unknown = Spot(legal, 0.6, 1, 0, 40, 0, 380, 2, True, False, 0, 0.45, False)
    assert decide(spot, TIGHT_AGGRESSIVE, random.Random(1)).kind == ActionKind.RAISE  # thin value
    assert decide(unknown, TIGHT_AGGRESSIVE, random.Random(1)) == Action.check()
    bluffs = {
        folds: sum(
            decide(
                Spot(legal, 0.1, 1, 0, 40, 0, 380, 2, True, False, 0, folds, False),
                LOOSE_AGGRESSIVE,
                random.Random(seed),
            ).kind
            == ActionKind.RAISE
            for seed in range(300)
        )
        for folds in (his.fold_to_bet, 0.45)
    }
    assert bluffs[his.fold_to_bet] < bluffs[0.45] / 2


def test_loose_styles_play_more_hands_and_aggressive_ones_raise_more() -> None:
    entered = dict.fromkeys(STYLE_NAMES, 0)
    raised = dict.fromkeys(STYLE_NAMES, 0)
    rng = random.Random(11)
    for _ in range(300):
        hand = Hand(
            config("holdem", 6, Limit.NO_LIMIT), Deck(rng=random.Random(rng.getrandbits(64)))
        )
        hand.act(Action.fold())  # under the gun folds; the hijack is to act, unopened
        view = view_of(hand, hand.to_act or 0)
        for name in STYLE_NAMES:
            action = ReadingBot(1, STYLES[name]).decide(view)
            entered[name] += action.kind != ActionKind.FOLD
            raised[name] += action.kind == ActionKind.RAISE
    assert entered["loose-passive"] > entered["tight-passive"]
    assert entered["loose-aggressive"] > entered["tight-aggressive"]
    assert raised["tight-aggressive"] > raised["tight-passive"]
    assert raised["loose-aggressive"] > raised["loose-passive"]


def test_tight_aggressive_wins_chips_from_random_and_station_heads_up() -> None:
    for rival in ("random", "station"):
        match = DuplicateMatch("tight-aggressive", rival, seed=3)
        won = sum(match.play_deal(number).first_won for number in range(60))
        assert won > 0, rival
