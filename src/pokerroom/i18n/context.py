"""The language of whoever is being spoken to now: a context variable, set per request.

A web request, a WebSocket frame for one viewer and a terminal command each run inside
:func:`use_language`; code that words something reads the variable through
:mod:`pokerroom.i18n.words` and never takes a language argument it could forget to pass.
"""

from __future__ import annotations

from contextvars import ContextVar, Token

from pokerroom.i18n.languages import DEFAULT_LANGUAGE, Language, Vocabulary

_LANGUAGE: ContextVar[Language] = ContextVar("pokerroom_language", default=DEFAULT_LANGUAGE)
_VOCABULARY: ContextVar[Vocabulary] = ContextVar("pokerroom_vocabulary", default="club")


def current_language() -> Language:
    return _LANGUAGE.get()


def current_vocabulary() -> Vocabulary:
    return _VOCABULARY.get()


class use_language:  # noqa: N801 - used as a function: ``with use_language("ru"):``
    """Word everything inside in ``language`` (and ``vocabulary``, else the current one).

    A class, not a generator: every frame a table sends is built inside one, and a
    generator's context manager costs three times as much to enter and leave."""

    __slots__ = ("_language", "_tokens", "_vocabulary")

    def __init__(self, language: Language, vocabulary: Vocabulary | None = None) -> None:
        self._language, self._vocabulary = language, vocabulary
        self._tokens: tuple[Token[Language], Token[Vocabulary]] | None = None

    def __enter__(self) -> None:
        vocabulary = self._vocabulary or _VOCABULARY.get()
        self._tokens = (_LANGUAGE.set(self._language), _VOCABULARY.set(vocabulary))

    def __exit__(self, *_exc: object) -> None:
        tokens = self._tokens
        assert tokens is not None, "left before it was entered"
        _VOCABULARY.reset(tokens[1])
        _LANGUAGE.reset(tokens[0])


def set_language(language: Language, vocabulary: Vocabulary | None = None) -> None:
    """For a process that speaks one language from start to end (a terminal command)."""
    _LANGUAGE.set(language)
    if vocabulary is not None:
        _VOCABULARY.set(vocabulary)
