"""The repository: series, their players and their hands, saved as they are played.

:class:`SeriesStore` works with plain values — a hand, its record, the seat of
each engine position; :class:`~pokerroom.storage.series_log.SeriesLog` takes
those from a running :class:`~pokerroom.table.series.Series`.

>>> from pokerroom.deck import Deck
>>> from pokerroom.engine import Action, Hand, HandConfig
>>> from pokerroom.table.series import HandRecord, SeriesSettings
>>> store = SeriesStore.open("sqlite://")
>>> players = [Player(1, "Ann"), Player(2, "Bob", PlayerKind.BOT, "station")]
>>> series_id = store.create_series(players, SeriesSettings(), seed=9)
>>> hand = Hand(HandConfig.holdem([200, 200], small_blind=1, big_blind=2), Deck(seed=1))
>>> hand.act(Action.fold())
>>> record = HandRecord(1, 2, 2, 1, {1: 200, 2: 200}, {1: 201, 2: 199}, ())
>>> saved = store.save_hand(series_id, hand, record, seats=[1, 2], deck_seed=1)
>>> saved.pot, saved.winners  # the small blind folded: seat 1 wins his 2 back and 1
(2, (1,))
>>> print(store.export_phhs(series_id))  # doctest: +ELLIPSIS
[1]
variant = "NT"
...
players = ["Ann", "Bob"]
finishing_stacks = [201, 199]
<BLANKLINE>
>>> store.close()
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from pokerroom.deck import Deck
from pokerroom.engine import Hand, HandConfig
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from pokerroom.history import write_phh
from pokerroom.storage.codec import (
    Decision,
    StorageError,
    apply_decisions,
    config_from_json,
    config_to_json,
    decision_from_json,
    decision_to_json,
    decisions_of,
    record_from_json,
    record_to_json,
    settings_from_json,
    settings_to_json,
)
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import (
    HandInProgressRow,
    HandRow,
    PlayerKind,
    PlayerRow,
    SeriesRow,
    utcnow,
)
from pokerroom.table.series import HandRecord, SeriesSettings, Standing


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    name: str
    kind: PlayerKind = PlayerKind.HUMAN
    bot: str | None = None
    """The bot's style (a key of :data:`pokerroom.bots.BOTS`) for a bot."""


@dataclass(frozen=True, slots=True)
class SavedHand:
    """A finished hand as stored."""

    series_id: int
    number: int
    played_at: datetime
    """UTC."""
    button: int
    pot: int
    winners: tuple[int, ...]
    """Seats awarded chips."""
    record: HandRecord
    seats: tuple[int, ...]
    """The seat of each engine position (position 0 first, the button last)."""
    deck_seed: int | None
    decisions: tuple[Decision, ...]
    phh: str


@dataclass(frozen=True, slots=True)
class HandInProgress:
    """The unfinished hand of a series, saved after its latest decision."""

    number: int
    updated_at: datetime
    config: HandConfig
    seats: tuple[int, ...]
    deck_seed: int | None
    decisions: tuple[Decision, ...]

    def rebuild(self) -> Hand:
        """The hand as it was: dealt again from its deck seed, the decisions replayed."""
        if self.deck_seed is None:
            raise StorageError(f"hand {self.number} was saved without its deck seed")
        hand = Hand(self.config, Deck(seed=self.deck_seed))
        apply_decisions(hand, self.decisions)
        return hand


@dataclass(frozen=True, slots=True)
class SavedSeries:
    id: int
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    settings: SeriesSettings
    seed: int | None
    players: tuple[Player, ...]
    """In seat order."""
    hands_played: int
    standings: tuple[Standing, ...] | None
    """The final standings, once the series is finished."""
    in_progress: HandInProgress | None

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.players]

    def name_of(self, seat: int) -> str:
        for player in self.players:
            if player.seat == seat:
                return player.name
        return f"seat {seat}"


def winners_and_pot(hand: Hand) -> tuple[tuple[int, ...], int]:
    """Positions awarded chips, and the chips awarded (every pot; returned bets excluded)."""
    awards = [event for event in hand.events if isinstance(event, ev.Award)]
    return tuple(sorted({a.player for a in awards})), sum(a.amount for a in awards)


