"""The seat draw (T-4): the fewest tables that seat everyone, evenly, seats at random.

>>> table_counts(23, 9)
[8, 8, 7]
>>> import random
>>> seats = draw_seats([f"p{n}" for n in range(23)], 9, random.Random(4))
>>> sorted({seat.table for seat in seats.values()}), len(seats)
([1, 2, 3], 23)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.errors import UsageError
from pokerroom.table.seating import check_table_size
from pokerroom.tournament.seating.moves import Seat


def table_counts(field: int, table_size: int) -> list[int]:
    """T-4: players per table — the fewest tables that seat ``field``, counts within one."""
    check_table_size(table_size)
    if field < 1:
        raise UsageError(f"a draw needs at least one player, got {field}")
    tables = -(-field // table_size)
    base, extra = divmod(field, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def check_players(players: Sequence[str]) -> None:
    """Players are named once each; a name given twice is one clear error."""
    seen: set[str] = set()
    for player in players:
        if not player:
            raise UsageError("a player needs a non-empty name")
        if player in seen:
            raise UsageError(f"player {player!r} is entered twice; each player sits once")
        seen.add(player)


def draw_seats(
    players: Sequence[str], table_size: int, rng: random.Random, first_table: int = 1
) -> dict[str, Seat]:
    """T-4: every player at a random table and seat; which tables get the extra player and
    which seats stay empty are drawn too. Tables are numbered from ``first_table``."""
    check_players(players)
    counts = table_counts(len(players), table_size)
    rng.shuffle(counts)
    seats = [
        Seat(first_table + index, seat)
        for index, count in enumerate(counts)
        for seat in sorted(rng.sample(range(1, table_size + 1), count))
    ]
    order = list(players)
    rng.shuffle(order)
    return dict(sorted(zip(order, seats, strict=True), key=lambda pair: pair[1]))
