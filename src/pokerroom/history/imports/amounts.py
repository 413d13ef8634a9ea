"""Amounts and cards as other rooms write them: ``$0.25``, ``1,500``, ``€2``; ``As``, ``A♠``."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from pokerroom.cards import Card, parse_cards
from pokerroom.errors import CardError
from pokerroom.history.imports.problems import UnreadableError
from pokerroom.i18n import gettext as _

MOST = Decimal(10) ** 15
"""The largest amount a PHH document holds (as :mod:`pokerroom.history.phh.documents`
bounds them)."""
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def amount(text: str) -> Decimal:
    """A chip or money amount; currency signs and thousands commas are dropped."""
    plain = text.strip().lstrip("$€£").replace(",", "")
    try:
        value = Decimal(plain)
    except InvalidOperation:
        value = Decimal(-1)
    if (
        not value.is_finite()
        or value < 0
        or value > MOST
        or value != value.quantize(Decimal("0.000000001"))
    ):
        raise UnreadableError(_('"{text}" is not an amount').format(text=text))
    return value


def cards(text: str) -> tuple[Card, ...]:
    """Cards apart by spaces or commas, the suit a letter or a symbol (``10♠`` is ``Ts``)."""
    plain = text
    for symbol, letter in _SUITS.items():
        plain = plain.replace(symbol, letter)
    plain = plain.replace(",", " ").replace("10", "T")
    try:
        return tuple(parse_cards(plain))
    except CardError as error:
        raise UnreadableError(
            _('"{text}" are not cards: {why}').format(text=text, why=error)
        ) from error
