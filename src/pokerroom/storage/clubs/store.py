"""A club's members, their roles and its seasons, with who may change what.

*Decisions*: a player joins by the club's invitation code and is ``pending`` until the
owner or one of the club's directors approves him (a director runs the club's evenings and
knows who turns up); declining or removing a member keeps his row as ``removed`` (he may
ask again with a new code). Only the owner renews the code and changes roles; the owner's
own role never changes. Directors and the owner define seasons. Every change names the
account making it and is refused here, with one line saying why, when he may not.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session as DbSession

from pokerroom.club.points import ByPlace, Formula, SquareRoot
from pokerroom.club.season import Season
from pokerroom.errors import PokerroomError
from pokerroom.i18n import gettext
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import AccountRow, ClubMemberRow, ClubRow, ClubSeasonRow

ROLES = ("owner", "director", "member")
LONGEST_NAME = 80


class ClubError(PokerroomError, ValueError):
    """A club change refused: who may not do it, or what is wrong with it."""


@dataclass(frozen=True, slots=True)
class Club:
    id: int
    name: str
    owner_id: int
    code: str


@dataclass(frozen=True, slots=True)
class Member:
    club_id: int
    account_id: int
    name: str
    role: str
    state: str

    @property
    def approved(self) -> bool:
        return self.state == "approved"

    @property
    def directs(self) -> bool:
        """An approved owner or director: directs the club's tournaments."""
        return self.approved and self.role in ("owner", "director")


def new_code() -> str:
    """A fresh invitation code: short enough to say aloud, too many to guess."""
    return secrets.token_urlsafe(8)


def _club(row: ClubRow) -> Club:
    return Club(row.id, row.name, row.owner_id, row.code)


class ClubStore(DatabaseStore):
    """The clubs of one database."""

    def create_club(self, owner_id: int, name: str) -> Club:
        """A new club owned (and approved) by ``owner_id``."""
        name = name.strip()
        if not name or len(name) > LONGEST_NAME:
            raise ClubError(
                gettext("a club's name is 1-{most} characters").format(most=LONGEST_NAME)
            )
        with self.database.session() as session:
            row = ClubRow(name=name, owner_id=owner_id, code=new_code())
            session.add(row)
            session.flush()
            session.add(
                ClubMemberRow(club_id=row.id, account_id=owner_id, role="owner", state="approved")
            )
            return _club(row)

    def club(self, club_id: int) -> Club | None:
        with self.database.session() as session:
            row = session.get(ClubRow, club_id)
            return None if row is None else _club(row)

    def memberships(self, account_id: int) -> list[tuple[Club, Member]]:
        """The clubs ``account_id`` belongs to or asked to join (not those he left)."""
        with self.database.session() as session:
            rows = session.execute(
                select(ClubRow, ClubMemberRow, AccountRow.name)
                .join(ClubMemberRow, ClubMemberRow.club_id == ClubRow.id)
                .join(AccountRow, AccountRow.id == ClubMemberRow.account_id)
                .where(ClubMemberRow.account_id == account_id, ClubMemberRow.state != "removed")
                .order_by(ClubRow.name, ClubRow.id)
            ).all()
            return [(_club(club), _member(row, name)) for club, row, name in rows]

    def members(self, club_id: int) -> list[Member]:
        """The club's members and requests (not those removed): owner first, then by name."""
        with self.database.session() as session:
            rows = session.execute(
                select(ClubMemberRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == ClubMemberRow.account_id)
                .where(ClubMemberRow.club_id == club_id, ClubMemberRow.state != "removed")
            ).all()
            members = [_member(row, name) for row, name in rows]
        return sorted(members, key=lambda m: (ROLES.index(m.role), m.name.casefold()))

    def member(self, club_id: int, account_id: int) -> Member | None:
        """``account_id``'s place in the club, if he ever had one (removed too)."""
        with self.database.session() as session:
            row = session.get(ClubMemberRow, (club_id, account_id))
            if row is None:
                return None
            account = session.get(AccountRow, account_id)
            return _member(row, "" if account is None else account.name)

    def is_member(self, club_id: int, account_id: int) -> bool:
        """Whether ``account_id`` is an approved member (any role) of the club."""
        member = self.member(club_id, account_id)
        return member is not None and member.approved

    def directors(self, club_id: int) -> frozenset[int]:
        """The accounts that direct the club's tournaments: its owner and directors."""
        return frozenset(m.account_id for m in self.members(club_id) if m.directs)

    def join(self, code: str, account_id: int) -> Club:
        """Ask to join the club whose invitation code is ``code``: pending until approved."""
        with self.database.session() as session:
            club = session.scalars(select(ClubRow).where(ClubRow.code == code.strip())).first()
            if club is None:
                raise ClubError(
                    gettext("no club has the code {code}; ask its owner for the current one")
                    .format(code=repr(code.strip()[:40]))
                )  # fmt: skip
            row = session.get(ClubMemberRow, (club.id, account_id))
            if row is not None and row.state == "approved":
                raise ClubError(
                    gettext("you are already a member of {club}").format(club=club.name)
                )
            if row is None:
                session.add(
                    ClubMemberRow(
                        club_id=club.id, account_id=account_id, role="member", state="pending"
                    )
                )
            else:
                row.role, row.state = "member", "pending"
            return _club(club)

    def approve(self, club_id: int, by: int, account_id: int) -> None:
        """The owner or a director lets a pending player in."""
        with self.database.session() as session:
            _check_directs(session, club_id, by)
            row = _pending(session, club_id, account_id)
            row.state = "approved"

    def decline(self, club_id: int, by: int, account_id: int) -> None:
        """The owner or a director turns a request down."""
        with self.database.session() as session:
            _check_directs(session, club_id, by)
            _pending(session, club_id, account_id).state = "removed"

    def remove(self, club_id: int, by: int, account_id: int) -> None:
        """The owner takes a member out: he loses the club's tables at once."""
        with self.database.session() as session:
            row = _other_member(session, club_id, by, account_id)
            row.state = "removed"

    def set_role(self, club_id: int, by: int, account_id: int, role: str) -> None:
        """The owner makes an approved member a director, or a director a member."""
        if role not in ("director", "member"):
            raise ClubError(
                gettext("a member's role is director or member, not {role}").format(
                    role=repr(role[:20])
                )
            )
        with self.database.session() as session:
            row = _other_member(session, club_id, by, account_id)
            if row.state != "approved":
                raise ClubError(gettext("approve the request before giving a role"))
            row.role = role

    def renew_code(self, club_id: int, by: int) -> str:
        """The owner's new invitation code; the old one stops working."""
        with self.database.session() as session:
            club = _owned(session, club_id, by)
            club.code = new_code()
            return club.code

    def add_season(self, club_id: int, by: int, season: Season) -> int:
        """A new season of the club (the owner or a director); its number."""
        with self.database.session() as session:
            _check_directs(session, club_id, by)
            numbers = session.scalars(
                select(ClubSeasonRow.number).where(ClubSeasonRow.club_id == club_id)
            ).all()
            number = max(numbers, default=0) + 1
            session.add(_season_row(club_id, number, season))
            return number

    def seasons(self, club_id: int) -> list[tuple[int, Season]]:
        """The club's seasons by number."""
        with self.database.session() as session:
            rows = session.scalars(
                select(ClubSeasonRow)
                .where(ClubSeasonRow.club_id == club_id)
                .order_by(ClubSeasonRow.number)
            ).all()
            return [(row.number, _season(row)) for row in rows]


