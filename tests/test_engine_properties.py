"""Properties of the hand engine over random legal play, for every variant and structure.

Hypothesis draws a game (each variant of V-0 … V-3 × NL/PL/FL, 2 players up to the
variant's seat limit V-0), random stacks (a mix of short and deep, so that short
blinds and antes (H-8, A-11), all-ins (A-5) and side pots (P-1) are common),
blinds (a zero small blind is a dead small blind, H-6), antes (B-7), a rule
profile and a smallest chip (P-3), and then plays a whole hand from a seeded
deck, choosing every action from what :meth:`Hand.legal_actions` offers. At
every decision:

* everything offered is accepted: fold, check and call when offered, and bets or
  raises to ``raise_min``, ``raise_max`` and a value between (A-3 … A-8, B-1 … B-4),
  each tried on a copy rebuilt with :meth:`Hand.from_events`;
* nothing else is: a bet or raise to ``raise_min - 1`` or ``raise_max + 1``, any
  bet or raise when none is offered, a check or a call when not offered, and an
  action naming another player (A-2) raise :class:`IllegalAction` and leave the
  events, stacks and legal actions exactly as they were (A-8, X-2);
* the rebuilt copy has the same events, stacks and legal actions.

At the end of the hand:

* chips are conserved (P-9) and every stack is non-negative;
* contributions recomputed from the events match the hand's own totals, pots
  built from them (:func:`build_pots`, P-1) are paid in full and only to players
  who did not fold or muck (A-15, P-2, P-5) and who paid that pot's level;
* only Hi-Lo variants award ``high``/``low`` shares (P-7);
* :meth:`Hand.from_events` rebuilds identical events and stacks.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import event as note
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import (
    PROFILES,
    VARIANTS,
    Action,
    Hand,
    HandConfig,
    IllegalAction,
    LegalActions,
    Limit,
    Options,
    Variant,
)
from pokerroom.engine import events as ev
from pokerroom.engine.pots import build_pots

GAMES = [(variant, limit) for variant in VARIANTS.values() for limit in Limit]
RULE_ID = re.compile(r"[A-Z]-\d+")
"""An IllegalAction names the RULES.md rule that forbids the action."""
MAX_DECISIONS = 2_000
"""Every hand ends (stacks are finite, A-13); a bound turns a loop into a failure."""


@st.composite
def configs(draw: st.DrawFn, variant: Variant, limit: Limit) -> HandConfig:
    """A random hand set-up for ``variant`` and ``limit`` (V-0: up to its seat limit)."""
    players = draw(st.integers(2, variant.max_players))
    big = draw(st.sampled_from([2, 4, 10, 20]))
    small = draw(st.sampled_from([0, 1, big // 2, big]))
    ante = draw(st.sampled_from([0, 0, 1, big // 2]))
    short = st.integers(1, 4 * big)
    deep = st.integers(4 * big, 150 * big)
    stacks = draw(st.lists(st.one_of(short, deep, deep), min_size=players, max_size=players))
    profile = draw(st.sampled_from(sorted(PROFILES)))
    chip = draw(st.sampled_from([1, 1, 1, 5]))
    options = Options.profile(profile, smallest_chip=chip)
    if variant.stud:  # V-5: antes and a bring-in
        return HandConfig.stud(
            stacks,
            ante=ante,
            bring_in=max(small, 1),
            small_bet=big,
            hi_lo=variant.showdown.splits_low,
            limit=limit,
            options=options,
        )
    if variant.boards == 2:  # V-4: everyone antes, no blinds
        return HandConfig.bomb_pot(stacks, ante=max(ante, 1), limit=limit, options=options)
    return HandConfig.holdem(
        stacks,
        small_blind=small,
        big_blind=big,
        ante=ante,
        variant=variant,
        limit=limit,
        options=Options.profile(profile, smallest_chip=chip),
    )


def offered(legal: LegalActions, between: int) -> list[Action]:
    """Every kind of action ``legal`` offers, bets or raises at both bounds and in between."""
    actions = [Action.fold()] if legal.fold else []
    if legal.check:
        actions.append(Action.check())
    if legal.call is not None:
        actions.append(Action.call())
    if legal.bring_in is not None:
        actions.append(Action.bring_in())
    if legal.raise_sizes:
        return actions + [Action.raise_to(size) for size in legal.raise_sizes]
    if legal.raise_min is not None and legal.raise_max is not None:
        low, high = legal.raise_min, legal.raise_max
        actions += [
            Action.raise_to(x) for x in sorted({low, high, low + between % (high - low + 1)})
        ]
    return actions


def not_offered(hand: Hand, legal: LegalActions) -> list[Action]:
    """Actions the rules forbid now (A-3, A-5, A-6, A-8, A-9, A-19, B-2, B-3, B-4)."""
    actions = []
    if not legal.check:
        actions.append(Action.check())
    if legal.call is None:
        actions.append(Action.call())
    if legal.bring_in is None:
        actions.append(Action.bring_in())  # V-5: only the player due the bring-in
    if not legal.fold:
        actions.append(Action.fold())  # V-5: the bring-in player must bring in or complete
    if legal.raise_sizes:  # V-6: a small or a big bet, nothing between
        low, high = legal.raise_sizes[0], legal.raise_sizes[-1]
        actions += [Action.raise_to(x) for x in (low - 1, low + 1, high + 1) if x != high]
    elif legal.raise_min is not None and legal.raise_max is not None:
        actions += [Action.raise_to(legal.raise_min - 1), Action.raise_to(legal.raise_max + 1)]
    else:
        player = legal.player
        bet = max(hand.committed)
        all_in = hand.committed[player] + hand.stacks[player]
        targets = {bet + hand.config.min_bet, all_in, bet + 1}
        actions += [Action.raise_to(x) for x in sorted(targets)]
    return actions


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (
        list(hand.events),
        list(hand.stacks),
        list(hand.committed),
        list(hand.totals),
        hand.to_act,
        hand.phase,
        hand.legal_actions(),
    )


def check_decision(hand: Hand, between: int) -> LegalActions:
    """A-2 … A-19, B-1 … B-4: the legal-action query and ``act`` agree at this decision."""
    legal = hand.legal_actions()
    assert legal.player == hand.to_act
    config = hand.config

    copy = Hand.from_events(config, hand.events)
    assert copy.events == hand.events
    assert copy.stacks == hand.stacks
    assert copy.legal_actions() == legal

    for action in offered(legal, between):
        assert legal.allows(action)
        trial = Hand.from_events(config, hand.events)
        trial.act(action)  # must not raise
        assert trial.events[len(hand.events) :], f"{action} recorded nothing"

    before = snapshot(hand)
    for action in not_offered(hand, legal):
        assert not legal.allows(action)
        with pytest.raises(IllegalAction) as rejected:
            hand.act(action)
        assert RULE_ID.fullmatch(rejected.value.rule), rejected.value.rule
        assert snapshot(hand) == before, f"rejected {action} changed the hand"
    other = (legal.player + 1) % hand.players
    with pytest.raises(IllegalAction) as error:
        hand.act(Action.fold(), player=other)
    assert error.value.rule == "A-2"
    assert snapshot(hand) == before
    return legal


def contributions(hand: Hand) -> list[int]:
    """Each player's chips in the pot, recomputed from the events alone."""
    totals = [0] * hand.players
    this_round = [0] * hand.players
    for event in hand.events:
        match event:
            case ev.PostAnte(player, amount):
                totals[player] += amount
            case ev.PostBlind(player, amount) | ev.BringIn(player, amount):
                totals[player] += amount
                this_round[player] += amount
            case ev.Call(player, to) | ev.BetRaise(player, to):
                totals[player] += to - this_round[player]
                this_round[player] = to
            case ev.ReturnUncalled(player, amount):
                totals[player] -= amount
                this_round[player] -= amount
            case ev.Burn() | ev.Discard():  # a new street (C-4) or the draw (V-8)
                this_round = [0] * hand.players
    return totals