def _standing_to_json(standing: Standing) -> dict[str, Any]:
    return {
        "seat": standing.seat,
        "name": standing.name,
        "place": standing.place,
        "chips": standing.chips,
    }


def _standing_from_json(data: Mapping[str, Any]) -> Standing:
    return Standing(int(data["seat"]), str(data["name"]), int(data["place"]), int(data["chips"]))


def _hand(row: HandRow) -> SavedHand:
    return SavedHand(
        series_id=row.series_id,
        number=row.number,
        played_at=row.played_at,
        button=row.button,
        pot=row.pot,
        winners=tuple(int(seat) for seat in row.winners),
        record=record_from_json(row.record),
        seats=tuple(int(seat) for seat in row.seats),
        deck_seed=row.deck_seed,
        decisions=tuple(decision_from_json(d) for d in row.decisions),
        phh=row.phh,
    )


def _in_progress(row: HandInProgressRow) -> HandInProgress:
    return HandInProgress(
        number=row.number,
        updated_at=row.updated_at,
        config=config_from_json(row.config),
        seats=tuple(int(seat) for seat in row.seats),
        deck_seed=row.deck_seed,
        decisions=tuple(decision_from_json(d) for d in row.decisions),
    )


def _series(row: SeriesRow) -> SavedSeries:
    return SavedSeries(
        id=row.id,
        created_at=row.created_at,
        updated_at=row.updated_at,
        finished_at=row.finished_at,
        settings=settings_from_json(row.settings),
        seed=row.seed,
        players=tuple(
            Player(p.seat, p.name, PlayerKind(p.kind), p.bot)
            for p in sorted(row.players, key=lambda p: p.seat)
        ),
        hands_played=row.hands_played,
        standings=None
        if row.standings is None
        else tuple(_standing_from_json(s) for s in row.standings),
        in_progress=None if row.in_progress is None else _in_progress(row.in_progress),
    )


def phhs_document(hands: Sequence[SavedHand]) -> str:
    """The hands as one ``.phhs`` document: table ``[n]`` holds hand ``n``."""
    return "\n".join(f"[{hand.number}]\n{hand.phh}" for hand in hands)


