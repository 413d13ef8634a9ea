"""Replaying a PHH hand through the engine: every bet checked by the rules, every pot paid.

Mapping. PHH ``p1`` … ``pn`` are the engine's positions 0 … n-1 (``p1`` left of
the button, ``pn`` the button). Heads-up the spec applies ``antes`` and
``blinds_or_straddles`` in reverse — ``p2`` is the button and posts the first
entry — which is exactly the engine's heads-up layout (position 0 the big blind,
position 1 the button posting the small blind, H-7), so only those two lists
are reversed.

Amounts. Decimal amounts (HandHQ's ``0.25``) are scaled by 10^k to whole chips,
k being the most decimal places any amount of the hand uses; the hand is
replayed exactly in those chips (P-3 splits to one of them) and every result is
scaled back. No float is involved.

Posts. A negative entry of ``blinds_or_straddles`` is a *post* (HandHQ: a new
player paying to play at once): a live bet of that size that does not move the
first action, which stays left of the big blind (PokerKit's reading). The engine
takes the first actor from its blinds, so the replay moves the post into the
poster's first preflop action — a check becomes a call of the post, a raise is
unchanged — or, when he folds or never acts, posts it as dead money (an ante).
Every stack and pot is the same; a note in :attr:`ReplayResult.notes` says so.

Strict about betting: an action out of turn (A-2), an illegal amount, or a deal
while a player is still to act (A-13) stops the replay with a
:class:`ReplayError` naming the action, the rule and the legal options. Lenient
about the showdown: shows and mucks are applied in the order written; a show of
a hand already turned up for an all-in run-out (A-17) only names its cards.
Unknown cards (``????``) can leave pots unsettled; they are reported, never
guessed.

``ante_trimming_status`` is not needed: pots come from what each player put in
(P-1), which is the spec's ``true``; the two readings differ only when a player
cannot pay the full ante.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from decimal import Decimal

from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.actions import Action, IllegalAction, LegalActions
from pokerroom.engine.config import HandConfig
from pokerroom.engine.hand import BET, DEAL, DONE, SHOWDOWN, Hand
from pokerroom.engine.options import Options
from pokerroom.engine.variants import Limit
from pokerroom.errors import PokerroomError
from pokerroom.history.phh import ActionCode, Cards, PhhAction, PhhHand, format_cards_text


@dataclass(frozen=True, slots=True)
class ReplayError:
    """Why a replay stopped; ``action_index`` is the 0-based index in ``actions``."""

    message: str
    rule: str | None = None
    """The RULES.md ID broken, or ``None`` when the history itself is inconsistent."""
    action_index: int | None = None
    action: str | None = None
    legal: tuple[str, ...] = ()
    """What the player to act could have done instead."""


@dataclass(frozen=True, slots=True)
class PotShare:
    player: int
    amount: Decimal
    share: str
    """``all``, ``high`` or ``low`` (P-7)."""


@dataclass(frozen=True, slots=True)
class PotResult:
    amount: Decimal
    eligible: tuple[int, ...]
    """Players (0-based) still in the hand who paid this pot's level in full (P-1)."""
    winners: tuple[PotShare, ...]
    settled: bool
    """False when a contender's cards stayed unknown, so nobody could be paid."""


@dataclass(frozen=True, slots=True)
class StackDifference:
    player: int
    recorded: Decimal
    replayed: Decimal


