"""The tournament's event log (issue 11 item 9): everything the director or the room does.

Each event is a frozen value stamped with its simulated or real time ``at`` (POSIX seconds).
The tournament's whole state follows from the log alone
(:meth:`pokerroom.tournament.director.Tournament.from_events`), so it can be saved, audited,
resumed and its last director action undone. Clock changes are the clock's own
:class:`~pokerroom.tournament.clock.events.LevelStarted` / ``BreakStarted`` values.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pokerroom.tournament.clock.events import BreakStarted, LevelStarted
from pokerroom.tournament.desk_events import Announced, ChipsCorrected, LateRegistrationEnded
from pokerroom.tournament.live.events import (
    ButtonAt,
    ClockAction,
    ClockStarted,
    DealAgreed,
    DirectorAction,
)
from pokerroom.tournament.penalties.log import (
    HandServed,
    PenaltyGiven,
    ProtestDecided,
    ProtestFiled,
    SoftPlayFlagged,
)
from pokerroom.tournament.seating.moves import Move


class EntryKind(enum.StrEnum):
    """How a player paid in (T-11, T-19): each is counted in the pool (T-2)."""

    ENTRY = "entry"
    RE_ENTRY = "re-entry"
    REBUY = "re-buy"
    ADD_ON = "add-on"


@dataclass(frozen=True, slots=True)
class Entered:
    """A director action: the desk took a (re-)entry, re-buy or add-on worth ``chips``."""

    at: float
    player: str
    kind: EntryKind
    chips: int


@dataclass(frozen=True, slots=True)
class Seated:
    """The room seated a player: the draw, a balance move, a broken table … (T-4 … T-8)."""

    at: float
    move: Move


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a hand played: who sat there, his stack before and after, and for the
    audit his forced bets (ante, blind, bring-in) and what he won from the pots; what he put
    in is ``before - after + won``. Logs saved before these were kept read them as 0."""

    seat: int
    player: str
    before: int
    after: int
    ante: int = 0
    blind: int = 0
    bring_in: int = 0
    won: int = 0


@dataclass(frozen=True, slots=True)
class HandPlayed:
    """A hand dealt at ``table`` from ``started`` and finished at ``at``, during ``level``."""

    at: float
    started: float
    number: int
    """The tournament's running hand number, from 1."""
    table: int
    level: int
    button: int
    small_blind: int
    """The small blind's marker seat (it may be empty, H-6)."""
    big_blind: int
    seats: tuple[SeatResult, ...]
    """In the engine's position order: from the seat after the button, clockwise."""


@dataclass(frozen=True, slots=True)
class BustOut:
    """A player is out with his place (T-12); ``tied`` > 1: equal stacks busting in one hand
    share the money of places ``tied_from`` … ``tied_from + tied - 1``."""

    at: float
    player: str
    place: int
    hand: int
    """The hand he busted in (0: entered by the director outside a hand)."""
    level: int
    tied_from: int
    tied: int = 1
    by_director: bool = False
    """A bust-out the director entered by hand (a live table), which he may undo."""


@dataclass(frozen=True, slots=True)
class Won:
    """The last player in holds all chips: he wins (T-12)."""

    at: float
    player: str


@dataclass(frozen=True, slots=True)
class Paid:
    """The cashier paid a place its prize (T-2); place 1 is the winner."""

    at: float
    player: str
    place: int
    prize: int


@dataclass(frozen=True, slots=True)
class StageStarted:
    """T-9: an Olympic stage begins (1/8 … semi-final, final) with every player still in:
    ``tables`` players at each table by table number, and the players with a bye."""

    at: float
    number: int
    """The stage's number, from 1 for the first."""
    name: str
    tables: tuple[int, ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StackRestart:
    """One player's stack before and after a stage's restart."""

    player: str
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class StacksRestarted:
    """T-9: the players of a new stage restart with equal stacks; the chips they held are
    taken back (``chips_removed``) and the new stacks issued (``chips_issued``)."""

    at: float
    stage: int
    stacks: tuple[StackRestart, ...]


@dataclass(frozen=True, slots=True)
class HandForHandStarted:
    """The next bust-out is the last unpaid place: every table deals one hand at a time
    (hand-for-hand, beyond the seed; :mod:`pokerroom.tournament.bubble`)."""

    at: float
    players_left: int
    places_paid: int


@dataclass(frozen=True, slots=True)
class HandForHandRound:
    """One hand-for-hand round is over: ``hands`` (running numbers) were dealt together, one
    per table, from ``started``; its bust-outs follow, placed together (T-12)."""

    at: float
    round: int
    """From 1 for the first round of this hand-for-hand."""
    started: float
    hands: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandForHandEnded:
    """The bubble burst: the players left are all in the money; tables deal on their own."""

    at: float
    players_left: int


@dataclass(frozen=True, slots=True)
class TableWaited:
    """The floor's reason, for the audit: ``table`` came to deal and waited (``short``,
    ``unbalanced``: T-6; ``final table``: T-8), or dealt while a balance move waited for a
    player in a hand (``move deferred``, T-6); ``counts``: (table, players) then."""

    at: float
    table: int
    reason: str
    counts: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class RacedStack:
    """One player's stack in a chip race (T-13): before and after, and how he came out."""

    player: str
    before: int
    after: int
    cards: str
    """The cards dealt for his odd chips (``"Js 6c"``; empty: he had none)."""
    won: bool
    kept_in: bool
    """Given one new chip because he would have had none (nobody is raced out)."""


@dataclass(frozen=True, slots=True)
class ChipsRaced:
    """T-13, T-18: at a colour-up the table's ``retired`` chips were raced off; every stack
    is now a multiple of ``smallest``, the smallest chip in play from here on (P-3)."""

    at: float
    table: int
    retired: int
    smallest: int
    stacks: tuple[RacedStack, ...]
    """In dealing order: clockwise from the button's left."""


TournamentEvent = (
    Entered
    | Seated
    | LevelStarted
    | BreakStarted
    | HandPlayed
    | BustOut
    | Won
    | Paid
    | StageStarted
    | StacksRestarted
    | HandForHandStarted
    | HandForHandRound
    | HandForHandEnded
    | TableWaited
    | ChipsRaced
    | PenaltyGiven
    | HandServed
    | ProtestFiled
    | ProtestDecided
    | SoftPlayFlagged
    | DirectorAction
    | ClockStarted
    | ClockAction
    | ButtonAt
    | DealAgreed
    | ChipsCorrected
    | LateRegistrationEnded
    | Announced
)
"""Everything the tournament log holds; the discipline events (T-14 … T-22, H-10) are
:mod:`pokerroom.tournament.penalties.log`'s."""

DISCIPLINE = (PenaltyGiven, HandServed, ProtestFiled, ProtestDecided, SoftPlayFlagged)
"""The events the tournament's :class:`~pokerroom.tournament.penalties.log.PenaltyLog` keeps."""


def is_director_action(event: TournamentEvent) -> bool:
    """Whether the director took this action himself, so he may undo it."""
    return isinstance(
        event,
        Entered
        | PenaltyGiven
        | ProtestFiled
        | ProtestDecided
        | DirectorAction
        | ClockStarted
        | ClockAction
        | ButtonAt
        | DealAgreed
        | ChipsCorrected
        | LateRegistrationEnded
        | Announced,
    ) or (isinstance(event, BustOut) and event.by_director)


def is_director_only(event: TournamentEvent) -> bool:
    """Whether only the director may see this event (T-15, X-4: a soft-play flag names
    hole cards); player-facing outputs leave these out."""
    return isinstance(event, SoftPlayFlagged)
