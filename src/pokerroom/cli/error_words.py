"""The errors of the layers under the command line, worded for the person at the terminal.

The card parser, the evaluators, the equity calculator and the tournament's field raise
their errors in English (developers, logs and other callers read those); the commands show
them to a person. :func:`worded` matches the message against the English each layer writes
and says it again from a catalogue message with the same values; a message already worded
(or one this table does not know) goes through :func:`pokerroom.i18n.gettext` as it is.

>>> worded("card Ah appears twice; each card exists once in the deck")
'card Ah appears twice; each card exists once in the deck'
>>> from pokerroom.i18n import use_language
>>> with use_language("ru"):
...     worded("card Ah appears twice; each card exists once in the deck")
'карта Ah указана дважды; в колоде каждая карта одна'
"""

from __future__ import annotations

import re

from pokerroom.i18n import gettext, number_text
from pokerroom.i18n.marker import N_

_CARD = (
    r"a rank 2-9, T/10, J, Q, K, A followed by a suit s, h, d, c or ♠ ♥ ♦ ♣ \(e\.g\. 'As', 'Td'\)"
)

KNOWN: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern + "$"), message)
    for pattern, message in (
        (
            r"unknown card (?P<bad>'.*?') in (?P<text>'.*'): expected " + _CARD,
            N_(
                "unknown card {bad} in {text}: expected a rank 2-9, T/10, J, Q, K, A "
                "followed by a suit s, h, d, c or ♠ ♥ ♦ ♣ (e.g. 'As', 'Td')"
            ),
        ),
        (
            r"expected exactly one card, got (?P<count>\d+) in (?P<text>'.*')",
            N_("expected exactly one card, got {count} in {text}"),
        ),
        (
            r"expected (?P<wanted>\d+) cards, got (?P<count>\d+) in (?P<text>'.*')",
            N_("expected {wanted} cards, got {count} in {text}"),
        ),
        (
            r"card (?P<card>\S+) appears twice; each card exists once in the deck",
            N_("card {card} appears twice; each card exists once in the deck"),
        ),
        (
            r"equity needs at least 2 hands, got (?P<count>\d+)",
            N_("equity needs at least 2 hands, got {count}"),
        ),
        (
            r"(?P<game>\S+) hands must all have (?P<allowed>[\d or]+) cards, "
            r"got hands of (?P<got>.+) cards",
            N_("{game} hands must all have {allowed} cards, got hands of {got} cards"),
        ),
        (
            r"(?P<game>\S+) with (?P<hole>\d+) hole cards seats at most (?P<most>\d+) players, "
            r"got (?P<count>\d+) hands \(V-0\)",
            N_(
                "{game} with {hole} hole cards seats at most {most} players, "
                "got {count} hands (V-0)"
            ),
        ),
        (
            r"a board has 0, 3, 4 or 5 cards \(flop, turn, river\), got (?P<count>\d+)",
            N_("a board has 0, 3, 4 or 5 cards (flop, turn, river), got {count}"),
        ),
        (
            r"(?P<needed>\d+) cards are still to come but only (?P<left>\d+) are left",
            N_("{needed} cards are still to come but only {left} are left"),
        ),
        (
            r"--entrants must be 2 to (?P<most>[\d,]+), got (?P<count>-?[\d,]+)",
            N_("--entrants must be 2 to {most}, got {count}"),
        ),
        (
            r"a high hand takes 5 to 7 cards, got (?P<count>\d+)",
            N_("a high hand takes 5 to 7 cards, got {count}"),
        ),
        (
            r"a low hand takes 5 to 7 cards, got (?P<count>\d+)",
            N_("a low hand takes 5 to 7 cards, got {count}"),
        ),
        (
            r"Omaha takes 4, 5 or 6 hole cards, got (?P<count>\d+)",
            N_("Omaha takes 4, 5 or 6 hole cards, got {count}"),
        ),
        (
            r"an Omaha hand needs 3 to 5 board cards, got (?P<count>\d+)",
            N_("an Omaha hand needs 3 to 5 board cards, got {count}"),
        ),
        (
            r"hole and board share cards: (?P<cards>.+)",
            N_("hole and board share cards: {cards}"),
        ),
        (
            r"a showing hand has 1 to 4 face-up cards, got (?P<count>\d+)",
            N_("a showing hand has 1 to 4 face-up cards, got {count}"),
        ),
        (
            r"the top row holds exactly 3 cards, got (?P<count>\d+)",
            N_("the top row holds exactly 3 cards, got {count}"),
        ),
    )
)
"""Each English message of a lower layer a user can cause, and its catalogue message."""


_GROUPED = re.compile(r"-?\d{1,3}(?:,\d{3})+")


def _grouped(value: str) -> str:
    """A number the layer wrote as ``100,000``, grouped as the reader writes it."""
    if _GROUPED.fullmatch(value):
        return number_text(int(value.replace(",", "")))
    return value


def worded(text: str) -> str:
    """``text`` (an error's English message) in the current language."""
    for pattern, message in KNOWN:
        found = pattern.match(text)
        if found is not None:
            values = {name: _grouped(value) for name, value in found.groupdict().items()}
            if "allowed" in values:
                values["allowed"] = values["allowed"].replace(" or ", gettext(N_(" or ")))
            return gettext(message).format(**values)
    return gettext(text)
