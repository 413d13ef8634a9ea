"""The create forms' ``run_it_twice`` field: whether players all-in before the river may run
the board twice when they all agree (off by default; Hold'em and Omaha only).

>>> from pokerroom.engine import HOLDEM
>>> run_twice_choice("", HOLDEM), run_twice_choice("yes", HOLDEM)
(False, True)
"""

from __future__ import annotations

from pokerroom.engine import Variant
from pokerroom.i18n import gettext
from pokerroom.table import settings_check
from pokerroom.table.settings_check import SettingError

CHOICES = {"": False, "no": False, "yes": True}
"""Blank (off), ``no`` or ``yes``."""


def run_twice_choice(text: str, variant: Variant) -> bool:
    """The form's choice, refused for a game without one board (Stud, Draw, the bomb pot)."""
    value = text.strip().lower()
    if value not in CHOICES:
        raise SettingError(
            gettext("run_it_twice: yes, or no (the default); got {text}").format(
                text=repr(text[:40])
            )
        )
    return settings_check.run_it_twice(CHOICES[value], variant)
