"""Words for people in English, Russian and Ukrainian: gettext catalogues chosen per person.

One event loop serves players who read different languages, so the language (and the
vocabulary of the rule book the table plays by) is a context variable set around each
request, frame or command, never a global. Machine formats (PHH, ``--json``, PokerStars
text, operators' logs, rule IDs) stay English and never pass through here.

>>> with use_language("ru"):
...     ngettext("{count} chip", "{count} chips", 5).format(count=5)
'5 фишек'
>>> with use_language("uk"):
...     ngettext("{count} chip", "{count} chips", 2).format(count=2)
'2 фішки'
>>> gettext("Fold")
'Fold'
>>> with use_language("ru", "home"):
...     gettext("Fold")
'Фолд'
>>> with use_language("ru", "club"):
...     gettext("Fold")
'Пас'
"""

from __future__ import annotations

from pokerroom.i18n.context import (
    current_language,
    current_vocabulary,
    use_language,
)
from pokerroom.i18n.languages import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    VOCABULARIES,
    Language,
    Vocabulary,
    accepted_language,
    language_or_none,
    terminal_language,
    vocabulary_of_profile,
)
from pokerroom.i18n.marker import N_
from pokerroom.i18n.numbers import number_text
from pokerroom.i18n.words import gettext, ngettext, npgettext, pgettext

_ = gettext
"""The conventional short name extraction looks for."""

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "VOCABULARIES",
    "Language",
    "Vocabulary",
    "_",
    "accepted_language",
    "current_language",
    "current_vocabulary",
    "gettext",
    "language_or_none",
    "ngettext",
    "npgettext",
    "number_text",
    "pgettext",
    "terminal_language",
    "use_language",
    "vocabulary_of_profile",
]
