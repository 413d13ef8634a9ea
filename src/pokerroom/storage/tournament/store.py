"""Tournaments in the same database as the series and OFC sessions: the run and its log.

A tournament row keeps the regulation's TOML text, the format, the field, the bot kinds
and the seed, so a run can be resumed without its file; its events are appended in
order, in batches, each as JSON (:mod:`pokerroom.storage.tournament.codec`). Every
append goes on from what is stored (compare-and-set on the number of events): a second
process running the same tournament stops with one line instead of forking its log.
The store keeps any format; only what it is asked to save.

>>> from pokerroom.tournament.events import Entered, EntryKind
>>> from pokerroom.tournament.regulation import example_text
>>> store = TournamentStore.open("sqlite://")
>>> text = example_text("home-sit-and-go")
>>> number = store.create_tournament(text, entrants=2, bots=["random"], seed=7)
>>> store.append_events(number, 0, [Entered(0.0, "P1", EntryKind.ENTRY, 200)])
>>> saved = store.get_tournament(number)
>>> saved.name, saved.event_count, saved.status
('Home sit-and-go', 1, 'in progress')
>>> store.events(number)
[Entered(at=0.0, player='P1', kind=<EntryKind.ENTRY: 'entry'>, chips=200)]
>>> store.close()
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update
from sqlalchemy.orm import Session

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.storage.codec import StorageError
from pokerroom.storage.damage import damaged, loading
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import (
    TOURNAMENT_NAME_LENGTH,
    TournamentEventRow,
    TournamentHandInProgressRow,
    TournamentHandRow,
    TournamentRow,
    utcnow,
)
from pokerroom.storage.tournament.codec import decode_event, encode_event
from pokerroom.storage.tournament.hands import KeptHand
from pokerroom.tournament.events import TournamentEvent
from pokerroom.tournament.live.events import DirectorAction
from pokerroom.tournament.penalties.log import ProtestDecided
from pokerroom.tournament.regulation import Regulation, parse_regulation


@dataclass(frozen=True, slots=True)
class SavedTournament:
    """A tournament as stored (times in UTC); its events are read with :meth:`events`."""

    id: int
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    abandoned_at: datetime | None
    name: str
    regulation_text: str
    format: str
    entrants: int
    bots: tuple[str, ...]
    seed: int | None
    event_count: int
    hands_played: int
    players_left: int
    winner: str | None
    keeps_hands: bool = False
    """Saved with ``run --keep-hands``: each hand's PHH is in :meth:`TournamentStore.hands`."""

    @property
    def finished(self) -> bool:
        """Won, or abandoned: either way it is no longer resumed."""
        return self.finished_at is not None

    @property
    def abandoned(self) -> bool:
        return self.abandoned_at is not None

    @property
    def live(self) -> bool:
        """A live tournament run from the director's console (``pokerroom director``)."""
        return self.bots == (LIVE,)

    @property
    def status(self) -> str:
        if self.abandoned:
            return "abandoned"
        return "finished" if self.finished else "in progress"

    def regulation(self) -> Regulation:
        """The regulation the run began with (T-3), from its stored text."""
        try:
            return parse_regulation(self.regulation_text, source=f"tournament {self.id}")
        except PokerroomError:
            raise damaged(f"tournament {self.id}", "regulation") from None


LIVE = "live"
"""The bots column of a live tournament: its players are people at real tables."""


