"""The state of one hand and the reducer that changes it, one event at a time.

:class:`HandState` holds what a hand is now; :meth:`HandState._record` is the
only way it changes. The rules that decide which events happen live in
:mod:`pokerroom.engine.hand` (betting and dealing) and
:mod:`pokerroom.engine.settlement` (showdown and pots).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.actions import LegalActions
from pokerroom.engine.config import HandConfig
from pokerroom.engine.pots import Pot
from pokerroom.engine.variants import Limit

DEAL, DRAW, BET, SHOWDOWN, DONE = "deal", "draw", "bet", "showdown", "done"
RUNS = "runs"
"""All-in before the river with run it twice offered: waiting for the run count."""


class CardSource(Protocol):
    """Where an automatic dealer takes cards from (a :class:`pokerroom.deck.Deck`)."""

    def deal(self, count: int) -> list[Card]: ...

    def burn(self) -> Card: ...

    def discard(self, cards: Iterable[Card]) -> None: ...

    def available(self) -> int: ...


class HandState:
    """Everything a hand is at one moment; derived from its events."""

    def __init__(
        self, config: HandConfig, cards: CardSource | None = None, *, auto_showdown: bool = True
    ) -> None:
        self.config = config
        self._auto_showdown = auto_showdown and cards is not None
        self._events: list[ev.Event] = []
        self._source = cards
        n = config.players
        self.players = n
        self._streets = config.variant.streets
        self._hole_due_at = list(itertools.accumulate(st.hole + st.up for st in self._streets))
        self._up_due_at = list(itertools.accumulate(st.up for st in self._streets))
        self._board_due_at = list(itertools.accumulate(st.board for st in self._streets))
        self._burns_due_at = list(
            itertools.accumulate(
                int(st.burn and index > 0) for index, st in enumerate(self._streets)
            )
        )
        self._stacks = list(config.stacks)
        self._committed = [0] * n
        self._totals = [0] * n
        self._antes_paid = [0] * n
        self._folded = [False] * n
        self._mucked = [False] * n
        self._hole: list[list[Card | None]] = [[] for _ in range(n)]
        self._shown: list[tuple[Card | None, ...] | None] = [None] * n
        self._boards: list[list[Card | None]] = [[] for _ in range(config.variant.boards)]
        self._up: list[list[Card | None]] = [[] for _ in range(n)]
        self._burned: list[Card | None] = []
        self._runs = 1
        """How many times the rest of the board is dealt (run it twice: 2)."""
        self.street = 0
        self.phase = DEAL
        self.to_act: int | None = None
        self._values_seen: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        """Showdown values already worked out, by (player, board, hole size, board size)."""
        self._pots_seen: dict[tuple[int | bool, ...], list[Pot]] = {}
        """Pots already built, by chips in and who is out (only showdown asks twice)."""
        self._unsettled: list[int] = []
        self._pending_show: list[int] = []
        self._acted = [False] * n
        self._live = n
        """Players who have not folded."""
        self._actors = n
        """Players who have not folded and still have chips: those who can bet."""
        self._legal: LegalActions | None = None
        self._bring_in_due: int | None = None
        """Stud: the player who must bring in or complete now (V-5, V-7)."""
        self._bring_in_level = 0
        """Stud: the bring-in posted in this round (0 if none), a bet smaller than a full one."""
        self._completion_due = False
        """Stud: only the bring-in is in; the next bet completes to the small bet."""
        self._open_pair = False
        self._big_used = False
        self.to_draw: int | None = None
        """Draw games: the player to discard now (V-8)."""
        self._drawn: list[int] = []
        self._replacing: tuple[int, int] | None = None
        """(player, cards owed) while a discard waits for its replacements."""
        self._shared_street = -1
        """Stud: the street dealt as one community card because the deck ran out (C-6)."""
        self._bet = 0
        self._full_level = 0
        self._min_increment = config.min_bet
        self._raises = 0
        self._capped = True
        self._short_all_in = False
        self._nominal_blind_gap = 0
        self._round_aggressor: int | None = None
        self._last_aggressor: int | None = None

    # Read-only state: copies, so that changing them cannot change the hand.

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """Everything that happened, in order; the hand follows from it."""
        return tuple(self._events)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each player's chips behind, not counting what he has put in."""
        return tuple(self._stacks)

    @property
    def committed(self) -> tuple[int, ...]:
        """Chips each player has put in during the current betting round."""
        return tuple(self._committed)

    @property
    def totals(self) -> tuple[int, ...]:
        """Chips each player has put in during the whole hand, antes included."""
        return tuple(self._totals)

    @property
    def antes_paid(self) -> tuple[int, ...]:
        return tuple(self._antes_paid)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    @property
    def mucked(self) -> tuple[bool, ...]:
        return tuple(self._mucked)

    @property
    def hole(self) -> tuple[tuple[Card | None, ...], ...]:
        """Each player's cards, face-up ones (Stud) included; None where unknown."""
        return tuple(tuple(cards) for cards in self._hole)

    def hole_of(self, player: int) -> tuple[Card | None, ...]:
        """One player's cards (:attr:`hole`), without copying everybody's."""
        return tuple(self._hole[player])

    @property
    def up(self) -> tuple[tuple[Card | None, ...], ...]:
        """Each player's face-up cards (Stud), also part of :attr:`hole`."""
        return tuple(tuple(cards) for cards in self._up)

    @property
    def shown(self) -> tuple[tuple[Card | None, ...] | None, ...]:
        """The cards each player has shown, or None."""
        return tuple(self._shown)

    @property
    def boards(self) -> tuple[tuple[Card | None, ...], ...]:
        """Every board (two in a double-board game, V-4)."""
        return tuple(tuple(board) for board in self._boards)

    @property
    def runs(self) -> int:
        """How many times the board is run out: 2 once the players chose to run it twice."""
        return self._runs

    @property
    def board(self) -> tuple[Card | None, ...]:
        """The (first) board."""
        return tuple(self._boards[0])

    @property
    def burned(self) -> tuple[Card | None, ...]:
        return tuple(self._burned)

    @property
    def unsettled(self) -> tuple[int, ...]:
        """Pots left unpaid because a contender's cards are unknown (replayed histories only)."""
        return tuple(self._unsettled)

    @property
    def pot(self) -> int:
        """All chips in the middle, bets in front of players included."""
        return sum(self._totals)

    def in_hand(self, player: int) -> bool:
        return not self._folded[player] and not self._mucked[player]

    def all_in(self, player: int) -> bool:
        return self._stacks[player] == 0 and not self._folded[player]

    def _can_act(self, player: int) -> bool:
        return not self._folded[player] and self._stacks[player] > 0

    def _unit(self) -> int:
        street = self._streets[self.street]
        if street.big_bet or self._big_used:  # B-3; V-6: once the big bet is used
            return self.config.big_bet_size
        return self.config.min_bet

    def _on_raise(self, player: int, to: int) -> None:
        """Update the round after a bet or raise: full or short (A-6, A-9, A-10, B-4)."""
        base = 0 if self._completion_due else self._bet  # Stud: a completion is a full bet
        increment = to - base
        self._bring_in_due = None
        self._completion_due = False
        if self.config.limit is Limit.FIXED_LIMIT:
            if self._open_pair and to - self._full_level == self.config.big_bet_size:
                self._big_used = True  # V-6: later raises are big bets
            full = 2 * (to - self._full_level) >= self._unit()  # half a bet counts
            if full:
                self._full_level = to
                self._raises += 1
        else:
            full = increment >= self._min_increment  # A-6; the round opens at the minimum bet
            if full:
                self._min_increment = max(self._min_increment, increment)
        self._short_all_in = not full
        self._bet = to
        self._round_aggressor = player
        self._last_aggressor = player

    def _record(self, event: ev.Event) -> None:
        """The reducer: the only place state changes (one method per event type)."""
        self._legal = None
        _APPLY[type(event)](self, event)
        self._events.append(event)

    def _apply_bet_raise(self, event: ev.BetRaise) -> None:
        player, to = event.player, event.to
        self._put_in(player, to - self._committed[player])
        self._on_raise(player, to)
        self._acted[player] = True

    def _apply_call(self, event: ev.Call) -> None:
        player = event.player
        self._put_in(player, event.to - self._committed[player])
        self._acted[player] = True

    def _apply_bring_in(self, event: ev.BringIn) -> None:
        player = event.player
        self._put_in(player, event.amount)
        self._acted[player] = True
        self._bet = max(self._bet, event.amount)
        self._bring_in_due = None
        self._bring_in_level = event.amount
        self._completion_due = True

    def _apply_check(self, event: ev.Check) -> None:
        self._acted[event.player] = True

    def _apply_fold(self, event: ev.Fold) -> None:
        player = event.player
        self._folded[player] = True
        self._acted[player] = True
        self._live -= 1
        if self._stacks[player]:
            self._actors -= 1

    def _apply_post_blind(self, event: ev.PostBlind) -> None:
        self._put_in(event.player, event.amount)

    def _apply_post_ante(self, event: ev.PostAnte) -> None:
        player, amount = event.player, event.amount
        self._antes_paid[player] += amount
        self._totals[player] += amount
        self._take(player, amount)

    def _apply_deal_hole(self, event: ev.DealHole) -> None:
        self._hole[event.player].extend(event.cards)
        if event.face_up:
            self._up[event.player].extend(event.cards)

    def _apply_discard(self, event: ev.Discard) -> None:
        self._values_seen.clear()  # the same number of cards, but other ones after the draw
        hole = self._hole[event.player]
        for card in event.cards:
            hole.remove(card)

    def _apply_burn(self, event: ev.Burn) -> None:
        self._burned.append(event.card)

    def _apply_deal_board(self, event: ev.DealBoard) -> None:
        self._boards[event.board].extend(event.cards)

    def _apply_choose_runs(self, event: ev.ChooseRuns) -> None:
        if event.runs == 2:  # run 2 starts from the cards the runs share
            self._runs = 2
            self._boards.append(list(self._boards[0]))

    def _apply_return(self, event: ev.ReturnUncalled) -> None:
        player, amount = event.player, event.amount
        self._give(player, amount)
        self._totals[player] -= amount
        self._committed[player] -= amount

    def _apply_show(self, event: ev.Show) -> None:
        player, cards = event.player, event.cards
        self._shown[player] = cards
        if any(card is None for card in self._hole[player]):
            self._hole[player] = list(cards)
        if player in self._pending_show:
            self._pending_show.remove(player)

    def _apply_muck(self, event: ev.Muck) -> None:
        self._mucked[event.player] = True
        self._pending_show.remove(event.player)

    def _apply_award(self, event: ev.Award) -> None:
        self._give(event.player, event.amount)

    def _put_in(self, player: int, amount: int) -> None:
        self._committed[player] += amount
        self._totals[player] += amount
        self._take(player, amount)

    def _take(self, player: int, amount: int) -> None:
        """Chips leave a stack; a stack that empties can no longer bet."""
        self._stacks[player] -= amount
        if amount and not self._stacks[player]:
            self._actors -= 1

    def _give(self, player: int, amount: int) -> None:
        if amount and not self._stacks[player] and not self._folded[player]:
            self._actors += 1
        self._stacks[player] += amount


_APPLY: dict[type[ev.Event], Callable[[HandState, Any], None]] = {
    ev.BetRaise: HandState._apply_bet_raise,
    ev.Call: HandState._apply_call,
    ev.Check: HandState._apply_check,
    ev.BringIn: HandState._apply_bring_in,
    ev.Fold: HandState._apply_fold,
    ev.PostBlind: HandState._apply_post_blind,
    ev.PostAnte: HandState._apply_post_ante,
    ev.DealHole: HandState._apply_deal_hole,
    ev.Burn: HandState._apply_burn,
    ev.Discard: HandState._apply_discard,
    ev.DealBoard: HandState._apply_deal_board,
    ev.ChooseRuns: HandState._apply_choose_runs,
    ev.ReturnUncalled: HandState._apply_return,
    ev.Show: HandState._apply_show,
    ev.Muck: HandState._apply_muck,
    ev.Award: HandState._apply_award,
}
