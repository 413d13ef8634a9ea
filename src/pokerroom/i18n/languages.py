"""The languages the room speaks and how one is chosen: a flag, the environment, a header.

>>> accepted_language("uk-UA,uk;q=0.9,ru;q=0.8,en;q=0.5")
'uk'
>>> accepted_language("de-DE,de;q=0.9,ru;q=0.3")
'ru'
>>> accepted_language("fr") is None
True
>>> terminal_language(None, {"LANG": "ru_RU.UTF-8"})
'ru'
>>> terminal_language(None, {"POKERROOM_LANG": "uk", "LANG": "ru_RU.UTF-8"})
'uk'
>>> terminal_language("en", {"POKERROOM_LANG": "uk"})
'en'
>>> terminal_language(None, {"LANG": "C.UTF-8"})
'en'
>>> vocabulary_of_profile("home"), vocabulary_of_profile("sport")
('home', 'club')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, get_args

Language = Literal["en", "ru", "uk"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
DEFAULT_LANGUAGE: Language = "en"
LANGUAGE_NAMES: dict[Language, str] = {"en": "English", "ru": "Русский", "uk": "Українська"}
"""Each language in its own words, as a language menu lists it."""

Vocabulary = Literal["club", "home"]
"""Whose poker words: ``club`` speaks as the federation's and the casino club's rule books
(seeds 000, 002: «Пас», «Рэйз»), ``home`` as the home game's (seed 001: «Фолд», «Рейз»)."""
VOCABULARIES: tuple[Vocabulary, ...] = get_args(Vocabulary)

_TAG = re.compile(r"^\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]+)*")
_QUALITY = re.compile(r";\s*q\s*=\s*([0-9.]+)")


def language_or_none(tag: str | None) -> Language | None:
    """The language a tag like ``ru``, ``uk-UA`` or ``ru_RU.UTF-8`` names, if the room speaks it."""
    if not tag:
        return None
    found = _TAG.match(tag)
    if found is None:
        return None
    code = found[1].lower()
    return next((language for language in LANGUAGES if language == code), None)


def accepted_language(header: str | None) -> Language | None:
    """The browser's most wanted language among ours (an ``Accept-Language`` header)."""
    ranked: list[tuple[float, int, Language]] = []
    for order, part in enumerate((header or "").split(",")):
        language = language_or_none(part.split(";")[0])
        if language is None:
            continue
        quality = _QUALITY.search(part)
        try:
            weight = float(quality[1]) if quality else 1.0
        except ValueError:
            continue
        if weight > 0:
            ranked.append((-weight, order, language))
    return min(ranked)[2] if ranked else None


def terminal_language(option: str | None, environ: Mapping[str, str]) -> Language:
    """A terminal command's language: ``--lang``, else ``POKERROOM_LANG``, else the system
    locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    for tag in (option, environ.get("POKERROOM_LANG")):
        language = language_or_none(tag)
        if language is not None:
            return language
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return language_or_none(environ[name]) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def vocabulary_of_profile(profile: str) -> Vocabulary:
    """The ``home`` profile speaks as the home game's rules; ``club`` and ``sport`` as the
    federation's and the club's."""
    return "home" if profile == "home" else "club"
