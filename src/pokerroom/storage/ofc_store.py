"""Open-Face Chinese Pineapple sessions in the same database as the poker series.

Each finished hand is stored as its TOML record (:mod:`pokerroom.history.ofc_record`):
one format for the store and for ``pokerroom history --export``, so a saved hand
replays exactly. Points, fouls, royalties and fantasy are kept beside it, by seat,
for listings. Seats are numbered from 1, as at the poker table.

>>> from pokerroom.ofc import Session
>>> from pokerroom.bots.ofc import OFC_BOTS, play_ofc_hand
>>> store = OfcStore.open("sqlite://")
>>> session = Session(2, seed=4)
>>> log = OfcLog.start(store, session, ["Ann", "Bob"], bots=[None, "random"])
>>> hand = session.start_hand()
>>> seats = positions(session)
>>> _ = play_ofc_hand(hand, [OFC_BOTS["random"](seat) for seat in seats])
>>> _ = session.finish_hand()
>>> saved = log.hand_finished(hand, seats)
>>> saved.number, sum(saved.points), store.get_session(log.session_id).totals == saved.points
(1, 0, True)
>>> store.close()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session as DbSession

from pokerroom.errors import UsageError
from pokerroom.history.ofc_record import OfcRecord, dumps, dumps_many, loads, record_of
from pokerroom.ofc import OfcHand, Session
from pokerroom.storage.codec import StorageError
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import OfcHandRow, OfcSessionRow, utcnow


@dataclass(frozen=True, slots=True)
class SavedOfcHand:
    """A finished OFC hand as stored; tuples are by seat, seat 1 first."""

    session_id: int
    number: int
    played_at: datetime
    """UTC."""
    button: int
    seats: tuple[int, ...]
    """The seat of each position (position 0 left of the button, the button last)."""
    points: tuple[int, ...]
    fouled: tuple[bool, ...]
    royalties: tuple[int, ...]
    fantasy: tuple[bool, ...]
    fantasy_next: tuple[bool, ...]
    text: str
    """The TOML record."""

    def record(self) -> OfcRecord:
        return loads(self.text)


@dataclass(frozen=True, slots=True)
class SavedOfcSession:
    id: int
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    seed: int | None
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    """The bot kind in each seat, ``None`` for a human."""
    hands_played: int
    totals: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def players(self) -> int:
        return len(self.names)


def positions(session: Session) -> tuple[int, ...]:
    """The session seat (from 0) of each position of the hand about to be played or playing."""
    return tuple(session.seat_of(p) for p in range(len(session.totals)))


def ofc_document(hands: Sequence[SavedOfcHand]) -> str:
    """The hands' records in one TOML file, tables ``[1]``, ``[2]``, … (as ``.phhs``)."""
    return dumps_many([hand.record() for hand in hands])


def _hand(row: OfcHandRow) -> SavedOfcHand:
    return SavedOfcHand(
        session_id=row.session_id,
        number=row.number,
        played_at=row.played_at,
        button=row.button,
        seats=tuple(int(s) for s in row.seats),
        points=tuple(int(p) for p in row.points),
        fouled=tuple(bool(f) for f in row.fouled),
        royalties=tuple(int(r) for r in row.royalties),
        fantasy=tuple(bool(f) for f in row.fantasy),
        fantasy_next=tuple(bool(f) for f in row.fantasy_next),
        text=row.record,
    )


def _session(row: OfcSessionRow) -> SavedOfcSession:
    return SavedOfcSession(
        id=row.id,
        created_at=row.created_at,
        updated_at=row.updated_at,
        finished_at=row.finished_at,
        seed=row.seed,
        names=tuple(str(n) for n in row.names),
        bots=tuple(None if b is None else str(b) for b in row.bots),
        hands_played=row.hands_played,
        totals=tuple(int(t) for t in row.totals),
    )


