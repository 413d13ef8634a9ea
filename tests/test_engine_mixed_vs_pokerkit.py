"""Differential test of Stud, Stud Hi-Lo, Five-card Draw and the bomb pot against PokerKit.

Rules: V-4 … V-8, C-6, E-8, P-7, P-8, and A-1 … A-19, B-1 … B-4 as they apply in
these games. The method is that of ``tests/test_engine_vs_pokerkit.py``: every
random hand is played by both engines in lock-step. Our :class:`Hand` deals from a
seeded :class:`~pokerroom.deck.Deck`, and every card it deals, burns (the real
card, so both decks hold the same cards for C-6) or has discarded is given to
PokerKit explicitly; PokerKit's card automations are off. Players map one to
one (our position 0, left of the button, is PokerKit's player 0). At every
decision we compare whose turn it is, the bring-in amount, whether folding is
allowed, the check-or-call amount and the bet/raise range; at every draw, who
draws; at the end, every final stack. Actions are drawn at random from what both
engines allow, biased to raises so that all-ins, short all-ins and side pots are
common. A share of the hands is played passively (few folds and raises), so that
seven or eight Stud players reach seventh street and the deck runs out (C-6);
a share of the Draw hands has every player draw five, so that the discards are
reshuffled (C-6). The test also checks that those situations happened.

Hands per game (seeded, so every run plays the same hands), about 60 s in all on a
2-core machine. Each count is a few times what its game needs to meet every situation
of :data:`WANTED` (the rarest, first met at: Stud V-7 hand 78, E-8 hand 55; Hi-Lo P-7
hand 99, the odd chip between the halves P-3 hand 669; the PL bomb pot P-3 hand 38, A-9
hand 55):

=================================  ======
FL Seven-card Stud (2–8 players)      500
FL Stud Hi-Lo (2–8)                   800
NL, PL, FL Five-card Draw (2–6)       800 each
PL double-board bomb pot (2–9)        250
NL, FL double-board bomb pot (2–9)    200 each
=================================  ======

PokerKit games: Stud and Stud Hi-Lo are PokerKit's ``FixedLimitSevenCardStud`` and
``FixedLimitSevenCardStudHighLowSplitEightOrBetter``. Draw and the bomb pot are
plain PokerKit ``State`` objects built from ``Street`` definitions:

* Five-card Draw (V-8): five cards down and a betting round; then a draw street
  (``draw_status``) and a betting round with the big bet in fixed-limit.
  PokerKit's own single-draw classes burn a card before the draw; C-4 burns only
  before community cards and later Stud streets, so this state does not.
  PokerKit deals the replacements only after everyone has discarded, we deal
  them to each player at once; the cards are the same, so PokerKit gets them
  after the last discard.
* Bomb pot (V-4): PokerKit has no street without a betting round, so its first
  street deals the four hole cards *and* both flops, then the first round opens
  left of the button (no blinds, antes only); ``starting_board_count=2`` gives two
  boards, halved with the odd chip to the first (P-8, as ours). We burn a card
  per board before each street (V-4 *interpretation*), PokerKit one per street
  and none before its first; burned cards change no decision and no payout.

PokerKit's hand types are wrapped in a per-hand memo (no result changes; several
times faster). PokerKit warns when an explicitly dealt card comes from its
reserve of burned and mucked cards; that is C-6 itself, so that one warning is
silenced (:func:`quiet`).

Deliberate differences (:data:`KNOWN_DIFFERENCES`): RULES.md readings PokerKit does
not share, PokerKit defects, and one engine bug (reported, see below). Each is
recognised only in its own situation and only with the difference it predicts
(:meth:`Match.explain`, :meth:`Match.e8_tie`); only the compared value of that
decision is exempt, and only actions both engines allow are played.
The ``test_*_known_difference_*`` tests at the end show the Stud ones on the
smallest hands. Shared with the Hold'em/Omaha differential test:

* A-10 — fixed-limit all-in for less: under half a bet is a call (the next player
  may complete it to the full bet, a player who already acted may only call or
  fold), half or more is a full raise; PokerKit always demands a full raise over
  the all-in and never reopens. In Stud: a check, a check, then an all-in bet of 4 on a 10 street
  → the checkers may only call 4 or fold (PokerKit: raise to 14).
* B-4 — fixed-limit cap: a round that began heads-up has no cap; in Draw the big
  blind is the first of the four bets (PokerKit allows four raises after it).
* A-9 — a short all-in reopens per player (NL/PL Draw, bomb pot).
* A-17 — no more betting possible: we deal on; PokerKit first asks a pointless check.
* A-18 — fold allowed when checking is free; compared only when something is owed.
* P-3 — odd chips one by one from the button, each pot on its own (final stacks
  may differ by odd chips only, :func:`odd_chips_only`).
* P-7 — PokerKit's side-pot low defect, undone by :func:`scoop_unqualified_lows`.

New here:

* E-8 — equal showing hands: the suit of the highest card decides who acts first
  (C-2); PokerKit takes the first player by seat. The turn is then given to our
  first actor in PokerKit too (its queue of actors is rotated), so lock-step goes on.
* V-6 — open pair on fourth street: a bet or raise may be the small or the big
  bet; PokerKit offers only the small one. Only the small one is played.
* V-7 — the player due the bring-in is all-in: the next player may also fold
  (002 6.5.4); PokerKit makes him bring in or complete. Folding is not played.

Not differences: the bring-in player may complete instead of bringing in (V-5) in
both engines, and both deal the C-6 community card in the same hands. Before a
street that gives each of L players his (n+1)-th card, 52 − n·L cards are in the
stock, the burns and the muck. PokerKit deals a community card when they are
fewer than L; we when they are fewer than L + 1 (the stock's last card is never
dealt; the street's burn comes back with the burns). The two differ only when
(n+1)·L = 52, which no Stud street (n = 3 … 6) with 2–8 players meets.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial

import pytest
from pokerkit import (
    BettingStructure,
    Deck,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    Opening,
    State,
    Street,
)

from pokerroom.cards import Card as OurCard
from pokerroom.cards import parse_cards
from pokerroom.deck import Deck as OurDeck
from pokerroom.engine import Action, ActionKind, Hand, HandConfig, LegalActions, Limit, Options
from pokerroom.engine import events as ev
from pokerroom.engine.stud import bring_in_player
from pokerroom.evaluate.showing import evaluate_showing
from tests.pokerkit_memo import (
    MemoEightOrBetterLowHand,
    MemoOmahaHoldemHand,
    MemoStandardHighHand,
    clear_memo,
)
from tests.test_engine_vs_pokerkit import AUTOMATIONS, odd_chips_only, scoop_unqualified_lows

KNOWN_DIFFERENCES = {
    "A-10": "fixed-limit all-in for less: under half a bet is a call, half or more a full "
    "raise; PokerKit demands a full raise over it and never reopens",
    "B-4": "fixed-limit cap: none in a round that began heads-up; the big blind is the first bet",
    "A-9": "a short all-in reopens per player; PokerKit sums short all-ins for everyone",
    "A-17": "no more betting possible: we deal on; PokerKit first asks a pointless check",
    "A-18": "folding is allowed when checking is free; PokerKit refuses it",
    "P-3": "odd chips one by one from the button, each pot on its own",
    "P-7": "PokerKit splits a side pot's low half among contenders without a low",
    "E-8": "equal showing hands: the suit of the highest card decides; PokerKit: first seat",
    "V-6": "open pair on fourth street: small or big bet; PokerKit: small only",
    "V-7": "bring-in due from an all-in player: the next player may also fold",
}

_STRUCTURES = {
    Limit.NO_LIMIT: BettingStructure.NO_LIMIT,
    Limit.POT_LIMIT: BettingStructure.POT_LIMIT,
    Limit.FIXED_LIMIT: BettingStructure.FIXED_LIMIT,
}


@contextmanager
def quiet() -> Iterator[None]:
    """Silence PokerKit's warning that a dealt card comes from its reserve (that is C-6)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "A card being dealt", UserWarning)
        warnings.filterwarnings("ignore", "Returning reserved", UserWarning)
        yield


