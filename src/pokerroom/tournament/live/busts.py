"""Bust-outs entered by table and seat (T-12): several in one hand are placed by the stacks
they started the hand with, the larger higher; equal stacks share their places' money.

The players busted in one hand are listed clockwise from the button (as T-12's tie rule
reads them), from the reported button when there is one, else from seat 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerroom.errors import UsageError
from pokerroom.i18n import N_
from pokerroom.said import Said
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import BustOut
from pokerroom.tournament.live.floor import buttons, layout
from pokerroom.tournament.places import busts_in_hand


def _clockwise(seats: Sequence[int], button: int | None, size: int) -> list[int]:
    start = button or size
    return sorted(seats, key=lambda seat: (seat - start - 1) % size)


def bust_events(
    tournament: Tournament,
    table: int,
    seats: Sequence[int],
    stacks: Mapping[int, int] | None,
    *,
    level: int,
    at: float,
) -> list[BustOut]:
    """The bust-outs of one hand at ``table``, the lowest place first (the order they are
    recorded in); ``stacks`` by seat, needed when more than one player busts (T-12)."""
    tables = layout(tournament)
    if table not in tables:
        listed = ", ".join(str(n) for n in tables) or Said(N_("none"))
        raise UsageError(
            Said(
                N_("there is no table {table}; tables in play: {listed}"),
                table=table,
                listed=listed,
            )
        )
    if not seats:
        raise UsageError(Said(N_("name the seat of each player who busted")))
    if len(set(seats)) != len(seats):
        raise UsageError(Said(N_("a seat is named twice; name each busted seat once")))
    for seat in seats:
        if seat not in tables[table]:
            taken = ", ".join(str(s) for s in tables[table])
            raise UsageError(
                Said(
                    N_("nobody sits at table {table} seat {seat}; seats taken: {taken}"),
                    table=table,
                    seat=seat,
                    taken=taken,
                )
            )
    if len(seats) >= tournament.players_left:
        raise UsageError(
            Said(
                N_("{count} bust-outs would leave nobody of {left}; one player always stays in"),
                count=len(seats),
                left=tournament.players_left,
            )
        )
    given = dict(stacks or {})
    if len(seats) > 1:
        for seat in seats:
            stack = given.get(seat)
            if stack is None or stack <= 0:
                raise UsageError(
                    Said(
                        N_(
                            "several players busted: give the stack seat {seat} started the hand "
                            "with (T-12), a whole number above 0"
                        ),
                        seat=seat,
                    )
                )
    size = tournament.regulation.table_size
    order = _clockwise(seats, buttons(tournament).get(table), size)
    busted = [(tables[table][seat], given.get(seat, 1)) for seat in order]
    placed = busts_in_hand(busted, players_left=tournament.players_left)
    events = [
        BustOut(at, player, place, 0, level, tied_from, tied, by_director=True)
        for player, place, tied_from, tied in placed
    ]
    return sorted(events, key=lambda event: -event.place)
