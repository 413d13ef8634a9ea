"""A tournament's regulation as frozen values (T-3, 002 1.6): everything fixed before it starts.

:mod:`pokerroom.tournament.regulation` reads these from TOML and checks them; the
registration desk, the clock, the tables and the cashier read them from here.
Money amounts are whole units of the room's currency; chip amounts are tournament
chips, which have no cash value (T-1, 002 1.4).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time
from fractions import Fraction

from pokerroom.engine import Limit, Variant
from pokerroom.game_choices import GAME_NAMES
from pokerroom.i18n import N_, Language, gettext
from pokerroom.tournament.structure import Break, Level


class TournamentFormat(enum.StrEnum):
    """002 section 3: many tables balanced by the director, or knock-out tables (T-5, T-9)."""

    AMERICAN = "american"
    OLYMPIC = "olympic"


class Rotation(enum.StrEnum):
    """When a mixed game moves to its next game."""

    LEVEL = "level"
    """Each level plays the next game of the rotation (HORSE-style)."""
    ORBIT = "orbit"
    """Every orbit of the button, as mixed Hold'em alternates structures (B-6)."""


LIMIT_NAMES = {
    Limit.NO_LIMIT: N_("No-limit {game}"),
    Limit.POT_LIMIT: N_("Pot-limit {game}"),
    Limit.FIXED_LIMIT: N_("Fixed-limit {game}"),
}


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One engine game and its betting structure."""

    variant: Variant
    limit: Limit

    @property
    def label(self) -> str:
        """``No-limit Texas Hold'em``, in the current language."""
        name = GAME_NAMES.get(self.variant.code)
        game = gettext(name) if name else self.variant.name
        return gettext(LIMIT_NAMES[self.limit]).format(game=game)


@dataclass(frozen=True, slots=True)
class Game:
    """The game played: one game, or a rotation of games for a mixed tournament."""

    rotation: tuple[GameSpec, ...]
    rotate_every: Rotation = Rotation.LEVEL

    @property
    def mixed(self) -> bool:
        return len(self.rotation) > 1

    def at_level(self, number: int) -> GameSpec:
        """The game a level starts with (the rotation's first when it turns by orbit)."""
        if self.rotate_every is Rotation.ORBIT:
            return self.rotation[0]
        return self.rotation[(number - 1) % len(self.rotation)]

    @property
    def label(self) -> str:
        names = " / ".join(spec.label for spec in self.rotation)
        if not self.mixed:
            return names
        if self.rotate_every is Rotation.ORBIT:
            return gettext("{games}, changing every orbit").format(games=names)
        return gettext("{games}, changing every level").format(games=names)


@dataclass(frozen=True, slots=True)
class LateRegistration:
    """T-19: entries are taken until the start of the level after ``until_level``.

    ``until_level`` 0 closes registration at the start. Interpretation: a break right
    after that level still takes entries (the desk is open during the break).
    """

    until_level: int = 0


@dataclass(frozen=True, slots=True)
class ReEntry:
    """T-11, T-19, 5.19.3: a busted player buys in again at the buy-in, on a new seat."""

    per_player: int
    """How many re-entries one player may make."""
    until_level: int
    """The last level during which a re-entry is taken (same reading as late registration)."""
    chips: int
    """The stack a re-entry gets (by default the starting stack)."""


@dataclass(frozen=True, slots=True)
class Rebuy:
    """T-11: more chips for more money, keeping the seat."""

    price: int
    fee: int
    chips: int
    per_player: int
    """0: no limit."""
    until_level: int
    stack_at_most: int
    """A player may re-buy while his stack is at most this (0: only when he has busted)."""


@dataclass(frozen=True, slots=True)
class AddOn:
    """T-11: the last chance to buy chips, offered at one scheduled break."""

    price: int
    fee: int
    chips: int
    at_break: int
    """The break after this level."""
    per_player: int = 1


@dataclass(frozen=True, slots=True)
class Money:
    """T-2: what an entry costs and what the organiser adds or guarantees."""

    buy_in: int
    """What a player pays for one entry (and for each re-entry, 5.19.3), the fee included."""
    fee: int
    """The organiser's part of ``buy_in``; at most 17 % of it (T-2, 002 1.7)."""
    added: int = 0
    guarantee: int = 0
    """The pool is at least this; the organiser pays the difference (the overlay)."""
    currency: str = ""