def _member(row: ClubMemberRow, name: str) -> Member:
    return Member(row.club_id, row.account_id, name, row.role, row.state)


def _owned(session: DbSession, club_id: int, by: int) -> ClubRow:
    club = session.get(ClubRow, club_id)
    if club is None:
        raise ClubError(gettext("there is no club {id}").format(id=club_id))
    if club.owner_id != by:
        raise ClubError(gettext("only the club's owner may do this"))
    return club


def _check_directs(session: DbSession, club_id: int, by: int) -> None:
    row = session.get(ClubMemberRow, (club_id, by))
    if row is None or row.state != "approved" or row.role not in ("owner", "director"):
        raise ClubError(gettext("only the club's owner or a director may do this"))


def _pending(session: DbSession, club_id: int, account_id: int) -> ClubMemberRow:
    row = session.get(ClubMemberRow, (club_id, account_id))
    if row is None or row.state != "pending":
        raise ClubError(gettext("there is no request from this player to answer"))
    return row


def _other_member(session: DbSession, club_id: int, by: int, account_id: int) -> ClubMemberRow:
    _owned(session, club_id, by)
    row = session.get(ClubMemberRow, (club_id, account_id))
    if row is None or row.state == "removed":
        raise ClubError(gettext("this player is not a member of the club"))
    if row.role == "owner":
        raise ClubError(gettext("the owner's own place in his club does not change"))
    return row


def _season_row(club_id: int, number: int, season: Season) -> ClubSeasonRow:
    formula = season.formula
    places = [str(points) for points in formula.table] if isinstance(formula, ByPlace) else []
    return ClubSeasonRow(
        club_id=club_id,
        number=number,
        name=season.name,
        starts=season.starts,
        ends=season.ends,
        formula=formula.name,
        scale=str(formula.scale) if isinstance(formula, SquareRoot) else "10",
        places=places,
        others=str(formula.others) if isinstance(formula, ByPlace) else "0",
        bounty_points=str(season.bounty_points),
        min_entrants=season.min_entrants,
        best_of=season.best_of,
    )


def _season(row: ClubSeasonRow) -> Season:
    formula: Formula = (
        ByPlace(tuple(Decimal(points) for points in row.places), Decimal(row.others))
        if row.formula == "places"
        else SquareRoot(Decimal(row.scale))
    )
    return Season(
        row.name,
        row.starts,
        row.ends,
        formula,
        Decimal(row.bounty_points),
        row.min_entrants,
        row.best_of,
    )
