"""The tournaments played at this terminal, read back for ``pokerroom history`` and
``pokerroom tournament export``: each built again from what
:mod:`~pokerroom.storage.rooms.local_tournaments` saved, and never written to.

A reader builds a tournament as a resume does — from its checkpoint when the key that
sealed it is there, else from its recipe — and replays its inputs, but gives it no journal,
so nothing it does is saved; a missing database or key file is not made. The hands are not
kept by the terminal's save (only the inputs that deal them), so a reader that wants them
replays the whole tournament from its recipe and keeps each hand as its table finishes it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import select

from pokerroom.room.live import FinishedHand
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import data_dir, open_database
from pokerroom.storage.models import WebRoomRow
from pokerroom.storage.rooms.local_tournaments import DATABASE_FILE, KEY_FILE, YOU
from pokerroom.storage.rooms.store import RoomStore, StoredRoom
from pokerroom.storage.rooms.tournaments import TOURNAMENT_KIND, replay, starting_point
from pokerroom.tournament.timed.run import DealtHand

log = logging.getLogger(__name__)


@dataclass
class PlayedTournament:
    """A tournament of ``tournament play`` as saved: ``number`` is its own id (``--resume
    NUMBER``), ``hands`` the finished hands by table in the order they ended (only when
    asked for)."""

    number: str
    tournament: RoomTournament
    regulation_text: str
    """The regulation it began with, as it was saved."""
    created_at: datetime
    """When it was saved, UTC."""
    updated_at: datetime
    """Its last saved input, UTC."""
    hands: list[tuple[int, FinishedHand[DealtHand]]] = field(default_factory=list)

    @property
    def person(self) -> str | None:
        """The name of the person who played it (None: none, a damaged save)."""
        return next((name for name, user in self.tournament.users.items() if user == YOU), None)

    @property
    def finished(self) -> bool:
        return self.tournament.status == "finished"

    @property
    def status(self) -> str:
        """``finished`` or ``in progress``, as the database's tournaments say it."""
        return "finished" if self.finished else "in progress"

    @property
    def hands_played(self) -> int:
        return self.tournament.log().hands

    @property
    def still_in(self) -> bool:
        """The person has not busted: ``tournament play --resume`` seats him again."""
        record = None if self.person is None else self.tournament.log().players.get(self.person)
        return record is not None and record.place is None


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A saved tournament that cannot be built again, and why (in English: a log line)."""

    number: str
    reason: str


def played_tournaments() -> list[PlayedTournament | Unreadable]:
    """Every tournament played at this terminal, oldest first (none: no database yet)."""
    store = _open()
    if store is None:
        return []
    try:
        key = _key()
        created = _created(store)
        return [
            _read(store, stored, key, created, hands=False)
            for stored in store.open_rooms()
            if stored.kind == TOURNAMENT_KIND
        ]
    finally:
        store.close()


def latest_played_at() -> tuple[str, datetime] | None:
    """The number and last save time of the tournament played here most recently."""
    store = _open()
    if store is None:
        return None
    try:
        rooms = [room for room in store.open_rooms() if room.kind == TOURNAMENT_KIND]
    finally:
        store.close()
    times = [(room.id, _utc(room.last_at)) for room in rooms if room.last_at is not None]
    return max(times, key=lambda pair: pair[1], default=None)


def played_tournament(number: str, *, hands: bool) -> PlayedTournament | Unreadable | None:
    """Tournament ``number`` played here (None: there is none), with its hands if asked."""
    store = _open()
    if store is None:
        return None
    try:
        found = [room for room in store.open_rooms(number) if room.kind == TOURNAMENT_KIND]
        if not found:
            return None
        return _read(store, found[0], _key(), _created(store), hands=hands)
    finally:
        store.close()


def _open() -> RoomStore | None:
    path = data_dir() / DATABASE_FILE
    return RoomStore(open_database(path)) if path.is_file() else None


def _key() -> bytes | None:
    """The key that sealed the checkpoints, if it is there and whole (else: a full replay)."""
    try:
        return bytes.fromhex((data_dir() / KEY_FILE).read_text(encoding="ascii"))
    except (OSError, ValueError):
        return None


def _created(store: RoomStore) -> dict[str, datetime]:
    with store.database.session() as session:
        rows = session.execute(select(WebRoomRow.id, WebRoomRow.created_at)).all()
    return {room_id: created for room_id, created in rows}  # noqa: C416 (rows are not pairs to mypy)


def _utc(at: float) -> datetime:
    """A saved input's time (POSIX seconds) as the stores' naive UTC datetimes."""
    return datetime.fromtimestamp(at, UTC).replace(tzinfo=None)


def _read(
    store: RoomStore,
    stored: StoredRoom,
    key: bytes | None,
    created: dict[str, datetime],
    *,
    hands: bool,
) -> PlayedTournament | Unreadable:
    """``stored`` built again and replayed, unjournaled; a save it cannot be built from is
    :class:`Unreadable`, never an exception (a listing shows the others)."""
    started = created.get(stored.id) or datetime.now(UTC).replace(tzinfo=None)
    kept: list[tuple[int, FinishedHand[DealtHand]]] = []
    try:
        # the hands before a checkpoint are not in it: with them, from the recipe
        tournament, after = starting_point(stored, None if hands else key)
        if hands:
            tournament.on_change = lambda changed: _listen(changed, kept)
        replay(tournament, store.inputs(stored.id, after))
        tournament.on_change = None
    except Exception as exc:  # a save of another version, damaged: said, not raised
        log.warning("terminal tournament %s cannot be read: %r", stored.id, exc)
        return Unreadable(stored.id, repr(exc))
    updated = started if stored.last_at is None else _utc(stored.last_at)
    text = str(stored.settings.get("regulation", ""))
    return PlayedTournament(stored.id, tournament, text, started, updated, kept)


def _listen(tournament: RoomTournament, kept: list[tuple[int, FinishedHand[DealtHand]]]) -> None:
    """A table made while replaying (listed before its first hand is dealt) tells its
    finished hands to ``kept``."""
    for number, room in tournament.rooms.items():
        if room.on_hand_finished is None:
            room.on_hand_finished = lambda hand, table=number: kept.append((table, hand))
