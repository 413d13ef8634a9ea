"""The director's desk for a tournament run on a server's tables (T-16, T-20, T-6, T-7, T-14).

A :class:`TimedDesk` is what the director does during a :class:`~pokerroom.tournament.timed.
run.TimedRun`: the clock (time added or removed, the next level now, a break now
or after a level, a level to come or the one in progress changed, a level inserted or
removed), the floor (a player moved, a table broken, by his hand but within the floor's
rules), discipline (a warning, a sit-out of some hands, a disqualification, each with its
reason), a chip count corrected, late registration ended early and an announcement.

Each action is checked whole before anything changes: a refusal is one line
(:class:`~pokerroom.errors.UsageError` or the clock's ``ClockError``) naming what is
allowed, and the log is as it was. A done action ends with a
:class:`~pokerroom.tournament.live.events.DirectorAction` naming it, after its own events,
and returns the same words.

Decisions where the seed is silent (README "The director in the browser"):

- "Next level now" ends the level (or break) running: what the schedule has next comes,
  a break after that level included.
- The level in progress may be corrected (T-16, beyond T-20's levels to come): its blinds
  and antes from the next hand dealt at each table, its length changed by the difference.
- A hand move keeps the tables within the floor's tolerance (T-6) or brings them closer;
  a move, a broken table or a chip count of a player in a hand waits for that hand's end.
- A penalty names an offence of the T-21 table (by default 7.1.16, other unsporting
  conduct, which allows a warning up to a disqualification) and is checked against it.
- Ending late registration closes re-entry too (T-19 gives both one deadline per level).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from pokerroom.errors import UsageError
from pokerroom.i18n import N_
from pokerroom.said import Said
from pokerroom.tournament.clock.events import (
    AddBreak,
    AddTime,
    CallBreak,
    EditLevel,
    InsertLevel,
    RemoveLevel,
    RemoveTime,
    ReviseLevel,
)
from pokerroom.tournament.clock.next_level import next_level_now
from pokerroom.tournament.desk_events import Announced, ChipsCorrected, LateRegistrationEnded
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.live import level_words
from pokerroom.tournament.live.events import DirectorAction
from pokerroom.tournament.penalties.table import Offence, Penalty
from pokerroom.tournament.seating.moves import Seat
from pokerroom.tournament.structure import Break, Level
from pokerroom.tournament.timed.run import TimedRun

MINUTE = 60.0
LEVEL_FIELDS = ("minutes", "small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet")
"""What a director may set in a level (the rest is the level's own)."""
ANNOUNCEMENT_CHARS = 200


class TimedDesk:
    """The director's actions on ``run``; clock actions are stamped ``at`` (the tournament
    clock now, at most the run's time)."""

    def __init__(self, run: TimedRun, at: float) -> None:
        self.run = run
        self.at = at

    @property
    def tournament(self) -> Tournament:
        return self.run.tournament

    # ----- the clock (T-20)

    def add_time(self, minutes: int) -> str:
        self.run.act_on_clock(AddTime(self.at, minutes * MINUTE))
        return self._done(f"{minutes} min added to {self._running()}")

    def remove_time(self, minutes: int) -> str:
        self.run.act_on_clock(RemoveTime(self.at, minutes * MINUTE))
        return self._done(f"{minutes} min removed from {self._running()}")

    def next_level(self) -> str:
        """The level (or break) running ends now; what the schedule has next begins."""
        ended = self._running()
        self.run.act_on_clock(next_level_now(self.run.clock_state(self.at)))
        return self._done(f"{ended} ended now; {self._running()} runs")

    def call_break(self, minutes: int) -> str:
        self.run.act_on_clock(CallBreak(self.at, minutes))
        return self._done(f"break of {minutes} min now; the level resumes after it")

    def add_break(self, after_level: int, minutes: int) -> str:
        self.run.act_on_clock(AddBreak(self.at, Break(after_level, minutes)))
        return self._done(f"break of {minutes} min after level {after_level}")

    def edit_level(self, number: int, changes: Mapping[str, int]) -> str:
        """T-20 a level to come, or T-16 the one in progress (from the next hand dealt)."""
        state = self.run.clock_state(self.at)
        level = _changed(_level(state.schedule.levels, number), changes)
        current = state.level.number == number and state.on_break is None
        self.run.act_on_clock((ReviseLevel if current else EditLevel)(self.at, level))
        said = level_words.edited(level)
        return self._done(f"{said}, from the next hand dealt" if current else said)

    def insert_level(self, number: int, changes: Mapping[str, int]) -> str:
        """T-20: a new level ``number`` (a copy of the one now there, with ``changes``)."""
        levels = self.run.clock_state(self.at).schedule.levels
        if not 1 <= number <= len(levels) + 1:
            raise UsageError(
                Said(
                    N_("a new level goes in places 1 to {last}, not {number}"),
                    last=len(levels) + 1,
                    number=number,
                )
            )
        base = _level(levels, min(number, len(levels)))
        level = _changed(dataclasses.replace(base, number=number), changes)
        self.run.act_on_clock(InsertLevel(self.at, level))
        return self._done(level_words.inserted(level))

    def remove_level(self, number: int) -> str:
        """T-20: level ``number``, not yet started, leaves the schedule; later ones move down."""
        self.run.act_on_clock(RemoveLevel(self.at, number))
        return self._done(f"level {number} removed; later levels move down one")

    def undo(self) -> str:
        """T-20: the last clock action taken back, if nothing has happened since it."""
        taken = self.run.undo_clock_action()
        return self._done(f"undone: {taken.describe()}")

    def _running(self) -> str:
        state = self.run.clock_state(self.at)
        return "the break" if state.on_break is not None else f"level {state.level.number}"

    # ----- the floor (T-6, T-7)

    def move(self, player: str, table: int, seat: int | None) -> str:
        """T-16: ``player`` to ``table`` (``seat``, else the balance seat), at once or when
        his hand ends."""
        source = self._seat_of(player).table
        self.run.floor.hand_move_seat(player, table, seat, level=self.tournament.level)
        where = f"table {table}" if seat is None else f"table {table} seat {seat}"
        now = self.run.between_hands(
            source,
            f"move {player} to {where}",
            lambda: self.run.move_by_hand(player, table, seat),
        )
        if now:
            return self._done(f"{player} moved to {self._seat_of(player)}")
        return self._done(f"{player} moves to {where} when the hand at table {source} ends")

    def break_table(self, table: int) -> str:
        """T-7: ``table``'s players to the free seats of the others, at once or after its
        hand; refused unless they fit."""
        view = self.run.floor.table(table)
        counts = self.run.floor.counts()
        free = sum(self.run.floor.table(t).size - c for t, c in counts.items() if t != table)
        if len(counts) < 2 or free < len(view.seats):
            raise UsageError(
                Said(
                    N_(
                        "the other tables have {free} free seats for table {table}'s "
                        "{players} players; a table breaks when its players fit elsewhere (T-7)"
                    ),
                    free=free,
                    table=table,
                    players=len(view.seats),
                )
            )
        now = self.run.between_hands(
            table, f"break table {table}", lambda: self.run.break_by_hand(table)
        )
        if now:
            return self._done(f"table {table} broken: its players moved (T-7)")
        return self._done(f"table {table} breaks when its hand ends (T-7)")

    def _seat_of(self, player: str) -> Seat:
        record = self.tournament.record_in(player)
        if record.seat is None:
            raise UsageError(Said(N_("{player} has no seat now"), player=player))
        return record.seat

    # ----- discipline (T-14, T-21), chips, entries

    def penalize(
        self, player: str, penalty: Penalty, reason: str, offence: Offence | str | None = None
    ) -> str:
        """T-14: the penalty for ``reason``, checked against the T-21 table's choices for
        the offence (by default 7.1.16); a sit-out starts with his next hand (H-10), a
        disqualification puts him out at once or when his hand ends (T-12)."""
        why = _reason(reason, N_("a penalty"))
        self.tournament.record_in(player)
        given = self.run.desk.penalize(
            player, Offence.UNSPORTING_CONDUCT if offence is None else offence, penalty, note=why
        )
        when = " when his hand ends" if given is None else ""
        return self._done(f"penalty for {player}: {penalty}{when} ({why})")

    def correct_chips(self, player: str, chips: int, reason: str) -> str:
        """T-16: ``player``'s count set to ``chips``; if he is in a hand, the difference is
        made when it ends (not done if he would be left with nothing)."""
        why = _reason(reason, N_("a chip count correction"))
        before = self.tournament.record_in(player).chips
        if chips <= 0 or chips == before:
            raise UsageError(
                Said(
                    N_(
                        "{player} has {chips} chips; a corrected count is another number, 1 or "
                        "more (a player is put out by disqualification, T-12)"
                    ),
                    player=player,
                    chips=f"{before:,}",
                )
            )
        change = chips - before

        def correct() -> None:
            now = self.tournament.players[player].chips
            self.run.log(ChipsCorrected(self.run.now, player, now, now + change, why))

        table = self._seat_of(player).table
        if self.run.between_hands(table, f"{player}'s chips {change:+,}", correct):
            return self._done(f"{player}'s chips corrected from {before:,} to {chips:,} ({why})")
        return self._done(f"{player}'s chips change by {change:+,} when his hand ends ({why})")

    def end_late_registration(self) -> str:
        self.run.log(LateRegistrationEnded(self.run.now, self.tournament.level))
        self.run.late_registration_ended()
        return self._done("late registration and re-entry are closed (T-19)")

    def announce(self, text: str) -> str:
        words = " ".join(text.split())
        if not words or len(words) > ANNOUNCEMENT_CHARS:
            raise UsageError(
                Said(N_("an announcement is 1 to {most} characters"), most=ANNOUNCEMENT_CHARS)
            )
        self.run.log(Announced(self.run.now, words))
        return self._done(f"announced: {words}")

    def _done(self, what: str) -> str:
        self.run.log(DirectorAction(self.run.now, what))
        return what


def _level(levels: tuple[Level, ...], number: int) -> Level:
    if not 1 <= number <= len(levels):
        raise UsageError(
            Said(
                N_("there is no level {number}; the schedule has levels 1 to {last}"),
                number=number,
                last=len(levels),
            )
        )
    return levels[number - 1]


def _changed(level: Level, changes: Mapping[str, int]) -> Level:
    unknown = sorted(set(changes) - set(LEVEL_FIELDS))
    if unknown:
        raise UsageError(
            Said(
                N_("a level has no {field}; set {fields}"),
                field=repr(unknown[0]),
                fields=", ".join(LEVEL_FIELDS),
            )
        )
    given: dict[str, Any] = dict(changes)
    return dataclasses.replace(level, **given)


def _reason(reason: str, what: str) -> str:
    words = " ".join(reason.split())
    if not words:
        raise UsageError(Said(N_("{what} needs its reason, in a few words"), what=Said(what)))
    return words[:200]