def check_finished(hand: Hand) -> None:
    """P-1, P-2, P-5, P-7, P-9, A-15: the settled hand."""
    config = hand.config
    assert hand.phase == "done"
    assert not hand.unsettled
    assert sum(hand.stacks) == sum(config.stacks)  # P-9
    assert min(hand.stacks) >= 0

    paid_in = contributions(hand)
    assert paid_in == list(hand.totals)
    out = [False] * hand.players
    for event in hand.events:
        if isinstance(event, ev.Fold | ev.Muck):
            out[event.player] = True
    pots = build_pots(paid_in, out)  # P-1
    assert sum(pot.amount for pot in pots) == sum(paid_in)
    paid = [0] * len(pots)
    splits_low = config.variant.showdown.splits_low
    for event in hand.events:
        if not isinstance(event, ev.Award):
            continue
        assert not out[event.player], f"{event} pays a folded or mucked player"  # A-15, P-2
        pot = pots[event.pot]
        assert event.player in pot.eligible, f"{event} pays a player not in {pot}"  # P-1
        assert paid_in[event.player] >= min(paid_in[p] for p in pot.eligible)
        assert event.share in (("all", "high", "low") if splits_low else ("all",))  # P-7
        assert event.amount >= 0
        paid[event.pot] += event.amount
    assert paid == [pot.amount for pot in pots]

    rebuilt = Hand.from_events(config, hand.events)
    assert rebuilt.events == hand.events
    assert rebuilt.stacks == hand.stacks
    assert rebuilt.phase == "done"


