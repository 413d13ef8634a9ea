"""The poker words a player reads, marked for the catalogues in the rule books' vocabulary.

The engine names actions in code (``fold``, ``bring_in``); people read them here, in their
language and in the words of the rule book the table plays by: a club's Russian table says
«Пас» and «Рэйз» (seeds 000, 002), a home game's «Фолд» and «Рейз» (seed 001). See
``docs/glossary.md``.

>>> action_name("bring_in")
'Bring-in'
>>> from pokerroom.i18n import use_language
>>> with use_language("ru", "club"):
...     action_name("fold"), action_name("raise"), chips_text(21)
('Пас', 'Рэйз', '21 фишка')
>>> with use_language("ru", "home"):
...     action_name("fold"), action_name("raise")
('Фолд', 'Рейз')
>>> with use_language("uk"):
...     action_name("fold"), chips_text(1_000_000)
('Пас', '1\\xa0000\\xa0000 фішок')
"""

from __future__ import annotations

from pokerroom.amounts import amount_text
from pokerroom.i18n import N_, gettext, ngettext

ACTION_NAMES = {
    "fold": N_("Fold"),
    "check": N_("Check"),
    "call": N_("Call"),
    "bet": N_("Bet"),
    "raise": N_("Raise"),
    "bring_in": N_("Bring-in"),
    "complete": N_("Complete"),
    "all_in": N_("All-in"),
}
"""Each action's name on a button or in a hand log, by the engine's code for it."""


def action_name(code: str) -> str:
    """The name people read for the action ``code``."""
    return gettext(ACTION_NAMES[code])


def chips_text(count: int) -> str:
    """``count`` chips with the noun in the language's plural form: "1 chip", "5 фишек"."""
    return ngettext("{count} chip", "{count} chips", count).format(count=amount_text(count))
