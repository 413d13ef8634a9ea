"""The hand archive: every hand finished at a web table, saved as it happens.

Each hand is kept whole — its complete PHH document holds every card dealt, so it never
leaves the server as it is (X-4): the web layer writes each player's own copy from it —
with the room it was played in, when it finished, the rake (P-9) and who sat at each
engine position (the account, the name, the seat and his result net of the rake), so a
player's hands and results are listed without replaying anything.

Each seat's statistics counts are kept with the hand (:mod:`pokerroom.storage.hands.counts`).
Saving is idempotent: a room's hand number is saved once (a second save of it gives the
first one's id back), so a retry never doubles a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from pokerroom.storage.codec import StorageError
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.hands.counts import add_counts
from pokerroom.storage.models import WebHandRow, WebHandSeatRow

PAGE_SIZE = 50
"""Hands per page of a player's list."""


@dataclass(frozen=True, slots=True)
class HandSeat:
    """Who played one engine position of a hand."""

    position: int
    seat: int
    """The room's seat number."""
    account_id: int | None
    """None for a bot."""
    name: str
    result: int
    """Chips won (or lost, negative) in the hand, net of the rake."""


@dataclass(frozen=True, slots=True)
class WebHand:
    """A finished hand as a room reports it to the archive."""

    room_id: str
    room_kind: str
    """``home``, ``cash`` or ``tournament``."""
    room_name: str
    game: str
    """The game as the lobby names it."""
    table_size: int
    number: int
    """The room's own hand number, from 1."""
    finished_at: datetime
    """UTC, without tzinfo."""
    phh: str
    """The complete PHH document: every card in it, never for one player's eyes (X-4)."""
    rake: int
    seats: tuple[HandSeat, ...]
    """By engine position."""
    source: str | None = None
    """The room an imported hand was played in (``pokerstars``, ``pokernow``); None here."""
    source_hand: str | None = None
    """The imported hand's id in its room."""


@dataclass(frozen=True, slots=True)
class ArchivedHand:
    id: int
    hand: WebHand

    def position_of(self, account_id: int) -> int | None:
        """The engine position ``account_id`` played, None if he was not dealt in."""
        return next((s.position for s in self.hand.seats if s.account_id == account_id), None)


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One line of a player's list of hands."""

    id: int
    room_id: str
    room_name: str
    game: str
    number: int
    finished_at: datetime
    position: int
    result: int


@dataclass(frozen=True, slots=True)
class PlayedRoom:
    """A room a player played hands in, with his hands' results there, oldest first."""

    room_id: str
    room_kind: str
    room_name: str
    game: str
    last_at: datetime
    results: tuple[int, ...]


def _hand(row: WebHandRow) -> ArchivedHand:
    seats = tuple(HandSeat(s.position, s.seat, s.account_id, s.name, s.result) for s in row.seats)
    return ArchivedHand(
        row.id,
        WebHand(
            room_id=row.room_id,
            room_kind=row.room_kind,
            room_name=row.room_name,
            game=row.game,
            table_size=row.table_size,
            number=row.number,
            finished_at=row.finished_at,
            phh=row.phh,
            rake=row.rake,
            seats=seats,
            source=row.source,
            source_hand=row.source_hand,
        ),
    )


def _row(hand: WebHand) -> WebHandRow:
    return WebHandRow(
        room_id=hand.room_id,
        room_kind=hand.room_kind,
        room_name=hand.room_name,
        game=hand.game,
        table_size=hand.table_size,
        number=hand.number,
        finished_at=hand.finished_at,
        phh=hand.phh,
        rake=hand.rake,
        source=hand.source,
        source_hand=hand.source_hand,
        seats=[
            WebHandSeatRow(
                position=s.position,
                seat=s.seat,
                account_id=s.account_id,
                name=s.name,
                result=s.result,
            )
            for s in hand.seats
        ],
    )


def _existing(session: Session, hand: WebHand) -> int | None:
    return session.scalar(
        select(WebHandRow.id).where(
            WebHandRow.room_id == hand.room_id, WebHandRow.number == hand.number
        )
    )


def _imported(session: Session, hand: WebHand) -> int | None:
    return session.scalar(
        select(WebHandRow.id).where(
            WebHandRow.source == hand.source, WebHandRow.source_hand == hand.source_hand
        )
    )


def _next_number(session: Session, room_id: str) -> int:
    last = session.scalar(select(func.max(WebHandRow.number)).where(WebHandRow.room_id == room_id))
    return (last or 0) + 1