class StaleTournamentError(StorageError):
    """The tournament's log went on elsewhere since this writer read it."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(
            f"tournament {tournament_id} was run on elsewhere; "
            f"see pokerroom history --tournament {tournament_id}"
        )


def _saved(row: TournamentRow) -> SavedTournament:
    what = f"tournament {row.id}"
    if not isinstance(row.bots, list) or not all(isinstance(kind, str) for kind in row.bots):
        raise damaged(what, "bots")
    for field in ("entrants", "event_count", "hands_played", "players_left"):
        value = getattr(row, field)
        if type(value) is not int or value < 0:
            raise damaged(what, field)
    return SavedTournament(
        id=row.id,
        created_at=row.created_at,
        updated_at=row.updated_at,
        finished_at=row.finished_at,
        abandoned_at=row.abandoned_at,
        name=row.name,
        regulation_text=row.regulation,
        format=row.format,
        entrants=row.entrants,
        bots=tuple(row.bots),
        seed=row.seed,
        event_count=row.event_count,
        hands_played=row.hands_played,
        players_left=row.players_left,
        winner=row.winner,
        keeps_hands=bool(row.keeps_hands),
    )


_INSERT_EVENTS = (
    "INSERT INTO tournament_events (tournament_id, number, type, event) VALUES (?, ?, ?, ?)"
)


def _insert_events(
    connection: Connection, rows: list[tuple[int, int, str, dict[str, Any]]]
) -> None:
    """A big field appends thousands of events a second: SQLite takes them straight through
    its driver, the JSON written as the column's type writes it (half the cost of Core);
    another database through Core."""
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql(
            _INSERT_EVENTS, [(*keys, json.dumps(fields)) for *keys, fields in rows]
        )
        return
    columns = ("tournament_id", "number", "type", "event")
    connection.execute(
        insert(TournamentEventRow), [dict(zip(columns, row, strict=True)) for row in rows]
    )


class TournamentStore(DatabaseStore):
    """Tournaments and their event logs; opens the same database as the series."""

    # ------------------------------------------------------------------ writing

    def create_tournament(
        self,
        regulation_text: str,
        *,
        entrants: int,
        bots: Sequence[str],
        seed: int | None,
        keep_hands: bool = False,
    ) -> int:
        """Save a new tournament run of the regulation in ``regulation_text``; its id.
        ``keep_hands``: its hands' PHH will be saved with its events."""
        regulation = parse_regulation(regulation_text)
        if len(regulation.name) > TOURNAMENT_NAME_LENGTH:
            raise UsageError(
                f"a tournament's name may have at most {TOURNAMENT_NAME_LENGTH} characters, "
                f"got {len(regulation.name)}; shorten the regulation's name"
            )
        with self.database.session() as session:
            row = TournamentRow(
                name=regulation.name,
                regulation=regulation_text,
                format=regulation.format.value,
                entrants=entrants,
                bots=list(bots),
                seed=seed,
                players_left=entrants,
                keeps_hands=keep_hands,
            )
            session.add(row)
            session.flush()
            return row.id

    def append_events(
        self,
        tournament_id: int,
        stored: int,
        events: Sequence[TournamentEvent],
        *,
        hands_played: int | None = None,
        players_left: int | None = None,
        winner: str | None = None,
        hands: Sequence[KeptHand] = (),
        entrants: int | None = None,
    ) -> None:
        """Append ``events`` after the ``stored`` events the writer knows of, in one transaction.

        ``hands_played`` and ``players_left`` are the state after them, for listings; a
        ``winner`` marks the tournament finished with the same commit; ``hands`` are the
        kept PHH of the hands among ``events`` (``run --keep-hands``).
        """
        rows = [
            (tournament_id, number, *encode_event(event))
            for number, event in enumerate(events, start=stored + 1)
        ]
        with self.database.session() as session:
            row = self._locked(session, tournament_id)
            if row.event_count != stored or (
                row.finished_at is not None and not _rulings(row, events)
            ):
                raise StaleTournamentError(tournament_id)
            if rows:
                _insert_events(session.connection(), rows)
            if hands:
                session.execute(
                    insert(TournamentHandRow),
                    [
                        {
                            "tournament_id": tournament_id,
                            "number": kept.number,
                            "table": kept.table,
                            "phh": kept.phh,
                            "observed": kept.observed,
                        }
                        for kept in hands
                    ],
                )
            row.event_count = stored + len(rows)
            if hands_played is not None:
                row.hands_played = hands_played
            if players_left is not None:
                row.players_left = players_left
            if winner is not None:
                row.winner = winner
                row.finished_at = row.updated_at
            if entrants is not None:
                row.entrants = entrants

    def rewind_events(
        self,
        tournament_id: int,
        stored: int,
        keep: int,
        *,
        players_left: int,
        entrants: int,
        winner: str | None = None,
    ) -> None:
        """Keep the first ``keep`` of the ``stored`` events (the live director's undo of his
        last action); a finish it takes back (no ``winner`` left) is unfinished again.
        Compare-and-set as appending."""
        with self.database.session() as session:
            row = self._locked(session, tournament_id)
            if row.abandoned_at is not None or row.event_count != stored or keep > stored:
                raise StaleTournamentError(tournament_id)
            session.execute(
                delete(TournamentEventRow).where(
                    TournamentEventRow.tournament_id == tournament_id,
                    TournamentEventRow.number > keep,
                )
            )
            row.event_count = keep
            row.players_left = players_left
            row.entrants = entrants
            if winner is None:
                row.winner = row.finished_at = None

    def abandon_tournament(self, tournament_id: int) -> SavedTournament:
        """Give up an unfinished tournament: never resumed, no winner; its log stays. The
        person's hand in progress goes, with its secret deck (X-4)."""
        with self.database.session() as session:
            row = self._locked(session, tournament_id)
            session.execute(
                delete(TournamentHandInProgressRow).where(
                    TournamentHandInProgressRow.tournament_id == tournament_id
                )
            )
            if row.finished_at is not None:
                state = "abandoned" if row.abandoned_at is not None else "finished"
                raise StorageError(
                    f"tournament {tournament_id} is {state} already; nothing to abandon"
                )
            row.finished_at = row.abandoned_at = row.updated_at
            session.flush()
            return _saved(row)

    # ------------------------------------------------------------------ reading

    def get_tournament(self, tournament_id: int) -> SavedTournament:
        with self.database.session() as session, loading(f"tournament {tournament_id}"):
            return _saved(self._row(session, tournament_id))

    def list_tournaments(self, *, unfinished_only: bool = False) -> list[SavedTournament]:
        """Every tournament (or every unfinished one), the most recently played first."""
        query = select(TournamentRow).order_by(
            TournamentRow.updated_at.desc(), TournamentRow.id.desc()
        )
        if unfinished_only:
            query = query.where(TournamentRow.finished_at.is_(None))
        with self.database.session() as session, loading("a tournament"):
            return [_saved(row) for row in session.scalars(query)]

    def latest_unfinished(self) -> SavedTournament | None:
        """The unfinished tournament played most recently: the one a bare ``--resume`` takes."""
        unfinished = self.list_tournaments(unfinished_only=True)
        return unfinished[0] if unfinished else None

    def events(self, tournament_id: int) -> list[TournamentEvent]:
        """The tournament's log, in order."""
        query = (
            select(TournamentEventRow.number, TournamentEventRow.type, TournamentEventRow.event)
            .where(TournamentEventRow.tournament_id == tournament_id)
            .order_by(TournamentEventRow.number)
        )
        with self.database.session() as session, loading(f"tournament {tournament_id}"):
            row = self._row(session, tournament_id)
            events = []
            for expected, (number, name, fields) in enumerate(session.execute(query), start=1):
                if number != expected or not isinstance(fields, dict):
                    raise damaged(f"tournament {tournament_id}", "events")
                events.append(decode_event(name, fields))
            if len(events) != row.event_count:
                raise damaged(f"tournament {tournament_id}", "events")
            return events

    def hands(self, tournament_id: int) -> list[KeptHand]:
        """The kept hands of a run saved with ``--keep-hands``, by running number; each
        complete PHH holds every hole card (X-4: the director's export only)."""
        query = (
            select(
                TournamentHandRow.number,
                TournamentHandRow.table,
                TournamentHandRow.phh,
                TournamentHandRow.observed,
            )
            .where(TournamentHandRow.tournament_id == tournament_id)
            .order_by(TournamentHandRow.number)
        )
        with self.database.session() as session, loading(f"tournament {tournament_id}"):
            self._row(session, tournament_id)
            return [KeptHand(*row) for row in session.execute(query)]

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _row(session: Session, tournament_id: int) -> TournamentRow:
        row = session.get(TournamentRow, tournament_id)
        if row is None:
            raise StorageError(f"no tournament {tournament_id} in the store")
        return row

    @classmethod
    def _locked(cls, session: Session, tournament_id: int) -> TournamentRow:
        """The row for a write, touched first so SQLite holds the write lock (compare-and-set)."""
        session.execute(
            update(TournamentRow)
            .where(TournamentRow.id == tournament_id)
            .values(updated_at=utcnow())
        )
        with loading(f"tournament {tournament_id}"):
            row = cls._row(session, tournament_id)
            _saved(row)
        return row


def _rulings(row: TournamentRow, events: Sequence[TournamentEvent]) -> bool:
    """A finished (not abandoned) live tournament still takes a protest's ruling (T-22)."""
    return row.abandoned_at is None and all(
        isinstance(event, DirectorAction | ProtestDecided) for event in events
    )
