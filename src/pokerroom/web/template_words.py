"""Jinja's i18n extension, bound to :mod:`pokerroom.i18n`: ``{{ _("Lobby") }}`` and
``{% trans %}`` in a template say the words in the current request's language.

The callables read the context variable at render time, so one environment serves every
language. Placeholders in templates are gettext's ``%(name)s`` (Jinja's newstyle gettext
formats them); Python modules use ``{name}``.
"""

from __future__ import annotations

import jinja2

from pokerroom.amounts import amount_text
from pokerroom.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    current_language,
    gettext,
    ngettext,
    npgettext,
    pgettext,
)


def install_words(env: jinja2.Environment) -> None:
    """Give ``env`` the gettext calls, ``language()`` for ``<html lang>`` and the menu's
    languages, and ``amount`` (chips grouped as the language groups them)."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )
    env.globals["language"] = current_language
    env.globals["languages"] = [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]
    env.filters["amount"] = amount_text
