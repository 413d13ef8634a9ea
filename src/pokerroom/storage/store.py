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

from sqlalchemy import select, update
from sqlalchemy.orm import Session, selectinload

from pokerroom.deck import Deck, DeckOrder
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
from pokerroom.storage.damage import damaged, loading
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.dealt import deck_from_json, deck_to_json
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
    """The bot's style (a name of :func:`pokerroom.bots.registry.bot_kinds`) for a bot."""


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
    """The deck's seed in a seeded series."""
    decisions: tuple[Decision, ...]
    deck: DeckOrder | None = None
    """Otherwise the order of its cards (C-3): secret, only the host's database holds it."""

    def rebuild(self) -> Hand:
        """The hand as it was: dealt again from its deck, the decisions replayed."""
        if self.deck_seed is not None:
            deck = Deck(seed=self.deck_seed)
        elif self.deck is not None:
            deck = Deck.again(self.deck)
        else:
            raise StorageError(f"hand {self.number} was saved without its deck")
        hand = Hand(self.config, deck)
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
    max_hands: int | None = None
    """H-3: ``--max-hands``; None: no limit."""
    seconds_left: float | None = None
    """H-3: the playing time of ``--minutes`` left; None: no time limit."""
    abandoned_at: datetime | None = None
    clock: int | None = None
    """``--clock`` (A-18): seconds per decision, 0 none; None: not saved."""

    @property
    def finished(self) -> bool:
        """Over, or abandoned: either way it is no longer resumed."""
        return self.finished_at is not None

    @property
    def abandoned(self) -> bool:
        return self.abandoned_at is not None

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
        deck=None if row.deck is None else deck_from_json(row.deck),
    )


def _limits(row: SeriesRow) -> tuple[int | None, float | None]:
    """``max_hands`` a count from 1, ``seconds_left`` a time from 0 (H-3), or None."""
    max_hands, seconds = row.max_hands, row.seconds_left
    if max_hands is not None and not (type(max_hands) is int and max_hands >= 1):
        raise damaged(f"series {row.id}", "max_hands")
    if seconds is not None and not (isinstance(seconds, float | int) and 0 <= seconds < 1e12):
        raise damaged(f"series {row.id}", "seconds_left")
    return max_hands, None if seconds is None else float(seconds)


MAX_CLOCK = 3600
"""The longest decision clock ``play --clock`` takes."""


def _clock(row: SeriesRow) -> int | None:
    """``--clock``: whole seconds from 0 to :data:`MAX_CLOCK`, or None."""
    clock = row.clock
    if clock is not None and not (type(clock) is int and 0 <= clock <= MAX_CLOCK):
        raise damaged(f"series {row.id}", "clock")
    return clock


def _series(row: SeriesRow) -> SavedSeries:
    max_hands, seconds_left = _limits(row)
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
        max_hands=max_hands,
        seconds_left=seconds_left,
        abandoned_at=row.abandoned_at,
        clock=_clock(row),
    )


def phhs_document(hands: Sequence[SavedHand]) -> str:
    """The hands as one ``.phhs`` document: table ``[n]`` holds hand ``n``."""
    return "\n".join(f"[{hand.number}]\n{hand.phh}" for hand in hands)


class StaleSeriesError(StorageError):
    """The series was played on elsewhere since this writer read it (X-4).

    A save must go on from what is stored, never replace it: otherwise a second
    terminal could play on, see the next cards, and let the first play into them.
    """

    def __init__(self, series_id: int) -> None:
        super().__init__(
            f"series {series_id} was played on elsewhere; run pokerroom play --resume {series_id}"
        )


