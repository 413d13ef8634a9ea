"""What a web cardroom name may be: short, readable at a table, one per person.

A name is 3 to 20 characters: letters of any alphabet, digits, and ``_ - .`` inside it
(it starts and ends with a letter or a digit). It is compared without regard to case, so
``Ann`` and ``ann`` cannot both sign up, nor can names that look alike (``аdmin`` with
a Cyrillic ``а``; the account store refuses a look-alike of a name taken). A few names
that could pass for the room's staff are kept back, and their look-alikes.

>>> checked_name("  Ann_1  ")
'Ann_1'
>>> checked_name("Олена")
'Олена'
>>> checked_name("ｓｕｐｐｏｒｔ")
Traceback (most recent call last):
...
pokerroom.naming.account_names.AccountNameError: the name 'ｓｕｐｐｏｒｔ' is kept ...
>>> checked_name("dirеctor")  # a Cyrillic е
Traceback (most recent call last):
...
pokerroom.naming.account_names.AccountNameError: the name 'dirеctor' is kept for the room; ...
>>> checked_name("a b")
Traceback (most recent call last):
...
pokerroom.naming.account_names.AccountNameError: a name may hold only letters, digits ...
"""

from __future__ import annotations

import unicodedata

from pokerroom.errors import PokerroomError
from pokerroom.i18n import gettext
from pokerroom.naming.name_skeleton import look_alike

MIN_NAME = 3
MAX_NAME = 20
INNER_MARKS = frozenset("_-.")
RESERVED = frozenset(
    {
        "admin",
        "administrator",
        "director",
        "dealer",
        "host",
        "guest",
        "observer",
        "pokerroom",
        "moderator",
        "support",
    }
)
"""Names a player could use to pass for the room's staff or a role (or a name that looks
like one of them: :mod:`pokerroom.naming.name_skeleton`)."""


class AccountNameError(PokerroomError, ValueError):
    """A name that cannot be an account's: says what is wrong and what is allowed."""


def name_key(name: str) -> str:
    """The form two names are compared in: ``Ann`` and ``ANN`` are the same name."""
    return unicodedata.normalize("NFC", name).casefold()


def checked_name(text: str) -> str:
    """The name ``text`` names (trimmed, NFC), or :class:`AccountNameError` saying why not."""
    name = unicodedata.normalize("NFC", text.strip())
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise AccountNameError(
            gettext("a name is {low} to {high} characters long (got {length})").format(
                low=MIN_NAME, high=MAX_NAME, length=len(name)
            )
        )
    for character in name:
        if not (character.isalnum() or character in INNER_MARKS):
            raise AccountNameError(
                gettext("a name may hold only letters, digits and _ - . (got {character})").format(
                    character=repr(character)
                )
            )
    if not (name[0].isalnum() and name[-1].isalnum()):
        raise AccountNameError(gettext("a name starts and ends with a letter or a digit"))
    if any(look_alike(name, reserved) for reserved in RESERVED):
        raise AccountNameError(
            gettext("the name {name} is kept for the room; choose another").format(name=repr(name))
        )
    return name
