"""The season's table: points, events played, wins, best finish, prizes, ranked.

Ties are broken, in order, by more points, more wins, the better best finish and more
prize money; players still level share the place (and are listed by name), as a club's
notice board would show them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from pokerroom.club.season import EventResult, Season


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the season's table."""

    place: int
    player: str
    points: Decimal
    events: int
    wins: int
    best: int
    prizes: int
    bounties: int


@dataclass(slots=True)
class _Tally:
    scores: list[Decimal]
    events: int = 0
    wins: int = 0
    best: int = 0
    prizes: int = 0
    bounties: int = 0


def standings(season: Season, results: Iterable[EventResult]) -> list[Standing]:
    """The season's table from every result given (those outside the season are left out)."""
    tallies: dict[str, _Tally] = {}
    for event in results:
        if not season.counts(event):
            continue
        for finish in event.finishes:
            tally = tallies.setdefault(finish.player, _Tally(scores=[]))
            tally.scores.append(season.points(event, finish))
            tally.events += 1
            tally.wins += finish.place == 1
            tally.best = finish.place if tally.best == 0 else min(tally.best, finish.place)
            tally.prizes += finish.prize
            tally.bounties += finish.bounties
    lines = [
        (player, _counted(tally.scores, season.best_of), tally) for player, tally in tallies.items()
    ]
    lines.sort(key=lambda line: (*_merit(line[1], line[2]), line[0]))
    table: list[Standing] = []
    for index, (player, points, tally) in enumerate(lines):
        level = index > 0 and _merit(points, tally) == _merit(
            lines[index - 1][1], lines[index - 1][2]
        )
        place = table[-1].place if level else index + 1
        table.append(
            Standing(
                place,
                player,
                points,
                tally.events,
                tally.wins,
                tally.best,
                tally.prizes,
                tally.bounties,
            )
        )
    return table


def _counted(scores: list[Decimal], best_of: int | None) -> Decimal:
    kept = sorted(scores, reverse=True)[:best_of] if best_of else scores
    return sum(kept, Decimal(0))


def _merit(points: Decimal, tally: _Tally) -> tuple[Decimal, int, int, int]:
    """The sort key of merit: lower sorts first."""
    return (-points, -tally.wins, tally.best, -tally.prizes)