def play(data: st.DataObject, variant: Variant, limit: Limit) -> Hand:
    config = data.draw(configs(variant, limit), label="config")
    hand = Hand(config, Deck(seed=data.draw(st.integers(0, 2**32 - 1), label="seed")))
    decisions = 0
    while hand.phase in ("bet", "draw"):
        decisions += 1
        assert decisions <= MAX_DECISIONS, "the hand does not end (A-13)"
        if hand.phase == "draw":  # V-8: discard any of the five, or stand pat
            assert hand.to_draw is not None
            keep = data.draw(st.lists(st.booleans(), min_size=5, max_size=5))
            hand.draw([c for c, k in zip(hand.hole[hand.to_draw], keep, strict=True) if not k])
            continue
        between = data.draw(st.integers(0, 2**16))
        legal = check_decision(hand, between)
        choices = offered(legal, between)
        raises = [a for a in choices if a.amount is not None]
        weighted: list[Action] = choices + raises  # raises twice as likely: all-ins, side pots
        hand.act(data.draw(st.sampled_from(weighted)))
    check_finished(hand)
    note(f"pots: {len({e.pot for e in hand.events if isinstance(e, ev.Award)})}")
    note("showdown" if any(isinstance(e, ev.Show) for e in hand.events) else "no showdown")
    all_in = any(t == s for t, s in zip(hand.totals, hand.config.stacks, strict=True))
    note("all-in" if all_in else "no all-in")
    return hand


def _id(game: tuple[Variant, Limit]) -> str:
    return f"{game[0].code}-{game[1].value}"


@pytest.mark.parametrize(("variant", "limit"), GAMES, ids=[_id(g) for g in GAMES])
@settings(
    max_examples=50,  # x 36 games: 1,800 random hands a run, new ones each run
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_random_legal_play_keeps_every_invariant(
    variant: Variant, limit: Limit, data: st.DataObject
) -> None:
    """P-9, P-1, P-2, A-2 … A-19, B-1 … B-4, V-0 over random hands of every game."""
    play(data, variant, limit)


def test_p1_all_in_for_the_ante_alone_competes_for_the_antes() -> None:
    """P-1: an all-in player is eligible for the levels he paid in full, here the antes.

    Found by the properties above (and by the PokerKit differential test, where
    PokerKit pays the antes to the all-in player). Player 0 has 1 chip and posts
    it as his ante; players 1 and 2 check the hand down. His aces win the main
    pot of the three antes; the side pot of 4 goes to player 2's eight high.
    """
    config = HandConfig.holdem([1, 100, 100], small_blind=1, big_blind=2, ante=1)
    hand = Hand(config)
    for player, cards in enumerate(("As Ad", "7c 2d", "8h 3c")):
        hand.deal_hole(player, parse_cards(cards))
    hand.act(Action.call())
    hand.act(Action.check())
    for board in ("Ks 9d 5c", "4h", "Jc"):
        hand.deal_board(parse_cards(board))
        hand.act(Action.check())
        hand.act(Action.check())
    hand.auto_showdown()
    assert hand.phase == "done"
    assert hand.stacks == (3, 97, 101)
