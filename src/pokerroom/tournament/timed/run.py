"""An American tournament whose hands are played at their tables in real time (the web's).

:class:`~pokerroom.tournament.american.AmericanRun` plays each hand to its end the moment
it is dealt and lets simulated time pass for it. A :class:`TimedRun` hands each dealt hand
to its table instead (:meth:`Tables.deal`); the table plays it as fast as its players
decide — people in real time, bots at once — and says when it is over
(:meth:`TimedRun.hand_over`). The caller moves the run on (:meth:`TimedRun.advance`) by
the tournament clock: seconds since the start, less any pause. Everything else — the
clock and its levels and breaks (T-10), the floor's draws, balancing, breaking and the
final table (T-4 … T-8), places (T-12), re-buys and add-ons (T-11), hand-for-hand — is the
American run's own, so the rules live in one place.

Decisions where the seed is silent (README "Tournaments on the web"):

- A busted player re-enters at once only when his table says so (:meth:`Tables.re_enters`:
  the bots); a person is placed and may buy in again himself while the regulation allows
  (:meth:`TimedRun.enter`), as a late registration may (T-19): the log decides.
- The clock's levels and breaks are logged as the caller's time reaches them, so a late
  entry is checked against the level in force.
- The director's hand (T-16, T-20): a clock action (time added or removed, a level or a
  break changed) replans the levels and breaks still to come and wakes every table waiting
  for a break's end; a move or a chip count of a player in a hand, or a table playing one,
  waits for that hand's end (:meth:`TimedRun.between_hands`), checked again then.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from pokerroom.engine import Hand
from pokerroom.errors import PokerroomError, UsageError
from pokerroom.table.seating import Blinds
from pokerroom.tournament.american import _START, AmericanRun, Listener
from pokerroom.tournament.clock import ClockState, clock_changes
from pokerroom.tournament.clock.events import BreakStarted, ClockEvent, LevelStarted
from pokerroom.tournament.events import EntryKind, TournamentEvent
from pokerroom.tournament.live.events import ClockAction, DirectorAction
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.tournament.standing import Standing
from pokerroom.tournament.structure import Level


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A hand the run dealt at a table, with who sits where."""

    table: int
    hand: Hand
    players: tuple[str, ...]
    """By engine position."""
    seats: tuple[int, ...]
    """The seat number of each engine position."""
    blinds: Blinds
    level: Level


class Tables(Protocol):
    """Where a timed run's hands are played."""

    def deal(self, dealt: DealtHand) -> None:
        """Play ``dealt`` at its table; call :meth:`TimedRun.hand_over` when it is over
        (at once, if nobody there has to think)."""

    def re_enters(self, player: str) -> bool:
        """Whether a busted ``player`` buys in again by himself while he may (a bot)."""

    def see_standing(self, standing: Standing) -> None:
        """The lobby's standing before each hand (the bots mind the bubble by it)."""


def _played_at_tables(hand: Hand, players: Sequence[str]) -> int:
    raise RuntimeError("a timed run's hands are played at their tables (Tables.deal)")


def _each_table_settles(players: Sequence[str]) -> bool:
    return True


