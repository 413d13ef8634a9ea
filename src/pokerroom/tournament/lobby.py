"""One player's view of the tournament between hands: what a room's tournament header shows.

The level and its forced bets, the time left in it, the next level, players left of the
entries, the player's own place by chips, the average stack (in big blinds too), the pool
and the next pay jump. Everything in it is public (a lobby shows every stack) but the
player's own place, which is his; no cards (X-4).

>>> from pokerroom.tournament.regulation import load_example
>>> regulation = load_example("home-sit-and-go")
>>> t = Tournament(regulation)
>>> for name in ("Ann", "Bob", "Cy", "Dee"):
...     _ = t.enter(name, at=0)
>>> lobby = lobby_of(t, "Bob", now=90.0)
>>> lobby.level.number, lobby.time_left, lobby.players_left, lobby.place
(1, 510.0, 4, 1)
>>> lobby.pool, lobby.next_jump
(40, PayJump(place=1, prize=40, busts=3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.tournament.clock import Schedule, clock_state
from pokerroom.tournament.clock.events import ClockEvent
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.money.payouts import payout
from pokerroom.tournament.places import place_prize
from pokerroom.tournament.structure import Break, Level


@dataclass(frozen=True, slots=True)
class PayJump:
    """The nearest place paid more than busting now would pay."""

    place: int
    prize: int
    busts: int
    """How many more players must bust before it is reached."""


@dataclass(frozen=True, slots=True)
class Lobby:
    """The header's numbers at one moment of the tournament clock."""

    level: Level
    on_break: Break | None
    time_left: float | None
    """Seconds left in the level (or the break); None once the last level runs on."""
    next_level: Level | None
    players_left: int
    entries: int
    place: int | None
    """The player's place by chips among those still in (1: the chip leader); None: out."""
    chips: int
    average: int
    pool: int
    prizes: tuple[int, ...]
    next_jump: PayJump | None

    @property
    def average_big_blinds(self) -> float:
        big = self.level.big_blind or self.level.small_bet or 1
        return self.average / big


def lobby_of(
    tournament: Tournament,
    player: str,
    *,
    now: float,
    clock: Sequence[ClockEvent] = (),
    start_at: float = 0.0,
) -> Lobby:
    """The lobby ``player`` sees at ``now`` on a clock that started at ``start_at`` (the
    run's clock, T-10; an Olympic stage restarts it, T-9), with the director's actions on
    it (T-20) so far."""
    regulation = tournament.regulation
    schedule = Schedule(regulation.levels, regulation.breaks, start_at=start_at)
    clock_now = clock_state(schedule, clock, now)
    left = 1 if tournament.winner is not None else tournament.players_left
    alive = [r for r in tournament.players.values() if r.place is None]
    record = tournament.players.get(player)
    chips = record.chips if record is not None else 0
    mine = record is not None and record.place is None
    place = 1 + sum(r.chips > chips for r in alive) if mine else None
    entries = tournament.entries()
    money = payout(regulation, entries)
    return Lobby(
        clock_now.level,
        clock_now.on_break,
        clock_now.time_left,
        clock_now.next_level,
        left,
        entries.entries,
        place,
        chips,
        tournament.chips_in_play // max(1, left),
        money.pool.total,
        money.prizes,
        next_jump(money.prizes, left, unit=regulation.payouts.unit),
    )


def next_jump(prizes: tuple[int, ...], players_left: int, *, unit: int = 1) -> PayJump | None:
    """T-2: the nearest place above the next bust's that pays more (None: none is left).

    >>> next_jump((50, 30, 20), 5), next_jump((50, 30, 20), 3), next_jump((50, 30, 20), 1)
    (PayJump(place=3, prize=20, busts=2), PayJump(place=2, prize=30, busts=1), None)
    """
    here = _prize(prizes, players_left, unit)
    for place in range(players_left - 1, 0, -1):
        prize = _prize(prizes, place, unit)
        if prize > here:
            return PayJump(place, prize, players_left - place)
    return None


def _prize(prizes: tuple[int, ...], place: int, unit: int) -> int:
    return place_prize(prizes, place=place, tied_from=place, tied=1, unit=unit)


def prize_now(tournament: Tournament, place: int, *, tied_from: int, tied: int) -> int:
    """T-12, T-2: the money of a place (shared in a tie) by the entries taken so far."""
    regulation = tournament.regulation
    prizes = payout(regulation, tournament.entries()).prizes
    return place_prize(
        prizes, place=place, tied_from=tied_from, tied=tied, unit=regulation.payouts.unit
    )
