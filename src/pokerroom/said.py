"""Words for people made in a pure layer (the engine, OFC): English text that remembers the
``N_`` template and parameters it was made from, so the layer that shows it words it again
in the reader's language (:func:`pokerroom.table.wording.said_text`)."""

from __future__ import annotations


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