# --------------------------------------------------------------------------- PokerKit games


class MemoStud(FixedLimitSevenCardStud):
    hand_types = (MemoStandardHighHand,)


class MemoStudHiLo(FixedLimitSevenCardStudHighLowSplitEightOrBetter):
    hand_types = (MemoStandardHighHand, MemoEightOrBetterLowHand)


def stud_state(config: HandConfig) -> State:
    """PokerKit's own fixed-limit Stud (or Stud Hi-Lo) class."""
    game = MemoStudHiLo if config.variant.showdown.splits_low else MemoStud
    return game.create_state(
        AUTOMATIONS,
        True,
        config.ante(0),
        config.bring_in,
        config.min_bet,
        config.big_bet_size,
        config.stacks,
        config.players,
    )


def _sizes(config: HandConfig) -> tuple[int, int, int | None]:
    """(first-round bet, later-round bet, cap) as PokerKit streets take them (B-3, B-4)."""
    if config.limit is Limit.FIXED_LIMIT:
        return config.min_bet, config.big_bet_size, 4
    return config.min_bet, config.min_bet, None


def draw_state(config: HandConfig) -> State:
    """Five-card Draw (V-8): deal five, bet, draw (no burn, C-4), bet."""
    small, big, cap = _sizes(config)
    streets = (
        Street(False, (False,) * 5, 0, False, Opening.POSITION, small, cap),
        Street(False, (), 0, True, Opening.POSITION, big, cap),
    )
    blinds = tuple(sorted(b for b in config.blinds if b)) if any(config.blinds) else ()
    return State(
        AUTOMATIONS,
        Deck.STANDARD,
        (MemoStandardHighHand,),
        streets,
        _STRUCTURES[config.limit],
        True,
        config.ante(0),
        blinds,
        0,
        config.stacks,
        config.players,
        mode=Mode.TOURNAMENT,
    )


