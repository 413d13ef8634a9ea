"""The clock's TV page as JSON: one snapshot of the terminal clock screen's model.

The numbers are those of :func:`pokerroom.tournament.clockface.snapshot.snapshot` and the
words those of :mod:`pokerroom.tournament.clockface.lines`, so the TV in the browser and
``pokerroom clock ID`` in a terminal show the same clock (T-10, T-13, T-20). The page counts
``seconds_left`` down itself between two polls unless ``paused``. The words are in the
language current when it is built (the regulation's, else the viewer's), named by
``language`` so the page formats its numbers the same way.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from pokerroom.i18n import current_language
from pokerroom.room.seam import PROTOCOL_VERSION
from pokerroom.tournament.clockface.lines import (
    bets_line,
    break_line,
    field_lines,
    heading,
    next_line,
    prize_lines,
)
from pokerroom.tournament.clockface.snapshot import ClockSnapshot, FieldFigures, PrizeFigures
from pokerroom.tournament.structure import Level

PRIZE_ROWS = 10
"""The pool and up to nine places: what a TV shows legibly beside the field."""


def _level(level: Level | None) -> dict[str, Any] | None:
    return None if level is None else asdict(level)


def _field(field: FieldFigures | None) -> dict[str, Any] | None:
    if field is None:
        return None
    return {
        "players_left": field.players_left,
        "entrants": field.entrants,
        "entries": field.entries,
        "re_entries": field.re_entries,
        "rebuys": field.rebuys,
        "add_ons": field.add_ons,
        "chips_in_play": field.chips_in_play,
        "average_stack": field.average_stack,
        "average_big_blinds": field.average_big_blinds,
    }


def _prizes(prizes: PrizeFigures | None) -> dict[str, Any] | None:
    if prizes is None:
        return None
    return {
        "pool": prizes.pool,
        "prizes": list(prizes.prizes),
        "currency": prizes.currency,
        "overlay": prizes.overlay,
    }


def clock_json(tournament_id: int | str, shot: ClockSnapshot) -> dict[str, Any]:
    """Everything the TV page shows, numbers and words."""
    coming = shot.next_break
    return {
        "type": "clock",
        "v": PROTOCOL_VERSION,
        "id": tournament_id,
        "language": current_language(),
        "title": shot.title,
        "game": shot.game,
        "phase": shot.phase.value,
        "paused": shot.paused,
        "heading": heading(shot),
        "digits": shot.digits,
        "seconds_left": shot.seconds_left,
        "level": _level(shot.level),
        "next_level": _level(shot.next_level),
        "next_break_after": None if coming is None else coming.after_level,
        "next_break_in": shot.next_break_in,
        "bets": bets_line(shot),
        "next": next_line(shot),
        "break": break_line(shot),
        "chip_up": shot.chip_up,
        "field": _field(shot.field),
        "prizes": _prizes(shot.prizes),
        "field_lines": field_lines(shot.field),
        "prize_lines": prize_lines(shot.prizes, PRIZE_ROWS),
    }
