"""What the clock screen shows at one moment, as values: a pure function of a feed's reading.

No Textual here: the screen lays these out, tests check them directly.

>>> from pokerroom.tournament.clock import Schedule, clock_state
>>> from pokerroom.tournament.regulation import load_example
>>> from pokerroom.tournament.clockface.feed import FeedReading
>>> from pokerroom.tournament.clockface.field import field_of_entrants
>>> club = load_example("club-freezeout")
>>> schedule = Schedule(club.levels, club.breaks, start_at=0)
>>> state = clock_state(schedule, (), 65 * 60)
>>> shot = snapshot(FeedReading(club, state, field_of_entrants(club, 10)))
>>> shot.phase, shot.level.number, shot.digits, shot.chip_up
(<Phase.LEVEL: 'level'>, 4, '15:00', 'Colour-up at the break: the 25 chips go')
>>> shot.field.average_stack, shot.field.average_big_blinds, shot.prizes.prizes
(20000, 100.0, (4150, 2490, 1660))
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from pokerroom.i18n import _, number_text
from pokerroom.tournament.clock import ClockState
from pokerroom.tournament.clock.render import countdown
from pokerroom.tournament.clockface.feed import FeedReading
from pokerroom.tournament.clockface.field import Field
from pokerroom.tournament.money.payouts import payout
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.tournament.structure import Break, Level


class Phase(enum.Enum):
    NOT_STARTED = "not started"
    LEVEL = "level"
    BREAK = "break"
    UNSCHEDULED_BREAK = "unscheduled break"


@dataclass(frozen=True, slots=True)
class FieldFigures:
    players_left: int
    entrants: int
    re_entries: int
    rebuys: int
    add_ons: int
    chips_in_play: int
    average_stack: int | None
    """Chips in play per player left, rounded; None when nobody is left."""
    average_big_blinds: float | None
    """The average stack in big blinds of the blinds the next hand is dealt with (on a break:
    the coming level's); None without big blinds (Stud) or players."""

    @property
    def entries(self) -> int:
        return self.entrants + self.re_entries


@dataclass(frozen=True, slots=True)
class PrizeFigures:
    pool: int
    prizes: tuple[int, ...]
    """Place 1 first; they sum to the pool (T-2)."""
    currency: str
    overlay: int
    """What the room adds to reach its guarantee."""


@dataclass(frozen=True, slots=True)
class ClockSnapshot:
    """One frame of the clock screen."""

    title: str
    phase: Phase
    paused: bool
    level: Level
    """In force; on a break the level just played; before the start level 1."""
    game: str
    """The game the level plays (a mixed tournament changes it)."""
    seconds_left: float | None
    """Left in the level or break, or until the start; None in the last level past its time."""
    next_level: Level | None
    next_break: Break | None
    next_break_in: float | None
    chip_up: str | None
    """The colour-up notice (T-13): in the level before the break, and during it."""
    field: FieldFigures | None
    prizes: PrizeFigures | None

    @property
    def digits(self) -> str:
        """The time left as the huge digits show it."""
        return "--:--" if self.seconds_left is None else long_countdown(self.seconds_left)

    @property
    def segment(self) -> tuple[Phase, int]:
        """What changes at a level change or a break (not at a pause): the screen flashes."""
        return self.phase, self.level.number


def long_countdown(seconds: float) -> str:
    """m:ss below an hour, h:mm:ss from an hour, seconds rounded up as a countdown shows them."""
    whole = math.ceil(round(seconds, 3))
    if whole < 3600:
        return countdown(whole)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def _phase(state: ClockState) -> Phase:
    if not state.started:
        return Phase.NOT_STARTED
    if state.on_break is None:
        return Phase.LEVEL
    return Phase.UNSCHEDULED_BREAK if state.unscheduled_break else Phase.BREAK


def _chip_up(state: ClockState, phase: Phase) -> str | None:
    """T-13: announce the chip that goes during the level before the break, and at the break."""
    if phase is Phase.BREAK and state.on_break is not None and state.on_break.color_up:
        chip = number_text(state.on_break.color_up)
        return _("Colour-up now: the {chip} chips go").format(chip=chip)
    coming = state.next_break
    if (
        phase is not Phase.BREAK
        and coming is not None
        and coming.color_up
        and coming.after_level == state.level.number
    ):
        chip = number_text(coming.color_up)
        return _("Colour-up at the break: the {chip} chips go").format(chip=chip)
    return None


def _blinds_level(state: ClockState) -> Level:
    """The level the next hand is dealt with: on a break, the one to come."""
    if state.on_break is not None and not state.unscheduled_break and state.next_level:
        return state.next_level
    return state.level


def _field(field: Field, blinds: Level) -> FieldFigures:
    entries = field.entries
    left = field.players_left
    average = field.chips_in_play / left if left else None
    in_big_blinds = None if average is None or not blinds.big_blind else average / blinds.big_blind
    return FieldFigures(
        players_left=left,
        entrants=entries.entrants,
        re_entries=entries.re_entries,
        rebuys=entries.rebuys,
        add_ons=entries.add_ons,
        chips_in_play=field.chips_in_play,
        average_stack=None if average is None else round(average),
        average_big_blinds=in_big_blinds,
    )


def _prizes(regulation: Regulation, field: Field) -> PrizeFigures | None:
    """T-2: the pool and the prizes for the entries so far; none before the first entry."""
    if field.entries.entrants < 1:
        return None
    paid = payout(regulation, field.entries)
    return PrizeFigures(paid.pool.total, paid.prizes, regulation.money.currency, paid.pool.overlay)


def snapshot(reading: FeedReading) -> ClockSnapshot:
    """The frame for this reading; a field the regulation cannot pay raises PayoutError."""
    state, regulation, field = reading.state, reading.regulation, reading.field
    phase = _phase(state)
    return ClockSnapshot(
        title=regulation.name,
        phase=phase,
        paused=state.paused,
        level=state.level,
        game=regulation.game.at_level(_blinds_level(state).number).label,
        seconds_left=state.starts_in if phase is Phase.NOT_STARTED else state.time_left,
        next_level=state.next_level,
        next_break=state.next_break,
        next_break_in=state.next_break_in,
        chip_up=_chip_up(state, phase),
        field=None if field is None else _field(field, _blinds_level(state)),
        prizes=None if field is None else _prizes(regulation, field),
    )
