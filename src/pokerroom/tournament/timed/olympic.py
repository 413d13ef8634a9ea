"""An Olympic (knock-out) tournament whose hands are played at their tables in real time.

The stages, byes, restart stacks and each stage's own clock are the
:class:`~pokerroom.tournament.olympic_run.OlympicRun`'s (T-9, T-10, T-12); the timetable,
the tables that play each hand and say when it is over, and the director's hand are the
:class:`~pokerroom.tournament.timed.run.TimedRun`'s. Both build on the American run, so
this class only joins them: nothing of either is written again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.tournament.american import Listener
from pokerroom.tournament.olympic_run import OlympicRun, check_olympic
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.tournament.seating.olympic import olympic_plan
from pokerroom.tournament.timed.run import Tables, TimedRun


class TimedOlympicRun(OlympicRun, TimedRun):
    """The knock-out's stages (:class:`OlympicRun`) on the caller's clock (:class:`TimedRun`)."""

    def __init__(
        self,
        regulation: Regulation,
        players: Sequence[str],
        tables: Tables,
        rng: random.Random,
        *,
        listener: Listener | None = None,
    ) -> None:
        check_olympic(regulation)
        self.plan = olympic_plan(len(players), regulation.table_size)
        TimedRun.__init__(self, regulation, players, tables, rng, listener=listener)
