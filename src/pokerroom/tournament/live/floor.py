"""The live floor: who sits where, the buttons the director reported, the moves now due.

Decision (the software deals no cards, so it never sees a live table's button): the director
reports a table's button (:class:`ButtonAt`) when the console asks — when a move from or to
that table is due — or whenever he likes. The balancing rule (T-6), table breaks (T-7) and
the final-table draw (T-8) are the library's :class:`Floor`, given the seats and the buttons
known: the player due the big blind at the fullest table goes to the seat of the shortest
that reaches the big blind soonest. A table whose button was not reported is taken to have
it on its highest occupied seat (H-4), and the instruction says so, so the director can
report the real one first. Moves are instructions until the director confirms them done.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.i18n import _
from pokerroom.table.seating import Blinds, first_blinds, next_blinds
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.live.events import ButtonAt
from pokerroom.tournament.seating.floor import Floor, FloorRules
from pokerroom.tournament.seating.moves import Move, MoveReason


def floor_rules(tournament: Tournament) -> FloorRules:
    regulation = tournament.regulation
    return FloorRules(regulation.table_size, regulation.final_table_size)


def layout(tournament: Tournament) -> dict[int, dict[int, str]]:
    """Table -> seat -> player, for everyone seated."""
    tables: dict[int, dict[int, str]] = {}
    for record in tournament.players.values():
        if record.seat is not None:
            tables.setdefault(record.seat.table, {})[record.seat.seat] = record.player
    return {number: dict(sorted(seats.items())) for number, seats in sorted(tables.items())}


def buttons(tournament: Tournament) -> dict[int, int]:
    """The last button the director reported at each table still in play."""
    reported: dict[int, int] = {}
    for event in tournament.events:
        if isinstance(event, ButtonAt):
            reported[event.table] = event.seat
    tables = layout(tournament)
    return {table: seat for table, seat in reported.items() if table in tables}


def _last_blinds(seats: Sequence[int], button: int, size: int) -> Blinds:
    return first_blinds(sorted(seats), button, size)


def live_floor(tournament: Tournament, seed: int) -> Floor:
    """The floor of the log, each reported button as the last hand's markers; the random
    choices (a free seat, a broken table's order) drawn from ``seed`` and the log's length,
    so the same state always gives the same instructions."""
    rules = floor_rules(tournament)
    tables = layout(tournament)
    known = buttons(tournament)
    blinds = {n: _last_blinds(list(tables[n]), seat, rules.table_size) for n, seat in known.items()}
    rng = random.Random(seed * 1_000_003 + len(tournament.events))
    return Floor.from_layout(tables, rules, rng, blinds)


def moves_due(tournament: Tournament, seed: int, level: int) -> tuple[Move, ...]:
    """T-6 … T-8: the moves the floor makes now, before the next hand anywhere."""
    tables = layout(tournament)
    if len(tables) < 2:
        return ()
    floor = live_floor(tournament, seed)
    if floor.final_table_due or floor.breaking is not None:
        start = floor.breaking or min(tables)
    else:
        start = min(tables, key=lambda n: (len(tables[n]), n))  # the short table asks
    return floor.start_hand(start, level=level).moves


@dataclass(frozen=True, slots=True)
class Instruction:
    """One move as the floor person is told it, and the move it records when confirmed."""

    move: Move
    text: str


def instructions(tournament: Tournament, moves: Sequence[Move]) -> tuple[Instruction, ...]:
    """Each move in words: "Table 3 seat 7 (Ann) → Table 1 seat 4, due the big blind"."""
    size = tournament.regulation.table_size
    known = buttons(tournament)
    tables = layout(tournament)
    found = []
    for move in moves:
        source = move.source
        assert source is not None
        where = _("Table {table} seat {seat} ({player})").format(
            table=source.table, seat=source.seat, player=move.player
        )
        target = _("Table {table} seat {seat}").format(
            table=move.target.table, seat=move.target.seat
        )
        notes = []
        if move.reason is MoveReason.BALANCE:
            button = known.get(move.target.table)
            if button is not None:
                seated = [*tables.get(move.target.table, {}), move.target.seat]
                marks = next_blinds(_last_blinds(seated, button, size), sorted(seated), size)
                if marks.big_blind == move.target.seat:
                    notes.append(_("due the big blind"))
            missing = [t for t in (source.table, move.target.table) if t not in known]
            if missing:
                if len(missing) == 1:
                    words = _("report the button of table {table} first (b)")
                    notes.append(words.format(table=missing[0]))
                else:
                    words = _("report the button of tables {table} and {other} first (b)")
                    notes.append(words.format(table=missing[0], other=missing[1]))
        elif move.reason is MoveReason.BREAK:
            notes.append(_("table {table} breaks").format(table=source.table))
        elif move.reason is MoveReason.FINAL_TABLE:
            target = _("Final table seat {seat}").format(seat=move.target.seat)
        found.append(Instruction(move, f"{where} → {target}" + "".join(f", {n}" for n in notes)))
    return tuple(found)
