"""The Olympic (knock-out) format, staged (T-9): each table plays down to one winner, the
winners are drawn onto the next stage's tables, the last stage is the final.

A stage seats its players as the seat draw does (T-4): the fewest tables, counts within
one. With three or more seats a table then always has at least two players, so no byes are
needed whatever the field. Only heads-up tables (2 seats) meet an odd number of players:
then one player, drawn at random, has a bye to the next stage. We chose byes over "fewer
tables with more seats" because a heads-up knock-out is a bracket, and a three-handed
match would change the game the regulation fixed; the bye is the bracket's own answer.
A player has a second bye only when everyone of the stage has had one.

Stages are named from the final back: the final, the semi-final, then 1/4, 1/8, 1/16,
1/32 … (002 3.2) — with heads-up tables exactly the sports bracket, with full tables the
same names for the same distance from the final. Restarting with equal stacks and the
first level is the runner's part; here are the stages and the draws.

>>> [(s.name, s.tables) for s in olympic_plan(23, 10)]
[('semi-final', (8, 8, 7)), ('final', (3,))]
>>> [s.name for s in olympic_plan(64, 2)]
['1/32', '1/16', '1/8', '1/4', 'semi-final', 'final']
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pokerroom.errors import UsageError
from pokerroom.table.seating import check_table_size
from pokerroom.tournament.seating.draw import check_players, draw_seats, table_counts
from pokerroom.tournament.seating.floor import Floor, FloorRules
from pokerroom.tournament.seating.moves import Move, MoveReason, Seat


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage: its name, how many play it, players per table, and the byes."""

    name: str
    players: int
    tables: tuple[int, ...]
    byes: int = 0

    @property
    def winners(self) -> int:
        """Players in the next stage: one per table, plus the byes."""
        return len(self.tables) + self.byes


@dataclass(frozen=True, slots=True)
class StageDraw:
    """The seats of one stage (reason ``stage``) and who has a bye."""

    moves: tuple[Move, ...]
    byes: tuple[str, ...]

    def floor(
        self,
        table_size: int,
        rng: random.Random,
        *,
        posted_big_blind: Collection[str] = (),
        first_button: str = "club",
    ) -> Floor:
        """The stage's tables, each to play down to one winner: no balancing, no breaking.
        H-12: ``posted_big_blind`` are the players whose last hand (in the stage before)
        was a big blind; none of them posts it again in his first hand of this stage."""
        layout: dict[int, dict[int, str]] = {}
        for move in self.moves:
            layout.setdefault(move.target.table, {})[move.target.seat] = move.player
        seated = {move.player for move in self.moves}
        rules = FloorRules(table_size, balancing=False, first_button=first_button)
        just_posted = [player for player in posted_big_blind if player in seated]
        return Floor.from_layout(layout, rules, rng, posted_big_blind=just_posted)


def stage_name(from_final: int) -> str:
    """0: the final, 1: the semi-final, k: 1/2**k (1/4, 1/8, …)."""
    if from_final == 0:
        return "final"
    if from_final == 1:
        return "semi-final"
    return f"1/{2**from_final}"


def _split(players: int, table_size: int) -> tuple[tuple[int, ...], int]:
    """Tables and byes for one stage of ``players`` (more than one table's worth)."""
    byes = players % 2 if table_size == 2 else 0
    return tuple(table_counts(players - byes, table_size)), byes


def olympic_plan(field: int, table_size: int) -> tuple[Stage, ...]:
    """T-9: every stage from the first to the final for a field of ``field``."""
    check_table_size(table_size)
    if field < 2:
        raise UsageError(f"a knock-out needs at least 2 players, got {field}")
    shapes: list[tuple[int, tuple[int, ...], int]] = []
    players = field
    while players > table_size:
        tables, byes = _split(players, table_size)
        shapes.append((players, tables, byes))
        players = len(tables) + byes
    shapes.append((players, (players,), 0))
    last = len(shapes) - 1
    return tuple(
        Stage(stage_name(last - index), count, tables, byes)
        for index, (count, tables, byes) in enumerate(shapes)
    )


def draw_stage(
    players: Sequence[str],
    table_size: int,
    rng: random.Random,
    had_bye: Collection[str] = (),
) -> StageDraw:
    """T-9, T-4: the stage's players drawn to tables and seats; byes drawn first at random,
    among the players who have not had one (``had_bye``) while there are any."""
    check_players(players)
    check_table_size(table_size)
    if len(players) < 2:
        raise UsageError(f"a stage needs at least 2 players, got {len(players)}")
    byes: list[str] = []
    if len(players) > table_size:
        wanted = _split(len(players), table_size)[1]
        fresh = [player for player in players if player not in had_bye]
        byes = rng.sample(fresh if len(fresh) >= wanted else list(players), wanted)
    playing = [player for player in players if player not in byes]
    seats = draw_seats(playing, table_size, rng)
    moves = tuple(
        Move(player, None, Seat(seat.table, seat.seat), MoveReason.STAGE)
        for player, seat in seats.items()
    )
    return StageDraw(moves, tuple(byes))
