"""What the tournament's lobby page shows beside its frame: the structure, the payouts for
the entries so far, and every table with its players and their stacks.

Public numbers only, as a big room's tournament lobby shows them: levels, prizes, names,
chips and seats; never a card (X-4). The viewer's own table is marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.i18n import gettext, number_text
from pokerroom.room.registry import table_path
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.tournament.clock.render import forced_bets
from pokerroom.tournament.money.payouts import PayoutError, payout
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.tournament.structure import Level


@dataclass(frozen=True, slots=True)
class StructureRow:
    """A level, or the break after one."""

    label: str
    bets: str
    minutes: str


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    name: str
    chips: int
    you: bool


@dataclass(frozen=True, slots=True)
class TableView:
    number: int
    url: str
    seats: tuple[Seat, ...]
    yours: bool


@dataclass(frozen=True, slots=True)
class Details:
    structure: tuple[StructureRow, ...]
    pool: int
    prizes: tuple[int, ...]
    """Place 1 first, for the entries so far (T-2); empty before the first entry."""
    currency: str
    tables: tuple[TableView, ...]


def structure_of(regulation: Regulation) -> tuple[StructureRow, ...]:
    """Every level with its forced bets and minutes, each break after its level (T-10)."""
    breaks = {pause.after_level: pause for pause in regulation.breaks}
    rows: list[StructureRow] = []
    for level in regulation.levels:
        label = gettext("Level {number}").format(number=level.number)
        rows.append(StructureRow(label, _bets(level), f"{level.minutes:g}"))
        pause = breaks.get(level.number)
        if pause is not None:
            colour = (
                ""
                if pause.color_up is None
                else gettext("colour-up: the {value} chips go").format(
                    value=number_text(pause.color_up)
                )
            )
            rows.append(StructureRow(gettext("Break"), colour, f"{pause.minutes:g}"))
    return tuple(rows)


def _bets(level: Level) -> str:
    text = forced_bets(level)
    return text[:1].upper() + text[1:]


def details(tournament: RoomTournament, viewer: User | None) -> Details:
    regulation = tournament.regulation
    log = tournament.log()
    entries = log.entries()
    pool, prizes = 0, tuple[int, ...]()
    if entries.entrants:
        try:
            paid = payout(regulation, entries)
            pool, prizes = paid.pool.total, paid.prizes
        except PayoutError:  # a field the regulation does not pay yet
            pool, prizes = 0, ()
    name = None if viewer is None else tournament.name_of(viewer)
    mine = tournament.table_of(viewer)
    tables = tuple(
        TableView(
            number,
            table_path(room.id),
            tuple(
                Seat(seat, occupant.name, tournament.chips_of(occupant.name), occupant.name == name)
                for seat, occupant in sorted(room.occupants.items())
            ),
            room.id == mine,
        )
        for number, room in sorted(tournament.rooms.items())
        if room.occupants
    )
    return Details(structure_of(regulation), pool, prizes, regulation.money.currency, tables)
