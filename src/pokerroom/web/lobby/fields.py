"""Reading the fields of a new table's form: each bad field is one line naming what is allowed.

The forms post text; these turn it into the game, the limit, the blinds, the seats and
the amounts, or raise :class:`~pokerroom.table.settings_check.SettingError` for the first
field that is wrong, so the page says that one line and creates nothing. What a setting
may be is :mod:`pokerroom.table.settings_check`'s, the same as ``pokerroom play``'s; here
is only what a form adds: text to read, blanks that mean a default, the table's name.

>>> blinds("1/2")
(1, 2)
>>> seats("six", game("holdem"))
Traceback (most recent call last):
pokerroom.table.settings_check.SettingError: seats: a whole number; got 'six'
"""

from __future__ import annotations

from pokerroom.engine import Limit, Variant
from pokerroom.i18n import gettext
from pokerroom.table import settings_check
from pokerroom.table.settings_check import (
    SettingError,
    blinds,
    chips_allowed,
    game,
    shown,
    straddle,
)

__all__ = [
    "amount",
    "ante",
    "blinds",
    "game",
    "is_mixed",
    "limit",
    "profile",
    "seats",
    "straddle",
    "table_name",
]

MAX_NAME = 40
LIMITS = ", ".join(limit.value for limit in Limit)


def table_name(text: str, default: str) -> str:
    """The table's name in the lobby: 1 to 40 printable characters (blank: ``default``)."""
    name = " ".join(text.split())
    if not name:
        return default
    if len(name) > MAX_NAME or not name.isprintable():
        raise SettingError(
            gettext("name: 1 to {most} printable characters; got {text}").format(
                most=MAX_NAME, text=shown(name)
            )
        )
    return name


def limit(text: str, *, mixed: bool = False) -> Limit | None:
    """The betting structure; blank is the game's usual one (None). With ``mixed`` the
    word ``mixed`` is allowed too (B-6) and also gives None: the caller asks :func:`is_mixed`."""
    word = text.strip()
    if not word or (mixed and word == "mixed"):
        return None
    try:
        return Limit(word)
    except ValueError:
        allowed = f"{LIMITS}, mixed" if mixed else LIMITS
        raise SettingError(
            gettext(
                "limit: one of {allowed}, or blank for the game's usual one; got {text}"
            ).format(allowed=allowed, text=shown(text))
        ) from None


def is_mixed(text: str) -> bool:
    return text.strip() == "mixed"


def _number(field: str, text: str, what: str) -> int:
    digits = text.strip()
    if not digits.isdigit():
        raise SettingError(f"{field}: {what}; got {shown(digits)}")
    return int(digits)


def amount(field: str, text: str, *, low: int, default: int | None = None) -> int:
    """A whole number of chips from ``low`` up; blank is ``default`` (required when None)."""
    if not text.strip() and default is not None:
        return default
    return settings_check.chips(field, _number(field, text, chips_allowed(low)), low=low)


def seats(text: str, variant: Variant) -> int:
    return settings_check.seats(_number("seats", text, gettext("a whole number")), variant)


def profile(text: str) -> str:
    return settings_check.profile(text.strip() or "home")


def ante(text: str, variant: Variant) -> int:
    """B-7: blank is none (Stud and the bomb pot then ante as they always do)."""
    given = _number("ante", text, chips_allowed(0)) if text.strip() else None
    return settings_check.ante(given, variant)
