"""The compiled catalogues under ``pokerroom/locale``, loaded once per language and domain.

Domains: ``pokerroom`` (Python modules and Jinja templates), ``home`` (the home game's
words where they differ from the clubs': an overlay that falls back to ``pokerroom``) and
``js`` (the browser's strings). ``make`` compiles each ``.po`` to ``.mo`` at install; a
catalogue edited since (or a tree never compiled) is compiled in memory from its ``.po``.
"""

from __future__ import annotations

import gettext as gettext_module
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from pokerroom.i18n.languages import Language, Vocabulary

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAINS = ("pokerroom", "home", "js")


def catalogue_path(language: Language, domain: str, suffix: str = ".po") -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}{suffix}"


@cache
def domain_translations(language: Language, domain: str) -> gettext_module.NullTranslations:
    """``domain`` in ``language``; English (and a missing catalogue) says the source words."""
    return _loaded(language, domain)


@cache
def translations(language: Language, vocabulary: Vocabulary) -> gettext_module.NullTranslations:
    """The Python and template words of ``language`` in ``vocabulary``: the ``home`` overlay
    where it has a word, the clubs' catalogue elsewhere."""
    main = domain_translations(language, "pokerroom")
    if vocabulary == "club":
        return main
    overlay = _loaded(language, vocabulary)  # a fresh object: the fallback is set on it
    overlay.add_fallback(main)
    return overlay


def _loaded(language: Language, domain: str) -> gettext_module.NullTranslations:
    source = catalogue_path(language, domain)
    if language == "en" or not source.exists():
        return gettext_module.NullTranslations()
    compiled = catalogue_path(language, domain, ".mo")
    if compiled.exists() and compiled.stat().st_mtime >= source.stat().st_mtime:
        with compiled.open("rb") as stream:
            return gettext_module.GNUTranslations(stream)
    with source.open("rb") as stream:
        catalogue = read_po(stream, locale=language, domain=domain)
    buffer = BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return gettext_module.GNUTranslations(buffer)