@dataclass(frozen=True, slots=True)
class Scale:
    """Decimal amounts ↔ whole chips: one chip is 10^-exponent."""

    exponent: int = 0

    def chips(self, amount: Decimal) -> int:
        return int(amount.scaleb(self.exponent))

    def amount(self, chips: int) -> Decimal:
        return Decimal(chips).scaleb(-self.exponent)


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of one replayed hand; amounts are in the file's units again."""

    phh: PhhHand
    hand: Hand | None
    """The engine's hand, ``None`` if the hand could not even start."""
    scale: Scale = Scale()
    error: ReplayError | None = None
    unsupported: bool = False
    """True for a PHH variant the engine does not play yet (stud, draw, short deck)."""
    notes: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return self.hand is not None and self.hand.phase == DONE

    @property
    def finishing_stacks(self) -> tuple[Decimal, ...] | None:
        """Stacks after the hand, or where the replay stopped."""
        if self.hand is None:
            return None
        return tuple(self.scale.amount(stack) for stack in self.hand.stacks)

    @property
    def winnings(self) -> tuple[Decimal, ...] | None:
        """What each player collected from the pots (returned bets excluded)."""
        if self.hand is None:
            return None
        won = [0] * self.hand.players
        for event in self.hand.events:
            if isinstance(event, ev.Award):
                won[event.player] += event.amount
        return tuple(self.scale.amount(chips) for chips in won)

    @property
    def pots(self) -> tuple[PotResult, ...]:
        hand = self.hand
        if hand is None:
            return ()
        awards = [e for e in hand.events if isinstance(e, ev.Award)]
        return tuple(
            PotResult(
                amount=self.scale.amount(pot.amount),
                eligible=pot.eligible,
                winners=tuple(
                    PotShare(a.player, self.scale.amount(a.amount), a.share)
                    for a in awards
                    if a.pot == index
                ),
                settled=hand.phase == DONE and index not in hand.unsettled,
            )
            for index, pot in enumerate(hand.pots())
        )

    @property
    def unsettled(self) -> bool:
        return self.hand is not None and bool(self.hand.unsettled)

    @property
    def differences(self) -> tuple[StackDifference, ...] | None:
        """Players whose replayed stack differs from ``finishing_stacks``; None if unrecorded."""
        recorded, replayed = self.phh.finishing_stacks, self.finishing_stacks
        if recorded is None or replayed is None:
            return None
        return tuple(
            StackDifference(p, want, got)
            for p, (want, got) in enumerate(zip(recorded, replayed, strict=True))
            if want != got
        )

    @property
    def matches_recorded(self) -> bool | None:
        differences = self.differences
        return None if differences is None else not differences


class _Stop(Exception):  # noqa: N818 - internal control flow, carries the ReplayError
    def __init__(self, error: ReplayError) -> None:
        super().__init__(error.message)
        self.error = error


def _label(player: int) -> str:
    return f"p{player + 1}"


def _phh_words(message: str) -> str:
    """Engine messages count positions from 0; PHH names players p1 … pn."""
    return re.sub(r"\bplayer (\d+)", lambda m: _label(int(m.group(1))), message)


def _scale(phh: PhhHand) -> Scale:
    amounts = [
        *phh.antes,
        *(phh.blinds_or_straddles or ()),
        *phh.starting_stacks,
        *(phh.finishing_stacks or ()),
        *(a.amount for a in phh.actions if a.amount is not None),
        *(v for v in (phh.min_bet, phh.small_bet, phh.big_bet) if v is not None),
    ]
    places = [-int(a.normalize().as_tuple().exponent) for a in amounts if a.is_finite()]
    return Scale(max([0, *places]))


def _first_preflop_action(phh: PhhHand, player: int) -> PhhAction | None:
    for action in phh.actions:
        if action.code is ActionCode.DEAL_BOARD:
            return None
        voluntary = (ActionCode.FOLD, ActionCode.CHECK_CALL, ActionCode.COMPLETE_BET_RAISE)
        if action.player == player and action.code in voluntary:
            return action
    return None


def _setup(phh: PhhHand, options: Options) -> tuple[HandConfig, Scale, list[str]]:
    """The engine's configuration of a PHH hand (module docstring: mapping, amounts, posts)."""
    game = phh.game
    assert game.variant is not None
    scale = _scale(phh)
    n = phh.player_count
    if any(not stack.is_finite() for stack in phh.starting_stacks):
        raise _Stop(ReplayError("unknown starting stacks (inf) cannot be replayed"))
    antes = [scale.chips(a) for a in phh.antes]
    blinds = [scale.chips(b) for b in (phh.blinds_or_straddles or [Decimal(0)] * n)]
    if n == 2:  # the spec reverses forced bets heads-up; so does the engine's layout (H-7)
        antes.reverse()
        blinds.reverse()
    notes = []
    largest = max(blinds, default=0)
    for player, blind in enumerate(blinds):
        if blind >= 0:
            continue
        post = -blind
        blinds[player] = 0
        amount = scale.amount(post)
        if post > largest:
            raise _Stop(ReplayError(f"{_label(player)} posts {amount}, more than the big blind"))
        first = _first_preflop_action(phh, player)
        if first is None or first.code is ActionCode.FOLD:
            antes[player] += post
            notes.append(f"{_label(player)}'s post of {amount} is dead money (a fold)")
        else:
            notes.append(f"{_label(player)}'s post of {amount} is part of '{first.text}'")
    if game.limit is Limit.FIXED_LIMIT:
        assert phh.small_bet is not None and phh.big_bet is not None
        min_bet, big_bet = scale.chips(phh.small_bet), scale.chips(phh.big_bet)
    else:
        assert phh.min_bet is not None
        min_bet, big_bet = scale.chips(phh.min_bet), 0
    try:
        config = HandConfig(
            variant=game.variant,
            limit=game.limit,
            stacks=tuple(scale.chips(s) for s in phh.starting_stacks),
            min_bet=min_bet,
            blinds=tuple(blinds),
            antes=tuple(antes),
            big_bet=big_bet,
            options=options,
        )
    except PokerroomError as error:
        raise _Stop(ReplayError(str(error))) from None
    return config, scale, notes


