"""Saving a tournament as it runs: events buffered, committed in batches at hand boundaries.

The run's listener hands every event to :class:`TournamentLog`; the run tells it when a
hand's end is fully logged (placed, re-entered, moved), a point where the log describes
a state the tournament can go on from. At such a point, once :data:`SAVE_INTERVAL`
seconds of wall time have passed since the last commit, everything logged is committed
in one transaction — so a big field costs a commit or two a second, not one per event,
and a run killed at any moment leaves a log that ends at a hand boundary.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from pokerroom.storage.tournament.hands import HandKeeper, KeptHand
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import TournamentEvent

SAVE_INTERVAL = 0.5
"""Seconds of wall time between two commits, at most about."""


def resume_seed(seed: int, events: int) -> int:
    """The seed of a run resumed after ``events`` stored events: the same resume plays the same.

    >>> resume_seed(7, 120) == resume_seed(7, 120) != resume_seed(7, 121)
    True
    """
    return random.Random(f"pokerroom tournament {seed} resumed after {events}").getrandbits(63)


class TournamentLog:
    """The saving listener of one tournament run; ``stored`` events are in the store already."""

    def __init__(
        self,
        store: TournamentStore,
        tournament_id: int,
        stored: int = 0,
        *,
        interval: float = SAVE_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
        hands: HandKeeper | None = None,
    ) -> None:
        self.store = store
        self.hands = hands
        """``run --keep-hands``: the kept PHH of the hands saved go in the same commits."""
        self.tournament_id = tournament_id
        self.stored = stored
        self._interval = interval
        self._clock = clock
        self._pending: list[TournamentEvent] = []
        self._boundary = 0
        """How many of the pending events end at the last hand boundary."""
        self._state_at_boundary: tuple[int, int] | None = None
        self._saved_at = clock()

    def __call__(self, event: TournamentEvent) -> None:
        """The run's listener: keep the event for the next commit."""
        self._pending.append(event)

    def hand_ended(self, tournament: Tournament) -> None:
        """A hand's end is fully logged: commit if the last commit is old enough."""
        self._boundary = len(self._pending)
        self._state_at_boundary = (tournament.hands, tournament.players_left)
        if self._clock() - self._saved_at >= self._interval:
            self.save(tournament)

    def save(self, tournament: Tournament) -> None:
        """Commit every event logged; the caller says the tournament is at a boundary."""
        self._commit(len(self._pending), (tournament.hands, tournament.players_left))

    def save_to_boundary(self) -> None:
        """Commit the events up to the last hand boundary (a run interrupted mid-hand)."""
        if self._state_at_boundary is not None and self._boundary:
            self._commit(self._boundary, self._state_at_boundary)

    def finish(self, tournament: Tournament) -> None:
        """Commit the rest of the log and mark the tournament won by its winner (T-12)."""
        if tournament.winner is None:
            raise ValueError("the tournament has no winner yet")
        self.store.append_events(
            self.tournament_id,
            self.stored,
            self._pending,
            hands_played=tournament.hands,
            players_left=1,
            winner=tournament.winner,
            hands=self._kept(self._pending),
        )
        self.stored += len(self._pending)
        self._pending.clear()
        self._boundary = 0

    def _commit(self, count: int, state: tuple[int, int]) -> None:
        hands, players_left = state
        batch = self._pending[:count]
        self.store.append_events(
            self.tournament_id,
            self.stored,
            batch,
            hands_played=hands,
            players_left=players_left,
            hands=self._kept(batch),
        )
        self.stored += count
        del self._pending[:count]
        self._boundary, self._state_at_boundary = 0, state  # what is stored is a boundary
        self._saved_at = self._clock()

    def _kept(self, batch: list[TournamentEvent]) -> list[KeptHand]:
        return [] if self.hands is None else self.hands.hands_in(batch)