class SeriesStore(DatabaseStore):
    """Series, players and hands in one database; see :func:`open_database` for where."""

    # ------------------------------------------------------------------ writing

    def create_series(
        self, players: Sequence[Player], settings: SeriesSettings, seed: int | None
    ) -> int:
        """Save a new series and its players; returns its id."""
        seats = [player.seat for player in players]
        if len(set(seats)) != len(seats):
            raise UsageError(f"each player needs a seat of his own, got seats {seats}")
        with self.database.session() as session:
            row = SeriesRow(settings=settings_to_json(settings), seed=seed)
            row.players = [
                PlayerRow(seat=p.seat, name=p.name, kind=p.kind.value, bot=p.bot) for p in players
            ]
            session.add(row)
            session.flush()
            return row.id

    def save_hand(
        self,
        series_id: int,
        hand: Hand,
        record: HandRecord,
        *,
        seats: Sequence[int],
        deck_seed: int | None = None,
    ) -> SavedHand:
        """Save a finished hand; the series' hand in progress, if any, is done with."""
        if hand.phase != "done":
            raise UsageError("only a finished hand can be saved as played; save progress instead")
        with self.database.session() as session:
            series = self._row(session, series_id)
            names = self._names(series, seats, hand)
            winners, pot = winners_and_pot(hand)
            row = HandRow(
                series_id=series_id,
                number=record.number,
                button=record.button,
                pot=pot,
                winners=sorted(seats[p] for p in winners),
                record=record_to_json(record),
                seats=list(seats),
                deck_seed=deck_seed,
                decisions=[decision_to_json(d) for d in decisions_of(hand)],
                phh=write_phh(hand, names),
            )
            if session.scalar(
                select(HandRow.id).where(
                    HandRow.series_id == series_id, HandRow.number == record.number
                )
            ):
                raise StorageError(f"hand {record.number} of series {series_id} is already saved")
            session.add(row)
            series.in_progress = None
            series.hands_played = max(series.hands_played, record.number)
            series.updated_at = utcnow()
            session.flush()
            return _hand(row)

    def save_progress(
        self,
        series_id: int,
        number: int,
        hand: Hand,
        *,
        seats: Sequence[int],
        deck_seed: int | None = None,
    ) -> None:
        """Save (or replace) the series' unfinished hand: its config and decisions so far."""
        with self.database.session() as session:
            series = self._row(session, series_id)
            self._names(series, seats, hand)
            values: dict[str, Any] = {
                "number": number,
                "config": config_to_json(hand.config),
                "seats": list(seats),
                "deck_seed": deck_seed,
                "decisions": [decision_to_json(d) for d in decisions_of(hand)],
                "updated_at": utcnow(),
            }
            current = series.in_progress
            if current is None:
                series.in_progress = HandInProgressRow(**values)
            else:
                for key, value in values.items():
                    setattr(current, key, value)
            series.updated_at = utcnow()

    def finish_series(self, series_id: int, standings: Sequence[Standing]) -> None:
        """Mark the series over with its final standings; it is no longer resumed."""
        with self.database.session() as session:
            series = self._row(session, series_id)
            series.standings = [_standing_to_json(s) for s in standings]
            series.finished_at = series.updated_at = utcnow()
            series.in_progress = None

    # ------------------------------------------------------------------ reading

    def get_series(self, series_id: int) -> SavedSeries:
        with self.database.session() as session:
            return _series(self._row(session, series_id))

    def list_series(self, *, unfinished_only: bool = False) -> list[SavedSeries]:
        """Every series, the most recently played first."""
        query = (
            select(SeriesRow)
            .options(selectinload(SeriesRow.players), selectinload(SeriesRow.in_progress))
            .order_by(SeriesRow.updated_at.desc(), SeriesRow.id.desc())
        )
        if unfinished_only:
            query = query.where(SeriesRow.finished_at.is_(None))
        with self.database.session() as session:
            return [_series(row) for row in session.scalars(query)]

    def latest_series(self) -> SavedSeries | None:
        """The series played most recently, finished or not."""
        return self._latest(unfinished_only=False)

    def latest_unfinished(self) -> SavedSeries | None:
        """The unfinished series played most recently: the one to resume."""
        return self._latest(unfinished_only=True)

    def _latest(self, *, unfinished_only: bool) -> SavedSeries | None:
        query = select(SeriesRow.id).order_by(SeriesRow.updated_at.desc(), SeriesRow.id.desc())
        if unfinished_only:
            query = query.where(SeriesRow.finished_at.is_(None))
        with self.database.session() as session:
            series_id = session.scalars(query.limit(1)).first()
            return None if series_id is None else _series(self._row(session, series_id))

    def hands(self, series_id: int) -> list[SavedHand]:
        """The finished hands of a series, in the order they were played."""
        with self.database.session() as session:
            self._row(session, series_id)
            query = select(HandRow).where(HandRow.series_id == series_id).order_by(HandRow.number)
            return [_hand(row) for row in session.scalars(query)]

    def export_phhs(self, series_id: int) -> str:
        """The finished hands of a series as a ``.phhs`` document (PHH, one table per hand)."""
        return phhs_document(self.hands(series_id))

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _row(session: Session, series_id: int) -> SeriesRow:
        row = session.get(SeriesRow, series_id)
        if row is None:
            raise StorageError(f"no series {series_id} in the store")
        return row

    @staticmethod
    def _names(series: SeriesRow, seats: Sequence[int], hand: Hand) -> list[str]:
        if len(seats) != hand.players:
            raise UsageError(
                f"seats needs the seat of each of the {hand.players} positions, got {list(seats)}"
            )
        names = {player.seat: player.name for player in series.players}
        missing = [seat for seat in seats if seat not in names]
        if missing:
            raise StorageError(f"series {series.id} has nobody in seats {missing}")
        return [names[seat] for seat in seats]
