"""Reading the fields of a new table's form: each bad field is one line naming what is allowed.

The forms post text; these turn it into the game, the limit, the blinds, the seats and
the amounts, or raise :class:`FieldError` for the first field that is wrong, so the page
says that one line and creates nothing.

>>> blinds("1/2")
(1, 2)
>>> blinds("2/1")
Traceback (most recent call last):
pokerroom.web.lobby.fields.FieldError: blinds: small/big with 0 < small <= big, like 1/2; got '2/1'
"""

from __future__ import annotations

from pokerroom.engine import PROFILES, VARIANTS, Limit, Variant
from pokerroom.errors import PokerroomError
from pokerroom.table.seating import MAX_SEATS

MAX_AMOUNT = 10**12 // MAX_SEATS
"""The largest stack, blind or buy-in: a table holds at most 10^12 chips, as at the terminal."""
MAX_NAME = 40
LIMITS = ", ".join(limit.value for limit in Limit)


class FieldError(PokerroomError, ValueError):
    """One field of a form is wrong; the message names it and what it may be."""


def _shown(text: str) -> str:
    return repr(text[:40])


def table_name(text: str, default: str) -> str:
    """The table's name in the lobby: 1 to 40 printable characters (blank: ``default``)."""
    name = " ".join(text.split())
    if not name:
        return default
    if len(name) > MAX_NAME or not name.isprintable():
        raise FieldError(f"name: 1 to {MAX_NAME} printable characters; got {_shown(name)}")
    return name


def game(text: str) -> Variant:
    variant = VARIANTS.get(text.strip())
    if variant is None:
        raise FieldError(f"game: one of {', '.join(VARIANTS)}; got {_shown(text)}")
    return variant


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
        raise FieldError(
            f"limit: one of {allowed}, or blank for the game's usual one; got {_shown(text)}"
        ) from None


def is_mixed(text: str) -> bool:
    return text.strip() == "mixed"


def blinds(text: str) -> tuple[int, int]:
    small, slash, big = text.strip().partition("/")
    if not (slash and small.isdigit() and big.isdigit()) or not 0 < int(small) <= int(big):
        raise FieldError(
            f"blinds: small/big with 0 < small <= big, like 1/2; got {_shown(text.strip())}"
        )
    if int(big) > MAX_AMOUNT:
        raise FieldError(f"blinds: at most {MAX_AMOUNT:,} (a table holds at most 10^12 chips)")
    return int(small), int(big)


def amount(field: str, text: str, *, low: int, default: int | None = None) -> int:
    """A whole number of chips from ``low`` to :data:`MAX_AMOUNT`; blank is ``default``
    (a required field when None)."""
    digits = text.strip()
    if not digits and default is not None:
        return default
    if not digits.isdigit() or not low <= int(digits) <= MAX_AMOUNT:
        raise FieldError(
            f"{field}: a whole number of chips from {low} to {MAX_AMOUNT:,}; got {_shown(digits)}"
        )
    return int(digits)


def seats(text: str, variant: Variant) -> int:
    """V-0: 2 to 10 seats, fewer where the game deals fewer (Stud: 8)."""
    most = min(MAX_SEATS, variant.max_players)
    digits = text.strip()
    if not digits.isdigit() or not 2 <= int(digits) <= most:
        raise FieldError(
            f"seats: a {variant.name} table has 2 to {most} seats (V-0); got {_shown(digits)}"
        )
    return int(digits)


def profile(text: str) -> str:
    word = text.strip() or "home"
    if word not in PROFILES:
        raise FieldError(f"profile: one of {', '.join(PROFILES)}; got {_shown(text)}")
    return word


def ante(text: str, variant: Variant) -> int:
    """B-7: blank is none (Stud and the bomb pot then ante as they always do, V-4, V-5);
    an explicit 0 there is refused, as at the terminal."""
    if not text.strip():
        return 0
    chips = amount("ante", text, low=0)
    if chips == 0 and (variant.stud or variant.boards > 1):
        rule = "V-5" if variant.stud else "V-4"
        raise FieldError(f"ante: {variant.name} is dealt with antes ({rule}): 1 or more, or blank")
    return chips
