"""A club's web tournaments as its page and its seasons see them.

*Decisions*: a club tournament counts on the day (UTC) it started — a club's evening; its
field is every entry, re-entries and bots included (the prize pool and the places are the
field's), but bots earn no points and are not listed: the season's table is the members'.
Only finished tournaments count; their places and prizes are those the tournament's page
shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from pokerroom.club.season import EventResult, Finish
from pokerroom.room.registry import Registry
from pokerroom.room.tournament.event import RoomTournament


@dataclass(frozen=True, slots=True)
class ClubEvent:
    """One of the club's tournaments, with its result once it is finished."""

    tournament: RoomTournament
    result: EventResult | None

    @property
    def winners(self) -> list[str]:
        if self.result is None:
            return []
        return [finish.player for finish in self.result.finishes if finish.place == 1]


def club_events(registry: Registry, club_id: int) -> list[ClubEvent]:
    """The club's tournaments on this server, in the order they were made."""
    events = []
    for room_id in registry:
        listed = registry.get(room_id)
        room = listed.room
        if isinstance(room, RoomTournament) and listed.entry.club == club_id:
            events.append(ClubEvent(room, event_result(room)))
    return events


def event_result(tournament: RoomTournament) -> EventResult | None:
    """The finished tournament's result without its bots; None before it is finished."""
    if tournament.status != "finished" or tournament.started_at is None:
        return None
    log = tournament.log()
    people = [
        record
        for record in log.players.values()
        if record.player in tournament.users
        and record.player not in tournament.bot_accounts
        and record.place is not None
    ]
    finishes = tuple(
        Finish(record.player, record.place or 0, record.prize)
        for record in sorted(people, key=lambda record: record.place or 0)
    )
    ended = datetime.fromtimestamp(tournament.started_at, UTC).date()
    return EventResult(tournament.id, tournament.name, ended, log.entries().entries, finishes)
