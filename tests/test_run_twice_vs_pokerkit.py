"""Run it twice against PokerKit's multiple runouts, in lock-step (P-1, P-3, P-7, P-8 by run).

Random all-in hands: players check or call to a random street, then bet as much as
both engines allow until nobody can bet; a few fold on the way, so pots carry dead
money and side pots. When our hand asks for the run count we choose two, and PokerKit
(cash-game mode, where it offers runouts) is told two by every player. Every card our
deck deals — run 1 in full, then run 2, burns as ``??`` — is dealt to PokerKit, which
deals runs in that same order. At the end the stacks must agree, but for odd chips:
PokerKit gives all odd chips of a split to its first winner, we give them one by one
from the button, each pot on its own (P-3; see ``tests/test_engine_vs_pokerkit.py``),
and PokerKit's side-pot low defect (P-7) is undone as there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from pokerkit import (
    Automation,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    Mode,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
    State,
)

from pokerroom.deck import Deck
from pokerroom.engine import HOLDEM, Action, Hand, HandConfig, Limit, Options, Variant, omaha
from pokerroom.engine import events as ev
from tests.test_engine_vs_pokerkit import scoop_unqualified_lows

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""Everything but the cards and the run count: PokerKit is dealt what our deck dealt."""


def _holdem(config: HandConfig) -> State:
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, config.stacks, config.players, mode=Mode.CASH_GAME
    )


def _omaha(config: HandConfig) -> State:
    return PotLimitOmahaHoldem.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, config.stacks, config.players, mode=Mode.CASH_GAME
    )


def _omaha_hilo(config: HandConfig) -> State:
    """PokerKit's "fixed-limit" Omaha Hi-Lo is pot-limit; small = big bet makes it PLO8."""
    return FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, 2, config.stacks, config.players, mode=Mode.CASH_GAME
    )


@dataclass(frozen=True)
class Game:
    name: str
    variant: Variant
    limit: Limit
    pokerkit: Callable[[HandConfig], State]


GAMES = (
    Game("nl-holdem", HOLDEM, Limit.NO_LIMIT, _holdem),
    Game("pl-omaha", omaha(4), Limit.POT_LIMIT, _omaha),
    Game("pl-omaha-hilo", omaha(4, hi_lo=True), Limit.POT_LIMIT, _omaha_hilo),
)
HANDS = 120
"""Hands per game; every one is all-in before the river, so every one is run twice."""


class Lockstep:
    def __init__(self, game: Game, rng: random.Random) -> None:
        players = rng.randint(2, 6)
        stacks = [rng.choice((rng.randint(3, 40), rng.randint(40, 400))) for _ in range(players)]
        self.config = HandConfig.holdem(
            stacks,
            small_blind=1,
            big_blind=2,
            variant=game.variant,
            limit=game.limit,
            options=Options(run_it_twice=True),
        )
        self.hand = Hand(self.config, Deck(seed=rng.getrandbits(64)))
        self.state = game.pokerkit(self.config)
        self.synced = 0
        self.sync()

    def sync(self) -> None:
        """Deal PokerKit every card our hand dealt since the last sync, and the run count."""
        state = self.state
        for event in self.hand.events[self.synced :]:
            if isinstance(event, ev.Burn | ev.DealBoard | ev.ChooseRuns):
                while state.actor_index is not None:  # PokerKit asks a pointless check
                    assert not state.checking_or_calling_amount
                    state.check_or_call()
            match event:
                case ev.DealHole(player, cards):
                    state.deal_hole("".join(str(c) for c in cards), player)
                case ev.Burn():
                    state.burn_card("??")
                case ev.DealBoard(cards):
                    state.deal_board("".join(str(c) for c in cards))
                case ev.ChooseRuns(runs):
                    assert state.can_select_runout_count(), "PokerKit offers no runouts here"
                    while state.can_select_runout_count():
                        state.select_runout_count(runs)
        self.synced = len(self.hand.events)

    def act(self, rng: random.Random, street: int) -> None:
        """Fold now and then when something is owed; call to ``street``; then bet the most."""
        hand, state = self.hand, self.state
        legal = hand.legal_actions()
        owed = state.checking_or_calling_amount
        if owed and hand.players - sum(hand.folded) > 2 and rng.random() < 0.15:
            hand.act(Action.fold())
            state.fold()
            return
        if (
            hand.street >= street
            and legal.raise_max is not None
            and state.can_complete_bet_or_raise_to()
        ):
            top = min(legal.raise_max, state.max_completion_betting_or_raising_to_amount or 0)
            low = max(legal.raise_min or 0, state.min_completion_betting_or_raising_to_amount or 0)
            if top >= low:
                hand.act(Action.raise_to(top))
                state.complete_bet_or_raise_to(top)
                return
        hand.check_or_call()
        state.check_or_call()


def odd_chips_only(hand: Hand, theirs: list[int]) -> bool:
    """P-3: the stacks differ only by odd chips, at most one per pot a player was paid from
    plus one less than the winners of each split part (pot, run, high or low).

    PokerKit kills the losing hands, merges the pots whose contenders then coincide and
    halves the merged pot between the runs; we halve each pot on its own (odd chip to
    run 1), so an odd chip of a halving may land on the other run.
    """
    diffs = [t - o for o, t in zip(hand.stacks, theirs, strict=True)]
    if sum(diffs):
        return False
    parts: dict[tuple[int, int, str], list[int]] = {}
    for event in hand.events:
        if isinstance(event, ev.Award):
            parts.setdefault((event.pot, event.board, event.share), []).append(event.player)
    slack = [0] * hand.players
    for winners in parts.values():
        for player in winners:
            slack[player] += len(winners) - 1
    for _, paid in {(pot, p) for (pot, _, _), winners in parts.items() for p in winners}:
        slack[paid] += 1
    return all(abs(d) <= slack[p] for p, d in enumerate(diffs))


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_run_twice_pays_as_pokerkit_multiple_runouts(game: Game) -> None:
    rng = random.Random(f"run-twice-{game.name}")
    runs_twice = exact = 0
    for _ in range(HANDS):
        match = Lockstep(game, rng)
        street = rng.randint(0, 2)
        hand = match.hand
        while hand.phase == "bet":
            match.act(rng, street)
            match.sync()
        if hand.phase == "runs":
            hand.choose_runs(2)
            match.sync()
            runs_twice += 1
        assert hand.phase == "done"
        assert not match.state.status, "PokerKit has not finished the hand"
        theirs = scoop_unqualified_lows(match.state)
        exact += theirs == list(hand.stacks)
        assert theirs == list(hand.stacks) or odd_chips_only(hand, theirs), (
            f"ours {hand.stacks}, PokerKit {theirs}, boards "
            f"{[[str(c) for c in b] for b in hand.boards]}, "
            f"holes {[[str(c) for c in h] for h in hand.hole]}"
        )
    assert runs_twice > HANDS // 2, f"only {runs_twice} hands were run twice"
    assert exact > HANDS // 2
