"""A web tournament saved in the server's database (:mod:`pokerroom.storage.rooms.tournaments`
keeps and replays it), with the server's writer, secret and accounts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.roles import may_direct
from pokerroom.storage.rooms.store import StoredRoom
from pokerroom.storage.rooms.tournaments import resume_saved, save_new
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.saving.tables import RESUME_GRACE


def save_tournament(
    cardroom: Cardroom, tournament: RoomTournament, regulation_text: str, entry: dict[str, Any]
) -> RoomTournament:
    """Save a new ``tournament`` with its lobby line ``entry``; use the one given back."""
    return save_new(cardroom.tables, cardroom.secret, tournament, regulation_text, entry)


def resume_tournament(
    stored: StoredRoom, cardroom: Cardroom, now: float, grace: float = RESUME_GRACE
) -> RoomTournament:
    """``stored`` built again and resumed at ``now`` (:func:`resume_saved`)."""
    return resume_saved(
        stored, cardroom.tables, cardroom.secret, now, grace, plain_account(cardroom)
    )


def plain_account(cardroom: Cardroom) -> Callable[[int], bool]:
    """Whether an account is a plain one (neither director nor admin; asks the database)."""

    def plain(account_id: int) -> bool:
        account = cardroom.accounts.get_account(account_id)
        return account is None or not may_direct(User(account.id, account.name, account.roles))

    return plain
