"""The create forms' ``observers`` field: whether people without a seat may watch the table.

>>> observers_choice("", private=False), observers_choice("", private=True)
(True, False)
>>> observers_choice("no", private=False)
False
"""

from __future__ import annotations

from pokerroom.i18n import gettext
from pokerroom.table.settings_check import SettingError

CHOICES = {"": None, "yes": True, "no": False}
"""Blank for the default, ``yes`` or ``no``."""


def observers_choice(text: str, *, private: bool) -> bool:
    """The form's choice; blank: on for a public table, off for a private one (README)."""
    value = text.strip().lower()
    if value not in CHOICES:
        raise SettingError(
            gettext("observers: yes, no, or blank for the default; got {text}").format(
                text=repr(text[:40])
            )
        )
    chosen = CHOICES[value]
    return (not private) if chosen is None else chosen
