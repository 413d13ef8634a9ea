"""A season: dates, a points formula, bounty points and the smallest field that counts."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from pokerroom.club.points import Formula, SquareRoot, check_finish, rounded
from pokerroom.errors import UsageError
from pokerroom.i18n.marker import N_
from pokerroom.said import Said


@dataclass(frozen=True, slots=True)
class Finish:
    """Where one player finished an event, what he won and how many players he knocked out."""

    player: str
    place: int
    prize: int = 0
    bounties: int = 0


@dataclass(frozen=True, slots=True)
class EventResult:
    """A finished tournament as a season sees it. ``entrants`` counts entries, re-entries
    too (the field the formula rewards); each player appears once, at his final place."""

    event_id: str
    name: str
    ended: date
    entrants: int
    finishes: tuple[Finish, ...]

    def __post_init__(self) -> None:
        players = [finish.player for finish in self.finishes]
        twice = sorted({player for player in players if players.count(player) > 1})
        if twice:
            again = N_("{event}: {players} finished more than once")
            raise UsageError(Said(again, event=self.event_id, players=", ".join(twice)))
        for finish in self.finishes:
            check_finish(self.entrants, finish.place)


@dataclass(frozen=True, slots=True)
class Season:
    """What counts and for how much. An event counts when it ended within the dates (both
    included) and had at least ``min_entrants`` entries; ``best_of`` keeps only each
    player's best results (by points) when set."""

    name: str
    starts: date
    ends: date
    formula: Formula = field(default_factory=SquareRoot)
    bounty_points: Decimal = Decimal(0)
    min_entrants: int = 2
    best_of: int | None = None

    def __post_init__(self) -> None:
        if self.ends < self.starts:
            backwards = N_("the season ends ({ends}) before it starts ({starts})")
            raise UsageError(Said(backwards, ends=str(self.ends), starts=str(self.starts)))
        if self.min_entrants < 1:
            small = N_("min_entrants must be at least 1, not {count}")
            raise UsageError(Said(small, count=self.min_entrants))
        if self.best_of is not None and self.best_of < 1:
            raise UsageError(
                Said(N_("best_of must be at least 1, not {count}"), count=self.best_of)
            )

    def counts(self, event: EventResult) -> bool:
        return self.starts <= event.ended <= self.ends and event.entrants >= self.min_entrants

    def points(self, event: EventResult, finish: Finish) -> Decimal:
        """The finish's place points plus its bounty points."""
        place = self.formula.points(event.entrants, finish.place)
        return place + rounded(self.bounty_points * finish.bounties)
