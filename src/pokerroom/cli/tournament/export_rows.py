"""The tables of a tournament export: results, moves, the penalty log and the event log.

Each table is a list of rows (column → value), the same rows for CSV and JSON, built from
the tournament rebuilt from its log. Times are the events' own ``at`` (simulated seconds
from 0, or POSIX seconds in a live room) with ``elapsed`` from the first event as
``H:MM:SS``. The event log's rows are the store's codec form (the class name and its
fields), so an exported log rebuilds the same tournament
(:meth:`~pokerroom.tournament.director.Tournament.from_events`).

X-4, T-15: a soft-play flag names the flagged player's hole cards; only the director's
copy (``director=True``) carries those flags, in the penalty log and the event log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.cli.tournament.run_view import results_json
from pokerroom.storage.tournament.codec import encode_event
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    DISCIPLINE,
    Seated,
    TournamentEvent,
    is_director_only,
)
from pokerroom.tournament.penalties.log import (
    HandServed,
    PenaltyGiven,
    ProtestDecided,
    ProtestFiled,
    SoftPlayFlagged,
)

Row = dict[str, Any]

RESULT_COLUMNS = (
    "place",
    "player",
    "bot",
    "prize",
    "entries",
    "rebuys",
    "add_ons",
    "shared_places",
    "bust_hand",
    "bust_level",
)
MOVE_COLUMNS = (
    "event",
    "at",
    "elapsed",
    "player",
    "from_table",
    "from_seat",
    "to_table",
    "to_seat",
    "reason",
)
PENALTY_COLUMNS = (
    "event",
    "at",
    "elapsed",
    "type",
    "player",
    "penalty_number",
    "offence",
    "penalty",
    "hands",
    "served",
    "standing",
    "repeat",
    "override",
    "place",
    "chips_removed",
    "protest_number",
    "ruling",
    "hand",
    "table",
    "action",
    "hole",
    "board",
    "text",
)
EVENT_COLUMNS = ("number", "at", "elapsed", "type", "player", "event")


def elapsed(at: float, start: float) -> str:
    """``H:MM:SS`` from the tournament's first event.

    >>> elapsed(3725.4, 0.0)
    '1:02:05'
    """
    seconds = max(0, int(at - start))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def _start(events: Sequence[TournamentEvent]) -> float:
    return events[0].at if events else 0.0


def result_columns(tournament: Tournament) -> tuple[str, ...]:
    """The results' columns; an Olympic run adds the stage each player reached (T-9)."""
    return (*RESULT_COLUMNS, "stage") if tournament.stages else RESULT_COLUMNS


def result_rows(tournament: Tournament, kind_of: Callable[[str], str]) -> list[Row]:
    """The results table: every player by place (still in first, unplaced), his prize,
    entries, re-buys and add-ons, the hand and level he busted in (T-12)."""
    listed = results_json(tournament, kind_of)["results"]
    rows = []
    for listing in listed:
        record = tournament.players[listing["player"]]
        last = record.tied_from + record.tied - 1
        row = {
            **{key: listing[key] for key in ("place", "player", "bot", "prize", "entries")},
            "rebuys": record.rebuys,
            "add_ons": record.add_ons,
            "shared_places": f"{record.tied_from}-{last}" if record.tied > 1 else None,
            "bust_hand": listing["bust_hand"],
            "bust_level": listing["bust_level"],
        }
        if "stage" in listing:
            row["stage"] = listing["stage"]
        rows.append(row)
    return rows


def move_rows(events: Sequence[TournamentEvent]) -> list[Row]:
    """Every seat given (T-4 … T-9, T-19), in order: the list a director prints."""
    start = _start(events)
    rows = []
    for number, event in enumerate(events, start=1):
        if not isinstance(event, Seated):
            continue
        move = event.move
        source = move.source
        rows.append(
            {
                "event": number,
                "at": event.at,
                "elapsed": elapsed(event.at, start),
                "player": move.player,
                "from_table": None if source is None else source.table,
                "from_seat": None if source is None else source.seat,
                "to_table": move.target.table,
                "to_seat": move.target.seat,
                "reason": move.reason.value,
            }
        )
    return rows


def penalty_rows(
    tournament: Tournament, events: Sequence[TournamentEvent], *, director: bool
) -> list[Row]:
    """The penalty log (T-14, T-21, T-22, H-10): penalties with the hands served so far and
    whether they stand, every hand served, protests and rulings; the director's copy adds
    the soft-play flags (T-15)."""
    log = tournament.penalty_log
    filed = {protest.filed.number: protest.filed for protest in log.protests()}
    start = _start(events)
    rows = []
    for number, event in enumerate(events, start=1):
        if not isinstance(event, DISCIPLINE) or (is_director_only(event) and not director):
            continue
        row: Row = dict.fromkeys(PENALTY_COLUMNS)
        row.update(event=number, at=event.at, elapsed=elapsed(event.at, start))
        row.update(_discipline_fields(event, log.served, log.overturned, filed))
        rows.append(row)
    return rows


def _discipline_fields(
    event: PenaltyGiven | HandServed | ProtestFiled | ProtestDecided | SoftPlayFlagged,
    served: Callable[[int], int],
    overturned: Callable[[int], bool],
    filed: dict[int, ProtestFiled],
) -> Row:
    if isinstance(event, PenaltyGiven):
        return {
            "type": "penalty",
            "player": event.player,
            "penalty_number": event.number,
            "offence": event.offence.value,
            "penalty": str(event.penalty),
            "hands": event.hands,
            "served": served(event.number),
            "standing": "overturned" if overturned(event.number) else "stands",
            "repeat": event.repeat,
            "override": event.override,
            "place": event.place or None,
            "chips_removed": event.chips_removed,
            "text": event.note,
        }
    if isinstance(event, HandServed):
        return {
            "type": "served",
            "player": event.player,
            "penalty_number": event.penalty,
            "hand": event.hand,
        }
    if isinstance(event, ProtestFiled):
        return {
            "type": "protest",
            "player": event.player,
            "penalty_number": event.penalty,
            "protest_number": event.number,
            "text": event.text,
        }
    if isinstance(event, ProtestDecided):
        protest = filed.get(event.protest)
        return {
            "type": "ruling",
            "player": None if protest is None else protest.player,
            "penalty_number": None if protest is None else protest.penalty,
            "protest_number": event.protest,
            "ruling": event.ruling.value,
            "text": event.note,
        }
    return {
        "type": "soft_play",
        "player": event.player,
        "hand": event.hand,
        "table": event.table,
        "action": event.action,
        "hole": event.hole,
        "board": event.board,
        "text": event.reason,
    }


def event_rows(events: Sequence[TournamentEvent], *, director: bool) -> list[Row]:
    """The whole log in order (a player's copy without the soft-play flags), each event as
    the store keeps it: its class name and fields. ``number`` is its place in the full log."""
    start = _start(events)
    rows = []
    for number, event in enumerate(events, start=1):
        if is_director_only(event) and not director:
            continue
        name, fields = encode_event(event)
        player = fields.get("player")
        if player is None and isinstance(event, Seated):
            player = event.move.player
        rows.append(
            {
                "number": number,
                "at": event.at,
                "elapsed": elapsed(event.at, start),
                "type": name,
                "player": player,
                "event": fields,
            }
        )
    return rows