class _Replayer:
    """Feeds one hand's actions to the engine and turns refusals into :class:`_Stop`."""

    def __init__(self, hand: Hand, scale: Scale, notes: list[str]) -> None:
        self.hand = hand
        self.scale = scale
        self.notes = notes
        self.seen: set[Card] = set()
        """Known cards so far: each card exists once (C-1)."""

    def apply(self, action: PhhAction) -> None:
        match action.code:
            case ActionCode.NO_OP:
                return
            case ActionCode.DEAL_HOLE | ActionCode.DEAL_BOARD:
                self._deal(action)
            case ActionCode.FOLD | ActionCode.CHECK_CALL | ActionCode.COMPLETE_BET_RAISE:
                self._bet(action)
            case ActionCode.SHOW_MUCK:
                self._show_or_muck(action)
            case _:
                variant = self.hand.config.variant.name
                raise _Stop(ReplayError(f"{variant} has no '{action.code}' action"))

    # ---------------------------------------------------------------- dealing

    def _deal(self, action: PhhAction) -> None:
        hand = self.hand
        if hand.phase == BET:  # the round is not over while someone is to act
            player = hand.to_act
            assert player is not None
            raise _Stop(
                ReplayError(
                    f"the betting round is not over: {_label(player)} is to act",
                    "A-13",
                    legal=self.legal(),
                )
            )
        assert action.cards is not None
        self._see(action.cards)
        if action.code is ActionCode.DEAL_HOLE:
            assert action.player is not None
            hand.deal_hole(action.player, action.cards)
        else:
            hand.deal_board(action.cards)

    def _see(self, cards: Cards) -> None:
        for card in cards:
            if card is None:
                continue
            if card in self.seen:
                raise _Stop(ReplayError(f"{card} is dealt twice; each card exists once", "C-1"))
            self.seen.add(card)

    # ---------------------------------------------------------------- betting

    def legal(self) -> tuple[str, ...]:
        if self.hand.phase != BET:
            return ()
        return describe_legal(self.hand.legal_actions(), self.scale)

    def _bet(self, action: PhhAction) -> None:
        hand = self.hand
        player = action.player
        assert player is not None
        if hand.phase != BET:
            due = {DEAL: "cards are due", SHOWDOWN: "the hand is at showdown", DONE: "it is over"}
            raise _Stop(
                ReplayError(
                    f"{_label(player)} cannot act: nobody is to act, {due[hand.phase]}", "A-2"
                )
            )
        if hand.to_act != player:
            assert hand.to_act is not None
            raise _Stop(
                ReplayError(
                    f"{_label(player)} acted out of turn: {_label(hand.to_act)} is to act",
                    "A-2",
                    legal=self.legal(),
                )
            )
        legal = hand.legal_actions()
        if action.code is ActionCode.FOLD:
            hand.act(Action.fold(), player)
        elif action.code is ActionCode.CHECK_CALL:
            hand.act(Action.check() if legal.check else Action.call(), player)
        else:
            assert action.amount is not None
            try:
                hand.act(Action.raise_to(self.scale.chips(action.amount)), player)
            except IllegalAction as refusal:
                raise _Stop(
                    ReplayError(
                        self._raise_problem(legal, action.amount), refusal.rule, legal=self.legal()
                    )
                ) from None

    def _raise_problem(self, legal: LegalActions, amount: Decimal) -> str:
        word = "bet" if legal.bet else "raise"
        if legal.raise_min is None or legal.raise_max is None:
            return f"{_label(legal.player)} may not {word} now"
        low, high = self.scale.amount(legal.raise_min), self.scale.amount(legal.raise_max)
        return f"{word} to {amount} is outside the legal range {low}-{high}"

    # ---------------------------------------------------------------- showdown

    def _show_or_muck(self, action: PhhAction) -> None:
        hand = self.hand
        player = action.player
        assert player is not None
        pending = hand.phase == SHOWDOWN and hand.in_hand(player) and hand.shown[player] is None
        if action.cards is None:
            if not pending:
                raise _Stop(ReplayError(f"{_label(player)} has no hand to muck now", "P-4"))
            hand.muck(player)  # P-5: refused for the last live hand of a pot
            return
        shown = self._shown_cards(player, action.cards)
        if hand.phase == DONE and hand.in_hand(player) and hand.shown[player] is None:
            self.notes.append(  # A-15 needs no show; showing anyway changes nothing
                f"{_label(player)} shows {format_cards_text(shown)} after winning uncontested"
            )
            return
        turned_up = hand.shown[player] is not None and not hand.folded[player]
        if pending or (turned_up and shown != hand.shown[player]):
            hand.show(player, shown)  # a run-out hand shown again only names its cards
        elif not turned_up:
            raise _Stop(ReplayError(f"{_label(player)} has no hand to show now", "P-4"))

    def _shown_cards(self, player: int, cards: Cards) -> Cards:
        """The hand a show reveals: the dealt cards, with unknown ones named by the show.

        ``()`` (written ``-``) shows the cards as dealt; a show may name fewer
        cards than it has (``??Ad``), never others than were dealt.
        """
        hole = tuple(self.hand.shown[player] or self.hand.hole[player])
        if len(cards) not in (0, len(hole)):
            raise _Stop(
                ReplayError(f"{_label(player)} holds {len(hole)} cards, shows {len(cards)}")
            )
        new = [card for card in cards if card is not None and card not in hole]
        if len(new) > hole.count(None):
            raise _Stop(
                ReplayError(
                    f"{_label(player)} shows {format_cards_text(cards)} "
                    f"but was dealt {format_cards_text(hole)}"
                )
            )
        self._see(tuple(new))
        named = iter(new)
        return tuple(card if card is not None else next(named, None) for card in hole)


