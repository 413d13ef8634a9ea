"""A restarted server's web tournaments: each saved one listed again with its tables, and
each told when the server stops (see :mod:`pokerroom.storage.rooms.tournaments`)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from pokerroom.room.failures import describe_failure
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.codec import StorageError
from pokerroom.storage.rooms.store import StoredRoom
from pokerroom.storage.rooms.tournaments import TOURNAMENT_KIND, TournamentJournal
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.saving.tables import RESUME_GRACE
from pokerroom.web.tournament.routes import follow_on, lobby_entry, publisher
from pokerroom.web.tournament.saving import resume_tournament

log = logging.getLogger(__name__)


def restore_tournaments(
    cardroom: Cardroom, now: float, ours: Callable[[str], bool] = lambda _id: True
) -> list[str]:
    """List every saved tournament again (finished ones too: their results stay shown),
    resumed at ``now``; the ids of those resumed. One that cannot be is one log line. In a
    cluster, only those this process owns (``ours``) run here."""
    resumed = []
    for stored in cardroom.tables.store.open_rooms():
        if stored.kind != TOURNAMENT_KIND or stored.id in cardroom.registry or not ours(stored.id):
            continue
        tournament = rebuild_tournament(stored, cardroom, now)
        if tournament is not None:
            list_tournament(cardroom, stored, tournament)
            resumed.append(stored.id)
    return resumed


def rebuild_tournament(
    stored: StoredRoom, cardroom: Cardroom, now: float, grace: float = RESUME_GRACE
) -> RoomTournament | None:
    """``stored`` resumed at ``now`` (see :func:`resume_tournament`); None, logged, if it
    cannot be."""
    try:
        return in_its_club(resume_tournament(stored, cardroom, now, grace), stored, cardroom)
    except StorageError as error:
        log.error("tournament %s cannot be resumed: %s", stored.id, error)
    except Exception as exc:
        log.error("tournament %s cannot be resumed: %s", stored.id, describe_failure(exc))
    return None


def in_its_club(
    tournament: RoomTournament, stored: StoredRoom, cardroom: Cardroom
) -> RoomTournament:
    """A club's tournament (its saved lobby line names the club) gets its club back, with
    the club's directors as they are now (asks the database: in a thread)."""
    club = stored.entry.get("club")
    if isinstance(club, int):
        tournament.club = club
        tournament.directors = cardroom.clubs.directors(club)
    return tournament


def list_tournament(cardroom: Cardroom, stored: StoredRoom, tournament: RoomTournament) -> None:
    """List a resumed tournament and its tables again (on the event loop)."""
    list_copy(cardroom, stored, tournament)
    run_on(cardroom, stored, tournament)


def list_copy(cardroom: Cardroom, stored: StoredRoom, tournament: RoomTournament) -> None:
    """List a tournament and its tables, kept listed as it changes (on the event loop)."""
    registry = cardroom.registry
    registry.add(tournament, lobby_entry(tournament, host_of(stored)))
    tournament.on_change = publisher(registry)
    tournament.on_change(tournament)


def run_on(cardroom: Cardroom, stored: StoredRoom, tournament: RoomTournament) -> None:
    """A tournament run here opens the next one like it when it starts (if it recurs)."""
    follow_on(cardroom, tournament, str(stored.settings["regulation"]), host_of(stored))


def host_of(stored: StoredRoom) -> int | None:
    """The account that created a saved tournament, from its lobby line."""
    host = stored.entry.get("host_id")
    return host if isinstance(host, int) else None


def stop_tournaments(cardroom: Cardroom, now: float) -> None:
    """The server stops at ``now``: each saved tournament notes it (written by
    :func:`~pokerroom.web.saving.tables.stop_rooms`, which closes the writer)."""
    for room_id in cardroom.registry:
        room = cardroom.registry.get(room_id).room
        if isinstance(room, RoomTournament) and isinstance(room.journal, TournamentJournal):
            room.journal.stop(now)
