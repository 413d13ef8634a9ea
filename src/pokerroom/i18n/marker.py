"""``N_``: marks a message for the catalogues where it is defined, translated where it is shown.

The engine and other pure layers word their refusals and labels in English and mark them
with ``N_`` so extraction finds them; the layer that shows them to a person translates them
with :func:`pokerroom.i18n.gettext` in that person's language. ``N_`` does no I/O.

>>> N_("Fold")
'Fold'
"""

from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - the name gettext tools look for
    """``message`` unchanged; extraction collects it."""
    return message
