"""The web cardroom's accounts, sessions, invite links and room passes.

Secrets never reach the database as they are: a password arrives here already hashed
(argon2, by the web layer), and a session's or an invite's random token is kept only as
its SHA-256 digest (:func:`token_digest`), so a copy of the database signs nobody in.
Names are checked (:mod:`pokerroom.naming.account_names`) before anything is written.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession

from pokerroom.errors import PokerroomError
from pokerroom.i18n import gettext, ngettext
from pokerroom.naming.account_names import AccountNameError, checked_name, name_key
from pokerroom.naming.name_skeleton import look_alike
from pokerroom.roles import GRANTABLE, ROLES
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import (
    AccountRow,
    InviteRow,
    RoomPassRow,
    WebSessionRow,
    utcnow,
)

SESSIONS_PER_QUERY = 500
"""Sessions looked up in one query (well under any database's limit of parameters)."""


class AccountError(PokerroomError, ValueError):
    """An account that is not there, a role that does not exist, an invite that expired."""


class GuestLimitError(AccountError):
    """The game has as many guests as one game takes."""


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str
    roles: frozenset[str]
    password_hash: str | None
    """The argon2 hash, None for a guest: never shown, only verified."""
    invited_to: str | None
    language: str | None = None
    """The language he chose in the web's menu (``en``, ``ru``, ``uk``), None until then."""


@dataclass(frozen=True, slots=True)
class Invite:
    room_id: str
    created_by: int
    expires_at: datetime
    uses: int


def _taken(name: str) -> str:
    return gettext("the name {name} is taken; choose another").format(name=repr(name))


def token_digest(token: str) -> str:
    """What is stored of a random token: its SHA-256 digest in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def _account(row: AccountRow) -> Account:
    return Account(
        id=row.id,
        name=row.name,
        roles=frozenset(str(role) for role in row.roles),
        password_hash=row.password_hash,
        invited_to=row.invited_to,
        language=row.language,
    )


def checked_role(role: str, allowed: Iterable[str] = ROLES) -> str:
    allowed = tuple(allowed)
    if role not in allowed:
        raise AccountError(f"no role {role!r}; the roles are {', '.join(allowed)}")
    return role


class AccountStore(DatabaseStore):
    """Accounts and who is signed in; opens the same database as the other stores."""

    # ------------------------------------------------------------------ accounts

    def create_account(
        self,
        name: str,
        password_hash: str | None,
        roles: Iterable[str],
        invited_to: str | None = None,
    ) -> Account:
        """A new account; :class:`AccountNameError` if the name is not allowed or taken."""
        with self.database.session() as session:
            return self._create(session, name, password_hash, roles, invited_to)

    def _create(
        self,
        session: DbSession,
        name: str,
        password_hash: str | None,
        roles: Iterable[str],
        invited_to: str | None,
    ) -> Account:
        name = checked_name(name)
        row = AccountRow(
            name=name,
            name_key=name_key(name),
            password_hash=password_hash,
            roles=sorted({checked_role(role) for role in roles}),
            invited_to=invited_to,
        )
        if session.scalar(select(AccountRow.id).where(AccountRow.name_key == row.name_key)):
            raise AccountNameError(_taken(name))
        for taken in session.scalars(select(AccountRow.name)):
            if look_alike(name, taken):
                raise AccountNameError(
                    gettext(
                        "the name {name} looks like {taken}, which is taken; choose another"
                    ).format(name=repr(name), taken=repr(taken))
                )
        session.add(row)
        try:
            session.flush()
        except IntegrityError:  # the same name signed up a moment ago
            raise AccountNameError(_taken(name)) from None
        return _account(row)

    def find_account(self, name: str) -> Account | None:
        """The account called ``name`` (any case), or None."""
        with self.database.session() as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
            return None if row is None else _account(row)

    def get_account(self, account_id: int) -> Account | None:
        with self.database.session() as session:
            row = session.get(AccountRow, account_id)
            return None if row is None else _account(row)

    def accounts(self) -> list[Account]:
        """Every account, oldest first."""
        with self.database.session() as session:
            return [_account(row) for row in session.scalars(select(AccountRow).order_by("id"))]

    def set_password_hash(self, account_id: int, password_hash: str) -> None:
        """Replace the hash (a rehash with newer argon2 parameters)."""
        with self.database.session() as session:
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash)
            )

    def set_language(self, account_id: int, language: str | None) -> None:
        """Keep the language chosen in the web's menu; the caller checks it is one we speak."""
        with self.database.session() as session:
            session.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(language=language)
            )

    def grant(self, name: str, role: str) -> Account:
        """Give the account called ``name`` one of the :data:`GRANTABLE` roles."""
        return self._change_roles(name, checked_role(role, GRANTABLE), add=True)

    def revoke(self, name: str, role: str) -> Account:
        """Take one of the :data:`GRANTABLE` roles back."""
        return self._change_roles(name, checked_role(role, GRANTABLE), add=False)

    def _change_roles(self, name: str, role: str, *, add: bool) -> Account:
        with self.database.session() as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
            if row is None:
                raise AccountError(f"no account named {name!r}")
            roles = set(row.roles)
            if add:
                roles.add(role)
            else:
                roles.discard(role)
            row.roles = sorted(roles)
            return _account(row)

    # ------------------------------------------------------------------ sessions

    def open_session(
        self, account_id: int, token: str, lifetime: timedelta, now: datetime | None = None
    ) -> None:
        """Sign the account in on the browser that holds ``token`` (stored as its digest)."""
        now = now or utcnow()
        with self.database.session() as session:
            self._open(session, account_id, token, now + lifetime)
            session.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(last_login_at=now)
            )

    @staticmethod
    def _open(session: DbSession, account_id: int, token: str, expires_at: datetime) -> None:
        session.add(
            WebSessionRow(
                token_hash=token_digest(token), account_id=account_id, expires_at=expires_at
            )
        )

    def session_account(self, token: str, now: datetime | None = None) -> Account | None:
        """Whose session ``token`` is, if it has not expired."""
        with self.database.session() as session:
            row = session.scalar(
                select(AccountRow)
                .join(WebSessionRow, WebSessionRow.account_id == AccountRow.id)
                .where(
                    WebSessionRow.token_hash == token_digest(token),
                    WebSessionRow.expires_at > (now or utcnow()),
                )
            )
            return None if row is None else _account(row)

    def session_accounts(
        self, tokens: Iterable[str], now: datetime | None = None
    ) -> dict[str, Account]:
        """Whose session each of ``tokens`` is, for those not expired: one query for each
        :data:`SESSIONS_PER_QUERY` of them (every open socket's session is checked every
        half minute: at 2,500 sockets on PostgreSQL, 0.9 s of CPU one query each, 0.03 s
        together)."""
        digests = {token_digest(token): token for token in tokens}
        hashes = list(digests)
        found: dict[str, Account] = {}
        with self.database.session() as session:
            for start in range(0, len(hashes), SESSIONS_PER_QUERY):
                rows = session.execute(
                    select(WebSessionRow.token_hash, AccountRow)
                    .join(AccountRow, WebSessionRow.account_id == AccountRow.id)
                    .where(
                        WebSessionRow.token_hash.in_(hashes[start : start + SESSIONS_PER_QUERY]),
                        WebSessionRow.expires_at > (now or utcnow()),
                    )
                )
                found.update({digests[digest]: _account(row) for digest, row in rows})
        return found

    def close_session(self, token: str) -> None:
        """Sign out the browser holding ``token``."""
        with self.database.session() as session:
            session.execute(
                delete(WebSessionRow).where(WebSessionRow.token_hash == token_digest(token))
            )

    def close_expired_sessions(self, now: datetime | None = None) -> int:
        """Forget the sessions that expired; how many there were."""
        with self.database.session() as session:
            result = session.execute(
                delete(WebSessionRow).where(WebSessionRow.expires_at <= (now or utcnow()))
            )
            return int(getattr(result, "rowcount", 0) or 0)

    # ------------------------------------------------------------------ invites and passes

    def create_invite(
        self,
        room_id: str,
        created_by: int,
        token: str,
        lifetime: timedelta,
        now: datetime | None = None,
    ) -> None:
        """An invite link to ``room_id`` whose token is ``token`` (stored as its digest)."""
        expires_at = (now or utcnow()) + lifetime
        with self.database.session() as session:
            session.add(
                InviteRow(
                    token_hash=token_digest(token),
                    room_id=room_id,
                    created_by=created_by,
                    expires_at=expires_at,
                )
            )

    def find_invite(self, token: str, now: datetime | None = None) -> Invite | None:
        """The invite whose token is ``token``, if it has not expired."""
        with self.database.session() as session:
            row = self._invite(session, token, now or utcnow())
            return None if row is None else _invite(row)

    @staticmethod
    def _invite(session: DbSession, token: str, now: datetime) -> InviteRow | None:
        return session.scalar(
            select(InviteRow).where(
                InviteRow.token_hash == token_digest(token), InviteRow.expires_at > now
            )
        )

    def follow_invite(self, token: str, account_id: int, now: datetime | None = None) -> Invite:
        """A signed-in account followed the link: it may enter the room from now on."""
        with self.database.session() as session:
            row = self._invite(session, token, now or utcnow())
            if row is None:
                raise AccountError("this invite link is not valid any more; ask the host again")
            self._grant_pass(session, row, account_id)
            return _invite(row)

    def join_as_guest(
        self,
        token: str,
        name: str,
        session_token: str,
        lifetime: timedelta,
        now: datetime | None = None,
        most_guests: int | None = None,
    ) -> tuple[Account, Invite]:
        """A visitor followed the link and picked ``name``: a guest account, its pass to the
        room and its session, all at once or none; :class:`GuestLimitError` when the room
        has ``most_guests`` guests already (by any of its links)."""
        now = now or utcnow()
        with self.database.session() as session:
            row = self._invite(session, token, now)
            if row is None:
                raise AccountError("this invite link is not valid any more; ask the host again")
            if most_guests is not None:
                guests = session.scalar(
                    select(func.count()).where(AccountRow.invited_to == row.room_id)
                )
                if (guests or 0) >= most_guests:
                    raise GuestLimitError(
                        ngettext(
                            "this game has {count} guest, the most one game takes; "
                            "sign up, then follow the link again",
                            "this game has {count} guests, the most one game takes; "
                            "sign up, then follow the link again",
                            guests or 0,
                        ).format(count=guests)
                    )
            account = self._create(session, name, None, ["guest"], row.room_id)
            self._grant_pass(session, row, account.id)
            self._open(session, account.id, session_token, now + lifetime)
            return account, _invite(row)

    @staticmethod
    def _grant_pass(session: DbSession, invite: InviteRow, account_id: int) -> None:
        if session.get(RoomPassRow, (invite.room_id, account_id)) is None:
            session.add(RoomPassRow(room_id=invite.room_id, account_id=account_id))
            invite.uses += 1

    def has_pass(self, room_id: str, account_id: int) -> bool:
        """Whether the account came in by one of the room's invite links."""
        with self.database.session() as session:
            return session.get(RoomPassRow, (room_id, account_id)) is not None


def _invite(row: InviteRow) -> Invite:
    return Invite(
        room_id=row.room_id, created_by=row.created_by, expires_at=row.expires_at, uses=row.uses
    )
