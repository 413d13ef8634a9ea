"""A clock screen that follows a live tournament from the database (issue 12 item 3).

``pokerroom clock ID`` polls the store: the tournament's row says how many events it has,
and only when that changes are they read again and the tournament rebuilt, so a screen in
another process (or on a second monitor) shows every pause, break, entry and bust-out the
director's console saves, within one poll. Before the director starts the clock the screen
counts down to the regulation's start when it is still ahead (else it waits at 0:00).
"""

from __future__ import annotations

from pokerroom.storage.tournament.store import SavedTournament, TournamentStore
from pokerroom.tournament.clock import Schedule, clock_state
from pokerroom.tournament.clock.timesource import TimeSource
from pokerroom.tournament.clockface.feed import FeedReading
from pokerroom.tournament.clockface.field import field_of
from pokerroom.tournament.clockface.start import start_moment
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import TournamentEvent
from pokerroom.tournament.live.clock import live_clock_state
from pokerroom.tournament.regulation.model import Regulation


class StoredFeed:
    """The clock and field of tournament ``tournament_id`` as the database has them now."""

    __slots__ = ("_count", "_events", "_tournament", "regulation", "store", "time", "tournament_id")

    def __init__(self, store: TournamentStore, tournament_id: int, time: TimeSource) -> None:
        self.store = store
        self.tournament_id = tournament_id
        self.time = time
        saved: SavedTournament = store.get_tournament(tournament_id)
        self.regulation: Regulation = saved.regulation()
        self._count = -1
        self._events: list[TournamentEvent] = []
        self._tournament = Tournament(self.regulation)

    def _refresh(self) -> None:
        count = self.store.get_tournament(self.tournament_id).event_count
        if count != self._count:
            self._events = self.store.events(self.tournament_id)
            self._tournament = Tournament.from_events(self.regulation, self._events)
            self._count = len(self._events)

    def poll(self) -> FeedReading:
        self._refresh()
        now = self.time.now()
        state = live_clock_state(self.regulation, self._events, now)
        if state is None:  # a microsecond ahead at least: not started, nothing running
            start = max(start_moment(self.regulation, now), now + 1e-6)
            schedule = Schedule(self.regulation.levels, self.regulation.breaks, start)
            state = clock_state(schedule, (), now)
        return FeedReading(self.regulation, state, field_of(self._tournament))
