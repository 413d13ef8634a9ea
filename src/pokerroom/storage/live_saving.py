"""A live tournament saved as it happens: every director action committed at once.

The console's :class:`~pokerroom.tournament.live.desk.LiveDesk` tells the saver each
action's events (appended in one transaction) and each undo (the log cut back): a crash
between two key presses loses nothing, and ``pokerroom director --resume ID`` rebuilds
the desk from the stored log exactly. A live tournament is a tournament row like a
simulated run's, its bots column ``["live"]`` (:data:`LIVE`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.storage.tournament.store import LIVE, TournamentStore
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import TournamentEvent


def create_live(store: TournamentStore, regulation_text: str, seed: int) -> int:
    """A new live tournament of this regulation; its id."""
    return store.create_tournament(regulation_text, entrants=0, bots=[LIVE], seed=seed)


def _entrants(tournament: Tournament) -> int:
    return tournament.entries().entrants


class LiveSaver:
    """Commits the desk's log to the store as it changes (a :class:`DeskSaver`)."""

    def __init__(self, store: TournamentStore, tournament_id: int, stored: int) -> None:
        self.store = store
        self.tournament_id = tournament_id
        self.stored = stored

    def appended(self, tournament: Tournament, events: Sequence[TournamentEvent]) -> None:
        self.store.append_events(
            self.tournament_id,
            self.stored,
            events,
            players_left=tournament.players_left,
            winner=tournament.winner,
            entrants=_entrants(tournament),
        )
        self.stored += len(events)

    def rewound(self, tournament: Tournament, length: int) -> None:
        self.store.rewind_events(
            self.tournament_id,
            self.stored,
            length,
            players_left=tournament.players_left,
            entrants=_entrants(tournament),
            winner=tournament.winner,
        )
        self.stored = length
