"""Key descriptions in the footer, in the language of whoever sits at the keyboard.

Textual reads a class's ``BINDINGS`` once, when the class is made; descriptions marked with
``N_`` there are worded per app when it starts, so the footer names the keys as the table
speaks ("f Пас") and a key's own name too when a binding gives one ("space").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from pokerroom.i18n import gettext


def translated_bindings(
    bindings: BindingsMap, own_words: Mapping[str, str] | None = None
) -> BindingsMap:
    """``bindings`` worded in the current language and vocabulary; ``own_words`` are an
    app's own senses of a word others use otherwise (the console's "Draw" is the seat draw,
    the table's a card draw), already translated."""
    return BindingsMap.from_keys(
        {
            key: [_translated(binding, own_words or {}) for binding in listed]
            for key, listed in bindings.key_to_bindings.items()
        }
    )


def translate_bindings(node: DOMNode, own_words: Mapping[str, str] | None = None) -> None:
    """Give ``node``'s key bindings their descriptions in the current language."""
    node._bindings = translated_bindings(node._bindings, own_words)


def _translated(binding: Binding, own_words: Mapping[str, str]) -> Binding:
    english = binding.description
    description = own_words.get(english) or (gettext(english) if english else "")
    shown = binding.key_display
    return replace(
        binding,
        description=description,
        key_display=gettext(shown) if shown and shown.isalpha() else shown,
    )
