"""What every page and socket of one server shares: its stores, its rooms, its settings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection

from pokerroom.room.kinds import TableRoom
from pokerroom.room.registry import Registry
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.clubs.store import ClubStore
from pokerroom.storage.rooms.saved_room import SavedRoom
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.web.auth.hashing import HashGate
from pokerroom.web.auth.rate_limit import LoginLimiter, SignupLimiter
from pokerroom.web.clubs.access import ClubMembers
from pokerroom.web.settings import ServerSettings


@dataclass
class Cardroom:
    accounts: AccountStore
    registry: Registry
    settings: ServerSettings
    secret: bytes
    """Signs the visitors' form tokens (CSRF)."""
    limiter: LoginLimiter
    signups: SignupLimiter
    hashing: HashGate
    """Bounds the password hashes running and waiting (log-in, sign-up)."""
    tables: RoomWriter
    """Saves the live tables as they are played (:mod:`pokerroom.web.saving`); its
    ``store`` reads them back."""
    clubs: ClubStore
    """The clubs, their members and seasons (:mod:`pokerroom.web.clubs`)."""
    club_members: ClubMembers = field(default_factory=ClubMembers)
    """Each club's approved members as last read, for the hub's checks."""
    saved_room: Callable[[TableRoom, RoomWriter, bytes], SavedRoom] = SavedRoom
    """Makes the saved room of a table opened here (one of a cluster's claims it first)."""
    tournaments_apart: bool = False
    """New tournaments are played apart, each table its own lease (servers in a cluster)."""


def cardroom_of(connection: HTTPConnection) -> Cardroom:
    """The cardroom of the app serving ``connection`` (``app.state.cardroom``)."""
    cardroom = connection.app.state.cardroom
    if not isinstance(cardroom, Cardroom):
        raise RuntimeError("not a pokerroom app: create it with pokerroom.web.app.create_app")
    return cardroom
