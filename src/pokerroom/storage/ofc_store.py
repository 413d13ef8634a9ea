"""Open-Face Chinese Pineapple sessions in the same database as the poker series.

Each finished hand is stored as its TOML record (:mod:`pokerroom.history.ofc_record`):
one format for the store and for ``pokerroom history --export``, so a saved hand
replays exactly. Points, fouls, royalties and fantasy are kept beside it, by seat,
for listings. Seats are numbered from 1, as at the poker table.

The hand being played is saved after every action: its deck seed and its actions so
far. That is every player's unset cards, so it is kept apart from the records and
never exported; :func:`resume_ofc_session` deals it again and goes on where it was left.

>>> from pokerroom.ofc import Session
>>> from pokerroom.bots.ofc import OFC_BOTS, apply_decision, play_ofc_hand
>>> store = OfcStore.open("sqlite://")
>>> session = Session(2, seed=4)
>>> log = OfcLog.start(store, session, ["Ann", "Bob"], bots=[None, "random"])
>>> hand = session.start_hand()
>>> seats = positions(session)
>>> bots = [OFC_BOTS["random"](seat) for seat in seats]
>>> apply_decision(hand, 0, bots[0].decide(hand.view(0)))
>>> log.save_progress(hand, seats)  # after every action
>>> resumed = resume_ofc_session(store)
>>> again = resumed.session.hand
>>> again is not None and again.events == hand.events
True
>>> _ = play_ofc_hand(again, bots)
>>> _ = resumed.session.finish_hand()
>>> saved = resumed.log.hand_finished(again, seats)
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

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.history.ofc_record import (
    OfcAction,
    OfcActionCode,
    OfcRecord,
    dumps,
    dumps_many,
    loads,
    parse_action,
    record_of,
)
from pokerroom.ofc import OfcHand, Row, Session
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
class OfcHandInProgress:
    """The hand being played, as saved after its latest action: server-side only.

    ``actions`` show every player's unset cards, so nothing here is shown to a
    player; :func:`resume_ofc_session` deals the hand again from ``deck_seed``.
    """

    number: int
    deck_seed: int
    actions: tuple[str, ...]
    """In record notation (:mod:`pokerroom.history.ofc_record`), deals included."""


@dataclass(frozen=True, slots=True)
class SavedOfcSession:
    id: int
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    seed: int
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    """The bot kind in each seat, ``None`` for a human."""
    hands_limit: int | None
    """``--hands``; None: until the player ends the session."""
    hands_played: int
    totals: tuple[int, ...]
    button: int
    """The seat on the button for the hand being played or the next one (O-3)."""
    fantasy: tuple[bool, ...]
    """Whether each seat plays the hand being played or the next one in Fantasyland (O-4)."""
    in_progress: OfcHandInProgress | None

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


def _actions_of(hand: OfcHand) -> list[str]:
    """The hand's actions so far in record notation: every card, so for the store only."""
    return [action.text for action in record_of(hand).actions]


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
        hands_limit=row.hands_limit,
        hands_played=row.hands_played,
        totals=tuple(int(t) for t in row.totals),
        button=row.button,
        fantasy=tuple(bool(f) for f in row.fantasy),
        in_progress=None
        if row.hand_seed is None or row.hand_actions is None
        else OfcHandInProgress(
            row.hands_played + 1, row.hand_seed, tuple(str(a) for a in row.hand_actions)
        ),
    )


