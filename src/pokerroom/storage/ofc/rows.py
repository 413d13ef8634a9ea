"""OFC sessions and hands read back from their rows, every field checked (a damaged row
is a one-line :class:`StorageError`, never a traceback)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from pokerroom.deck import DeckOrder
from pokerroom.history.ofc.record import (
    OfcRecord,
    loads,
)
from pokerroom.ofc_choices import MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS
from pokerroom.storage.damage import damaged as _damaged
from pokerroom.storage.dealt import deck_from_json
from pokerroom.storage.models import OfcHandRow, OfcSessionRow


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
    player; :func:`resume_ofc_session` deals the hand again from its deck.
    """

    number: int
    deck_seed: int | None
    """The deck's seed in a seeded session."""
    actions: tuple[str, ...]
    """In record notation (:mod:`pokerroom.history.ofc.record`), deals included."""
    deck: DeckOrder | None = None
    """Otherwise the order of its cards (C-3)."""


@dataclass(frozen=True, slots=True)
class SavedOfcSession:
    id: int
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    seed: int | None
    """``--seed``; None: every hand a secure shuffle (C-3)."""
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
    abandoned_at: datetime | None = None

    @property
    def finished(self) -> bool:
        """Over, ended or abandoned: either way it is no longer resumed."""
        return self.finished_at is not None

    @property
    def abandoned(self) -> bool:
        return self.abandoned_at is not None

    @property
    def players(self) -> int:
        return len(self.names)


def _is_int(value: object) -> bool:
    return type(value) is int  # JSON true is no number


def _is_bool(value: object) -> bool:
    return type(value) is bool


def _is_bot(value: object) -> bool:
    return value is None or isinstance(value, str)


def _by_seat(value: object, players: int, check: Callable[[object], bool]) -> bool:
    """Whether ``value`` is a list of one ``check``-ed entry per seat."""
    return isinstance(value, list) and len(value) == players and all(map(check, value))


def saved_hand(row: OfcHandRow) -> SavedOfcHand:
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


def saved_session(row: OfcSessionRow) -> SavedOfcSession:
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
        (row.seed is None or _is_int(row.seed))
        and isinstance(row.created_at, datetime)
        and isinstance(row.updated_at, datetime)
        and (row.finished_at is None or isinstance(row.finished_at, datetime))
        and (row.abandoned_at is None or isinstance(row.abandoned_at, datetime))
    ):
        raise _damaged(what, "seed or dates")
    actions = row.hand_actions
    decks = (row.hand_seed is not None) + (row.hand_deck is not None)
    if decks != (actions is not None) or (
        actions is not None
        and not (isinstance(actions, list) and all(isinstance(a, str) for a in actions))
    ):
        raise _damaged(what, "hand in progress")
    deck = None if row.hand_deck is None else deck_from_json(row.hand_deck)
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
        if actions is None
        else OfcHandInProgress(row.hands_played + 1, row.hand_seed, tuple(actions), deck),
        abandoned_at=row.abandoned_at,
    )