def describe_legal(legal: LegalActions, scale: Scale) -> tuple[str, ...]:
    """The engine's legal options in the file's units, e.g. ``('fold', 'call 0.50', …)``."""
    options = []
    if legal.fold:
        options.append("fold")
    if legal.check:
        options.append("check")
    if legal.call is not None:
        options.append(f"call {scale.amount(legal.call)}")
    if legal.raise_min is not None and legal.raise_max is not None:
        low, high = scale.amount(legal.raise_min), scale.amount(legal.raise_max)
        span = str(low) if low == high else f"{low}-{high}"
        options.append(f"{'bet' if legal.bet else 'raise to'} {span}")
    return tuple(options)


def replay_hand(phh: PhhHand, options: Options | None = None) -> ReplayResult:
    """Replay ``phh`` action by action through the engine (see the module docstring)."""
    if not phh.game.supported:
        return ReplayResult(phh, None, unsupported=True)
    try:
        config, scale, notes = _setup(phh, options or Options())
    except _Stop as stop:
        return ReplayResult(phh, None, error=stop.error)
    hand = Hand(config)
    replayer = _Replayer(hand, scale, notes)
    for index, action in enumerate(phh.actions):
        try:
            replayer.apply(action)
            continue
        except IllegalAction as refusal:
            problem = ReplayError(_phh_words(refusal.reason), refusal.rule, legal=replayer.legal())
        except _Stop as stop:
            problem = stop.error
        error = dataclasses.replace(problem, action_index=index, action=action.text)
        return ReplayResult(phh, hand, scale, error, notes=tuple(notes))
    return ReplayResult(phh, hand, scale, notes=tuple(notes))
