"""Who may come into a club's room: its approved members (and admins), nobody else.

A club's table or tournament carries its club in its lobby line
(:attr:`~pokerroom.room.registry.LobbyEntry.club`; a tournament's tables are entered as
their tournament is). Every page, form and socket hello naming such a room asks the
database (:func:`club_refusal`, from :func:`pokerroom.web.access.refusal_to_enter`, in a
thread); the hub, which may not wait for the database, asks :class:`ClubMembers` at
every change of the room (:func:`members_only`), and a member removed from the
club is dismissed from its sockets at once (:func:`members_changed`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.i18n import N_, gettext
from pokerroom.room.hub import WatchRule
from pokerroom.room.registry import Listed, LobbyEntry, Registry
from pokerroom.room.seam import User
from pokerroom.storage.clubs.store import ClubStore

MEMBERS_ONLY = N_(
    "this game belongs to the club {club}: only its approved members may open it; "
    "ask the club's owner for its invitation code"
)
GONE = N_("this game belongs to a club that is no more")


@dataclass
class ClubMembers:
    """Each club's approved members as last read from the database (by club id)."""

    approved: dict[int, frozenset[int]] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)

    def read(self, clubs: ClubStore, club_id: int, name: str) -> frozenset[int]:
        """Read the club's approved members again (in a thread: it asks the database)."""
        members = frozenset(m.account_id for m in clubs.members(club_id) if m.approved)
        self.approved[club_id], self.names[club_id] = members, name
        return members


def club_of(registry: Registry, entry: LobbyEntry) -> int | None:
    """The club of a room (a tournament's table: its tournament's club), None if none."""
    if entry.tournament is not None:
        owner = registry.find(entry.tournament)
        return None if owner is None else owner.entry.club
    return entry.club


def club_refusal(
    clubs: ClubStore, members: ClubMembers, club_id: int, user: User | None
) -> str | None:
    """Why ``user`` may not come into a room of club ``club_id`` (asks the database)."""
    club = clubs.club(club_id)
    if club is None:
        return gettext(GONE)
    approved = members.read(clubs, club_id, club.name)
    if user is not None and (user.id in approved or user.has("admin")):
        return None
    return gettext(MEMBERS_ONLY).format(club=club.name)


def members_only(
    registry: Registry, members: ClubMembers, listed: Listed | None
) -> WatchRule | None:
    """Why a viewer's socket must leave the club room ``listed`` now (from memory), None if
    he may stay; no rule at all (None) for a room of no club, which everybody may stay in."""
    club_id = None if listed is None else club_of(registry, listed.entry)
    if club_id is None:
        return None

    def refusal(viewer: User | None) -> str | None:
        if viewer is not None and (
            viewer.has("admin") or viewer.id in members.approved.get(club_id, frozenset())
        ):
            return None
        return gettext(MEMBERS_ONLY).format(club=members.names.get(club_id, f"#{club_id}"))

    return refusal
