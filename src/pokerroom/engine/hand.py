"""One hand of poker as a state machine: explicit operations in, events out.

The hand is the list :attr:`Hand.events`; every field of the state follows from
it (:meth:`Hand.from_events` rebuilds a hand from its events). Forced bets are
posted when the hand is created. After that the hand waits for one of three
kinds of input, named by :attr:`Hand.phase`:

* ``deal`` — the dealer: :meth:`deal_hole` and :meth:`deal_board` (or a
  :class:`CardSource` given at creation deals by itself);
* ``bet`` — the player :attr:`to_act`: :meth:`legal_actions` says what he may do
  and :meth:`act` does it or raises :class:`IllegalAction`, changing nothing;
* ``showdown`` — the player due to reveal: :meth:`show` or :meth:`muck`.
* ``runs`` — all-in before the river at a table that offers run it twice: the table
  asks the players and calls :meth:`choose_runs` with 1 or 2.

No clock, no I/O, no hidden randomness: the same inputs give the same events.

>>> from pokerroom.deck import Deck
>>> hand = Hand(HandConfig.holdem([200, 200, 200], small_blind=1, big_blind=2), Deck(seed=1))
>>> hand.to_act, hand.legal_actions().describe()
(2, ['fold', 'call 2', 'raise to 4-200'])
>>> hand.act(Action.raise_to(6)); hand.act(Action.fold()); hand.act(Action.fold())
>>> hand.phase, hand.stacks
('done', (199, 198, 203))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.actions import (
    Action,
    ActionKind,
    IllegalAction,
    LegalActions,
    steps_refusal,
)
from pokerroom.engine.config import HandConfig
from pokerroom.engine.options import DealStart, ReraiseSize, ShowdownOrder, TimeoutAction
from pokerroom.engine.settlement import Settlement
from pokerroom.engine.state import BET, DEAL, DRAW, RUNS, SHOWDOWN, CardSource
from pokerroom.engine.stud import best_showing, bring_in_player, shows_open_pair
from pokerroom.engine.variants import Limit
from pokerroom.errors import CardParseError, DuplicateCardError, UsageError
from pokerroom.i18n.marker import N_
from pokerroom.said import Said

_MAY_NOT = {
    "bet": N_("player {player} may not bet now"),
    "raise": N_("player {player} may not raise now"),
    "complete": N_("player {player} may not complete now"),
}
_OUTSIDE = {
    "bet": N_("bet to {amount} is outside the legal range {low}-{high}"),
    "raise": N_("raise to {amount} is outside the legal range {low}-{high}"),
    "complete": N_("complete to {amount} is outside the legal range {low}-{high}"),
}
"""The refusals of a bet, raise or completion (V-5), by the word for it."""


class Hand(Settlement):
    """One hand in progress or finished; see the module docstring."""

    def __init__(
        self, config: HandConfig, cards: CardSource | None = None, *, auto_showdown: bool = True
    ) -> None:
        self._bet_unit = config.options.bet_unit  # T-18
        super().__init__(config, cards, auto_showdown=auto_showdown)
        self._dealing_order = self._deal_order()
        self._post_forced_bets()
        self._advance_dealer()

    # ----------------------------------------------------------------- queries

    def legal_actions(self) -> LegalActions:
        """What :attr:`to_act` may do now, with exact amounts (A-3 … A-11, A-19, B-1 … B-4)."""
        if self._legal is not None:
            return self._legal
        player = self.to_act
        if self.phase == DRAW and self.to_draw is not None:
            raise IllegalAction(
                N_("nobody bets now: player {player} is to draw (hand.draw)"),
                "V-8",
                [Said(N_("draw"))],
                player=self.to_draw,
            )
        if self.phase != BET or player is None:
            raise IllegalAction(
                N_("no player is to act: the hand is in its {phase} phase"),
                "A-2",
                [],
                phase=self.phase,
            )
        committed, stack, bet = self._committed[player], self._stacks[player], self._bet
        all_in_to = committed + stack
        if player == self._bring_in_due:
            return self._bring_in_options(player, all_in_to)
        owes = bet > committed
        call = min(bet, all_in_to) if owes else None  # all-in for less stays in
        raise_min, raise_max = self._raise_bounds(player, all_in_to)
        self._legal = LegalActions(
            player=player,
            fold=True,
            check=not owes,
            call=call,
            raise_min=raise_min,
            raise_max=raise_max,
            bet=bet == 0,
            raise_sizes=self._open_pair_sizes(raise_min, raise_max),
            raise_step=self._bet_unit,
            complete=raise_min is not None and self._completing(),
        )
        return self._legal

    def _completing(self) -> bool:
        """V-5: Stud's third street until someone bets: a bet completes the bring-in."""
        return (
            self.config.variant.stud
            and self.street == 0
            and not any(isinstance(event, ev.BetRaise) for event in self.events)
        )

    def _bring_in_options(self, player: int, all_in_to: int) -> LegalActions:
        """V-5: bring in or complete; V-7: folding too when the duty passed from an all-in."""
        lowest = bring_in_player(self._up, [not f for f in self._folded])
        complete = min(self.config.min_bet, all_in_to)
        if self.config.limit is Limit.FIXED_LIMIT:
            high = complete
        else:
            high = min(self._raise_bounds(player, all_in_to)[1] or complete, all_in_to)
        self._legal = LegalActions(
            player=player,
            fold=player != lowest,
            check=False,
            call=None,
            raise_min=complete,
            raise_max=max(complete, high),
            bet=True,
            bring_in=min(self.config.bring_in, all_in_to),
            raise_step=self._bet_unit,
            complete=True,  # V-5
        )
        return self._legal

    def _open_pair_sizes(self, low: int | None, high: int | None) -> tuple[int, ...]:
        """V-6: with an open pair on fourth street a bet or raise is a small or a big bet."""
        if self._open_pair and low is not None and high is not None and low < high:
            return (low, high)
        return ()

    def _raise_bounds(self, player: int, all_in_to: int) -> tuple[int | None, int | None]:
        bet = self._bet
        if all_in_to <= bet:
            return None, None  # can only call all-in
        if not self._raise_answerable(player):
            return None, None  # nobody could answer a raise
        if self._acted[player] and not self._reopened(player):
            return None, None  # a short all-in does not reopen the betting
        config = self.config
        if config.limit is Limit.FIXED_LIMIT:
            if self._capped and self._raises >= 4:
                return None, None  # B-4: one bet and three raises
            target = min(self._full_level + self._unit(), all_in_to)
            if self._open_pair and not self._big_used:  # V-6: small or big
                return target, min(self._full_level + config.big_bet_size, all_in_to)
            return target, target
        if bet == 0 or self._completion_due:
            low = config.min_bet  # A-4; Stud: completing the bring-in
        elif (
            self._short_all_in
            and config.options.reraise_after_short_all_in is ReraiseSize.ALL_IN_PLUS_BIG_BLIND
        ):
            low = bet + config.min_bet  # A-12, club
        else:
            low = bet + self._min_increment
        if config.limit is Limit.POT_LIMIT:
            owed = bet - self._committed[player]
            high = bet + self.pot + self._nominal_blind_gap + owed  # B-2: call, then the pot
        else:
            high = all_in_to  # B-1
        high = min(high, all_in_to)
        low = min(low, all_in_to)  # short only when all-in
        unit = self._bet_unit
        if unit != 1:  # T-18: whole chips; the minimum rounds up, an all-in stays legal
            low = min(-(-low // unit) * unit, all_in_to)
            if high < all_in_to:
                high -= high % unit
        return low, max(low, high)

    def _raise_answerable(self, player: int) -> bool:
        """A-19: a raise is offered only if another player could put in more than the bet.

        Opponents who are all-in, or whose chips do not even cover the current
        bet, could not answer it: their call is all they can do either way.
        """
        if self._actors - self._can_act(player) == 0:
            return False
        bet = self._bet
        committed, stacks, folded = self._committed, self._stacks, self._folded
        for p in range(self.players):
            if p != player and not folded[p] and stacks[p] and committed[p] + stacks[p] > bet:
                return True
        return False

    def _reopened(self, player: int) -> bool:
        """Whether the bet grew enough since ``player`` last acted to let him raise again."""
        if self.config.limit is Limit.FIXED_LIMIT:
            return self._full_level > self._committed[player]
        matched = self._committed[player]
        if matched <= self._bring_in_level:
            matched = 0  # V-5: the bring-in is no full bet; who only posted or called it may raise
        return self._bet - matched >= self._min_increment

    # ----------------------------------------------------------------- actions

    def act(self, action: Action, player: int | None = None) -> None:
        """Apply ``action`` for the player to act, or raise :class:`IllegalAction`.

        Naming ``player`` makes an out-of-turn action an error (A-2, X-3).
        """
        if not isinstance(action, Action):
            raise TypeError(
                f"act() takes an Action, e.g. Action.call() or Action.raise_to(6), got {action!r}"
            )
        legal = self.legal_actions()
        if player is not None and player != legal.player:
            raise IllegalAction(
                N_("player {player} acted out of turn; player {to_act} is to act"),
                "A-2",
                legal.describe(),
                player=player,
                to_act=legal.player,
            )
        player = legal.player
        kind = action.kind
        if kind is ActionKind.FOLD:
            if not legal.fold:
                raise IllegalAction(
                    N_("player {player} must bring in or complete"),
                    "V-5",
                    legal.describe(),
                    player=player,
                )
            self._record(ev.Fold(player))
            if player == self._bring_in_due:  # V-7: the duty passes on clockwise
                self._bring_in_due = self._next_can_act(player) if self._actors > 1 else None
            if self._source is not None:  # C-6: folded cards go to the muck
                self._source.discard([card for card in self._hole[player] if card is not None])
        elif kind is ActionKind.CHECK:
            if not legal.check:
                raise IllegalAction(
                    N_("player {player} cannot check: {owed} is owed"),
                    "A-3",
                    legal.describe(),
                    player=player,
                    owed=self._bet - self._committed[player],
                )
            self._record(ev.Check(player))
        elif kind is ActionKind.CALL:
            if legal.call is None:
                raise IllegalAction(
                    N_("player {player} has nothing to call"),
                    "A-5",
                    legal.describe(),
                    player=player,
                )
            self._record(ev.Call(player, legal.call))
        elif kind is ActionKind.BRING_IN:
            if legal.bring_in is None:
                raise IllegalAction(
                    N_("player {player} does not bring in"), "V-5", legal.describe(), player=player
                )
            self._record(ev.BringIn(player, legal.bring_in))
        else:
            self._check_raise(legal, action.amount)
            assert action.amount is not None
            self._record(ev.BetRaise(player, action.amount))
        self._after_action()

    def kill(self, player: int) -> None:
        """H-9, 002 6.4.3: the dealer kills an away player's hand, in turn or not.

        What he put in stays in the pot; a kill due the Stud bring-in posts it first (6.4.4).
        The last hand in cannot be killed: it takes the pot.
        """
        if self.phase != BET:
            raise UsageError(f"a hand is killed during a betting round, not in the {self.phase}")
        if not 0 <= player < self.players or self._folded[player]:
            raise UsageError(f"position {player} holds no live hand to kill")
        if self._live == 1:
            raise UsageError(f"position {player} holds the last hand in; it takes the pot")
        if player == self._bring_in_due and player == self.to_act:
            self.act(Action.bring_in(), player)
        self._record(ev.Fold(player, killed=True))
        if self._source is not None:  # C-6: killed cards go to the muck
            self._source.discard([card for card in self._hole[player] if card is not None])
        if self._live == 1:
            self._end_round()
            return
        assert self.to_act is not None
        if player == self.to_act or not self._needs_action(self.to_act):
            self.to_act = self._next_needing_action(self.to_act, include_start=False)
            if self.to_act is None:
                self._end_round()

    def timeout_action(self) -> Action:
        """A-18: what the player to act does when his time runs out."""
        if (
            self.legal_actions().check
            and self.config.options.timeout_action is TimeoutAction.CHECK_OR_FOLD
        ):
            return Action.check()
        return Action.fold()

    def check_or_call(self) -> None:
        """Check when nothing is owed, bring in when the Stud bring-in is due (V-5), else call."""
        legal = self.legal_actions()
        if legal.check:
            self.act(Action.check())
        elif legal.bring_in is not None:
            self.act(Action.bring_in())
        else:
            self.act(Action.call())

    def _check_raise(self, legal: LegalActions, amount: int | None) -> None:
        word = "complete" if legal.complete else "bet" if legal.bet else "raise"  # V-5
        if legal.raise_min is None or legal.raise_max is None:
            rule = self._why_no_raise(legal.player)
            raise IllegalAction(_MAY_NOT[word], rule, legal.describe(), player=legal.player)
        if amount is None or not legal.allows(Action.raise_to(amount)):
            rule = {Limit.NO_LIMIT: "A-6", Limit.POT_LIMIT: "B-2", Limit.FIXED_LIMIT: "B-3"}[
                self.config.limit
            ]
            if (
                amount is not None
                and amount < legal.raise_min
                and self.config.limit is not Limit.FIXED_LIMIT
            ):
                rule = "A-8"
            if legal.raise_sizes:
                rule = "V-6"
            elif amount is not None and legal.raise_min < amount < legal.raise_max:
                raise IllegalAction(steps_refusal(word, legal), "T-18", legal.describe())
            raise IllegalAction(
                _OUTSIDE[word],
                rule,
                legal.describe(),
                amount=amount,
                low=legal.raise_min,
                high=legal.raise_max,
            )

    def _why_no_raise(self, player: int) -> str:
        if self._committed[player] + self._stacks[player] <= self._bet:
            return "A-5"
        if not self._raise_answerable(player):
            return "A-19"
        if self._acted[player] and not self._reopened(player):
            return "A-10" if self.config.limit is Limit.FIXED_LIMIT else "A-9"
        return "B-4"

    # ----------------------------------------------------------------- dealing

    def deal_hole(
        self,
        player: int,
        cards: Sequence[Card | None],
        *,
        face_up: bool = False,
        burn: Card | None = None,
    ) -> None:
        """Deal this street's face-down (or ``face_up``) cards to ``player``; None = unknown.

        The first deal of a later Stud street burns a card first (C-4).
        """
        self._check_new_cards(cards, burn)
        if self._replacing is not None and self._replacing[0] == player and not face_up:
            if len(cards) != self._replacing[1]:
                raise IllegalAction(
                    N_("player {player} is owed {due} card(s), got {got}"),
                    "V-8",
                    [],
                    player=player,
                    due=self._replacing[1],
                    got=len(cards),
                )
            self._replacing = None
            self._record(ev.DealHole(player, tuple(cards)))
            self.phase = DEAL
            self._advance_dealer()
            return
        street = self._streets[self.street]
        due = street.up if face_up else street.hole
        if self.phase != DEAL or not due or player not in self._holes_pending(face_up):
            if face_up:
                raise IllegalAction(
                    N_("player {player} is not due face-up cards now"), "V-1", [], player=player
                )
            raise IllegalAction(
                N_("player {player} is not due hole cards now"), "V-1", [], player=player
            )
        if len(cards) != due:
            raise IllegalAction(
                N_("{street} deals {due} card(s), got {got}"),
                "V-1",
                [],
                street=street.name,
                due=due,
                got=len(cards),
            )
        if street.burn and self.street and len(self._burned) < self._burns_due():
            self._record(ev.Burn(burn))
        self._record(ev.DealHole(player, tuple(cards), face_up))
        self._advance_dealer()

    def deal_board(self, cards: Sequence[Card | None], burn: Card | None = None) -> None:
        """Burn (C-4) and deal this street's cards to the next board due (upper first, V-4)."""
        self._check_new_cards(cards, burn)
        if self._runs > 1 and self.phase == DEAL:
            self._deal_run(cards, burn)
            return
        street = self._streets[self.street]
        board = self._board_pending()
        before = self._hole_due_at[self.street - 1] if self.street else 0
        untouched = all(
            len(self._hole[p]) == before for p in range(self.players) if not self._folded[p]
        )
        if self.phase == DEAL and self.config.variant.stud and len(cards) == 1 and untouched:
            self._shared_street = self.street  # C-6: one community card for everyone
            if street.burn and len(self._burned) < self._burns_due():
                self._record(ev.Burn(burn))
            self._record(ev.DealBoard(tuple(cards)))
            self._advance_dealer()
            return
        if self.phase != DEAL or board < 0 or self._holes_pending():
            raise IllegalAction(N_("no board cards are due now"), "V-1", [])
        if len(cards) != street.board:
            raise IllegalAction(
                N_("the {street} is {due} card(s), got {got}"),
                "V-1",
                [],
                street=street.name,
                due=street.board,
                got=len(cards),
            )
        if street.burn:
            self._record(ev.Burn(burn))
        self._record(ev.DealBoard(tuple(cards), board))
        self._advance_dealer()

    def _check_new_cards(self, cards: Sequence[Card | None], burn: Card | None) -> None:
        """C-1: the manual dealer deals cards (None where unknown), each in play only once.

        Burned, folded and discarded cards are out of play: C-6 may deal them again.
        """
        for card in (*cards, burn):
            if card is not None and not isinstance(card, Card):
                raise CardParseError(
                    f"{card!r} is not a card: deal Card objects (parse_cards('As Kd')) "
                    "or None for an unknown card"
                )
        in_play = {card for board in self._boards for card in board}
        for player, hole in enumerate(self._hole):
            if not self._folded[player]:
                in_play.update(hole)
        if burn is not None and burn in in_play:
            raise DuplicateCardError(f"the burn {burn} is already in play (C-1)")
        for card in cards:
            if card is not None and card in in_play:
                raise DuplicateCardError(f"{card} is already in play (C-1)")
            in_play.add(card)

    def _holes_pending(self, face_up: bool | None = None) -> list[int]:
        """Players still owed cards on this street (face down first, then face up)."""
        if self.street == self._shared_street or self._streets[self.street].draw:
            return []
        due_all = self._hole_due_at[self.street]
        due_up = self._up_due_at[self.street]
        folded, hole, up = self._folded, self._hole, self._up
        pending = []
        for p in range(self.players):
            if folded[p] or len(hole[p]) >= due_all:
                continue
            down_owed = len(hole[p]) - len(up[p]) < due_all - due_up
            if face_up is None or face_up is not down_owed:
                pending.append(p)
        return pending

    def _board_pending(self) -> int:
        """The first board still owed cards on this street, or -1."""
        due = self._board_due_at[self.street]
        for index, board in enumerate(self._boards):
            if len(board) < due:
                return index
        return -1

    def _deal_order(self) -> list[int]:
        """V-1: one card at a time clockwise from left of the button, or from the small blind."""
        n = self.players
        start = 0
        if self.config.options.deal_start is DealStart.SMALL_BLIND and self.config.blinds:
            posted = [(b, p) for p, b in enumerate(self.config.blinds) if b > 0]
            if posted:
                start = min(posted)[1]
        return [(start + i) % n for i in range(n)]

    def _advance_dealer(self) -> None:
        """Deal from the card source while the dealer is due, then start betting or settle."""
        source = self._source
        while self.phase == DEAL:
            street = self._streets[self.street]
            pending = self._holes_pending()
            if pending and source is not None:
                if street.burn and self.street and len(self._burned) < self._burns_due():
                    self._record(ev.Burn(source.burn()))  # C-4: before a later Stud street
                order = [p for p in self._dealing_order if p in pending]
                if source.available() < (street.hole + street.up) * len(order):
                    self._deal_shared_card(source)
                    continue
                for count, face_up in ((street.hole, False), (street.up, True)):
                    if count:
                        dealt = source.deal(count * len(order))  # one card at a time (V-1)
                        for i, player in enumerate(order):
                            cards = tuple(dealt[i :: len(order)])
                            self._record(ev.DealHole(player, cards, face_up))
                continue
            if pending:
                return
            board = self._board_pending()
            if board >= 0:
                if source is None:
                    return
                if street.burn:
                    self._record(ev.Burn(source.burn()))
                self._record(ev.DealBoard(tuple(source.deal(street.board)), board))
                continue
            if street.draw and self._open_draw():
                return
            self._start_round()

    def _open_draw(self) -> bool:
        """V-8: start or continue the draw; True while someone still has to draw."""
        waiting = [p for p in range(self.players) if not self._folded[p] and p not in self._drawn]
        if not waiting or self._live == 1:
            self.to_draw = None
            return False
        self.phase = DRAW
        self.to_draw = waiting[0]  # in turn from the first seat left of the button
        return True

    def draw(self, cards: Sequence[Card | None], player: int | None = None) -> None:
        """V-8: the player to draw discards ``cards`` (none to stand pat) for as many new ones."""
        drawing = self.to_draw
        if self.phase != DRAW or drawing is None or self._replacing is not None:
            raise IllegalAction(N_("no player is to draw now"), "V-8", [])
        if player is not None and player != drawing:
            raise IllegalAction(
                N_("player {player} drew out of turn; player {drawing} is to draw"),
                "A-2",
                [],
                player=player,
                drawing=drawing,
            )
        hand = list(self._hole[drawing])
        for card in cards:
            if card is not None and card not in hand:
                raise IllegalAction(
                    N_("player {player} cannot discard {card}: not in his hand"),
                    "V-8",
                    [],
                    player=drawing,
                    card=str(card),
                )
            hand.remove(card)
        self._record(ev.Discard(drawing, tuple(cards)))
        self._drawn.append(drawing)
        if cards and self._source is not None:
            replacements = tuple(self._source.deal(len(cards)))
            self._source.discard([card for card in cards if card is not None])  # C-6: muck
            self._record(ev.DealHole(drawing, replacements))  # never his own discards back
        elif cards:
            self._replacing = (drawing, len(cards))
            self.to_draw = None
            return
        self.phase = DEAL
        self._advance_dealer()

    def _deal_shared_card(self, source: CardSource) -> None:
        """C-6, *interpretation*: when even burns and muck cannot give every player his
        card, one community card is dealt face up for all (the usual Stud house rule)."""
        self._shared_street = self.street
        self._record(ev.DealBoard(tuple(source.deal(1))))

    def _burns_due(self) -> int:
        """Burns dealt by the end of this street's hole cards (one per later street, C-4)."""
        return self._burns_due_at[self.street]

    # ----------------------------------------------------------------- showdown

    # ----------------------------------------------------------------- flow

    def _post_forced_bets(self) -> None:
        config = self.config
        for player in range(self.players):
            ante = min(config.ante(player), self._stacks[player])  # B-7, H-8
            if ante:
                self._record(ev.PostAnte(player, ante))
        for player in range(self.players):
            # H-8: all-in if short; a post (negative) is a live bet like a blind
            blind = min(abs(config.blind(player)), self._stacks[player])
            if blind:
                self._record(ev.PostBlind(player, blind))

    def _start_round(self) -> None:
        """Open the betting round of the current street, or move on if nobody can bet."""
        n = self.players
        config = self.config
        self._acted = [False] * n
        self._raises = 0
        self._short_all_in = False
        self._round_aggressor = None
        self._nominal_blind_gap = 0
        contenders = sum(1 for p in range(n) if not self._folded[p])
        self._capped = contenders > 2  # B-4: heads-up rounds have no cap
        blinds = config.blinds if self.street == 0 else ()
        nominal = max(blinds, default=0)
        self._bet = nominal  # the full big blind is owed even if posted short
        self._full_level = nominal
        self._min_increment = (
            max(config.min_bet, nominal)
            if config.limit is not Limit.FIXED_LIMIT
            else config.min_bet
        )
        self._open_pair = self._big_used = self._completion_due = False
        self._bring_in_due = None
        self._bring_in_level = 0
        if config.variant.stud:
            first = self._stud_first()
        elif nominal:
            self._raises = 1  # the big blind is the first bet (B-3, A-6)
            big_blind = max(p for p in range(n) if blinds[p] == nominal)
            self._nominal_blind_gap = nominal - self._committed[big_blind]
            first = (big_blind + 1) % n
        else:
            first = 0
        self.phase = BET
        betting = self._streets[self.street].betting
        self.to_act = self._next_needing_action(first, include_start=True) if betting else None
        if self.to_act is None:
            self._end_round()

    def _stud_first(self) -> int:
        """V-5: the bring-in on third street, then the best showing hand (E-8) acts first.

        V-7: an all-in player due the bring-in passes it to the next player who can
        act (who may also fold); one due to open a later street is skipped.
        """
        live = [not folded for folded in self._folded]
        if self.street == 0:
            first = bring_in_player(self._up, live)
            if self.config.bring_in and self._actors > 1:  # a lone actor has no decision
                due = self._next_can_act(first)
                self._bring_in_due = due
                if due is not None:
                    self._acted[due] = False
                return due if due is not None else first
            return first
        candidates = [p for p in range(self.players) if live[p]]
        if self.street == 1 and self.config.limit is Limit.FIXED_LIMIT:
            self._open_pair = shows_open_pair(self._up, candidates)  # V-6
        return best_showing(self._up, candidates)

    def _next_can_act(self, start: int) -> int | None:
        for step in range(self.players):
            player = (start + step) % self.players
            if self._can_act(player):
                return player
        return None

    def _needs_action(self, player: int) -> bool:
        if player == self._bring_in_due:
            return True
        if self._folded[player] or not self._stacks[player]:
            return False
        if self._committed[player] < self._bet:
            return True
        if self._acted[player]:
            return False
        return self._raise_answerable(player)

    def _next_needing_action(self, start: int, *, include_start: bool) -> int | None:
        n = self.players
        for step in range(0 if include_start else 1, n + 1):
            player = (start + step) % n
            if self._needs_action(player):
                return player
        return None

    def _after_action(self) -> None:
        if self._live == 1:
            self._end_round()
            return
        assert self.to_act is not None
        self.to_act = self._next_needing_action(self.to_act, include_start=False)
        if self.to_act is None:
            self._end_round()

    def _end_round(self) -> None:
        """A-13 reached: return any uncalled part (A-16), then the next street or the end."""
        self.to_act = None
        top = max(self._committed)
        leader = self._committed.index(top)
        second = max((c for p, c in enumerate(self._committed) if p != leader), default=0)
        if top > second:
            self._record(ev.ReturnUncalled(leader, top - second))
        self._committed = [0] * self.players
        self._bet = 0
        live = [p for p in range(self.players) if not self._folded[p]]
        if len(live) == 1:  # the last player wins without showing
            self._award()
            return
        if self.street == len(self.config.variant.streets) - 1:
            self._open_showdown()
            return
        if sum(1 for p in live if self._stacks[p] > 0) <= 1:
            self._run_out(live)
            return
        self.street += 1
        self.phase = DEAL
        self._advance_dealer()

    def _run_out(self, live: list[int]) -> None:
        """A-17: no more betting is possible; hands are turned up and the board is dealt out.

        Each later street is dealt as usual (burns included); its betting round
        finds nobody to act and ends at once.
        """
        for player in self._showdown_order(live):
            if self._shown[player] is None:
                self._record(ev.Show(player, tuple(self._hole[player])))
        if self._may_run_twice():
            self.phase = RUNS  # the table asks the players, then calls choose_runs
            return
        self._deal_out()

    def _may_run_twice(self) -> bool:
        """P-10: run it twice is offered: the table allows it, only board cards are to come."""
        later = self._streets[self.street + 1 :]
        return (
            self.config.options.run_it_twice
            and len(self._boards) == 1
            and not any(s.hole or s.up or s.draw for s in later)
            and any(s.board for s in later)
        )

    def choose_runs(self, runs: int) -> None:
        """P-10: run the rest of the board once or twice, as the players chose.

        Each run is dealt in full from the same deck, run 1 first, burns as usual
        (C-4); each pot is then halved between the runs, the odd chip to run 1.
        """
        if self.phase != RUNS:
            raise IllegalAction(
                N_(
                    "the board is not waiting to be run once or twice: the hand is in its "
                    "{phase} phase"
                ),
                "P-10",
                [],
                phase=self.phase,
            )
        if type(runs) is not int or runs not in (1, 2):
            raise UsageError(f"the board is run once or twice (1 or 2), got {runs!r}")
        self._record(ev.ChooseRuns(runs))
        self._deal_out()

    def _deal_out(self) -> None:
        """Deal the rest of the board(s) with nobody left to bet (A-17)."""
        source, later = self._source, self._streets[self.street + 1 :]
        if source is not None and not any(s.hole or s.up or s.draw for s in later):
            # Deal the rest of the board at once: no later round could have anyone to act.
            self.phase = DEAL
            self._round_aggressor = None
            boards = range(len(self._boards))
            if self._runs > 1:  # one run after the other, each in full
                order = [(board, street) for board in boards for street in later]
            else:  # V-4: street by street, the upper board first
                order = [(board, street) for street in later for board in boards]
            for board, street in order:
                if street.burn:
                    self._record(ev.Burn(source.burn()))
                self._record(ev.DealBoard(tuple(source.deal(street.board)), board))
            self.street = len(self._streets) - 1
            self._open_showdown()
            return
        self.street += 1
        self.phase = DEAL
        if self._runs > 1:
            return  # deal_board deals the runs one after the other
        self._advance_dealer()

    def _deal_run(self, cards: Sequence[Card | None], burn: Card | None) -> None:
        """A manual dealer deals the rest of run 1 in full, then of run 2."""
        full = self._board_due_at[-1]
        board = next(i for i, dealt in enumerate(self._boards) if len(dealt) < full)
        have = len(self._boards[board])
        self.street = next(i for i, due in enumerate(self._board_due_at) if due > have)
        street = self._streets[self.street]
        due = self._board_due_at[self.street] - have
        if len(cards) != due:
            raise IllegalAction(
                N_("the {street} of run {run} is {due} card(s), got {got}"),
                "V-1",
                [],
                street=street.name,
                run=board + 1,
                due=due,
                got=len(cards),
            )
        if street.burn:
            self._record(ev.Burn(burn))
        self._record(ev.DealBoard(tuple(cards), board))
        if all(len(dealt) == full for dealt in self._boards):
            self._open_showdown()

    def _showdown_order(self, live: list[int]) -> list[int]:
        """P-4: who shows first, then clockwise."""
        first = self._round_aggressor
        if (
            first is None
            and self.config.options.showdown_order is ShowdownOrder.LAST_AGGRESSOR_ANY_ROUND
        ):
            first = self._last_aggressor
        if first is None or first not in live:
            first = live[0]
        start = live.index(first)
        return live[start:] + live[:start]

    def _open_showdown(self) -> None:
        live = [p for p in range(self.players) if not self._folded[p]]
        self.phase = SHOWDOWN
        self._pending_show = [
            p for p in self._showdown_order(live) if self._shown[p] != tuple(self._hole[p])
        ]  # a hand turned up early shows again if it got more cards since
        if not self._pending_show:
            self._award()
        elif self._auto_showdown:
            self.auto_showdown()

    # ----------------------------------------------------------------- events

    # ----------------------------------------------------------------- replay

    @classmethod
    def from_events(cls, config: HandConfig, events: Iterable[ev.Event]) -> Hand:
        """Rebuild a hand by feeding its input events through the same validation.

        Forced bets, returns and awards are derived again; a log that the rules
        would not produce raises :class:`IllegalAction`.
        """
        hand = cls(config)
        pending_burn: Card | None = None
        for event in events:
            match event:
                case ev.DealHole(player, cards, face_up):
                    hand.deal_hole(player, cards, face_up=face_up, burn=pending_burn)
                    pending_burn = None
                case ev.Burn(card):
                    pending_burn = card
                case ev.DealBoard(cards):
                    hand.deal_board(cards, pending_burn)
                    pending_burn = None
                case ev.Fold() | ev.Check() | ev.Call() | ev.BetRaise() | ev.BringIn():
                    hand._replay_action(event)
                case ev.Show(player, cards):
                    hand._replay_show(player, cards)
                case ev.ChooseRuns(runs):
                    hand.choose_runs(runs)
                case ev.Muck(player):
                    hand.muck(player)
                case ev.Discard(player, cards):
                    hand.draw(cards, player)
                case ev.PostAnte() | ev.PostBlind() | ev.ReturnUncalled() | ev.Award():
                    pass  # derived again by the rules
                case _:
                    raise UsageError(
                        f"unknown event {event!r}: Hand.from_events takes the events of "
                        "pokerroom.engine.events, as in Hand.events"
                    )
        return hand

    def _replay_show(self, player: int, cards: tuple[Card | None, ...]) -> None:
        """A-17: a run-out turns hands up by itself, so the rebuilt hand has already shown
        them; a later show of such a hand is replayed only when it names other cards."""
        if self.phase != SHOWDOWN and self._shown[player] == cards:
            return
        self.show(player, cards)

    def _replay_action(
        self, event: ev.Fold | ev.Check | ev.Call | ev.BetRaise | ev.BringIn
    ) -> None:
        match event:
            case ev.BringIn(player):
                self.act(Action.bring_in(), player)
            case ev.Fold(player, killed=True):
                self.kill(player)
            case ev.Fold(player):
                self.act(Action.fold(), player)
            case ev.Check(player):
                self.act(Action.check(), player)
            case ev.Call(player):
                self.act(Action.call(), player)
            case ev.BetRaise(player, to):
                self.act(Action.raise_to(to), player)
