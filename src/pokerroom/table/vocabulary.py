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

Where the other words people read are made, each in the reader's language (wrap the
rendering in ``use_language(language, settings.vocabulary)``):

- refusals and options: :func:`pokerroom.table.wording.refusal`, ``said_text``,
  ``legal_text``, ``counted``; OFC: :func:`pokerroom.ofc.words.refusal_text`, ``row_name``;
- the hand log and seat labels: :func:`pokerroom.table.story.tell` (``ELIMINATED``);
  street names: :func:`pokerroom.table.wording.street_name`;
- hands: every ``describe()`` of :mod:`pokerroom.evaluate`, ``Winner.hand``,
  :func:`pokerroom.evaluate.words.category_name`, ``rank_word``, ``suit_name``;
- games: :func:`pokerroom.game_choices.game_name`, ``limit_name``, ``profile_title``;
- bet presets: :func:`pokerroom.table.presets.preset_label`; straddles:
  :data:`pokerroom.table.straddle.MODE_WORDS`, :func:`~pokerroom.table.straddle.where_words`;
  run it twice: :func:`pokerroom.table.run_twice.prompt_words`;
- the marked constants ``FOLD_WHEN_FREE``, ``AGREED``, ``ONCE``, ``QUESTION`` are shown as
  ``gettext(CONSTANT)``.
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
