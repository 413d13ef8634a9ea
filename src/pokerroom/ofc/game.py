"""One OFC Pineapple hand as a pure, deterministic state machine, and a session of hands.

Players are numbered by position as in the poker engine: 0 sits left of the
button and acts first in every deal, the last number is the button (O-3).
Every action is validated before anything changes, so a refused action leaves
the hand exactly as it was.

>>> hand = OfcHand(2, seed=1)
>>> hand.to_act, len(hand.pending(0))
(0, 5)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from pokerroom.cards import Card, format_cards
from pokerroom.deck import Deck, DeckOrder
from pokerroom.errors import UsageError
from pokerroom.i18n.marker import N_
from pokerroom.ofc.errors import (
    CardNotDealtError,
    DiscardError,
    NotYourTurnError,
    SurrenderError,
)
from pokerroom.ofc.fantasy import earns_fantasy
from pokerroom.ofc.rows import Board, Row, is_fouled, row_named
from pokerroom.ofc.royalties import board_royalties
from pokerroom.ofc.scoring import PairSettlement, settle
from pokerroom.ofc_choices import MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS

FIRST_DEAL = 5  # O-2: five cards, all set
LATER_DEALS = 4  # O-2: four deals of three cards, two set and one discarded
LATER_DEAL = 3
FANTASY_DEAL = 14  # O-4: 13 set, one discarded
FANTASY_TURN = -1

_OVER = {
    "set": N_("the hand is over; no one may set a card"),
    "discard": N_("the hand is over; no one may discard"),
}
_NOT_YOUR_TURN = {
    "set": N_("player {player} cannot set a card now: it is player {to_act}'s turn (O-2, O-3)"),
    "discard": N_("player {player} cannot discard now: it is player {to_act}'s turn (O-2, O-3)"),
}
"""O-2, O-3: the refusals of a move out of turn, by the move."""


class CardSource(Protocol):
    """Where the dealer takes cards from (a :class:`pokerroom.deck.Deck`)."""

    def deal(self, count: int) -> list[Card]: ...


@dataclass(frozen=True, slots=True)
class DealCards:
    """Cards dealt to one player; ``None`` where a view hides them."""

    player: int
    cards: tuple[Card | None, ...]
    fantasy: bool = False


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """A card set face up on a row; ``None`` in others' views of a fantasy hand (O-4)."""

    player: int
    card: Card | None
    row: Row | None


@dataclass(frozen=True, slots=True)
class DiscardCard:
    """A card thrown away face down; ``None`` in every other player's view (O-2)."""

    player: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class Surrender:
    """A player gives up his hand before setting cards (O-5)."""

    player: int


Event = DealCards | PlaceCard | DiscardCard | Surrender


