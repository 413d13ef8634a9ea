"""Words for people made in a pure layer (the engine, OFC): English text that remembers the
``N_`` template and parameters it was made from, so the layer that shows it words it again
in the reader's language (:func:`pokerroom.table.wording.said_text`)."""

from __future__ import annotations

import re

from pokerroom.i18n import current_language, gettext, number_text


class Said(str):
    """Words for people in English, with the ``N_`` template and parameters they were made
    from, so the layer that shows them can word them in the reader's language
    (:func:`pokerroom.table.wording.said_text`). It is the English text in every other way:
    compares, joins and serialises as that string. A parameter may itself be a ``Said``.

    >>> from pokerroom.i18n import N_
    >>> option = Said(N_("call {amount}"), amount="10")
    >>> option, option == "call 10", option.template, option.params
    ('call 10', True, 'call {amount}', {'amount': '10'})
    """

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, /, **params: object) -> Said:
        said = super().__new__(cls, template.format(**params) if params else template)
        said.template = template
        said.params = params
        return said

    def __reduce__(self) -> tuple[object, ...]:
        return (_said, (self.template, self.params))


def _said(template: str, params: dict[str, object]) -> Said:
    return Said(template, **params)


def said_in(error: BaseException) -> str:
    """What an error says: the :class:`Said` it was raised with, else its text.

    >>> from pokerroom.i18n import N_
    >>> said_in(ValueError(Said(N_("seat {seat} is taken"), seat=3))).template
    'seat {seat} is taken'
    >>> said_in(ValueError("plain"))
    'plain'
    """
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Said) else str(error)


_GROUPED = re.compile(r"-?\d{1,3}(?:,\d{3})+")
"""A number the English grouped ("21,559"): grouped again the reader's way."""


def spoken(text: str) -> str:
    """A :class:`Said` in the current language, its parameters worded in turn (whole
    numbers grouped the reader's way); any other text as it is (already worded, or data).
    In English it is the text the :class:`Said` was made as.

    >>> from pokerroom.i18n import N_, use_language
    >>> with use_language("ru"):
    ...     spoken(Said(N_("clock started"))), spoken("Anna")
    ('часы запущены', 'Anna')
    """
    if not isinstance(text, Said):
        return text
    if current_language() == "en":
        return str(text)  # the English it was made as, exactly
    if not text.params:
        return gettext(text.template)
    return gettext(text.template).format(
        **{name: _spoken_value(value) for name, value in text.params.items()}
    )


def _spoken_value(value: object) -> object:
    if isinstance(value, Said):
        return spoken(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return number_text(value)
    if isinstance(value, str) and _GROUPED.fullmatch(value):
        return number_text(int(value.replace(",", "")))
    return value


def error_words(error: BaseException) -> str:
    """An error's words in the current language (see :func:`said_in`, :func:`spoken`)."""
    return spoken(said_in(error))