class OfcStore(DatabaseStore):
    """OFC sessions and their hands; opens the same database as :class:`SeriesStore`."""

    # ------------------------------------------------------------------ writing

    def create_session(
        self,
        names: Sequence[str],
        bots: Sequence[str | None],
        seed: int,
        *,
        hands_limit: int | None = None,
        button: int = 1,
    ) -> int:
        """Save a new session: a name and a bot kind (``None``: human) for each seat."""
        if len(bots) != len(names):
            raise UsageError(f"one bot kind or None per seat: {len(names)} names, {len(bots)}")
        with self.database.session() as session:
            row = OfcSessionRow(
                seed=seed,
                names=list(names),
                bots=list(bots),
                hands_limit=hands_limit,
                totals=[0] * len(names),
                button=button,
                fantasy=[False] * len(names),
            )
            session.add(row)
            session.flush()
            return row.id

    def save_hand(
        self,
        session_id: int,
        hand: OfcHand,
        *,
        number: int,
        seats: Sequence[int],
        finished: bool = False,
    ) -> SavedOfcHand:
        """Save a finished hand; ``seats`` holds the seat (from 1) of each position.

        The hand in progress is done with; the button moves one seat (O-3) and the
        seats that earned Fantasyland play the next hand there (O-4). ``finished``
        marks the session over in the same transaction (its last hand).
        """
        result = hand.result
        if result is None:
            raise UsageError("only a finished OFC hand can be saved; play it to the end first")
        self._check_seats(hand, seats)
        by_seat = sorted(range(hand.players), key=lambda p: seats[p])
        with self.database.session() as session:
            parent = self._row(session, session_id)
            self._check_players(parent, hand)
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
            parent.button = seats[-1] % hand.players + 1  # O-3
            parent.fantasy = list(row.fantasy_next)  # O-4
            parent.hand_seed = parent.hand_actions = None
            parent.updated_at = utcnow()
            if finished:
                parent.finished_at = parent.updated_at
            session.flush()
            return _hand(row)

    def save_progress(
        self, session_id: int, hand: OfcHand, *, seats: Sequence[int], deck_seed: int
    ) -> None:
        """Save (or replace) the hand being played, the session's next: deck seed and actions."""
        if hand.is_over:
            raise UsageError("the hand is over: save it as a finished hand instead")
        self._check_seats(hand, seats)
        with self.database.session() as session:
            parent = self._row(session, session_id)
            self._check_players(parent, hand)
            if parent.finished_at is not None:
                raise StorageError(f"OFC session {session_id} is finished; it plays no more hands")
            if seats[-1] != parent.button:
                raise StorageError(
                    f"OFC session {session_id} has seat {parent.button} on the button, "
                    f"the hand seat {seats[-1]} (O-3)"
                )
            parent.hand_seed = deck_seed
            parent.hand_actions = _actions_of(hand)
            parent.updated_at = utcnow()

    def finish_session(self, session_id: int) -> None:
        """Mark the session over: it is no longer resumed, a hand in progress is dropped."""
        with self.database.session() as session:
            row = self._row(session, session_id)
            row.finished_at = row.updated_at = utcnow()
            row.hand_seed = row.hand_actions = None

    # ------------------------------------------------------------------ reading

    def get_session(self, session_id: int) -> SavedOfcSession:
        with self.database.session() as session:
            return _session(self._row(session, session_id))

    def list_sessions(self, *, unfinished_only: bool = False) -> list[SavedOfcSession]:
        """Every session (or every unfinished one), the most recently played first."""
        query = select(OfcSessionRow).order_by(
            OfcSessionRow.updated_at.desc(), OfcSessionRow.id.desc()
        )
        if unfinished_only:
            query = query.where(OfcSessionRow.finished_at.is_(None))
        with self.database.session() as session:
            return [_session(row) for row in session.scalars(query)]

    def latest_session(self) -> SavedOfcSession | None:
        sessions = self.list_sessions()
        return sessions[0] if sessions else None

    def latest_unfinished(self) -> SavedOfcSession | None:
        """The unfinished session played most recently: the one ``ofc --resume`` goes on with."""
        sessions = self.list_sessions(unfinished_only=True)
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

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _row(session: DbSession, session_id: int) -> OfcSessionRow:
        row = session.get(OfcSessionRow, session_id)
        if row is None:
            raise StorageError(f"no OFC session {session_id} in the store")
        return row

    @staticmethod
    def _check_seats(hand: OfcHand, seats: Sequence[int]) -> None:
        if sorted(seats) != list(range(1, hand.players + 1)):
            raise UsageError(f"seats must number the {hand.players} players from 1, got {seats}")

    @staticmethod
    def _check_players(parent: OfcSessionRow, hand: OfcHand) -> None:
        if len(parent.names) != hand.players:
            raise StorageError(
                f"session {parent.id} has {len(parent.names)} players, the hand {hand.players}"
            )


