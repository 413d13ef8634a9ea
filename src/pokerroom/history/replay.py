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

Stud, draw and two boards. Stud ``p1`` … ``pn`` are the seats in dealing order
(no button; heads-up the antes are still reversed, as PHH does in every game).
``pN pb`` is :meth:`Action.bring_in`, ``cbr`` a completion, bet or raise. A
third-street ``d dh p1 ????7c`` holds both down cards and the up card: the
replay deals every player's down cards first and the up cards after the
street's last such deal, as the dealer does (V-5); later streets are up cards,
seventh street a down card, and ``d db`` is the community card of C-6. Draw:
``pN sd CARDS`` (``pN sd`` to stand pat) discards and ``d dh pN CARDS``
replaces; PHH lists all discards of the draw before the replacements, and a
discard written before an earlier player's replacements waits for them (V-8:
each player is dealt in turn). The bomb pot deals two ``d db`` per street, the
upper board first (V-4). A board run twice (``_runs = 2``) is chosen when the
engine asks, and its ``d db`` deal run 1 to the river, then run 2. Each card
is dealt once (C-1) — except in Stud and Draw once 51 cards are out, when a
card that has left play (folded or discarded) may come back from the muck (C-6).

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
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.actions import Action, IllegalAction, LegalActions
from pokerroom.engine.config import HandConfig
from pokerroom.engine.hand import Hand
from pokerroom.engine.options import Options
from pokerroom.engine.state import BET, DEAL, DONE, DRAW, RUNS, SHOWDOWN
from pokerroom.engine.variants import Limit
from pokerroom.errors import PokerroomError, UsageError
from pokerroom.history.phh.documents import (
    KILLED,
    ActionCode,
    Cards,
    PhhAction,
    PhhHand,
    format_cards_text,
)


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
    board: int = 0
    """The board whose half this is in a double-board game: 0 upper, 1 lower (P-8); or
    the run (0 or 1) of a board run twice."""


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
    """True for a PHH variant the engine does not play yet (razz, lowball, badugi, short deck)."""
    notes: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return self.hand is not None and self.hand.phase == DONE

    @property
    def finishing_stacks(self) -> tuple[Decimal, ...] | None:
        """Stacks after the hand, or where the replay stopped; net of a recorded rake (P-9)."""
        if self.hand is None:
            return None
        stacks = tuple(self.scale.amount(stack) for stack in self.hand.stacks)
        return self._less_rake(stacks)

    @property
    def winnings(self) -> tuple[Decimal, ...] | None:
        """What each player collected from the pots (returned bets excluded)."""
        if self.hand is None:
            return None
        won = [0] * self.hand.players
        for event in self.hand.events:
            if isinstance(event, ev.Award):
                won[event.player] += event.amount
        return self._less_rake(tuple(self.scale.amount(chips) for chips in won))

    def _less_rake(self, amounts: tuple[Decimal, ...]) -> tuple[Decimal, ...]:
        """The house's cut recorded in ``_rake`` comes off a finished hand (P-9)."""
        rake = self.phh.rake
        if rake is None or not self.complete:
            return amounts
        return tuple(amount - paid for amount, paid in zip(amounts, rake, strict=True))

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
                    PotShare(a.player, self.scale.amount(a.amount), a.share, a.board)
                    for a in awards
                    if a.pot == index
                ),
                settled=hand.phase == DONE and index not in hand.unsettled,
            )
            for index, pot in enumerate(hand.pots)
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
        *(v for v in (phh.min_bet, phh.small_bet, phh.big_bet, phh.bring_in) if v is not None),
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
    bring_in = 0
    if game.variant.stud:
        if any(blinds):
            raise _Stop(ReplayError("a stud hand has a bring-in, not blinds_or_straddles"))
        assert phh.bring_in is not None
        bring_in, blinds = scale.chips(phh.bring_in), []
    try:
        config = HandConfig(
            variant=game.variant,
            limit=game.limit,
            stacks=tuple(scale.chips(s) for s in phh.starting_stacks),
            min_bet=min_bet,
            blinds=tuple(blinds),
            antes=tuple(antes),
            big_bet=big_bet,
            bring_in=bring_in,
            options=options,
        )
    except PokerroomError as error:
        raise _Stop(ReplayError(str(error))) from None
    return config, scale, notes


