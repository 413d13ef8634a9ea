"""Open-Face Chinese Pineapple sessions in the same database as the poker series.

Each finished hand is stored as its TOML record (:mod:`pokerroom.history.ofc_record`):
one format for the store and for ``pokerroom history --export``, so a saved hand
replays exactly. Points, fouls, royalties and fantasy are kept beside it, by seat,
for listings. Seats are numbered from 1, as at the poker table.

The hand being played is saved after every action: its deck seed and its actions so
far. That is every player's unset cards, so it is kept apart from the records and
never exported; :func:`resume_ofc_session` deals it again and goes on where it was left.
Every save must go on from what is stored (compare-and-set, X-4): a second terminal
on the same session stops the first, so a resume is a continuation, never an undo.
Rows are checked as they are read: a damaged one is a one-line :class:`StorageError`.

>>> from pokerroom.ofc import Session
>>> from pokerroom.bots.ofc import OFC_BOTS, apply_decision, play_ofc_hand
>>> store = OfcStore.open("sqlite://")
>>> session = Session(2, seed=4)
>>> log = OfcLog.start(store, session, ["Ann", "Bob"], bots=[None, "random"])
>>> hand = session.start_hand()
>>> seats = positions(session)
>>> bots = [OFC_BOTS["random"](seat) for seat in seats]
>>> apply_decision(hand, 0, bots[0].decide(hand.view(0)))
>>> log.save_progress(hand, seats)  # after every action; it must extend what is stored
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

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
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
from pokerroom.ofc.game import MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS
from pokerroom.storage.codec import StorageError
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import OfcHandRow, OfcSessionRow, utcnow


class StaleSessionError(StorageError):
    """The session was played on elsewhere since this writer read it (X-4).

    A write must go on from what is stored, never replace it: otherwise a second
    terminal could play a deal, see the next cards, and let the first play differently
    into those very cards.
    """

    def __init__(self) -> None:
        super().__init__("this session was played on elsewhere; run pokerroom ofc --resume")


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


def _is_int(value: object) -> bool:
    return type(value) is int  # JSON true is no number


def _is_bool(value: object) -> bool:
    return type(value) is bool


def _is_bot(value: object) -> bool:
    return value is None or isinstance(value, str)


def _by_seat(value: object, players: int, check: Callable[[object], bool]) -> bool:
    """Whether ``value`` is a list of one ``check``-ed entry per seat."""
    return isinstance(value, list) and len(value) == players and all(map(check, value))


def _damaged(what: str, field: str) -> StorageError:
    """One line naming the field, never its value: a damaged row may hold any text."""
    return StorageError(f"{what} is damaged in the store ({field}); it cannot be used")


@contextmanager
def _loading(what: str) -> Iterator[None]:
    """Rows SQLAlchemy cannot load (a seed or date that is none, JSON that does not parse)."""
    try:
        yield
    except PokerroomError:
        raise
    except (ValueError, TypeError):
        raise _damaged(what, "unreadable value") from None


def _hand(row: OfcHandRow) -> SavedOfcHand:
    """A finished hand, its row checked: seats from 1, one entry per seat in every list."""
    what = f"hand {row.number} of OFC session {row.session_id}"
    seats = row.seats
    players = len(seats) if isinstance(seats, list) else 0
    if not (
        MIN_PLAYERS <= players <= MAX_PLAYERS
        and _by_seat(seats, players, _is_int)
        and sorted(seats) == list(range(1, players + 1))
    ):
        raise _damaged(what, "seats")
    fields = {
        "points": _is_int,
        "fouled": _is_bool,
        "royalties": _is_int,
        "fantasy": _is_bool,
        "fantasy_next": _is_bool,
    }
    for field, check in fields.items():
        if not _by_seat(getattr(row, field), players, check):
            raise _damaged(what, field)
    if not (_is_int(row.number) and _is_int(row.button) and isinstance(row.record, str)):
        raise _damaged(what, "number, button or record")
    return SavedOfcHand(
        session_id=row.session_id,
        number=row.number,
        played_at=row.played_at,
        button=row.button,
        seats=tuple(seats),
        points=tuple(row.points),
        fouled=tuple(row.fouled),
        royalties=tuple(row.royalties),
        fantasy=tuple(row.fantasy),
        fantasy_next=tuple(row.fantasy_next),
        text=row.record,
    )


def _session(row: OfcSessionRow) -> SavedOfcSession:
    """A session, its row checked: types, one entry per seat, the button a seat, and at most
    :data:`~pokerroom.ofc.game.MAX_HANDS` hands, so resuming it cannot run for ages."""
    what = f"OFC session {row.id}"
    names = row.names
    players = len(names) if isinstance(names, list) else 0
    if not MIN_PLAYERS <= players <= MAX_PLAYERS or not all(isinstance(n, str) for n in names):
        raise _damaged(what, "names")
    fields = {"bots": _is_bot, "totals": _is_int, "fantasy": _is_bool}
    for field, check in fields.items():
        if not _by_seat(getattr(row, field), players, check):
            raise _damaged(what, field)
    if not (_is_int(row.button) and 1 <= row.button <= players):
        raise _damaged(what, "button")
    if not (_is_int(row.hands_played) and 0 <= row.hands_played <= MAX_HANDS):
        raise _damaged(what, "hands_played")
    limit = row.hands_limit
    if limit is not None and not (_is_int(limit) and 1 <= limit <= MAX_HANDS):
        raise _damaged(what, "hands_limit")
    if not (
        _is_int(row.seed)
        and isinstance(row.created_at, datetime)
        and isinstance(row.updated_at, datetime)
        and (row.finished_at is None or isinstance(row.finished_at, datetime))
    ):
        raise _damaged(what, "seed or dates")
    actions = row.hand_actions
    if (row.hand_seed is None) != (actions is None) or (
        actions is not None
        and not (isinstance(actions, list) and all(isinstance(a, str) for a in actions))
    ):
        raise _damaged(what, "hand in progress")
    return SavedOfcSession(
        id=row.id,
        created_at=row.created_at,
        updated_at=row.updated_at,
        finished_at=row.finished_at,
        seed=row.seed,
        names=tuple(names),
        bots=tuple(row.bots),
        hands_limit=limit,
        hands_played=row.hands_played,
        totals=tuple(row.totals),
        button=row.button,
        fantasy=tuple(row.fantasy),
        in_progress=None
        if row.hand_seed is None or actions is None
        else OfcHandInProgress(row.hands_played + 1, row.hand_seed, tuple(actions)),
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
        deck_seed: int,
        finished: bool = False,
    ) -> SavedOfcHand:
        """Save a finished hand; ``seats`` holds the seat (from 1) of each position.

        The hand must be the session's next, dealt from ``deck_seed``, and go on from
        the hand in progress stored for it, if any (else :class:`StaleSessionError`, X-4).
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
            parent = self._locked(session, session_id)
            self._check_players(parent, hand)
            _check_current(parent, number, deck_seed, _actions_of(hand))
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
            parent.hands_played = number
            parent.button = seats[-1] % hand.players + 1  # O-3
            parent.fantasy = list(row.fantasy_next)  # O-4
            parent.hand_seed = parent.hand_actions = None
            if finished:
                parent.finished_at = parent.updated_at
            session.flush()
            return _hand(row)

    def save_progress(
        self,
        session_id: int,
        hand: OfcHand,
        *,
        number: int,
        seats: Sequence[int],
        deck_seed: int,
    ) -> None:
        """Save the hand being played, the session's next: deck seed and actions.

        Compare-and-set: the hand must be hand ``number`` of a session still open, and
        extend what is stored for it (same deck seed, the stored actions first); else
        :class:`StaleSessionError`. So any resume is a continuation, never an undo (X-4).
        """
        if hand.is_over:
            raise UsageError("the hand is over: save it as a finished hand instead")
        self._check_seats(hand, seats)
        actions = _actions_of(hand)
        with self.database.session() as session:
            parent = self._locked(session, session_id)
            self._check_players(parent, hand)
            _check_current(parent, number, deck_seed, actions)
            if seats[-1] != parent.button:
                raise StorageError(
                    f"OFC session {session_id} has seat {parent.button} on the button, "
                    f"the hand seat {seats[-1]} (O-3)"
                )
            parent.hand_seed = deck_seed
            parent.hand_actions = actions

    def finish_session(self, session_id: int, *, hands_played: int) -> None:
        """Mark the session over between hands: it is no longer resumed.

        ``hands_played`` is what the writer has seen; a session that has gone on since
        (another hand finished or begun) or is already over is refused (X-4).
        """
        with self.database.session() as session:
            row = self._locked(session, session_id)
            gone_on = row.hands_played != hands_played or row.hand_seed is not None
            if row.finished_at is not None or gone_on:
                raise StaleSessionError
            row.finished_at = row.updated_at

    # ------------------------------------------------------------------ reading

    def get_session(self, session_id: int) -> SavedOfcSession:
        with self.database.session() as session, _loading(f"OFC session {session_id}"):
            return _session(self._row(session, session_id))

    def list_sessions(self, *, unfinished_only: bool = False) -> list[SavedOfcSession]:
        """Every session (or every unfinished one), the most recently played first."""
        query = select(OfcSessionRow).order_by(
            OfcSessionRow.updated_at.desc(), OfcSessionRow.id.desc()
        )
        if unfinished_only:
            query = query.where(OfcSessionRow.finished_at.is_(None))
        with self.database.session() as session, _loading("an OFC session"):
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
        query = (
            select(OfcHandRow)
            .where(OfcHandRow.session_id == session_id)
            .order_by(OfcHandRow.number)
        )
        with self.database.session() as session, _loading(f"a hand of OFC session {session_id}"):
            self._row(session, session_id)
            return [_hand(row) for row in session.scalars(query)]

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _row(session: DbSession, session_id: int) -> OfcSessionRow:
        row = session.get(OfcSessionRow, session_id)
        if row is None:
            raise StorageError(f"no OFC session {session_id} in the store")
        return row

    @classmethod
    def _locked(cls, session: DbSession, session_id: int) -> OfcSessionRow:
        """The session row for a write, touched first: SQLite then holds the write lock, so
        the checks that follow and the write are one transaction (compare-and-set)."""
        session.execute(
            update(OfcSessionRow).where(OfcSessionRow.id == session_id).values(updated_at=utcnow())
        )
        with _loading(f"OFC session {session_id}"):
            row = cls._row(session, session_id)
            _session(row)  # every field as a reader sees it
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


