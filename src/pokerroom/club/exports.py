"""A season's table for machines: CSV and JSON, the same from the command line and the web.

Points are decimal text (``"12.25"``), never floats, so a spreadsheet adds them up exactly.
"""

from __future__ import annotations

import csv
import io

from pokerroom.club.season import Season
from pokerroom.club.standings import Standing

COLUMNS = ("place", "player", "points", "events", "wins", "best", "prizes", "bounties")


def standings_json(season: Season, counted: int, table: list[Standing]) -> dict[str, object]:
    """The season, the events it counted and its table as one JSON object."""
    return {
        "season": season.name,
        "starts": season.starts.isoformat(),
        "ends": season.ends.isoformat(),
        "events": counted,
        "standings": [
            {column: _machine(getattr(line, column)) for column in COLUMNS} for line in table
        ],
    }


def standings_csv(table: list[Standing]) -> str:
    """The table as CSV with a header line of :data:`COLUMNS`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for line in table:
        writer.writerow([_machine(getattr(line, column)) for column in COLUMNS])
    return out.getvalue()


def _machine(value: object) -> object:
    return str(value) if not isinstance(value, int | str) else value
