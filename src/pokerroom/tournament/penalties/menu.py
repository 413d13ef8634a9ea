"""The penalty table as a director reads it: 002 7.1's offences in the rule book's words.

Each line is the clause (directors know them), the offence as the rule book words it, and
the penalties its preset allows the first time and on a repeat (T-21), so a console lets
the director pick from the table rather than from memory.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.tournament.penalties.table import PRESETS, Offence, choices_text

DEFAULT_OFFENCE = Offence.UNSPORTING_CONDUCT
"""7.1.16, any other unsporting conduct: a warning up to disqualification."""


@dataclass(frozen=True, slots=True)
class OffenceLine:
    value: str
    """What the form sends: the offence's key in the penalty table (``7.1.8 deliberate``)."""
    clause: str
    words: str
    first: str
    repeat: str


def offence_lines() -> list[OffenceLine]:
    """Every offence of the penalty table, in the rule book's order, in the current language
    (Russian: the sentences of 002 7.1 itself)."""
    return [
        OffenceLine(
            offence.value,
            offence.value.split(" ", 1)[0],
            PRESETS[offence].words,
            choices_text(PRESETS[offence].first),
            choices_text(PRESETS[offence].repeat),
        )
        for offence in Offence
    ]
