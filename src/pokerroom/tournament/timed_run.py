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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pokerroom.engine import Hand
from pokerroom.errors import UsageError
from pokerroom.table.seating import Blinds
from pokerroom.tournament.american import AmericanRun, Listener
from pokerroom.tournament.events import EntryKind
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

    def _play_out(self, table: int, hand: Hand, players: tuple[str, ...]) -> None:
        done = self._playing[table]
        assert done.start.blinds is not None
        self._tables.deal(
            DealtHand(table, hand, players, done.seats, done.start.blinds, done.level)
        )

    def _re_enter(self, player: str) -> bool:
        return self._tables.re_enters(player) and super()._re_enter(player)
