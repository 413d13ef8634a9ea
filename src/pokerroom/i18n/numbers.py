"""Numbers as people of each language write them (Babel's CLDR data).

>>> number_text(1234567)
'1,234,567'
>>> from pokerroom.i18n.context import use_language
>>> with use_language("ru"):
...     number_text(-1234567) == "-1\\u00a0234\\u00a0567", number_text(12.5)
(True, '12,5')
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from babel.numbers import format_decimal, get_group_symbol

from pokerroom.i18n.context import current_language
from pokerroom.i18n.languages import Language


def number_text(number: int | float) -> str:
    """``number`` grouped in the current language: ``1,234`` in English, ``1 234`` (a
    no-break space) in Russian and Ukrainian. Whole numbers (every chip amount, on every
    frame) take a fast path with the locale's group symbol; fractions go through Babel."""
    language = current_language()
    if isinstance(number, int):
        return f"{number:,}".replace(",", _group_symbol(language))
    return format_decimal(number, locale=language)


def hundredths_text(number: Decimal) -> str:
    """``number`` with two decimals, grouped as the current language writes it: ``1,234.50``
    in English, ``1 234,50`` in Russian (a season's points)."""
    return format_decimal(number, format="#,##0.00", locale=current_language())


@cache
def _group_symbol(language: Language) -> str:
    return get_group_symbol(language)
