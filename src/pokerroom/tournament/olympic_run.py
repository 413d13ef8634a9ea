"""An Olympic (knock-out) tournament run end to end in simulated time (T-9, T-10, T-12).

Stage by stage (:func:`~pokerroom.tournament.seating.olympic.olympic_plan`): the players
still in are drawn onto the stage's tables (a bye, only at heads-up tables, sends a player
straight on); every table deals on its own, as the American run's tables do, and plays
down to one player — no balancing, no table breaking, no final-table draw. When every
table of the stage has its winner, the next stage starts at once: the winners and the byes
are drawn onto its tables, everyone restarts with the same stack, and the stage's own clock
starts at level 1. The final's winner wins the tournament.

Decisions where the seed is silent (README "Run a tournament with bots"):

- The restart stack is the regulation's ``stage_stack``, by default its starting stack:
  every stage starts as the first did (002 3.2: "equal for everyone").
- Places (T-12): everyone still in takes part in the stage, so a player knocked out in an
  earlier stage places below everyone of a later one; within a stage the later bust places
  higher, whatever the table, and players busting in one hand are placed by their stacks
  at its start (:func:`~pokerroom.tournament.places.busts_in_hand`).
- No re-entry, re-buy, add-on or late registration: the regulation check refuses them for
  an Olympic tournament (T-9: each stage seats a fixed field). A player bought back in
  would join a table that must play down to one, and extra chips mean nothing once the
  next stage restarts every stack.
- A bye (heads-up tables only, T-9) goes by draw to a player who has not had one, while
  any player of the stage has not.
- The next stage starts the moment the last table of the stage ends its hand; a stage
  whose clock reaches a break pauses all its tables, as the American clock does.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from pokerroom.errors import UsageError
from pokerroom.tournament.american import AmericanRun, DealCheck, HandEnded, HandPlayer, Listener
from pokerroom.tournament.clock import Clock, Schedule, clock_changes
from pokerroom.tournament.events import (
    Seated,
    StackRestart,
    StacksRestarted,
    StageStarted,
)
from pokerroom.tournament.penalties.desk import Director
from pokerroom.tournament.regulation.model import Regulation, TournamentFormat
from pokerroom.tournament.regulation.schedule import scheduled_minutes
from pokerroom.tournament.seating.moves import Move, MoveReason
from pokerroom.tournament.seating.olympic import Stage, draw_stage, olympic_plan


def check_olympic(regulation: Regulation) -> None:
    """T-9: an Olympic regulation with a fixed field (the regulation check ensures it)."""
    if regulation.format is not TournamentFormat.OLYMPIC:
        raise UsageError(f"{regulation.name!r} is {regulation.format.value}, not olympic")
    extras = [
        name
        for name, terms in (
            ("late registration", regulation.late_registration.until_level),
            ("re-entry", regulation.re_entry),
            ("re-buy", regulation.rebuy),
            ("add-on", regulation.add_on),
        )
        if terms
    ]
    if extras:
        raise UsageError(
            f"{regulation.name!r} offers {', '.join(extras)}; an olympic field is fixed (T-9)"
        )


class OlympicRun(AmericanRun):
    """One knock-out run: the American run's tables, clock and log, stage by stage."""

    def __init__(
        self,
        regulation: Regulation,
        players: Sequence[str],
        play: HandPlayer,
        rng: random.Random,
        *,
        listener: Listener | None = None,
        on_deal: DealCheck | None = None,
        director: Director | None = None,
        on_hand_end: HandEnded | None = None,
    ) -> None:
        check_olympic(regulation)
        self.plan: tuple[Stage, ...] = olympic_plan(len(players), regulation.table_size)
        """Every stage from the first to the final (T-9)."""
        super().__init__(
            regulation,
            players,
            play,
            rng,
            listener=listener,
            on_deal=on_deal,
            director=director,
            on_hand_end=on_hand_end,
        )

    def _seat_field(self, players: Sequence[str]) -> None:
        self._begin_stage(list(players))

    def _start(self, table: int) -> None:
        """A table with one player left has its winner: it waits for the stage to end."""
        counts = self.floor.counts()
        if counts.get(table, 0) >= 2:
            super()._start(table)
        elif not self._playing and all(count < 2 for count in counts.values()):
            alive = self.tournament.still_in()
            self._begin_stage(alive)

    def _begin_stage(self, players: list[str]) -> None:
        """T-9: draw the next stage, restart its stacks and its clock, deal every table."""
        tournament = self.tournament
        number = len(tournament.stages) + 1
        stage = self.plan[number - 1]
        assert stage.players == len(players), "each stage seats the last one's winners"
        regulation = self._regulation
        had_bye = {player for earlier in tournament.stages for player in earlier.byes}
        drawn = draw_stage(players, regulation.table_size, self._rng, had_bye)
        tables = Counter(move.target.table for move in drawn.moves)
        held = {player: tournament.players[player].seat for player in players}
        counts = tuple(tables[table] for table in sorted(tables))
        self._log(StageStarted(self.now, number, stage.name, counts, drawn.byes))
        if number > 1:
            stacks = tuple(
                StackRestart(p, tournament.players[p].chips, regulation.restart_stack)
                for p in players
            )
            self._log(StacksRestarted(self.now, number, stacks))
            self._restart_clock()
        reason = MoveReason.DRAW if number == 1 else MoveReason.STAGE
        for move in drawn.moves:
            self._log(Seated(self.now, Move(move.player, held[move.player], move.target, reason)))
        posted = [p for p in players if number > 1 and self.floor.posted_big_blind.get(p)]
        self.floor = drawn.floor(  # H-12: the big blinds of the stage before carry over
            regulation.table_size,
            self._rng,
            posted_big_blind=posted,
            first_button=regulation.profile,
        )
        self._table_hands.clear()
        for table in sorted(tables):
            self._schedule(table, self.now)

    def _restart_clock(self) -> None:
        """T-9, T-10: the stage's own clock, from level 1 now."""
        regulation = self._regulation
        schedule = Schedule(regulation.levels, regulation.breaks, start_at=self.now)
        self._clock = Clock(schedule, self._time)
        horizon = self.now + scheduled_minutes(regulation) * 60 + 1
        self._changes = list(reversed(clock_changes(schedule, (), horizon)))
        self._clock_changes()
