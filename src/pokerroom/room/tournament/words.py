"""The few words the tournament pages and the director's console show for codes: a
tournament's status, a console tab, a deal's method, a place. Said in the current language
(the request's, or the regulation's for the TV clock and the seat cards); the codes
themselves stay English in the JSON and the URLs.

>>> from pokerroom.i18n import use_language
>>> with use_language("ru"):
...     status_text("paused"), tab_name("discipline"), place_text(3)
('пауза', 'Дисциплина', '3')
>>> status_text("paused"), tab_name("discipline"), place_text(3)
('paused', 'Discipline', '3rd')
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

from pokerroom.i18n import N_, current_language, gettext, language_or_none, pgettext, use_language
from pokerroom.tournament.header import ordinal
from pokerroom.tournament.live.console_tabs import TAB_TITLES

STATUSES = {
    "registering": lambda: pgettext("tournament status", "registering"),
    "running": lambda: pgettext("tournament status", "running"),
    "break": lambda: pgettext("tournament status", "break"),
    "paused": lambda: pgettext("tournament status", "paused"),
    "finished": lambda: pgettext("tournament status", "finished"),
    "abandoned": lambda: pgettext("tournament status", "abandoned"),
    "in progress": lambda: pgettext("tournament status", "in progress"),
    "playing": lambda: pgettext("tournament status", "playing"),
}
"""Each status code and its words (literal calls, so extraction sees the context)."""


def status_text(status: str) -> str:
    """A tournament's status as people read it (an unknown code as it is)."""
    known = STATUSES.get(status)
    return status if known is None else known()


def tab_name(tab: str) -> str:
    known = TAB_TITLES.get(tab)
    return tab.capitalize() if known is None else gettext(known)


DEALS = {"icm": N_("icm"), "chip-chop": N_("chip-chop")}
"""A deal's method as a heading names it (English shows the code)."""


def deal_name(method: str) -> str:
    known = DEALS.get(method)
    return method if known is None else gettext(known)


def place_text(place: int) -> str:
    """A finishing place: 3rd in English; the bare number where a column or a sentence
    says «место» (Russian and Ukrainian ordinals agree with their noun)."""
    return ordinal(place) if current_language() == "en" else str(place)


def penalty_words(penalty: object) -> str:
    """A penalty as people read it: its ``text()`` in the current language where the
    penalty model words itself (``str()`` is the English of exports), else ``str()``."""
    worded = getattr(penalty, "text", None)
    return str(worded()) if callable(worded) else str(penalty)


def regulation_language(regulation: object) -> AbstractContextManager[object]:
    """Speak the regulation's ``language`` (the TV clock, the seat cards), when it sets
    one; else keep the viewer's. Read with ``getattr`` so a regulation model without the
    field (older code) is the viewer's language."""
    given = getattr(regulation, "language", None)
    chosen = language_or_none(given if isinstance(given, str) else None)
    return nullcontext() if chosen is None else use_language(chosen)