class SeriesStore(DatabaseStore):
    """Series, players and hands in one database; see :func:`open_database` for where.

    Every save goes on from what is stored (compare-and-set): hand ``n`` follows hand
    ``n - 1``, and a hand in progress keeps its deck and its decisions so far, so two
    terminals on one series cannot both play it (the second stops with one line).
    """

    # ------------------------------------------------------------------ writing

    def create_series(
        self,
        players: Sequence[Player],
        settings: SeriesSettings,
        seed: int | None,
        *,
        max_hands: int | None = None,
        seconds_left: float | None = None,
        clock: int | None = None,
    ) -> int:
        """Save a new series, its players, its limits (H-3) and its decision clock (A-18);
        returns its id."""
        seats = [player.seat for player in players]
        if len(set(seats)) != len(seats):
            raise UsageError(f"each player needs a seat of his own, got seats {seats}")
        with self.database.session() as session:
            row = SeriesRow(
                settings=settings_to_json(settings),
                seed=seed,
                max_hands=max_hands,
                seconds_left=seconds_left,
                clock=clock,
            )
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
        deck: DeckOrder | None = None,
        seconds_left: float | None = None,
    ) -> SavedHand:
        """Save a finished hand; the series' hand in progress, if any, is done with.

        ``deck`` is the hand's deck when it was not seeded: it must be the one saved
        with the hand in progress, and is not kept once the hand is over.
        """
        if hand.phase != "done":
            raise UsageError("only a finished hand can be saved as played; save progress instead")
        decisions = [decision_to_json(d) for d in decisions_of(hand)]
        with self.database.session() as session:
            series = self._locked(session, series_id)
            names = self._names(series, seats, hand)
            winners, pot = winners_and_pot(hand)
            if session.scalar(
                select(HandRow.id).where(
                    HandRow.series_id == series_id, HandRow.number == record.number
                )
            ):
                raise StorageError(f"hand {record.number} of series {series_id} is already saved")
            _check_current(series, record.number, deck_seed, deck, decisions)
            row = HandRow(
                series_id=series_id,
                number=record.number,
                button=record.button,
                pot=pot,
                winners=sorted(seats[p] for p in winners),
                record=record_to_json(record),
                seats=list(seats),
                deck_seed=deck_seed,
                decisions=decisions,
                phh=write_phh(hand, names),
            )
            session.add(row)
            series.in_progress = None
            series.hands_played = record.number
            series.seconds_left = seconds_left
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
        deck: DeckOrder | None = None,
        seconds_left: float | None = None,
    ) -> None:
        """Save (or extend) the series' unfinished hand: config, deck and decisions so far.

        ``deck_seed`` is the deck's seed in a seeded series, ``deck`` the order of the
        cards otherwise (C-3). ``seconds_left`` is the playing time left (H-3).
        """
        decisions = [decision_to_json(d) for d in decisions_of(hand)]
        with self.database.session() as session:
            series = self._locked(session, series_id)
            self._names(series, seats, hand)
            _check_current(series, number, deck_seed, deck, decisions)
            values: dict[str, Any] = {
                "number": number,
                "config": config_to_json(hand.config),
                "seats": list(seats),
                "deck_seed": deck_seed,
                "deck": None if deck is None else deck_to_json(deck),
                "decisions": decisions,
                "updated_at": utcnow(),
            }
            current = series.in_progress
            if current is None:
                series.in_progress = HandInProgressRow(**values)
            else:
                for key, value in values.items():
                    setattr(current, key, value)
            series.seconds_left = seconds_left

    def finish_series(
        self, series_id: int, standings: Sequence[Standing], *, hands_played: int | None = None
    ) -> None:
        """Mark the series over with its final standings; it is no longer resumed.

        ``hands_played``, when given, is what the writer has seen: a series that has
        gone on since (or is already over) is refused.
        """
        with self.database.session() as session:
            series = self._locked(session, series_id)
            gone_on = hands_played is not None and series.hands_played != hands_played
            if series.finished_at is not None or gone_on or series.in_progress is not None:
                raise StaleSeriesError(series_id)
            series.standings = [_standing_to_json(s) for s in standings]
            series.finished_at = series.updated_at

    def abandon_series(self, series_id: int) -> SavedSeries:
        """Give up an unfinished series: no standings, never resumed; its hands stay.

        The hand in progress, if any, is dropped with its secret deck (X-4).
        """
        with self.database.session() as session:
            series = self._locked(session, series_id)
            if series.finished_at is not None:
                state = "abandoned" if series.abandoned_at is not None else "finished"
                raise StorageError(f"series {series_id} is {state} already; nothing to abandon")
            series.in_progress = None
            series.finished_at = series.abandoned_at = series.updated_at
            session.flush()
            with loading(f"series {series_id}"):
                return _series(series)

    def set_clock(self, series_id: int, clock: int) -> None:
        """A resume given another ``--clock`` (A-18): the series keeps it from now on."""
        if not 0 <= clock <= MAX_CLOCK:
            raise UsageError(f"a decision clock is 0 to {MAX_CLOCK} seconds, got {clock}")
        with self.database.session() as session:
            self._locked(session, series_id).clock = clock

    # ------------------------------------------------------------------ reading

    def get_series(self, series_id: int) -> SavedSeries:
        with self.database.session() as session, loading(f"series {series_id}"):
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
        with self.database.session() as session, loading("a series"):
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
            if series_id is None:
                return None
            with loading(f"series {series_id}"):
                return _series(self._row(session, series_id))

    def hands(self, series_id: int) -> list[SavedHand]:
        """The finished hands of a series, in the order they were played."""
        with self.database.session() as session, loading(f"a hand of series {series_id}"):
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

    @classmethod
    def _locked(cls, session: Session, series_id: int) -> SeriesRow:
        """The series row for a write, touched first: SQLite then holds the write lock, so
        the checks that follow and the write are one transaction (compare-and-set)."""
        session.execute(
            update(SeriesRow).where(SeriesRow.id == series_id).values(updated_at=utcnow())
        )
        with loading(f"series {series_id}"):
            row = cls._row(session, series_id)
            _series(row)  # every field as a reader sees it
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


def _check_current(
    series: SeriesRow,
    number: int,
    deck_seed: int | None,
    deck: DeckOrder | None,
    decisions: list[dict[str, Any]],
) -> None:
    """X-4: hand ``number``, with this deck and these decisions, goes on from the store.

    The series must be open with ``number - 1`` hands played; a hand in progress
    stored for it must have the same deck, and its decisions must come first.
    """
    if series.finished_at is not None or series.hands_played + 1 != number:
        raise StaleSeriesError(series.id)
    stored = series.in_progress
    if stored is None:
        return
    if (
        stored.number != number
        or stored.deck_seed != deck_seed
        or not _same_deck(stored.deck, deck)
        or decisions[: len(stored.decisions)] != stored.decisions
    ):
        raise StaleSeriesError(series.id)


def _same_deck(stored: dict[str, Any] | None, deck: DeckOrder | None) -> bool:
    """The same shuffle, and the stored C-6 reshuffles first (a hand may reshuffle later)."""
    if stored is None or deck is None:
        return stored is None and deck is None
    saved = deck_from_json(stored)
    return (
        saved.stock == deck.stock and deck.reshuffles[: len(saved.reshuffles)] == saved.reshuffles
    )
