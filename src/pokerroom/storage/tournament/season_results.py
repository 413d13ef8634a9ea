"""The finished live tournaments of a database, as a club's season counts them.

Live tournaments (``pokerroom director``: real people at real tables) are the club's
events; runs of bots and a player's own tournament against bots are not. A tournament
ended by the director without a winner (abandoned) does not count. Entrants are entries,
re-entries included; each player's place and prize are his final ones. The director's log
does not say who knocked whom out, so these results carry no bounties (a results file
may: :mod:`pokerroom.club.results_file`).
"""

from __future__ import annotations

from pokerroom.club.season import EventResult, Finish
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.director import Tournament


def live_results(store: TournamentStore) -> list[EventResult]:
    """Every finished live tournament's result, oldest first."""
    results = []
    for saved in sorted(store.list_tournaments(), key=lambda saved: saved.id):
        if not saved.live or not saved.finished or saved.abandoned or saved.finished_at is None:
            continue
        tournament = Tournament.from_events(saved.regulation(), store.events(saved.id))
        finishes = tuple(
            Finish(record.player, record.place, record.prize)
            for record in sorted(tournament.players.values(), key=lambda record: record.place or 0)
            if record.place is not None
        )
        entrants = tournament.entries().entries
        results.append(
            EventResult(f"#{saved.id}", saved.name, saved.finished_at.date(), entrants, finishes)
        )
    return results
