"""Passwords: what a good one is, and argon2 hashes of them (the password is never kept).

An unknown name costs as much time as a wrong password (a hash is checked either way), so
the time a log-in takes does not tell which names have accounts.
"""

from __future__ import annotations

from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from pokerroom.errors import PokerroomError
from pokerroom.i18n import gettext, ngettext

MIN_PASSWORD = 8
MAX_PASSWORD = 256


class PasswordRuleError(PokerroomError, ValueError):
    """A password that is too short, too long, or the name itself."""


def check_password(password: str, name: str) -> None:
    """Refuse a password that is easy to guess or unreasonably long."""
    if len(password) < MIN_PASSWORD:
        raise PasswordRuleError(
            ngettext(
                "a password is at least {count} character long",
                "a password is at least {count} characters long",
                MIN_PASSWORD,
            ).format(count=MIN_PASSWORD)
        )
    if len(password) > MAX_PASSWORD:
        raise PasswordRuleError(
            ngettext(
                "a password is at most {count} character long",
                "a password is at most {count} characters long",
                MAX_PASSWORD,
            ).format(count=MAX_PASSWORD)
        )
    if password.strip().casefold() == name.strip().casefold():
        raise PasswordRuleError(gettext("the password must not be the name"))


def verify(hasher: PasswordHasher, password_hash: str | None, password: str) -> bool:
    """Whether ``password`` matches; None (no account, or a guest) never does, in equal time."""
    try:
        matches = hasher.verify(password_hash or _decoy(hasher), password)
    except (VerificationError, InvalidHashError):
        return False
    return matches and password_hash is not None


@cache
def _decoy(hasher: PasswordHasher) -> str:
    """A hash to spend the time of a check on when there is no account's hash."""
    return hasher.hash("decoy")
