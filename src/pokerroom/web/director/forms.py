"""Reading a posted form: each field checked, one clear line naming what was wrong.

A field the form lacks, a word where a number goes, a number out of its range: a
:class:`UsageError` that says what is allowed, before the desk is asked anything.
"""

from __future__ import annotations

from starlette.datastructures import FormData

from pokerroom.errors import UsageError

MOST = 10**12
"""No count, stack or amount in a tournament comes near this; a larger one is a typo."""


def text(form: FormData, name: str, what: str) -> str:
    """A required text field, trimmed."""
    value = form.get(name)
    given = value.strip() if isinstance(value, str) else ""
    if not given:
        raise UsageError(f"give {what}")
    return given


def optional_text(form: FormData, name: str) -> str:
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


def whole_number(value: str, what: str, *, low: int = 1, high: int = MOST) -> int:
    """``value`` as a whole number from ``low`` to ``high``."""
    try:
        number = int(value.strip())
    except ValueError:
        raise UsageError(f"{what} is a whole number, got {value.strip()!r}") from None
    if not low <= number <= high:
        raise UsageError(f"{what} is from {low:,} to {high:,}, got {number:,}")
    return number


def whole(form: FormData, name: str, what: str, *, low: int = 1, high: int = MOST) -> int:
    """A required whole-number field from ``low`` to ``high``."""
    return whole_number(text(form, name, what), what, low=low, high=high)


def optional_whole(
    form: FormData, name: str, what: str, *, default: int, low: int = 0, high: int = MOST
) -> int:
    """A whole-number field that may be left empty (``default`` then)."""
    given = optional_text(form, name)
    return whole_number(given, what, low=low, high=high) if given else default


def choice(form: FormData, name: str, what: str, allowed: tuple[str, ...]) -> str:
    value = text(form, name, what)
    if value not in allowed:
        raise UsageError(f"{what} is one of {', '.join(allowed)}, got {value!r}")
    return value


def texts(form: FormData, name: str) -> list[str]:
    """Every value of a repeated field (check boxes, rows), trimmed, blanks dropped."""
    return [v.strip() for v in form.getlist(name) if isinstance(v, str) and v.strip()]