@dataclass(frozen=True, slots=True)
class PayoutBand:
    """One row of a payout table: for fields up to ``up_to`` entries (``None``: any larger)."""

    up_to: int | None
    percents: tuple[Fraction, ...]
    """Place 1 first; they sum to exactly 100 and never increase."""


@dataclass(frozen=True, slots=True)
class PayoutCurve:
    """Pay the top ``paid_percent`` of the field, first place ``first_percent`` of the pool.

    Place *i* gets a share proportional to ``i ** -a``, with ``a`` chosen so the
    first place gets ``first_percent`` (every place the same when that is not possible).
    """

    paid_percent: Fraction
    first_percent: Fraction


@dataclass(frozen=True, slots=True)
class Payouts:
    """The prize zone (T-2, 5.19.4): a table by number of entries, or a curve."""

    rule: tuple[PayoutBand, ...] | PayoutCurve
    unit: int = 1
    """Prizes are multiples of this; what rounding leaves goes to first place."""


@dataclass(frozen=True, slots=True)
class TimeBanks:
    """A-18: extensions used automatically when the shot clock runs out."""

    count: int
    seconds: int
    added: tuple[tuple[int, int], ...] = ()
    """(level, banks): more banks given to everyone still in when that level starts."""


@dataclass(frozen=True, slots=True)
class ShotClock:
    """A-18, 002 6.4.12: the stage of the tournament played on a shot clock."""

    from_level: int
    seconds: int
    countdown: int
    time_banks: TimeBanks


@dataclass(frozen=True, slots=True)
class Broadcast:
    """T-23, 002 7.5.1/7.5.3: a broadcast ("TV") table whose spectators see every hole card
    ``delay_hands`` hands behind: a hand's cards once that many hands have ended since it
    was dealt (1: as soon as it ends)."""

    delay_hands: int = 1
    table: int | None = None
    """The table broadcast (its number); None: the final table."""


@dataclass(frozen=True, slots=True)
class Regulation:
    """Everything 002 1.6 and T-3 say a tournament's regulation fixes."""

    name: str
    description: str
    format: TournamentFormat
    profile: str
    """The engine's rule profile (``club`` by default: the room of seed 002)."""
    game: Game
    starting_stack: int
    levels: tuple[Level, ...]
    breaks: tuple[Break, ...]
    start: datetime | time | None
    late_registration: LateRegistration
    re_entry: ReEntry | None
    rebuy: Rebuy | None
    add_on: AddOn | None
    money: Money
    payouts: Payouts
    table_size: int
    final_table_size: int
    """American: the number left when every table breaks for the final draw (T-8)."""
    max_entries: int | None
    """The most entries the room takes (a sit-and-go's seats), ``None``: no limit."""
    chips: tuple[int, ...]
    """The chip denominations at the start, smallest first (T-18)."""
    shot_clock: ShotClock | None
    stage_stack: int | None = None
    """Olympic: the equal stack every player restarts each stage with (None: the starting
    stack, T-9)."""
    observers: bool = True
    """Whether people outside the tournament may watch its tables (T-23)."""
    broadcast: Broadcast | None = None
    """T-23: the broadcast table, when the regulation asks for one."""
    language: Language | None = None
    """The language its clock screen, seat cards and printouts are worded in (``en``, ``ru``,
    ``uk``); ``None``: the language of whoever looks (the process's or the viewer's)."""

    @property
    def restart_stack(self) -> int:
        """T-9: the stack each player of an Olympic stage after the first restarts with."""
        return self.starting_stack if self.stage_stack is None else self.stage_stack

    def level(self, number: int) -> Level:
        """Level ``number`` (from 1); past the list the last level goes on."""
        return self.levels[min(number, len(self.levels)) - 1]

    def break_after(self, number: int) -> Break | None:
        return next((b for b in self.breaks if b.after_level == number), None)

    def smallest_chip(self, level: int) -> int:
        """T-13, T-18: the smallest chip in play during ``level``, after earlier colour-ups."""
        return smallest_chip_at(self.chips, self.breaks, level)


def smallest_chip_at(chips: Sequence[int], breaks: Sequence[Break], level: int) -> int:
    """The smallest of ``chips`` not retired by a break before ``level`` (T-13)."""
    retired = {b.color_up for b in breaks if b.after_level < level}
    return min(chip for chip in chips if chip not in retired)
