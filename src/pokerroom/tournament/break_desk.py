"""What a scheduled break does at one table of a running tournament (T-11, T-13).

At the break after the add-on's level every player still in takes the add-on (the run's
bots always do, T-11); at a break that colours up, the table then races its odd chips
(T-13, :mod:`pokerroom.tournament.colour_up`), so the add-on's chips are raced too. A
table still playing a hand when the break starts is served when that hand ends, before
it deals again; every other table at once.
"""

from __future__ import annotations

import random

from pokerroom.deck import Deck
from pokerroom.table.seating import positions
from pokerroom.tournament.buys import add_ons_due
from pokerroom.tournament.colour_up import race_table
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import Entered, EntryKind, TournamentEvent
from pokerroom.tournament.seating.floor import Floor
from pokerroom.tournament.structure import Break


def serves(tournament: Tournament, pause: Break) -> bool:
    """Whether this break has anything to do at the tables: an add-on or a colour-up."""
    add_on = tournament.regulation.add_on
    return pause.color_up is not None or (
        add_on is not None and add_on.at_break == pause.after_level
    )


def dealing_order(floor: Floor, table: int) -> list[str]:
    """The table's players clockwise from the button's left (by seat before its first hand)."""
    view = floor.table(table)
    by_seat = dict(view.seats)
    if view.blinds is None:
        return [by_seat[seat] for seat in sorted(by_seat)]
    return [by_seat[seat] for seat in positions(view.blinds, list(by_seat), view.size)]


def serve_table(
    tournament: Tournament,
    floor: Floor,
    table: int,
    pause: Break,
    rng: random.Random,
    at: float,
) -> list[TournamentEvent]:
    """The add-ons and the chip race at ``table`` during ``pause``, in the order they happen;
    the caller logs them."""
    regulation = tournament.regulation
    records = tournament.players
    events: list[TournamentEvent] = []
    stacks: list[tuple[str, int]] = []
    for player in dealing_order(floor, table):
        record = records[player]
        stack = record.chips
        if regulation.add_on is not None:
            for _ in range(add_ons_due(regulation, record, pause.after_level)):
                events.append(Entered(at, player, EntryKind.ADD_ON, regulation.add_on.chips))
                stack += regulation.add_on.chips
        if stack:
            stacks.append((player, stack))
    if pause.color_up is not None and stacks:
        smallest = regulation.smallest_chip(pause.after_level + 1)
        deck = Deck(rng=random.Random(rng.getrandbits(64)))
        events.append(race_table(table, stacks, pause.color_up, smallest, deck, at))
    return events
