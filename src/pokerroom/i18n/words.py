"""gettext's four calls, in the language and vocabulary of whoever is spoken to now."""

from __future__ import annotations

from pokerroom.i18n.catalogues import translations
from pokerroom.i18n.context import current_language, current_vocabulary


def gettext(message: str) -> str:
    return translations(current_language(), current_vocabulary()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` by the language's CLDR plural rules (ru, uk: one, few, many)."""
    return translations(current_language(), current_vocabulary()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context``: one English word may be two Russian ones ("Bet" the action,
    "bet" the amount)."""
    return translations(current_language(), current_vocabulary()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return translations(current_language(), current_vocabulary()).npgettext(
        context, singular, plural, count
    )