class OfcLog:
    """Saves one running :class:`~pokerroom.ofc.Session`: every action, every hand, the end.

    ``seats`` arguments are the session seat (from 0) of each position, from
    :func:`positions` taken when the hand was dealt.
    """

    def __init__(
        self, store: OfcStore, session_id: int, session: Session, hands: int | None = None
    ) -> None:
        self.store = store
        self.session_id = session_id
        self.session = session
        self.hands = hands
        """``--hands``; the session is finished with its last hand. None: until ended."""

    @classmethod
    def start(
        cls,
        store: OfcStore,
        session: Session,
        names: Sequence[str],
        *,
        bots: Sequence[str | None],
        hands: int | None = None,
    ) -> OfcLog:
        """Save a new session: ``names`` and ``bots`` by session seat, its seed and limit."""
        session_id = store.create_session(
            names, bots, session.seed, hands_limit=hands, button=session.button + 1
        )
        return cls(store, session_id, session, hands)

    @property
    def over(self) -> bool:
        """Whether every hand asked for (``--hands``) has been played."""
        return self.hands is not None and self.session.hands_played >= self.hands

    def save_progress(self, hand: OfcHand, seats: Sequence[int]) -> None:
        """Save the hand being played, after every action, so it can be resumed."""
        seed = self.session.hand_seed
        if seed is None or hand is not self.session.hand:
            raise UsageError("only the session's hand in progress can be saved as progress")
        self.store.save_progress(
            self.session_id, hand, seats=[seat + 1 for seat in seats], deck_seed=seed
        )

    def hand_finished(self, hand: OfcHand, seats: Sequence[int]) -> SavedOfcHand:
        """Save a hand after :meth:`Session.finish_hand`; the last of ``hands`` ends the session."""
        return self.store.save_hand(
            self.session_id,
            hand,
            number=self.session.hands_played,
            seats=[seat + 1 for seat in seats],
            finished=self.over,
        )

    def finished(self) -> None:
        """The player ends the session: it is finished and no longer resumed."""
        self.store.finish_session(self.session_id)


@dataclass(frozen=True, slots=True)
class ResumedOfcSession:
    """A session rebuilt from the store; ``session.hand`` is the hand in progress, if any."""

    saved: SavedOfcSession
    session: Session
    log: OfcLog


def resume_ofc_session(store: OfcStore, session_id: int | None = None) -> ResumedOfcSession:
    """Rebuild a saved session (the latest unfinished one by default) where it was left.

    The session goes on from its saved totals, button and Fantasyland seats (O-3,
    O-4); a hand in progress is dealt again from its seed and its actions applied
    through the rules, and must come out as it was saved.
    """
    if session_id is None:
        latest = store.latest_unfinished()
        if latest is None:
            raise StorageError("no unfinished OFC session to resume")
        saved = latest
    else:
        saved = store.get_session(session_id)
    if saved.finished:
        raise StorageError(f"OFC session {saved.id} is finished; there is nothing to resume")
    try:
        session = Session.restore(
            saved.players,
            seed=saved.seed,
            hands_played=saved.hands_played,
            button=saved.button - 1,
            totals=saved.totals,
            fantasy_seats=[seat for seat, plays in enumerate(saved.fantasy) if plays],
        )
    except UsageError as error:
        raise StorageError(f"OFC session {saved.id} cannot be resumed: {error}") from None
    if saved.in_progress is not None:
        _deal_again(session, saved.id, saved.in_progress)
    return ResumedOfcSession(saved, session, OfcLog(store, saved.id, session, saved.hands_limit))


def _deal_again(session: Session, session_id: int, progress: OfcHandInProgress) -> None:
    """Deal the hand in progress again and apply its saved actions; it must match them."""
    where = f"hand {progress.number} of OFC session {session_id}"
    hand = session.start_hand()
    if progress.deck_seed != session.hand_seed:
        raise StorageError(f"{where} is dealt differently from its record")
    try:
        for text in progress.actions:
            match parse_action(text, hand.players):  # deals come from the seed
                case OfcAction(
                    code=OfcActionCode.SET, player=int(p), cards=(card,), row=Row() as row
                ):
                    hand.place(p, card, row)
                case OfcAction(code=OfcActionCode.DISCARD, player=int(p), cards=(card,)):
                    hand.discard(p, card)
                case OfcAction(code=OfcActionCode.SURRENDER, player=int(p)):
                    hand.surrender(p)
    except PokerroomError as error:
        raise StorageError(f"{where} no longer replays: {error}") from None
    if tuple(_actions_of(hand)) != progress.actions:  # the deals included
        raise StorageError(f"{where} replays differently from its record")
