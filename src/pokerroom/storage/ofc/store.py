"""Open-Face Chinese Pineapple sessions in the same database as the poker series.

Each finished hand is stored as its TOML record (:mod:`pokerroom.history.ofc.record`):
one format for the store and for ``pokerroom history --export``, so a saved hand
replays exactly. Points, fouls, royalties and fantasy are kept beside it, by seat,
for listings. Seats are numbered from 1, as at the poker table.

The hand being played is saved after every action: its deck (the order of its cards,
or its seed in a seeded session, C-3) and its actions so far. That is every player's
unset cards, so it is kept apart from the records and never exported;
:func:`resume_ofc_session` deals it again and goes on where it was left.
Every save must go on from what is stored (compare-and-set, X-4): a second terminal
on the same session stops the first, so a resume is a continuation, never an undo.
Rows are checked as they are read: a damaged one is a one-line :class:`StorageError`.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select, update
from sqlalchemy.orm import Session as DbSession

from pokerroom.deck import DeckOrder
from pokerroom.errors import UsageError
from pokerroom.history.ofc.record import (
    dumps,
    dumps_many,
    record_of,
)
from pokerroom.ofc import OfcHand, Session
from pokerroom.storage.codec import StorageError
from pokerroom.storage.damage import loading
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.dealt import deck_from_json, deck_to_json
from pokerroom.storage.models import OfcHandRow, OfcSessionRow, utcnow
from pokerroom.storage.ofc.rows import (
    SavedOfcHand,
    SavedOfcSession,
    saved_hand,
    saved_session,
)


class StaleSessionError(StorageError):
    """The session was played on elsewhere since this writer read it (X-4).

    A write must go on from what is stored, never replace it: otherwise a second
    terminal could play a deal, see the next cards, and let the first play differently
    into those very cards.
    """

    def __init__(self) -> None:
        super().__init__("this session was played on elsewhere; run pokerroom ofc --resume")


def positions(session: Session) -> tuple[int, ...]:
    """The session seat (from 0) of each position of the hand about to be played or playing."""
    return tuple(session.seat_of(p) for p in range(len(session.totals)))


def ofc_document(hands: Sequence[SavedOfcHand]) -> str:
    """The hands' records in one TOML file, tables ``[1]``, ``[2]``, … (as ``.phhs``)."""
    return dumps_many([hand.record() for hand in hands])


def actions_of(hand: OfcHand) -> list[str]:
    """The hand's actions so far in record notation: every card, so for the store only."""
    return [action.text for action in record_of(hand).actions]


class OfcStore(DatabaseStore):
    """OFC sessions and their hands; opens the same database as :class:`SeriesStore`."""

    # ------------------------------------------------------------------ writing

    def create_session(
        self,
        names: Sequence[str],
        bots: Sequence[str | None],
        seed: int | None,
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
        deck_seed: int | None = None,
        deck: DeckOrder | None = None,
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
            _check_current(parent, number, deck_seed, deck, actions_of(hand))
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
            parent.hand_seed = parent.hand_deck = parent.hand_actions = None
            if finished:
                parent.finished_at = parent.updated_at
            session.flush()
            return saved_hand(row)

    def save_progress(
        self,
        session_id: int,
        hand: OfcHand,
        *,
        number: int,
        seats: Sequence[int],
        deck_seed: int | None = None,
        deck: DeckOrder | None = None,
    ) -> None:
        """Save the hand being played, the session's next: its deck and actions.

        ``deck_seed`` is the deck's seed in a seeded session, ``deck`` the order of its
        cards otherwise (C-3).

        Compare-and-set: the hand must be hand ``number`` of a session still open, and
        extend what is stored for it (same deck seed, the stored actions first); else
        :class:`StaleSessionError`. So any resume is a continuation, never an undo (X-4).
        """
        if hand.is_over:
            raise UsageError("the hand is over: save it as a finished hand instead")
        self._check_seats(hand, seats)
        actions = actions_of(hand)
        with self.database.session() as session:
            parent = self._locked(session, session_id)
            self._check_players(parent, hand)
            _check_current(parent, number, deck_seed, deck, actions)
            if seats[-1] != parent.button:
                raise StorageError(
                    f"OFC session {session_id} has seat {parent.button} on the button, "
                    f"the hand seat {seats[-1]} (O-3)"
                )
            if (deck_seed is None) == (deck is None):
                raise UsageError("a hand in progress is saved with its deck seed or its deck")
            parent.hand_seed = deck_seed
            parent.hand_deck = None if deck is None else deck_to_json(deck)
            parent.hand_actions = actions

    def finish_session(self, session_id: int, *, hands_played: int) -> None:
        """Mark the session over between hands: it is no longer resumed.

        ``hands_played`` is what the writer has seen; a session that has gone on since
        (another hand finished or begun) or is already over is refused (X-4).
        """
        with self.database.session() as session:
            row = self._locked(session, session_id)
            gone_on = row.hands_played != hands_played or row.hand_actions is not None
            if row.finished_at is not None or gone_on:
                raise StaleSessionError
            row.finished_at = row.updated_at

    def abandon_session(self, session_id: int) -> SavedOfcSession:
        """Give up an unfinished session: never resumed; its finished hands stay.

        The hand in progress, if any, is dropped with its secret deck (X-4).
        """
        with self.database.session() as session:
            row = self._locked(session, session_id)
            if row.finished_at is not None:
                state = "abandoned" if row.abandoned_at is not None else "finished"
                raise StorageError(
                    f"OFC session {session_id} is {state} already; nothing to abandon"
                )
            row.hand_seed = row.hand_deck = row.hand_actions = None
            row.finished_at = row.abandoned_at = row.updated_at
            session.flush()
            with loading(f"OFC session {session_id}"):
                return saved_session(row)

    # ------------------------------------------------------------------ reading

    def get_session(self, session_id: int) -> SavedOfcSession:
        with self.database.session() as session, loading(f"OFC session {session_id}"):
            return saved_session(self._row(session, session_id))

    def list_sessions(self, *, unfinished_only: bool = False) -> list[SavedOfcSession]:
        """Every session (or every unfinished one), the most recently played first."""
        query = select(OfcSessionRow).order_by(
            OfcSessionRow.updated_at.desc(), OfcSessionRow.id.desc()
        )
        if unfinished_only:
            query = query.where(OfcSessionRow.finished_at.is_(None))
        with self.database.session() as session, loading("an OFC session"):
            return [saved_session(row) for row in session.scalars(query)]

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
        with self.database.session() as session, loading(f"a hand of OFC session {session_id}"):
            self._row(session, session_id)
            return [saved_hand(row) for row in session.scalars(query)]

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
        with loading(f"OFC session {session_id}"):
            row = cls._row(session, session_id)
            saved_session(row)  # every field as a reader sees it
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


def _check_current(
    parent: OfcSessionRow,
    number: int,
    deck_seed: int | None,
    deck: DeckOrder | None,
    actions: list[str],
) -> None:
    """X-4: hand ``number``, dealt from this deck with ``actions``, goes on from the store.

    The session must be open with ``number - 1`` hands played, and the hand in progress
    stored for it, if any, must have the same deck and its actions must come first.
    """
    if parent.finished_at is not None or parent.hands_played + 1 != number:
        raise StaleSessionError
    stored = parent.hand_actions
    if stored is None:
        return
    stored_deck = None if parent.hand_deck is None else deck_from_json(parent.hand_deck)
    if parent.hand_seed != deck_seed or stored_deck != deck or actions[: len(stored)] != stored:
        raise StaleSessionError