_DEALABLE = 51
"""C-6: the stock's last card is never dealt, so after 51 draws cards come back from the
burns or the muck; only then may a card that left play be dealt again."""


@dataclass(frozen=True, slots=True)
class _Held:
    """An action, or part of one, applied later in the rules' order (module docstring)."""

    index: int
    action: PhhAction
    cards: Cards = ()


class _Replayer:
    """Feeds one hand's actions to the engine and turns refusals into :class:`_Stop`.

    :attr:`index` and :attr:`action` name the action being applied, for errors.
    """

    def __init__(self, hand: Hand, scale: Scale, notes: list[str], runs: int = 1) -> None:
        self.hand = hand
        self.runs = runs
        """How often the file says the board was run (``_runs``)."""
        self.scale = scale
        self.notes = notes
        variant = hand.config.variant
        self.stud = variant.stud
        self.draws = any(street.draw for street in variant.streets)
        self.reuses_cards = self.stud or self.draws
        """Games that can run out of cards and deal mucked cards again (C-6)."""
        self.seen: set[Card] = set()
        """Known cards so far: each card exists once (C-1)."""
        self.drawn = 0
        """Cards dealt so far, unknown ones included (burns are counted by the engine)."""
        self.up_cards: list[_Held] = []
        """Stud: up cards of combined deals, due after every down card of the street."""
        self.discards: list[_Held] = []
        """Draw: discards written before an earlier drawer's replacements."""
        self.drawer: int | None = None
        """Draw: the last player who discarded cards, owed his replacements."""
        self.index = 0
        self.action = PhhAction("", ActionCode.NO_OP)

    def feed(self, index: int, action: PhhAction) -> None:
        """Apply ``action`` now, or hold it (or its up cards) until the rules reach it."""
        code = action.code
        if code is ActionCode.NO_OP:
            return
        self._choose_runs()
        if code is ActionCode.DEAL_HOLE and self._deal_down_first(index, action):
            return
        self._deal_up_cards()
        if code is ActionCode.STAND_PAT_DISCARD and (self.discards or self._awaiting_cards()):
            self.discards.append(_Held(index, action))
            return
        if self.discards and code is not ActionCode.DEAL_HOLE:
            self._at(self.discards[0].index, self.discards[0].action)
            raise _Stop(self._replacements_missing())
        self._at(index, action)
        self.apply(action)
        while self.discards and not self._awaiting_cards():
            held = self.discards.pop(0)
            self._at(held.index, held.action)
            self.apply(held.action)

    def finish(self) -> None:
        """After the last action: deal held up cards; a held discard stays a partial history."""
        self._choose_runs()
        if self.runs > self.hand.runs and self.hand.phase == DONE:
            raise _Stop(
                ReplayError(
                    f"_runs = {self.runs}, but the board was never to be run more than once: "
                    "nobody was all-in before the river, or run_it_twice is off in _options"
                )
            )
        self._deal_up_cards()
        if self.discards:
            assert self.drawer is not None
            held = ", ".join(f"'{held.action.text}'" for held in self.discards)
            self.notes.append(
                f"not applied: {held}, written before {_label(self.drawer)}'s replacement cards"
            )

    def _choose_runs(self) -> None:
        """All-in before the river at a table that runs it twice: as often as the file says."""
        if self.hand.phase == RUNS:
            self.hand.choose_runs(self.runs)

    def _at(self, index: int, action: PhhAction) -> None:
        self.index, self.action = index, action

    def apply(self, action: PhhAction) -> None:
        match action.code:
            case ActionCode.DEAL_HOLE | ActionCode.DEAL_BOARD:
                self._deal(action)
            case ActionCode.FOLD | ActionCode.CHECK_CALL | ActionCode.COMPLETE_BET_RAISE:
                self._bet(action)
            case ActionCode.BRING_IN if self.stud:
                self._bet(action)
            case ActionCode.STAND_PAT_DISCARD if self.draws:
                self._draw(action)
            case ActionCode.SHOW_MUCK:
                self._show_or_muck(action)
            case _:
                variant = self.hand.config.variant.name
                raise _Stop(ReplayError(f"{variant} has no '{action.code}' action"))

    # ---------------------------------------------------------------- dealing

    def _deal(self, action: PhhAction) -> None:
        hand = self.hand
        self._check_round_over()
        assert action.cards is not None
        self._see(action.cards)
        if action.code is ActionCode.DEAL_HOLE:
            assert action.player is not None
            down, up = self._owed(action.player)
            hand.deal_hole(action.player, action.cards, face_up=self.stud and not down and up > 0)
        else:
            hand.deal_board(action.cards)

    def _check_round_over(self) -> None:
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

    def _owed(self, player: int) -> tuple[int, int]:
        """Stud: the down and up cards ``player`` is still due on this street."""
        hand = self.hand
        streets = hand.config.variant.streets[: hand.street + 1]
        due_up = sum(street.up for street in streets)
        due_down = sum(street.hole for street in streets)
        up = len(hand.up[player])
        return max(due_down - (len(hand.hole[player]) - up), 0), max(due_up - up, 0)

    def _deal_down_first(self, index: int, action: PhhAction) -> bool:
        """Stud third street: ``d dh p1 AsKs7c`` is two down cards and one up card (V-5).

        The dealer gives every player his down cards before anyone's up card, so
        the down cards are dealt now and the up card once the street's last
        combined deal is read. True if ``action`` was such a deal.
        """
        hand, player, cards = self.hand, action.player, action.cards
        if not self.stud or hand.phase != DEAL or player is None or cards is None:
            return False
        down, up = self._owed(player)
        if not (down and up and len(cards) == down + up):
            return False
        self._at(index, action)
        self._see(cards)
        hand.deal_hole(player, cards[:down])
        self.up_cards.append(_Held(index, action, cards[down:]))
        return True

    def _deal_up_cards(self) -> None:
        while self.up_cards:
            held = self.up_cards.pop(0)
            self._at(held.index, held.action)
            assert held.action.player is not None
            self.hand.deal_hole(held.action.player, held.cards, face_up=True)

    def _see(self, cards: Cards, *, dealt: bool = True) -> None:
        """C-1: each card exists once; C-6: a card out of play may come back late in Stud
        and Draw. ``dealt`` is False for cards a show names (dealt earlier, unknown)."""
        hand = self.hand
        burns = max(len(hand.burned), hand.street if self.stud else 0)  # a Stud street burns
        live = {card for board in hand.boards for card in board}
        for player, hole in enumerate(hand.hole):
            if not hand.folded[player]:
                live.update(hole)
        for position, card in enumerate(cards, start=self.drawn + burns):
            if card is None:
                continue
            late = position >= _DEALABLE if dealt else self.drawn + burns > _DEALABLE
            if card in self.seen and (card in live or not (self.reuses_cards and late)):
                raise _Stop(ReplayError(f"{card} is dealt twice; each card exists once", "C-1"))
            self.seen.add(card)
        if dealt:
            self.drawn += len(cards)

    # ---------------------------------------------------------------- drawing

    def _awaiting_cards(self) -> bool:
        """Draw: a player has discarded and his replacements are not dealt yet (V-8)."""
        return self.hand.phase == DRAW and self.hand.to_draw is None

    def _replacements_missing(self) -> ReplayError:
        drawer = self.drawer
        assert drawer is not None
        return ReplayError(f"{_label(drawer)}'s replacement cards are never dealt", "V-8")

    def _draw(self, action: PhhAction) -> None:
        hand = self.hand
        player, cards = action.player, action.cards
        assert player is not None and cards is not None
        if hand.phase != DRAW:
            raise _Stop(ReplayError(f"{_label(player)} cannot draw: it is not the draw", "V-8"))
        hand.draw(cards, player)
        if cards:
            self.drawer = player

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
            due = {
                DEAL: "cards are due",
                DRAW: "it is the draw",
                SHOWDOWN: "the hand is at showdown",
                DONE: "it is over",
            }
            raise _Stop(
                ReplayError(
                    f"{_label(player)} cannot act: nobody is to act, {due[hand.phase]}", "A-2"
                )
            )
        if action.code is ActionCode.FOLD and action.commentary == KILLED:
            try:
                hand.kill(player)  # H-9: the dealer kills an away player's hand, in turn or not
            except UsageError as refusal:
                raise _Stop(ReplayError(f"{_label(player)}: {refusal}", "H-9")) from None
            return
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
        elif action.code is ActionCode.BRING_IN:
            hand.act(Action.bring_in(), player)
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
        word = "complete" if legal.complete else "bet" if legal.bet else "raise"  # V-5
        if legal.raise_min is None or legal.raise_max is None:
            return f"{_label(legal.player)} may not {word} now"
        if legal.raise_sizes:  # V-6
            sizes = " or ".join(str(self.scale.amount(size)) for size in legal.raise_sizes)
            return f"{word} to {amount} is not one of the allowed sizes {sizes}"
        low, high = self.scale.amount(legal.raise_min), self.scale.amount(legal.raise_max)
        return f"{word} to {amount} is outside the legal range {low}-{high}"

    # ---------------------------------------------------------------- showdown

    def _show_or_muck(self, action: PhhAction) -> None:
        hand = self.hand
        player = action.player
        assert player is not None
        pending = (  # P-4: every live hand not shown as it stands now (A-17: or since)
            hand.phase == SHOWDOWN
            and hand.in_hand(player)
            and hand.shown[player] != tuple(hand.hole[player])
        )
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
            hand.show(player, shown)  # a run-out hand shown again names its cards
        elif not turned_up:
            raise _Stop(ReplayError(f"{_label(player)} has no hand to show now", "P-4"))

    def _shown_cards(self, player: int, cards: Cards) -> Cards:
        """The hand a show reveals: the dealt cards, with unknown ones named by the show.

        ``()`` (written ``-``) shows the cards as dealt; a show may name fewer
        cards than it has (``??Ad``), never others than were dealt. A hand turned
        up for a run-out (A-17) and dealt more cards since shows them all.
        """
        hole = tuple(self.hand.hole[player])
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
        self._see(tuple(new), dealt=False)
        named = iter(new)
        return tuple(card if card is not None else next(named, None) for card in hole)