def _check_current(parent: OfcSessionRow, number: int, deck_seed: int, actions: list[str]) -> None:
    """X-4: hand ``number``, dealt from ``deck_seed`` with ``actions``, goes on from the store.

    The session must be open with ``number - 1`` hands played, and the hand in progress
    stored for it, if any, must have the same deck seed and its actions must come first.
    """
    if parent.finished_at is not None or parent.hands_played + 1 != number:
        raise StaleSessionError
    stored = parent.hand_actions
    if parent.hand_seed is not None and (
        parent.hand_seed != deck_seed or stored is None or actions[: len(stored)] != stored
    ):
        raise StaleSessionError


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
            self.session_id,
            hand,
            number=self.session.hands_played + 1,
            seats=[seat + 1 for seat in seats],
            deck_seed=seed,
        )

    def hand_finished(self, hand: OfcHand, seats: Sequence[int]) -> SavedOfcHand:
        """Save a hand after :meth:`Session.finish_hand`; the last of ``hands`` ends the session."""
        seed = self.session.hand_seed
        if seed is None:
            raise UsageError("no hand of this session has been dealt")
        return self.store.save_hand(
            self.session_id,
            hand,
            number=self.session.hands_played,
            seats=[seat + 1 for seat in seats],
            deck_seed=seed,
            finished=self.over,
        )

    def finished(self) -> None:
        """The player ends the session between hands: it is finished and no longer resumed."""
        self.store.finish_session(self.session_id, hands_played=self.session.hands_played)


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
        for index, text in enumerate(progress.actions):  # noqa: B007 - named in the error
            match parse_action(text, hand.players):  # deals come from the seed
                case OfcAction(
                    code=OfcActionCode.SET, player=int(p), cards=(card,), row=Row() as row
                ):
                    hand.place(p, card, row)
                case OfcAction(code=OfcActionCode.DISCARD, player=int(p), cards=(card,)):
                    hand.discard(p, card)
                case OfcAction(code=OfcActionCode.SURRENDER, player=int(p)):
                    hand.surrender(p)
    except PokerroomError:  # its text may name unset cards: the index alone
        raise StorageError(f"{where} no longer replays: action {index + 1} is refused") from None
    if tuple(_actions_of(hand)) != progress.actions:  # the deals included
        raise StorageError(f"{where} replays differently from its record")