def bomb_pot_state(config: HandConfig) -> State:
    """V-4: holes and both flops on the first street (no preflop round), two boards."""
    small, big, cap = _sizes(config)
    streets = (
        Street(False, (False,) * 4, 3, False, Opening.POSITION, small, cap),
        Street(True, (), 1, False, Opening.POSITION, big, cap),
        Street(True, (), 1, False, Opening.POSITION, big, cap),
    )
    return State(
        AUTOMATIONS,
        Deck.STANDARD,
        (MemoOmahaHoldemHand,),
        streets,
        _STRUCTURES[config.limit],
        True,
        config.ante(0),
        (),
        0,
        config.stacks,
        config.players,
        mode=Mode.TOURNAMENT,
        starting_board_count=2,
    )


# --------------------------------------------------------------------------- random hands


def _stacks(rng: random.Random, players: int, unit: int, *, deep: bool) -> list[int]:
    """A mix of short stacks (all-ins, side pots) and deep ones; all deep when ``deep``."""
    stacks = []
    for _ in range(players):
        shape = 1.0 if deep else rng.random()
        if shape < 0.3:
            stacks.append(rng.randint(1, 6 * unit))
        elif shape < 0.85:
            stacks.append(rng.randint(10 * unit, 60 * unit))
        else:
            stacks.append(rng.randint(100 * unit, 200 * unit))
    return stacks