def describe_legal(legal: LegalActions, scale: Scale) -> tuple[str, ...]:
    """The engine's legal options in the file's units, e.g. ``('fold', 'call 0.50', …)``."""
    return tuple(legal.describe(lambda chips: str(scale.amount(chips))))


def replay_hand(phh: PhhHand, options: Options | None = None) -> ReplayResult:
    """Replay ``phh`` action by action through the engine (see the module docstring).

    The options recorded with the hand (``_options``) are the rules it was played
    under, so they win; ``options`` apply to a hand that records none.
    """
    if not phh.game.supported:
        return ReplayResult(phh, None, unsupported=True)
    try:
        config, scale, notes = _setup(phh, phh.options or options or Options())
    except _Stop as stop:
        return ReplayResult(phh, None, error=stop.error)
    hand = Hand(config)
    replayer = _Replayer(hand, scale, notes, phh.runs)
    steps: list[Callable[[], None]] = [
        *(functools.partial(replayer.feed, i, a) for i, a in enumerate(phh.actions)),
        replayer.finish,
    ]
    for step in steps:
        try:
            step()
            continue
        except IllegalAction as refusal:
            problem = ReplayError(_phh_words(refusal.reason), refusal.rule, legal=replayer.legal())
        except _Stop as stop:
            problem = stop.error
        error = dataclasses.replace(
            problem, action_index=replayer.index, action=replayer.action.text
        )
        return ReplayResult(phh, hand, scale, error, notes=tuple(notes))
    return ReplayResult(phh, hand, scale, notes=tuple(notes))
