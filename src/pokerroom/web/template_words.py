"""Jinja's i18n extension, bound to :mod:`pokerroom.i18n`: ``{{ _("Lobby") }}`` and
``{% trans %}`` in a template say the words in the current request's language.

The callables read the context variable at render time, so one environment serves every
language. Placeholders in templates are gettext's ``%(name)s`` (Jinja's newstyle gettext
formats them); Python modules use ``{name}``.

Besides the gettext calls a page gets: ``language()`` for ``<html lang>``, ``languages``
for the menu, the filters ``amount`` (chips as the language groups them), ``number``,
``signed`` (a result, ``+1 234``), ``when`` (a date and time, Babel's CLDR formats) and
``game`` (a game the archive stored in English), and the word maps of codes a page shows
(``statuses``, ``kind_names``, ``kind_tabs``, ``profile_names``, ``bot_names``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime

import jinja2
from babel.dates import format_datetime

from pokerroom.amounts import amount_text
from pokerroom.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    current_language,
    current_vocabulary,
    gettext,
    ngettext,
    npgettext,
    number_text,
    pgettext,
)
from pokerroom.web.game_words import game_text_of

LANGUAGE_SHORT = {"en": "Eng", "ru": "Рус", "uk": "Укр"}
"""The menu's closed button: the page's language in three letters of its own (fits a phone)."""


class Words(Mapping[str, str]):
    """Codes a page shows (``waiting``, ``cash``) and their words, said in the language of
    the page that reads them: each look-up translates."""

    def __init__(self, messages: Mapping[str, str]) -> None:
        self._messages = dict(messages)

    def __getitem__(self, key: str) -> str:
        return gettext(self._messages[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._messages)

    def __len__(self) -> int:
        return len(self._messages)


STATUSES = Words(
    {
        "waiting": N_("waiting"),
        "playing": N_("playing"),
        "held": N_("held"),
        "finished": N_("finished"),
        "registering": N_("registering"),
        "running": N_("running"),
        "break": N_("break"),
        "pause": N_("pause"),
    }
)
"""The lobby's statuses (a room's, a tournament's)."""
KIND_NAMES = Words({"home": N_("home"), "cash": N_("cash"), "tournament": N_("tournament")})
KIND_TABS = Words({"home": N_("Home"), "cash": N_("Cash"), "tournament": N_("Tournaments")})
PROFILE_NAMES = Words(
    {"home": N_("home (001)"), "club": N_("club (002, 003)"), "sport": N_("sport (000)")}
)
"""The rule books a table may play by, each with the seeds that define it."""
BOT_NAMES = Words(
    {
        "random": N_("random"),
        "station": N_("station"),
        "equity": N_("equity"),
        "tournament": N_("tournament"),
        "sensible": N_("sensible"),
        "tight-aggressive": N_("tight-aggressive"),
        "loose-aggressive": N_("loose-aggressive"),
        "tight-passive": N_("tight-passive"),
        "loose-passive": N_("loose-passive (calling station)"),
    }
)


def when(moment: datetime) -> str:
    """A date and time as the language writes them: ``2026-12-05 01:30`` in English (as the
    pages always said it), ``05.12.2026, 01:30`` in Russian and Ukrainian (CLDR's short)."""
    language = current_language()
    if language == "en":
        return moment.strftime("%Y-%m-%d %H:%M")
    return format_datetime(moment, "short", locale=language)


def signed(number: int) -> str:
    """A result with its sign: ``+12``, ``-50``, ``+0``; past English grouped as the
    language groups (``+1 234``)."""
    if current_language() == "en":
        return f"{number:+}"
    return ("-" if number < 0 else "+") + number_text(abs(number))


def install_words(env: jinja2.Environment) -> None:
    """Give ``env`` the gettext calls, ``language()``, the menu's languages, the filters
    and the word maps (see the module's docstring)."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )
    env.globals["language"] = current_language
    env.globals["vocabulary"] = current_vocabulary
    env.globals["languages"] = [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]
    env.globals["language_short"] = LANGUAGE_SHORT
    env.globals["statuses"] = STATUSES
    env.globals["kind_names"] = KIND_NAMES
    env.globals["kind_tabs"] = KIND_TABS
    env.globals["profile_names"] = PROFILE_NAMES
    env.globals["bot_names"] = BOT_NAMES
    env.filters["amount"] = amount_text
    env.filters["number"] = number_text
    env.filters["signed"] = signed
    env.filters["when"] = when
    env.filters["game"] = game_text_of
