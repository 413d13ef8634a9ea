"""Results a club kept itself (a spreadsheet): one CSV row per finish.

    event,date,entrants,place,player,prize,bounties
    Friday #1,2026-01-09,12,1,Ann,600,2

``prize`` and ``bounties`` may be left out (0). The rows of one event must agree on its
date and entrants. A bad row is one line naming the file, the line and what is allowed.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from datetime import date

from pokerroom.club.season import EventResult, Finish
from pokerroom.errors import PokerroomError, UsageError
from pokerroom.i18n.marker import N_
from pokerroom.said import Said, said_in

COLUMNS = ("event", "date", "entrants", "place", "player")
OPTIONAL = ("prize", "bounties")


def parse_results(text: str, source: str) -> list[EventResult]:
    """The events of a results CSV, in the order they first appear."""
    reader = csv.DictReader(io.StringIO(text))
    missing = [column for column in COLUMNS if column not in (reader.fieldnames or ())]
    if missing:
        says = N_(
            "{source}: the header lacks {columns}; it needs {needed} (and may add {optional})"
        )
        raise UsageError(
            Said(says, source=source, columns=", ".join(missing), needed=",".join(COLUMNS),
                 optional=",".join(OPTIONAL))
        )  # fmt: skip
    heads: dict[str, tuple[date, int, int]] = {}
    finishes: dict[str, list[Finish]] = defaultdict(list)
    for row in reader:
        line = reader.line_num
        event = (row["event"] or "").strip()
        where = Said(N_("{source} line {line}"), source=source, line=line)
        if not event:
            raise _bad(where, "event", N_("the event's name"))
        ended = _day(row["date"], where)
        entrants = _count(row["entrants"], where, "entrants", 1)
        head = heads.setdefault(event, (ended, entrants, line))
        if head[:2] != (ended, entrants):
            says = N_("{where}: {event} was on {day} with {count} entrants at line {first}")
            raise UsageError(Said(says, where=where, event=event, day=str(head[0]),
                                  count=head[1], first=head[2]))  # fmt: skip
        player = (row["player"] or "").strip()
        if not player:
            raise _bad(where, "player", N_("the player's name"))
        finishes[event].append(
            Finish(
                player,
                _count(row["place"], where, "place", 1),
                _count(row.get("prize"), where, "prize", 0),
                _count(row.get("bounties"), where, "bounties", 0),
            )
        )
    events = []
    for event, (ended, entrants, line) in heads.items():
        try:
            events.append(EventResult(event, event, ended, entrants, tuple(finishes[event])))
        except PokerroomError as error:
            where = Said(N_("{source} line {line}"), source=source, line=line)
            raise UsageError(
                Said(N_("{where}: {problem}"), where=where, problem=said_in(error))
            ) from None
    return events


def _day(text: str | None, where: Said) -> date:
    try:
        return date.fromisoformat((text or "").strip())
    except ValueError:
        raise _bad(where, "date", N_("a date such as 2026-01-31")) from None


def _count(text: str | None, where: Said, column: str, least: int) -> int:
    cell = (text or "").strip()
    if not cell and column in OPTIONAL:
        return 0
    if not cell.isdigit() or int(cell) < least:
        allowed = N_("a whole number, 1 or more") if least else N_("a whole number, 0 or more")
        raise _bad(where, column, allowed)
    return int(cell)


def _bad(where: Said, column: str, allowed: str) -> UsageError:
    says = N_("{where}: {column} must be {allowed}")
    return UsageError(Said(says, where=where, column=column, allowed=Said(allowed)))