class TimedRun(AmericanRun):
    """One American tournament on the caller's clock; see the module docstring."""

    def __init__(
        self,
        regulation: Regulation,
        players: Sequence[str],
        tables: Tables,
        rng: random.Random,
        *,
        listener: Listener | None = None,
    ) -> None:
        super().__init__(regulation, players, _played_at_tables, rng, listener=listener)
        self._tables = tables
        self._settles = _each_table_settles  # P-5: each table shows or mucks itself
        self._see_standing = tables.see_standing
        self._between: dict[int, list[tuple[str, Callable[[], None]]]] = {}
        """Per table playing a hand: the director's actions waiting for its end."""

    @property
    def over(self) -> bool:
        return self.tournament.winner is not None

    def next_at(self) -> float | None:
        """When the timetable next has something to do (None: it waits for a table)."""
        if self.over:
            return None
        times = [self._heap[0][0]] if self._heap else []
        if self._changes:
            times.append(self._changes[-1].at)
        return min(times) if times else None

    def playing(self, table: int) -> bool:
        """Whether ``table`` is playing a hand it was dealt."""
        return table in self._playing

    def advance(self, now: float) -> None:
        """Play the timetable up to ``now``: hands end, tables deal, players move, the
        clock's levels and breaks come; the winner once one player holds every chip."""
        tournament = self.tournament
        stalled_at = -1
        while not self.over and tournament.players_left > 1:
            if self._heap and self._heap[0][0] <= now:
                self._step()
                continue
            if self._heap or self._playing or stalled_at == tournament.hands:
                break
            stalled_at = tournament.hands  # nothing deals, nothing plays: held tables come
            self._wake(self._short)  # back, once for each hand played since (as run does)
            self._wake(self._final)
        if self.over:
            return
        if tournament.players_left <= 1:
            self._finish()
            return
        if now > self.now:
            self._time.advance_to(now)
            self._clock_changes()

    def hand_over(self, table: int, hand: Hand, at: float) -> None:
        """The hand dealt at ``table`` is over; the table's next comes from ``at`` on."""
        self._hand_over(table, hand, max(at, self.now))

    def enter(self, player: str, kind: EntryKind, now: float) -> None:
        """T-19, T-11: a late registration or a re-entry at ``now``; the log refuses one the
        regulation does not allow with one line (:class:`UsageError`), changing nothing."""
        self.advance(now)
        if self.over:
            raise UsageError("the tournament is over; no more entries")
        if kind not in (EntryKind.ENTRY, EntryKind.RE_ENTRY):
            raise UsageError(f"a {kind.value} is taken at the table, not by registration")
        chips = self.tournament._chips_for(kind)
        self._take_entry(player, kind, chips)

    # ----- the director's hand (T-16, T-20)

    @property
    def clock_log(self) -> tuple[ClockEvent, ...]:
        """The director's clock actions so far (the header's clock reads them)."""
        return self._clock.log

    @property
    def clock_start(self) -> float:
        """When the clock in force started: 0, or an Olympic stage's start (T-9)."""
        return self._clock.schedule.start_at

    def clock_state(self, at: float | None = None) -> ClockState:
        """The clock at ``at`` (by default the run's now)."""
        return self._clock.state(self.now if at is None else at)

    def log(self, event: TournamentEvent) -> None:
        """Record one event the tournament checks (a refusal raises and changes nothing)."""
        self._log(event)

    def act_on_clock(self, event: ClockEvent) -> None:
        """T-20: a clock action stamped at most at the run's now; a refused one raises the
        clock's one-line error and changes nothing. The levels and breaks to come are
        replanned; a level or break ended by it is logged at once."""
        self._clock.record(event)
        self._log(ClockAction(self.now, event))
        self._replan()

    @property
    def clock_undoable(self) -> bool:
        """Whether the log ends with a clock action and the director's words for it: nothing
        (a level or break begun, a hand ended) has happened since."""
        last = self.tournament.events[-2:]
        return (
            len(last) == 2
            and isinstance(last[0], ClockAction)
            and isinstance(last[1], DirectorAction)
        )

    def undo_clock_action(self) -> ClockEvent:
        """T-20: take back the director's last clock action while nothing has happened since
        it; the clock and the log are as they were before it, the levels to come replanned."""
        if not self.clock_undoable:
            raise UsageError(
                "only the director's last clock action (time, a level or a break added, "
                "changed or removed) can be undone, and only before anything else happens "
                "(a hand ends, a level or break begins)"
            )
        taken = self._clock.undo()
        self.tournament.rewind(len(self.tournament.events) - 2)
        self._replan()
        return taken

    def _replan(self) -> None:
        """The levels and breaks to come, from the clock's log as it is now."""
        state = self._clock.state(self.now)
        schedule = state.schedule
        ahead = sum(level.minutes for level in schedule.levels)
        ahead += sum(pause.minutes for pause in schedule.breaks)
        horizon = self.now + (state.time_left or 0.0) + ahead * 60 + 1
        changes = clock_changes(self._clock.schedule, self._clock.log, horizon)
        logged = sum(isinstance(e, LevelStarted | BreakStarted) for e in self.tournament.events)
        self._changes = list(reversed(changes[logged:]))
        self._clock_changes()
        self._heap = [  # a table waiting for a break's end asks the clock again now
            (min(at, self.now) if kind == _START else at, seq, kind, table)
            for at, seq, kind, table in self._heap
        ]
        heapq.heapify(self._heap)

    def between_hands(self, table: int, what: str, action: Callable[[], None]) -> bool:
        """Do ``action`` now if ``table`` is between hands (True), else when its hand ends;
        then a refusal is logged as a :class:`DirectorAction` saying it was not done."""
        if table not in self._playing:
            action()
            return True
        self._between.setdefault(table, []).append((what, action))
        return False

    def waiting(self, table: int) -> tuple[str, ...]:
        """The director's actions waiting for the hand at ``table`` to end."""
        return tuple(what for what, _action in self._between.get(table, ()))

    def move_by_hand(self, player: str, table: int, seat: int | None) -> None:
        """T-16, T-6: the floor's move by the director's hand, logged; short tables wake."""
        move = self.floor.move_by_hand(player, table, seat, level=self.tournament.level)
        self._log_moves([move])
        self._wake(self._short)

    def break_by_hand(self, table: int) -> None:
        """T-16, T-7: the floor breaks ``table`` by the director's hand; its players move."""
        self._log_moves(self.floor.break_by_hand(table))
        self._wake(self._short)

    def late_registration_ended(self) -> None:
        """T-19: entries closed early; hand-for-hand may be due now (T-12)."""
        self._check_bubble()

    def _end(self, table: int) -> None:
        super()._end(table)
        for what, action in self._between.pop(table, []):
            try:
                action()
            except PokerroomError as error:
                self._log(DirectorAction(self.now, f"not done: {what}: {error}"))

    def _play_out(self, table: int, hand: Hand, players: tuple[str, ...]) -> None:
        done = self._playing[table]
        assert done.start.blinds is not None
        self._tables.deal(
            DealtHand(table, hand, players, done.seats, done.start.blinds, done.level)
        )

    def _re_enter(self, player: str) -> bool:
        return self._tables.re_enters(player) and super()._re_enter(player)
