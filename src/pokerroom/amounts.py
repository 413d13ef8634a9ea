"""Chip amounts as players read them: ``1,388`` rather than ``1388`` (``1 388`` in Russian).

Every screen a person reads (the terminal table, ``tournament play``, ``connect``) writes
stacks, bets and pots through :func:`amount_text`, so they group digits the same way and
the browser's ``amounts.js`` does the same with ``Intl`` in the page's language. Machine
formats (PHH, ``--json``, PokerStars text, log lines) keep plain digits. The separator is
the current language's (:func:`pokerroom.i18n.number_text`).

>>> amount_text(1388)
'1,388'
>>> amount_text(-25000)
'-25,000'
>>> signed_amount_text(1388), signed_amount_text(-12)
('+1,388', '-12')
"""

from __future__ import annotations

from pokerroom.i18n.numbers import number_text


def amount_text(chips: int) -> str:
    """``chips`` with its digits grouped in threes, as the current language groups them."""
    return number_text(chips)


def signed_amount_text(change: int) -> str:
    """A change of chips with its sign, as a hand's result says it: ``+1,388``, ``-12``."""
    return ("+" if change > 0 else "") + amount_text(change)
