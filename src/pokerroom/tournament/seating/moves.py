"""Seat changes as values (T-4, T-6 … T-8, T-19): the director's list of moves.

Every time a player gets a seat — the draw, a balance move, a broken table, the final
table, a late entry or a re-entry — the floor records one :class:`Move`, so a director can
print who went where and why, and the seating follows from the moves alone.

>>> moves = [
...     Move("Ann", None, Seat(2, 7), MoveReason.DRAW),
...     Move("Ann", Seat(2, 7), Seat(1, 4), MoveReason.BALANCE),
... ]
>>> print(render_moves(moves))
Ann      draw          -> table 2 seat 7
Ann      balance       table 2 seat 7 -> table 1 seat 4
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class MoveReason(Enum):
    """Why a player got a seat."""

    DRAW = "draw"
    """T-4: the seat draw at the start."""
    BALANCE = "balance"
    """T-6: from the fullest table to a short one."""
    BREAK = "break"
    """T-7: his table was broken."""
    FINAL_TABLE = "final table"
    """T-8: the fresh draw of the final table."""
    LATE_ENTRY = "late entry"
    """T-19: registered after the start."""
    RE_ENTRY = "re-entry"
    """T-11, T-19, 5.19.3: bought in again after busting; a new seat."""
    STAGE = "stage"
    """T-9: drawn onto a table of the next Olympic stage."""
    DIRECTOR = "director"
    """T-16: moved by the director's hand, within the floor's rules."""


@dataclass(frozen=True, slots=True, order=True)
class Seat:
    """A seat of the tournament: table number and seat number (1 … table size)."""

    table: int
    seat: int

    def __str__(self) -> str:
        return f"table {self.table} seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Move:
    """One player taking a seat; ``source`` is None when he had none (draw, entries)."""

    player: str
    source: Seat | None
    target: Seat
    reason: MoveReason


def render_moves(moves: Iterable[Move]) -> str:
    """The move list as a director reads it: one line per move, in order."""
    lines = []
    for move in moves:
        where = f"-> {move.target}" if move.source is None else f"{move.source} -> {move.target}"
        lines.append(f"{move.player:<8} {move.reason.value:<13} {where}")
    return "\n".join(lines)
