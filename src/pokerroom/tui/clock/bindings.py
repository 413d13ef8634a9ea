"""Key descriptions in the footer, in the language of whoever sits at the keyboard.

Textual reads a class's ``BINDINGS`` once, when the class is made; descriptions marked with
``N_`` there are translated per app when it starts (:func:`translate_bindings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from pokerroom.i18n import gettext


def translate_bindings(node: DOMNode, own_words: Mapping[str, str] | None = None) -> None:
    """Give ``node``'s key bindings their descriptions in the current language;
    ``own_words`` are the app's own senses of a word others use otherwise (the console's
    "Draw" is the seat draw, the table's is a card draw), already translated."""
    bindings = node._bindings
    node._bindings = BindingsMap.from_keys(
        {
            key: [_translated(binding, own_words or {}) for binding in listed]
            for key, listed in bindings.key_to_bindings.items()
        }
    )


def _translated(binding: Binding, own_words: Mapping[str, str]) -> Binding:
    """The description, and a key's name when the binding gives one (``space``)."""
    english = binding.description
    description = own_words.get(english) or (gettext(english) if english else "")
    shown = binding.key_display
    return replace(
        binding,
        description=description,
        key_display=gettext(shown) if shown and shown.isalpha() else shown,
    )
