"""The language of whoever is being spoken to now: a context variable, set per request.

A web request, a WebSocket frame for one viewer and a terminal command each run inside
:func:`use_language`; code that words something reads the variable through
:mod:`pokerroom.i18n.words` and never takes a language argument it could forget to pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from pokerroom.i18n.languages import DEFAULT_LANGUAGE, Language, Vocabulary

_LANGUAGE: ContextVar[Language] = ContextVar("pokerroom_language", default=DEFAULT_LANGUAGE)
_VOCABULARY: ContextVar[Vocabulary] = ContextVar("pokerroom_vocabulary", default="club")


def current_language() -> Language:
    return _LANGUAGE.get()


def current_vocabulary() -> Vocabulary:
    return _VOCABULARY.get()


@contextmanager
def use_language(language: Language, vocabulary: Vocabulary | None = None) -> Iterator[None]:
    """Word everything inside in ``language`` (and ``vocabulary``, else the current one)."""
    language_token = _LANGUAGE.set(language)
    vocabulary_token = _VOCABULARY.set(vocabulary or _VOCABULARY.get())
    try:
        yield
    finally:
        _VOCABULARY.reset(vocabulary_token)
        _LANGUAGE.reset(language_token)


def set_language(language: Language, vocabulary: Vocabulary | None = None) -> None:
    """For a process that speaks one language from start to end (a terminal command)."""
    _LANGUAGE.set(language)
    if vocabulary is not None:
        _VOCABULARY.set(vocabulary)