class OfcStore(DatabaseStore):
    """OFC sessions and their hands; opens the same database as :class:`SeriesStore`."""

    # ------------------------------------------------------------------ writing

    def create_session(
        self, names: Sequence[str], bots: Sequence[str | None], seed: int | None
    ) -> int:
        """Save a new session: a name and a bot kind (``None``: human) for each seat."""
        if len(bots) != len(names):
            raise UsageError(f"one bot kind or None per seat: {len(names)} names, {len(bots)}")
        with self.database.session() as session:
            row = OfcSessionRow(
                seed=seed, names=list(names), bots=list(bots), totals=[0] * len(names)
            )
            session.add(row)
            session.flush()
            return row.id

    def save_hand(
        self, session_id: int, hand: OfcHand, *, number: int, seats: Sequence[int]
    ) -> SavedOfcHand:
        """Save a finished hand; ``seats`` holds the seat (from 1) of each position."""
        result = hand.result
        if result is None:
            raise UsageError("only a finished OFC hand can be saved; play it to the end first")
        if sorted(seats) != list(range(1, hand.players + 1)):
            raise UsageError(f"seats must number the {hand.players} players from 1, got {seats}")
        by_seat = sorted(range(hand.players), key=lambda p: seats[p])
        with self.database.session() as session:
            parent = self._row(session, session_id)
            if len(parent.names) != hand.players:
                raise StorageError(
                    f"session {session_id} has {len(parent.names)} players, the hand {hand.players}"
                )
            if session.scalar(
                select(OfcHandRow.id).where(
                    OfcHandRow.session_id == session_id, OfcHandRow.number == number
                )
            ):
                raise StorageError(f"hand {number} of OFC session {session_id} is already saved")
            names = [str(parent.names[seat - 1]) for seat in seats]
            record = record_of(
                hand,
                names=names,
                hand_number=number,
                table=f"OFC session {session_id}",
                seats=seats,
            )
            row = OfcHandRow(
                session_id=session_id,
                number=number,
                button=seats[-1],
                seats=list(seats),
                points=[result.points[p] for p in by_seat],
                fouled=[result.fouled[p] for p in by_seat],
                royalties=[result.royalties[p] for p in by_seat],
                fantasy=[hand.fantasy[p] for p in by_seat],
                fantasy_next=[result.fantasy_next[p] for p in by_seat],
                record=dumps(record),
            )
            session.add(row)
            parent.totals = [t + p for t, p in zip(parent.totals, row.points, strict=True)]
            parent.hands_played = max(parent.hands_played, number)
            parent.updated_at = utcnow()
            session.flush()
            return _hand(row)

    def finish_session(self, session_id: int) -> None:
        """Mark the session over (it is not resumed)."""
        with self.database.session() as session:
            row = self._row(session, session_id)
            row.finished_at = row.updated_at = utcnow()

    # ------------------------------------------------------------------ reading

    def get_session(self, session_id: int) -> SavedOfcSession:
        with self.database.session() as session:
            return _session(self._row(session, session_id))

    def list_sessions(self) -> list[SavedOfcSession]:
        """Every session, the most recently played first."""
        query = select(OfcSessionRow).order_by(
            OfcSessionRow.updated_at.desc(), OfcSessionRow.id.desc()
        )
        with self.database.session() as session:
            return [_session(row) for row in session.scalars(query)]

    def latest_session(self) -> SavedOfcSession | None:
        sessions = self.list_sessions()
        return sessions[0] if sessions else None

    def hands(self, session_id: int) -> list[SavedOfcHand]:
        """The finished hands of a session, in the order they were played."""
        with self.database.session() as session:
            self._row(session, session_id)
            query = (
                select(OfcHandRow)
                .where(OfcHandRow.session_id == session_id)
                .order_by(OfcHandRow.number)
            )
            return [_hand(row) for row in session.scalars(query)]

    @staticmethod
    def _row(session: DbSession, session_id: int) -> OfcSessionRow:
        row = session.get(OfcSessionRow, session_id)
        if row is None:
            raise StorageError(f"no OFC session {session_id} in the store")
        return row


class OfcLog:
    """Saves one running :class:`~pokerroom.ofc.Session`, hand by hand."""

    def __init__(self, store: OfcStore, session_id: int, session: Session) -> None:
        self.store = store
        self.session_id = session_id
        self.session = session

    @classmethod
    def start(
        cls,
        store: OfcStore,
        session: Session,
        names: Sequence[str],
        *,
        bots: Sequence[str | None],
        seed: int | None = None,
    ) -> OfcLog:
        """Save a new session: ``names`` and ``bots`` by session seat."""
        return cls(store, store.create_session(names, bots, seed), session)

    def hand_finished(self, hand: OfcHand, seats: Sequence[int]) -> SavedOfcHand:
        """Save a hand after :meth:`Session.finish_hand`; ``seats`` from :func:`positions`."""
        return self.store.save_hand(
            self.session_id,
            hand,
            number=self.session.hands_played,
            seats=[seat + 1 for seat in seats],
        )

    def finished(self) -> None:
        self.store.finish_session(self.session_id)