def _played(account_id: int, room_id: str | None) -> Select[WebHandRow, WebHandSeatRow]:
    query = (
        select(WebHandRow, WebHandSeatRow)
        .join(WebHandSeatRow, WebHandSeatRow.hand_id == WebHandRow.id)
        .where(WebHandSeatRow.account_id == account_id)
    )
    return query if room_id is None else query.where(WebHandRow.room_id == room_id)


def add_hand(session: Session, hand: WebHand) -> int:
    """Keep ``hand`` in ``session``'s transaction; its id (the first one's, if this room's
    hand was saved already: a table replayed after a crash finishes it again)."""
    existing = _existing(session, hand)
    if existing is not None:
        return existing
    row = _row(hand)
    session.add(row)
    session.flush()
    add_counts(session, row.id, hand.phh, [s.result for s in hand.seats])
    return row.id


class HandArchive(DatabaseStore):
    """The web tables' finished hands; opens the same database as the other stores."""

    def save(self, hand: WebHand) -> int:
        """Keep ``hand``; its id (the first one's, if this room's hand was saved already)."""
        try:
            with self.database.session() as session:
                return add_hand(session, hand)
        except StorageError:  # perhaps the same hand, saved a moment ago by another writer
            with self.database.session() as session:
                existing = _existing(session, hand)
            if existing is None:
                raise
            return existing

    def add_imported(self, hands: Sequence[WebHand]) -> list[int | None]:
        """Keep hands imported from another room, all or none, each once: for each, its new
        id, or None if its room's hand was imported before. A hand's ``number`` is given
        here, the next in its room."""
        ids: list[int | None] = []
        with self.database.session() as session:
            for hand in hands:
                if _imported(session, hand) is not None:
                    ids.append(None)
                    continue
                numbered = replace(hand, number=_next_number(session, hand.room_id))
                ids.append(add_hand(session, numbered))
        return ids

    def get(self, hand_id: int) -> ArchivedHand | None:
        with self.database.session() as session:
            row = session.get(WebHandRow, hand_id)
            return None if row is None else _hand(row)

    def hands_of(
        self,
        account_id: int,
        *,
        room_id: str | None = None,
        page: int = 1,
        per_page: int = PAGE_SIZE,
    ) -> list[PlayedHand]:
        """The account's hands (of one room, if given), newest first, one page of them."""
        query = (
            _played(account_id, room_id)
            .order_by(WebHandRow.finished_at.desc(), WebHandRow.id.desc())
            .offset((max(page, 1) - 1) * per_page)
            .limit(per_page)
        )
        with self.database.session() as session:
            return [
                PlayedHand(
                    hand.id,
                    hand.room_id,
                    hand.room_name,
                    hand.game,
                    hand.number,
                    hand.finished_at,
                    seat.position,
                    seat.result,
                )
                for hand, seat in session.execute(query)
            ]

    def count_of(self, account_id: int, *, room_id: str | None = None) -> int:
        query = select(func.count()).select_from(_played(account_id, room_id).subquery())
        with self.database.session() as session:
            return session.scalar(query) or 0

    def room_hands_of(self, account_id: int, room_id: str) -> list[ArchivedHand]:
        """Every hand the account played in the room, oldest first (a bulk download)."""
        query = (
            select(WebHandRow)
            .join(WebHandSeatRow, WebHandSeatRow.hand_id == WebHandRow.id)
            .where(WebHandSeatRow.account_id == account_id, WebHandRow.room_id == room_id)
            .order_by(WebHandRow.number)
        )
        with self.database.session() as session:
            return [_hand(row) for row in session.scalars(query)]

    def rooms_of(self, account_id: int) -> list[PlayedRoom]:
        """The rooms the account played in, the latest first, each with his results."""
        query = _played(account_id, None).order_by(WebHandRow.room_id, WebHandRow.number)
        rooms: dict[str, tuple[WebHandRow, datetime, list[int]]] = {}
        with self.database.session() as session:
            for hand, seat in session.execute(query):
                first, last, results = rooms.get(hand.room_id, (hand, hand.finished_at, []))
                results.append(seat.result)
                rooms[hand.room_id] = (first, max(last, hand.finished_at), results)
        played = [
            PlayedRoom(first.room_id, first.room_kind, first.room_name, first.game, last, tuple(r))
            for first, last, r in rooms.values()
        ]
        return sorted(played, key=lambda room: room.last_at, reverse=True)
