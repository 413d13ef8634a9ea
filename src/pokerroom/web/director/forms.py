"""Reading a posted form: each field checked, one clear line naming what was wrong.

A field the form lacks, a word where a number goes, a number out of its range: a
:class:`UsageError` that says what is allowed, before the desk is asked anything, in the
director's language (``what`` is a message marked with ``N_``, or one already worded).
"""

from __future__ import annotations

from starlette.datastructures import FormData

from pokerroom.errors import UsageError
from pokerroom.i18n import gettext, number_text

MOST = 10**12
"""No count, stack or amount in a tournament comes near this; a larger one is a typo."""


def text(form: FormData, name: str, what: str) -> str:
    """A required text field, trimmed."""
    value = form.get(name)
    given = value.strip() if isinstance(value, str) else ""
    if not given:
        raise UsageError(gettext("give {what}").format(what=gettext(what)))
    return given


def optional_text(form: FormData, name: str) -> str:
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


def whole_number(value: str, what: str, *, low: int = 1, high: int = MOST) -> int:
    """``value`` as a whole number from ``low`` to ``high``."""
    try:
        number = int(value.strip())
    except ValueError:
        raise UsageError(
            gettext("{what} is a whole number, got {given}").format(
                what=gettext(what), given=repr(value.strip())
            )
        ) from None
    if not low <= number <= high:
        raise UsageError(
            gettext("{what} is from {low} to {high}, got {given}").format(
                what=gettext(what),
                low=number_text(low),
                high=number_text(high),
                given=number_text(number),
            )
        )
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
        raise UsageError(
            gettext("{what} is one of {allowed}, got {given}").format(
                what=gettext(what), allowed=", ".join(allowed), given=repr(value)
            )
        )
    return value


def texts(form: FormData, name: str) -> list[str]:
    """Every value of a repeated field (check boxes, rows), trimmed, blanks dropped."""
    return [v.strip() for v in form.getlist(name) if isinstance(v, str) and v.strip()]