def stud_config(rng: random.Random, passive: bool, *, hi_lo: bool) -> HandConfig:
    """V-5: antes (sometimes none), a bring-in below the small bet, 2–8 players."""
    small = rng.choice((2, 4, 10, 20))
    players = rng.choice((7, 8)) if passive else rng.randint(2, 8)
    return HandConfig.stud(
        _stacks(rng, players, small, deep=passive),
        ante=rng.choice((0, 1, small // 4, small // 2)),
        bring_in=rng.choice((1, max(small // 4, 1), small // 2)),
        small_bet=small,
        hi_lo=hi_lo,
        options=Options.profile("home"),
    )


def draw_config(rng: random.Random, passive: bool, *, limit: Limit) -> HandConfig:
    """V-8: blinds (with or without antes) or antes alone; a short big blind is avoided (A-11).

    ``passive`` changes nothing in the set-up of a Draw hand (only in how it is played).
    """
    players = rng.randint(2, 6)
    big = rng.choice((2, 4, 10))
    ante = rng.choice((0, 0, 1, big // 2))
    stacks = _stacks(rng, players, big, deep=False)
    if rng.random() < 0.25:
        return HandConfig.draw(stacks, small_blind=0, big_blind=0, ante=max(ante, 2), limit=limit)
    big_blind = 0 if players == 2 else 1
    stacks[big_blind] = max(stacks[big_blind], ante + big + 1)
    small = rng.choice((big // 2, big // 2, 1, big))
    return HandConfig.draw(stacks, small_blind=small, big_blind=big, ante=ante, limit=limit)


def bomb_pot_config(rng: random.Random, passive: bool, *, limit: Limit) -> HandConfig:
    """V-4: 2–9 players, everyone antes the same (``passive`` plays no part)."""
    ante = rng.choice((1, 2, 5, 10))
    players = rng.randint(2, 9)
    return HandConfig.bomb_pot(_stacks(rng, players, ante, deep=False), ante=ante, limit=limit)


@dataclass(frozen=True)
class Game:
    name: str
    hands: int
    config: Callable[[random.Random, bool], HandConfig]
    state: Callable[[HandConfig], State]
    passive_share: float = 0.0
    """Hands played with few folds and raises (Stud: seven or eight players to seventh street)."""
    draw_five_share: float = 0.0
    """Draw hands where everyone discards all five (C-6: the discards are reshuffled)."""


_SHORT = {Limit.NO_LIMIT: "nl", Limit.POT_LIMIT: "pl", Limit.FIXED_LIMIT: "fl"}
GAMES = (
    Game("fl-stud", 500, partial(stud_config, hi_lo=False), stud_state, passive_share=0.2),
    Game("fl-stud-hilo", 800, partial(stud_config, hi_lo=True), stud_state, passive_share=0.2),
    *(
        Game(
            f"{_SHORT[limit]}-draw",
            800,
            partial(draw_config, limit=limit),
            draw_state,
            passive_share=0.2,
            draw_five_share=0.3,
        )
        for limit in Limit
    ),
    *(
        Game(
            f"{_SHORT[limit]}-bomb-pot",
            hands,
            partial(bomb_pot_config, limit=limit),
            bomb_pot_state,
        )
        for limit, hands in (
            (Limit.POT_LIMIT, 250),
            (Limit.NO_LIMIT, 200),
            (Limit.FIXED_LIMIT, 200),
        )
    ),
)


# --------------------------------------------------------------------------- lock-step


class MismatchError(AssertionError):
    pass


@dataclass
class Round:
    """The current betting round as RULES.md reads it, tracked from the actions played."""

    street: int
    contenders: int
    """Players not folded when the round began (B-4)."""
    full_increment: int
    """NL/PL: the last full bet or raise increment (A-6; the big blind counts)."""
    full_level: int = 0
    """FL: the bet of the last full bet or raise; an all-in of half a bet counts (A-10)."""
    full_bets: int = 0
    """FL: full bets and raises this round, the big blind included (B-4)."""
    irregular: bool = False
    """A bet or raise was not exactly one bet (FL) or a full increment (NL/PL): an all-in."""
    open_pair: bool = False
    """Stud, fourth street: a player in the hand when the round began shows a pair (V-6)."""
    acted: set[int] = field(default_factory=set)

    @property
    def capped(self) -> bool:
        """B-4: one bet and three raises, unless the round began heads-up."""
        return self.contenders > 2 and self.full_bets >= 4


def _text(cards: tuple[OurCard | None, ...]) -> str:
    return "".join(str(card) for card in cards)


@dataclass
class Match:
    """One hand played by both engines in lock-step."""

    game: str
    config: HandConfig
    hand: Hand
    state: State
    seen: Counter[str]
    """Exempted differences and situations met (C-6 and the like), counted."""
    moves: list[str] = field(default_factory=list)
    synced: int = 0
    held: list[tuple[int, str]] = field(default_factory=list)
    """Draw replacements PokerKit gets only after everyone has discarded (V-8)."""
    round: Round | None = None

    def fail(self, what: str) -> MismatchError:
        config = self.config
        return MismatchError(
            f"{self.game}: {what}\n  config: stacks={list(config.stacks)} blinds={config.blinds} "
            f"ante={config.ante(0)} bring_in={config.bring_in} min_bet={config.min_bet}\n"
            f"  up cards: {[[str(c) for c in up] for up in self.hand.up]}\n"
            f"  actions: {' '.join(self.moves)}"
        )

    # ------------------------------------------------------------------ cards

    def sync(self) -> None:
        """Give PokerKit every card our hand dealt, burned or had discarded since the last sync."""
        events, state = self.hand.events, self.state
        with quiet():
            for event in events[self.synced :]:
                if isinstance(event, ev.DealHole | ev.Burn | ev.DealBoard | ev.Discard | ev.Show):
                    self.skip_pointless_check()
                match event:
                    case ev.DealHole(player, cards):
                        if state.stand_patter_or_discarder_index is not None or self.held:
                            self.held.append((player, _text(cards)))
                        else:
                            state.deal_hole(_text(cards), player)
                    case ev.Burn(card):
                        if state.card_burning_status:  # V-4: PokerKit burns once per street
                            state.burn_card(str(card))
                    case ev.DealBoard(cards):
                        state.deal_board(_text(cards))
                    case ev.Discard(_, cards):
                        state.stand_pat_or_discard(_text(cards))
                if self.held and state.stand_patter_or_discarder_index is None:
                    for player, cards_text in self.held:
                        state.deal_hole(cards_text, player)
                    self.held.clear()
        self.synced = len(events)
        hand = self.hand
        if hand.phase == "bet" and (self.round is None or self.round.street != hand.street):
            blind = max(self.config.blinds, default=0) if hand.street == 0 else 0
            self.round = Round(
                hand.street,
                hand.players - sum(hand.folded),
                max(self.config.min_bet, blind),
                full_level=blind,
                full_bets=1 if blind else 0,
                open_pair=hand.street == 1
                and any(self.open_pair(p) for p in range(hand.players) if not hand.folded[p]),
            )

    def skip_pointless_check(self) -> None:
        """A-17: no more betting is possible, so we deal on; PokerKit may still ask a check."""
        state = self.state
        while state.actor_index is not None:
            if state.checking_or_calling_amount or state.can_complete_bet_or_raise_to():
                raise self.fail(
                    f"we deal on, PokerKit expects player {state.actor_index} to act "
                    f"(owes {state.checking_or_calling_amount})"
                )
            state.check_or_call()
            self.seen["A-17"] += 1

    # ------------------------------------------------------------------ decisions

    def e8_tie(self, player: int) -> bool:
        """E-8: PokerKit's first actor is the first seat of equal showing hands; ours the suit.

        When that is the only reason the turns differ, PokerKit's queue of actors
        is rotated to our first actor, so both go on from the same player.
        """
        hand, state, round_ = self.hand, self.state, self.round
        theirs = state.opener_index
        if not self.config.variant.stud or hand.street == 0 or round_ is None or round_.acted:
            return False
        if theirs is None or player not in state.actor_indices:
            return False
        live = [p for p in range(hand.players) if not hand.folded[p]]
        showing = {p: evaluate_showing([c for c in hand.up[p] if c is not None]) for p in live}
        ours = max(live, key=lambda p: showing[p])
        tied = [
            p
            for p in live
            if (showing[p].category, showing[p].ranks)
            == (showing[ours].category, showing[ours].ranks)
        ]
        if ours == theirs or theirs != min(tied):
            return False
        assert showing[ours].top_suit > showing[theirs].top_suit  # C-2: the higher suit
        state.actor_indices.rotate(-state.actor_indices.index(player))
        return state.actor_index == player

    def bring_in_passed(self) -> bool:
        """V-7: the lowest up card belongs to a player all-in by his ante."""
        hand = self.hand
        lowest = bring_in_player(hand.up, [not folded for folded in hand.folded])
        return hand.street == 0 and hand.stacks[lowest] == 0

    def unit(self) -> int:
        street = self.config.variant.streets[self.hand.street]
        return self.config.big_bet_size if street.big_bet else self.config.min_bet

    def explain(self, legal: LegalActions, theirs: tuple[int | None, int | None]) -> list[str]:
        """The known differences (rule IDs) that account for differing bet/raise ranges.

        Each applies only in its own situation and only with the difference it
        predicts; where RULES.md fixes our answer there, it is checked too.
        """
        hand, round_, config = self.hand, self.round, self.config
        assert round_ is not None
        player = legal.player
        all_in_to = hand.committed[player] + hand.stacks[player]
        ours, offered = legal.raise_min is not None, theirs[0] is not None
        found = []
        if config.limit is Limit.FIXED_LIMIT:
            unit = self.unit()
            level = round_.full_level
            if round_.irregular:
                expected = min(level + unit, all_in_to)  # complete to the full bet
                if (
                    ours
                    and legal.raise_min == expected
                    and (
                        legal.raise_max == expected or round_.open_pair  # V-6: or the big bet
                    )
                ):
                    found.append("A-10")
                elif not ours and (
                    (player in round_.acted and level <= hand.committed[player]) or round_.capped
                ):
                    found.append("A-10")  # not reopened, or capped (B-4)
            if round_.contenders == 2 and round_.full_bets >= 4 and ours and not offered:
                found.append("B-4")  # heads-up from the start: no cap
            if round_.street == 0 and config.blinds and round_.capped and not ours and offered:
                found.append("B-4")  # the big blind and three raises
            small, big = min(level + unit, all_in_to), min(level + config.big_bet_size, all_in_to)
            if (
                config.variant.stud
                and round_.open_pair
                and legal.raise_sizes == (small, big)
                and theirs == (small, small)
            ):
                found.append("V-6")
        elif round_.irregular and player in round_.acted:
            bet = max(hand.committed)
            reopened = bet - hand.committed[player] >= round_.full_increment
            if ours == reopened:
                found.append("A-9")
        return found

    def open_pair(self, player: int) -> bool:
        ranks = [card.rank for card in self.hand.up[player] if card is not None]
        return len(set(ranks)) < len(ranks)

    def compare(self) -> LegalActions:
        """Compare the decision; count the exemptions in force; return our legal actions."""
        hand, state = self.hand, self.state
        legal = hand.legal_actions()
        player = legal.player
        if state.actor_index != player and self.e8_tie(player):
            self.seen["E-8"] += 1
        if state.actor_index != player:
            raise self.fail(f"to act: ours {player}, PokerKit {state.actor_index}")
        theirs_bring_in = state.effective_bring_in_amount if state.can_post_bring_in() else None
        if legal.bring_in != theirs_bring_in:
            raise self.fail(
                f"player {player} bring-in: ours {legal.bring_in}, PokerKit's {theirs_bring_in}"
            )
        owed = None if legal.call is None else legal.call - hand.committed[player]
        if legal.check:
            owed = 0
        if state.checking_or_calling_amount != owed:
            raise self.fail(
                f"player {player} check/call amount: ours {owed} ({legal.describe()}), "
                f"PokerKit {state.checking_or_calling_amount}"
            )
        if not legal.check and legal.fold != state.can_fold():  # compared when owing
            if legal.fold and legal.bring_in is not None and self.bring_in_passed():
                self.seen["V-7"] += 1  # the duty passed from an all-in player: fold too
            else:
                raise self.fail(
                    f"player {player} fold: ours {legal.fold}, PokerKit's {state.can_fold()}"
                )
        ours = (legal.raise_min, legal.raise_max)
        theirs = (
            state.min_completion_betting_or_raising_to_amount,
            state.max_completion_betting_or_raising_to_amount,
        )
        if ours != theirs:
            exempt = self.explain(legal, theirs)
            if not exempt:
                raise self.fail(
                    f"player {player} bet/raise range: ours {ours} ({legal.describe()}), "
                    f"PokerKit {theirs}"
                )
            self.seen.update(exempt)
        return legal

    def choose(self, rng: random.Random, legal: LegalActions, passive: bool) -> Action:
        """A random action both engines allow, biased to bets and raises unless ``passive``."""
        state = self.state
        sizes = legal.raise_sizes or (legal.raise_min, legal.raise_max)
        amounts = sorted({size for size in sizes if size is not None})
        if amounts and legal.raise_min != legal.raise_max and not legal.raise_sizes:
            amounts.append(rng.randint(amounts[0], amounts[-1]))
        amounts = [a for a in amounts if state.can_complete_bet_or_raise_to(a)]
        roll = rng.random()
        if amounts and roll < (0.08 if passive else 0.4):
            return Action.raise_to(rng.choice(amounts))
        if legal.bring_in is not None:
            return Action.bring_in()
        if not legal.check and roll > (0.99 if passive else 0.82):
            return Action.fold()
        return Action.check() if legal.check else Action.call()

    def apply(self, action: Action) -> None:
        hand, state, round_ = self.hand, self.state, self.round
        assert round_ is not None
        player = hand.to_act
        assert player is not None
        before = max(hand.committed)
        level = round_.full_level
        hand.act(action)
        match action.kind:
            case ActionKind.FOLD:
                state.fold()
            case ActionKind.CHECK | ActionKind.CALL:
                state.check_or_call()
            case ActionKind.BRING_IN:
                state.post_bring_in()
            case ActionKind.RAISE:
                assert action.amount is not None
                state.complete_bet_or_raise_to(action.amount)
                self.record_raise(round_, action.amount, before, level)
        round_.acted.add(player)
        self.moves.append(f"p{player}:{action}")

    def record_raise(self, round_: Round, to: int, before: int, level: int) -> None:
        """Track the round by RULES.md: A-10 half-bet raises, A-6 full increments, B-4 bets."""
        if self.config.limit is Limit.FIXED_LIMIT:
            unit = self.unit()
            if 2 * (to - level) >= unit:  # half a bet is a raise
                round_.full_level = to
                round_.full_bets += 1
            round_.irregular |= to - level != unit
        else:
            increment = to - before
            if increment >= round_.full_increment:
                round_.full_increment = increment
            else:
                round_.irregular = True

    def draw(self, rng: random.Random, draw_five: bool) -> None:
        """V-8: the player to draw discards all five or a random part; PokerKit must agree who."""
        hand = self.hand
        player = hand.to_draw
        if self.state.stand_patter_or_discarder_index != player:
            raise self.fail(
                f"to draw: ours {player}, PokerKit {self.state.stand_patter_or_discarder_index}"
            )
        assert player is not None
        hole = hand.hole[player]
        cards = list(hole) if draw_five else [card for card in hole if rng.random() < 0.4]
        hand.draw(cards)
        self.moves.append(f"p{player}:draw {len(cards)}")

    def finish(self) -> None:
        """P-1 … P-3, P-7, P-8: the same final stacks, but for odd chips and the P-7 defect."""
        hand, state = self.hand, self.state
        if hand.phase != "done":
            raise self.fail(f"our hand stopped in phase {hand.phase}")
        if state.status:
            raise self.fail(f"PokerKit still expects {state.actor_index} to act")
        theirs = scoop_unqualified_lows(state)
        if theirs != list(state.stacks):
            self.seen["P-7"] += 1
        if theirs != list(hand.stacks) and odd_chips_only(hand, theirs):
            self.seen["P-3"] += 1
        elif theirs != list(hand.stacks):
            raise self.fail(f"final stacks: ours {hand.stacks}, PokerKit {list(state.stacks)}")


def play_hand(game: Game, rng: random.Random, seen: Counter[str]) -> Hand:
    clear_memo()
    passive = rng.random() < game.passive_share
    draw_five = rng.random() < game.draw_five_share
    config = game.config(rng, passive)
    hand = Hand(config, OurDeck(seed=rng.getrandbits(64)))
    match = Match(game.name, config, hand, game.state(config), seen)
    match.sync()
    while hand.phase in ("bet", "draw"):
        if hand.phase == "draw":
            match.draw(rng, draw_five)
        else:
            legal = hand.legal_actions()
            match.compare()
            match.apply(match.choose(rng, legal, passive))
        match.sync()
    match.finish()
    note_situations(hand, seen)
    return hand


def note_situations(hand: Hand, seen: Counter[str]) -> None:
    """Count the situations the test is meant to reach, so that it can insist on them."""
    dealt = sum(
        1 if isinstance(event, ev.Burn) else len(event.cards)
        for event in hand.events
        if isinstance(event, ev.DealHole | ev.DealBoard | ev.Burn)
    )
    if hand.config.variant.stud and any(isinstance(e, ev.DealBoard) for e in hand.events):
        seen["C-6 community card"] += 1
    if hand.config.variant.stud and sum(not f for f in hand.folded) >= 7 and len(hand.hole[0]) == 7:
        seen["seventh street with 7+ players"] += 1
    if dealt > 51:
        seen["C-6 reshuffled burns or muck"] += 1
    if any(isinstance(e, ev.Discard) and len(e.cards) == 5 for e in hand.events):
        seen["drew five"] += 1


SITUATIONS = {
    "C-6 community card",
    "C-6 reshuffled burns or muck",
    "seventh street with 7+ players",
    "drew five",
}
WANTED = {
    "fl-stud": ("C-6 community card", "C-6 reshuffled burns or muck", "E-8", "V-6", "V-7"),
    "fl-stud-hilo": (
        "C-6 community card",
        "C-6 reshuffled burns or muck",
        "E-8",
        "V-6",
        "P-7",
        "P-3",
    ),
    "nl-draw": ("C-6 reshuffled burns or muck", "drew five"),
    "pl-draw": ("C-6 reshuffled burns or muck", "drew five"),
    "fl-draw": ("C-6 reshuffled burns or muck", "drew five", "B-4"),
    "pl-bomb-pot": ("P-3",),
}
"""Situations each game must have met, so that the comparison covered them."""


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_engine_matches_pokerkit_in_stud_draw_and_bomb_pot(game: Game) -> None:
    """V-4 … V-8, C-6, E-8, P-7, P-8, A-1 … A-19, B-1 … B-4: the same decisions and payouts."""
    rng = random.Random(f"pokerkit-{game.name}")
    seen: Counter[str] = Counter()
    for _ in range(game.hands):
        play_hand(game, rng, seen)
    assert set(seen) <= set(KNOWN_DIFFERENCES) | SITUATIONS
    for situation in WANTED.get(game.name, ()):
        assert seen[situation], f"{game.name}: no hand met {situation!r} ({dict(seen)})"


# --------------------------------------------------------------------------- known differences


class Stacked:
    """A card source dealing the given cards in order, burns included (chosen situations)."""

    def __init__(self, cards: str) -> None:
        self.cards = parse_cards(cards)[::-1]

    def deal(self, count: int) -> list[OurCard]:
        return [self.cards.pop() for _ in range(count)]

    def burn(self) -> OurCard:
        return self.cards.pop()

    def discard(self, cards: Iterable[OurCard]) -> None:
        pass

    def available(self) -> int:
        return len(self.cards)


def lockstep(stacks: list[int], bring_in: int, cards: str, moves: str) -> Match:
    """Both engines after ``moves`` (``b`` bring in, ``c`` check or call, ``r20`` raise to 20).

    Stud with antes of 1 and a 10/20 limit. ``cards`` are dealt in order: first
    down cards one at a time, second down cards, up cards, then each later
    street after its burn.
    """
    config = HandConfig.stud(stacks, ante=1, bring_in=bring_in, small_bet=10, big_bet=20)
    hand = Hand(config, Stacked(cards))
    match = Match("example", config, hand, stud_state(config), Counter())
    match.sync()
    for move in moves.split():
        legal = match.compare()
        if move == "b":
            match.apply(Action.bring_in())
        elif move == "c":
            match.apply(Action.check() if legal.check else Action.call())
        else:
            match.apply(Action.raise_to(int(move[1:])))
        match.sync()
    return match


def pokerkit_range(state: State) -> tuple[int | None, int | None]:
    return (
        state.min_completion_betting_or_raising_to_amount,
        state.max_completion_betting_or_raising_to_amount,
    )


THIRD = "3h 5h 3d 4h 6h 4d"
"""Down cards of three players: 3h 4h, 5h 6h and 3d 4d."""


def test_e8_known_difference_equal_showing_hands() -> None:
    """E-8: K-7 against K-7 on fourth street: we start with the king of spades (player 2),
    PokerKit with the first seat (player 0); its turn is moved to player 2."""
    match = lockstep([100] * 3, 5, f"{THIRD} Kd 2c Ks 9c 7h 8c 7c", "b c c")
    assert match.state.opener_index == 0 and match.hand.to_act == 2
    legal = match.compare()
    assert legal.player == 2 and match.state.actor_index == 2
    assert match.seen == Counter({"E-8": 1})


def test_v6_known_difference_open_pair_on_fourth_street() -> None:
    """V-6: the open pair of queens lets us bet 10 or 20; PokerKit only 10."""
    match = lockstep([100] * 3, 5, f"{THIRD} Qs 2c 9d 9c Qd 7h Kc", "b c c")
    legal = match.compare()
    assert legal.raise_sizes == (10, 20)
    assert pokerkit_range(match.state) == (10, 10)
    assert match.seen == Counter({"V-6": 1})


def test_v7_known_difference_bring_in_from_an_all_in_player() -> None:
    """V-7: player 0 posted his only chip as the ante and shows the lowest card; player 1 may
    fold, bring in or complete; PokerKit does not let him fold."""
    cards = "3h 5h 3d 7s 4h 6h 4d 8s 2c Kh 9d Qs"
    match = lockstep([1, 100, 100, 100], 5, cards, "")
    legal = match.compare()
    assert legal.describe() == ["fold", "bring in 5", "complete to 10"]
    assert not match.state.can_fold() and match.state.can_post_bring_in()
    assert match.seen == Counter({"V-7": 1})


def test_a10_known_difference_short_all_in_bet_after_checks() -> None:
    """A-10: on fourth street two players check, the third bets his last 4 (less than half of
    10): not a bet, so the checkers may only call 4 or fold; PokerKit lets them raise to 14."""
    cards = f"{THIRD} Kd 9s 2c Tc Ah 8h 5c"
    match = lockstep([100, 100, 6], 1, cards, "b c c c c r4")
    legal = match.compare()
    assert legal.describe() == ["fold", "call 4"]
    assert pokerkit_range(match.state) == (14, 14)
    assert match.seen == Counter({"A-10": 1})


def test_b4_known_difference_heads_up_stud_has_no_cap() -> None:
    """B-4: heads-up from the start, a fifth bet is allowed; PokerKit caps at four."""
    match = lockstep([100, 100], 5, "3h 5h 4h 6h Kd 2c", "b r10 r20 r30 r40")
    legal = match.compare()
    assert (legal.raise_min, legal.raise_max) == (50, 50)
    assert pokerkit_range(match.state) == (None, None)
    assert match.seen == Counter({"B-4": 1})