@dataclass(frozen=True, slots=True)
class Turn:
    """One player's part of one deal: ``deal`` 0 is the first five, 1–4 the threes."""

    player: int
    deal: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """The settled hand, by position; ``boards`` hold ``None`` for a surrender."""

    points: tuple[int, ...]
    boards: tuple[Board | None, ...]
    fouled: tuple[bool, ...]
    royalties: tuple[int, ...]
    fantasy_next: tuple[bool, ...]
    pairs: tuple[PairSettlement, ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one player may see: others' unset cards, discards and fantasy rows stay hidden."""

    player: int
    to_act: int | None
    boards: tuple[Board | None, ...]
    pending: tuple[Card, ...]
    discards: tuple[Card, ...]
    fantasy: tuple[bool, ...]
    surrendered: tuple[bool, ...]
    events: tuple[Event, ...]
    result: HandResult | None


def _turn_order(players: int, fantasy: tuple[bool, ...]) -> list[Turn]:
    """O-2/O-3: each deal from position 0 to the button; O-4: fantasy players set last."""
    regular = [p for p in range(players) if not fantasy[p]]
    turns = [Turn(p, deal) for deal in range(1 + LATER_DEALS) for p in regular]
    return turns + [Turn(p, FANTASY_TURN) for p in range(players) if fantasy[p]]


class OfcHand:
    """One hand for 2–3 players; ``fantasy`` lists the positions that play Fantasyland."""

    def __init__(
        self,
        players: int,
        *,
        fantasy: Collection[int] = (),
        seed: int | None = None,
        source: CardSource | None = None,
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise UsageError(f"OFC is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}")
        if any(not 0 <= p < players for p in fantasy):
            raise UsageError(f"fantasy positions must be 0..{players - 1}, got {sorted(fantasy)}")
        self._players = players
        self._source: CardSource = source if source is not None else Deck(seed=seed)
        self._fantasy = tuple(p in fantasy for p in range(players))
        self._boards = [Board()] * players
        self._pending: list[tuple[Card, ...]] = [()] * players
        self._discards: list[tuple[Card, ...]] = [()] * players
        self._surrendered = [False] * players
        self._events: list[Event] = []
        self._turns = _turn_order(players, self._fantasy)
        self._turn_index = -1
        self._to_place = 0
        self._to_discard = 0
        self._result: HandResult | None = None
        self._next_turn()

    # -- reading the state ------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._players

    @property
    def fantasy(self) -> tuple[bool, ...]:
        return self._fantasy

    @property
    def to_act(self) -> int | None:
        """The position that must set cards now, or ``None`` once the hand is over."""
        if self._result is not None:
            return None
        return self._turns[self._turn_index].player

    @property
    def deal(self) -> int | None:
        """The current deal: 0 (five cards), 1–4 (threes), -1 (fantasy), or ``None``."""
        if self._result is not None:
            return None
        return self._turns[self._turn_index].deal

    @property
    def to_place(self) -> int:
        """Cards the player to act must still set in this deal."""
        return self._to_place

    @property
    def to_discard(self) -> int:
        """Cards the player to act must still discard in this deal (0 or 1)."""
        return self._to_discard

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def result(self) -> HandResult | None:
        return self._result

    @property
    def is_over(self) -> bool:
        return self._result is not None

    def board(self, player: int) -> Board:
        return self._boards[player]

    def pending(self, player: int) -> tuple[Card, ...]:
        """Cards dealt to ``player`` and not yet set or discarded."""
        return self._pending[player]

    def discards(self, player: int) -> tuple[Card, ...]:
        return self._discards[player]

    def surrendered(self, player: int) -> bool:
        return self._surrendered[player]

    # -- actions ----------------------------------------------------------------------

    def place(self, player: int, card: Card, row: Row | str) -> None:
        """Set one dealt card face up on ``row`` (a Row or its name); it never moves (O-2)."""
        row = row_named(row)
        self._check_turn(player, "set")
        self._check_dealt(player, card)
        if self._to_place == 0:
            raise DiscardError(
                N_(
                    "player {player} has set every card this deal allows; "
                    "discard one of {cards} instead"
                ),
                player=player,
                cards=format_cards(self._pending[player]),
            )
        board = self._boards[player].with_card(row, card)  # raises RowFullError (O-1)
        self._boards[player] = board
        self._take(player, card)
        self._to_place -= 1
        self._events.append(PlaceCard(player, card, row))
        self._after_action()

    def discard(self, player: int, card: Card) -> None:
        """Throw one dealt card away face down: one per three-card or fantasy deal (O-2, O-4)."""
        self._check_turn(player, "discard")
        if self._to_discard == 0:
            if self.deal == 0:
                raise DiscardError(
                    N_("the first deal has no discard: set all five cards on your rows (O-2)")
                )
            raise DiscardError(
                N_(
                    "player {player} has already discarded this deal; only one discard is "
                    "allowed, so set {cards}"
                ),
                player=player,
                cards=format_cards(self._pending[player]),
            )
        self._check_dealt(player, card)
        self._take(player, card)
        self._discards[player] = (*self._discards[player], card)
        self._to_discard -= 1
        self._events.append(DiscardCard(player, card))
        self._after_action()

    def surrender(self, player: int) -> None:
        """Give up the hand, paying 2 to each opponent who plays on (O-5 interpretation)."""
        if self._result is not None:
            raise SurrenderError(
                N_("the hand is over; surrender is allowed only before setting cards")
            )
        if not 0 <= player < self._players:
            raise SurrenderError(f"no player {player}; positions are 0..{self._players - 1}")
        if self._surrendered[player]:
            raise SurrenderError(N_("player {player} has already surrendered"), player=player)
        if len(self._boards[player]) or self._discards[player]:
            raise SurrenderError(
                N_(
                    "player {player} has set cards; surrender is allowed only before "
                    "setting the first card (O-5)"
                ),
                player=player,
            )
        self._surrendered[player] = True
        self._events.append(Surrender(player))
        if self.to_act == player:
            self._pending[player] = ()
            self._next_turn()
        elif sum(not s for s in self._surrendered) < MIN_PLAYERS:
            self._finish()

    # -- views ------------------------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """The hand as ``player`` may see it (O-2 discards face down, O-4 fantasy hidden)."""
        if not 0 <= player < self._players:
            raise UsageError(f"no player {player}; positions are 0..{self._players - 1}")
        over = self._result is not None
        boards = tuple(
            board if q == player or over or not self._fantasy[q] else None
            for q, board in enumerate(self._boards)
        )
        return PlayerView(
            player=player,
            to_act=self.to_act,
            boards=boards,
            pending=self._pending[player],
            discards=self._discards[player],
            fantasy=self._fantasy,
            surrendered=tuple(self._surrendered),
            events=tuple(self._hide(event, player, over) for event in self._events),
            result=self._result,
        )

    def public_boards(self) -> tuple[Board | None, ...]:
        """The boards as someone not in the hand (an observer) may see them: a fantasy
        board stays hidden (None) until the round ends (O-4)."""
        over = self._result is not None
        return tuple(
            board if over or not self._fantasy[q] else None for q, board in enumerate(self._boards)
        )

    def public_events(self) -> tuple[Event, ...]:
        """The events as someone not in the hand may see them: nobody's dealt or discarded
        cards, no fantasy card before the round ends (O-2, O-4)."""
        over = self._result is not None
        return tuple(self._hide(event, -1, over) for event in self._events)

    def _hide(self, event: Event, player: int, over: bool) -> Event:
        if isinstance(event, Surrender) or event.player == player:
            return event
        if isinstance(event, DealCards):
            return DealCards(event.player, (None,) * len(event.cards), event.fantasy)
        if isinstance(event, DiscardCard):
            return DiscardCard(event.player, None)
        if self._fantasy[event.player] and not over:
            return PlaceCard(event.player, None, None)
        return event

    # -- internals --------------------------------------------------------------------

    def _check_turn(self, player: int, what: str) -> None:
        to_act = self.to_act
        if to_act is None:
            raise NotYourTurnError(_OVER[what])
        if player != to_act:
            raise NotYourTurnError(_NOT_YOUR_TURN[what], player=player, to_act=to_act)

    def _check_dealt(self, player: int, card: Card) -> None:
        if card not in self._pending[player]:
            raise CardNotDealtError(
                N_("{card} is not among player {player}'s unset cards; choose from {cards}"),
                card=str(card),
                player=player,
                cards=format_cards(self._pending[player]),
            )

    def _take(self, player: int, card: Card) -> None:
        self._pending[player] = tuple(c for c in self._pending[player] if c != card)

    def _after_action(self) -> None:
        if self._to_place == 0 and self._to_discard == 0:
            self._next_turn()

    def _next_turn(self) -> None:
        """Move to the next live player's deal and deal his cards, or settle the hand."""
        while True:
            self._turn_index += 1
            if (
                self._turn_index >= len(self._turns)
                or sum(not s for s in self._surrendered) < MIN_PLAYERS
            ):
                self._finish()
                return
            turn = self._turns[self._turn_index]
            if not self._surrendered[turn.player]:
                break
        if turn.deal == FANTASY_TURN:
            count, self._to_place, self._to_discard = FANTASY_DEAL, FANTASY_DEAL - 1, 1
        elif turn.deal == 0:
            count, self._to_place, self._to_discard = FIRST_DEAL, FIRST_DEAL, 0
        else:
            count, self._to_place, self._to_discard = LATER_DEAL, LATER_DEAL - 1, 1
        cards = tuple(self._source.deal(count))
        self._pending[turn.player] = cards
        self._events.append(DealCards(turn.player, cards, turn.deal == FANTASY_TURN))

    def _finish(self) -> None:
        self._to_place = self._to_discard = 0
        live = [not self._surrendered[p] and self._boards[p].complete for p in range(self._players)]
        boards = tuple(
            None if self._surrendered[p] else self._boards[p] for p in range(self._players)
        )
        points, pairs = settle(boards)
        self._result = HandResult(
            points=tuple(points),
            boards=boards,
            fouled=tuple(live[p] and is_fouled(self._boards[p]) for p in range(self._players)),
            royalties=tuple(
                board_royalties(self._boards[p]) if live[p] else 0 for p in range(self._players)
            ),
            fantasy_next=tuple(
                live[p] and earns_fantasy(self._boards[p], in_fantasy=self._fantasy[p])
                for p in range(self._players)
            ),
            pairs=tuple(pairs),
        )


class Session:
    """Many hands at one table: the button moves each hand (O-3), points add up by seat.

    C-3: without a ``seed`` every hand is a fresh shuffle from the operating system's
    secure source, and :attr:`dealt` (the order of the hand's cards) is all a saved hand
    in progress needs to be dealt again; nothing kept predicts the next hand. With a
    seed (tests, ``--seed``) each hand is dealt from the next draw of the seed, so the
    whole session is reproducible: see :meth:`restore`.
    """

    def __init__(self, players: int, *, seed: int | None = None, button: int = 0) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise UsageError(f"OFC is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}")
        self._players = players
        self._seed = seed
        self._rng = None if seed is None else random.Random(seed)
        self._hand_seed: int | None = None
        self._deck: Deck | None = None
        self._button = button % players
        self._totals = [0] * players
        self._fantasy_seats: set[int] = set()
        self._hand: OfcHand | None = None
        self._hands_played = 0

    @classmethod
    def restore(
        cls,
        players: int,
        *,
        seed: int | None,
        hands_played: int,
        button: int,
        totals: Sequence[int],
        fantasy_seats: Collection[int],
    ) -> Session:
        """The session as saved between hands, to go on with hand ``hands_played + 1``.

        The seed's draws for the hands already played are skipped, so every hand
        still to come is dealt exactly as it would have been without the break.
        """
        session = cls(players, seed=seed, button=button)
        if hands_played < 0:
            raise UsageError(f"hands played cannot be negative, got {hands_played}")
        if hands_played > MAX_HANDS:
            raise UsageError(f"a session plays at most {MAX_HANDS} hands, got {hands_played}")
        if not 0 <= button < players:
            raise UsageError(f"the button must be a seat 0..{players - 1}, got {button}")
        if len(totals) != players or sum(totals) != 0:
            raise UsageError(f"totals need one entry per seat summing to zero, got {list(totals)}")
        if any(not 0 <= seat < players for seat in fantasy_seats):
            raise UsageError(f"fantasy seats must be 0..{players - 1}, got {sorted(fantasy_seats)}")
        if session._rng is not None:
            for _ in range(hands_played):  # one draw per hand dealt (start_hand)
                session._rng.getrandbits(64)
        session._hands_played = hands_played
        session._totals = list(totals)
        session._fantasy_seats = set(fantasy_seats)
        return session

    @property
    def seed(self) -> int | None:
        """The seed every hand's seed is drawn from; None: secure shuffles (C-3)."""
        return self._seed

    @property
    def hand_seed(self) -> int | None:
        """The deck seed of the current or last hand of a seeded session, else ``None``."""
        return self._hand_seed

    @property
    def dealt(self) -> DeckOrder | None:
        """The order of the current or last hand's cards in an unseeded session, else None."""
        return None if self._deck is None else self._deck.dealt

    @property
    def button(self) -> int:
        """The seat on the button for the current or next hand."""
        return self._button

    @property
    def totals(self) -> tuple[int, ...]:
        """Running points by seat; they always sum to zero."""
        return tuple(self._totals)

    @property
    def fantasy_seats(self) -> frozenset[int]:
        """The seats that play the current or next hand in Fantasyland (O-4)."""
        return frozenset(self._fantasy_seats)

    @property
    def hands_played(self) -> int:
        return self._hands_played

    @property
    def hand(self) -> OfcHand | None:
        """The hand being played, between :meth:`start_hand` and :meth:`finish_hand`."""
        return self._hand

    def seat_of(self, position: int) -> int:
        """Position 0 sits left of the button; the last position is the button."""
        return (self._button + 1 + position) % self._players

    def start_hand(self, dealt: DeckOrder | None = None) -> OfcHand:
        """Deal the next hand, fantasy seats in Fantasyland: a secure shuffle (C-3), the
        session's next seed, or ``dealt`` (a saved hand in progress, dealt again)."""
        if self._hand is not None:
            raise UsageError("finish the current hand before starting another")
        seat_to_position = {self.seat_of(p): p for p in range(self._players)}
        fantasy = [seat_to_position[s] for s in sorted(self._fantasy_seats)]
        if self._rng is not None:
            self._hand_seed = self._rng.getrandbits(64)
            self._hand = OfcHand(self._players, fantasy=fantasy, seed=self._hand_seed)
        else:
            self._deck = Deck() if dealt is None else Deck.again(dealt)
            self._hand = OfcHand(self._players, fantasy=fantasy, source=self._deck)
        return self._hand

    def finish_hand(self) -> HandResult:
        """Add the hand's points to the totals, note fantasy seats and move the button."""
        hand = self._hand
        if hand is None or hand.result is None:
            raise UsageError("there is no finished hand to settle; play it to the end first")
        result = hand.result
        for position, points in enumerate(result.points):
            self._totals[self.seat_of(position)] += points
        self._fantasy_seats = {
            self.seat_of(p) for p, earned in enumerate(result.fantasy_next) if earned
        }
        self._button = (self._button + 1) % self._players  # O-3
        self._hand = None
        self._hands_played += 1
        return result
