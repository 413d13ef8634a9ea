"""The leak checker: card tokens in anything sent to a client that he may not know (X-4).

:func:`find_leaks` walks a frame — a parsed JSON value, or raw text such as an HTTP body or
a WebSocket message — and returns every card it names that is not in ``known``: the cards
the recipient may know at that moment (his own, face-up cards, the boards, shown hands).
Cards are recognised in every spelling a page might use: ``As``, ``10d``, ``A♠``, in keys
and values alike. :func:`known_to` is that set for a seat (or an observer) of an engine
hand, worked out from the hand's full events, independently of :mod:`pokerroom.engine.views`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass

from pokerroom.cards import Card
from pokerroom.engine import Hand
from pokerroom.engine import events as ev

_CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([cdhs♣♦♥♠])(?![A-Za-z0-9])")


@dataclass(frozen=True, slots=True)
class Leak:
    path: str
    """Where in the frame: ``seats[2].cards[0]``, ``hand.log[5]``, or ``text`` for raw text."""
    card: Card

    def __str__(self) -> str:
        return f"{self.card} at {self.path}"


def cards_in(text: str) -> list[Card]:
    """Every card a piece of text names, in order."""
    return [Card.parse(rank + suit) for rank, suit in _CARD.findall(text)]


def find_leaks(frame: object, known: Collection[Card | str]) -> list[Leak]:
    """The cards in ``frame`` not in ``known``; a ``str`` or ``bytes`` frame holding JSON
    is parsed first, any other text is read as it is."""
    allowed = {card if isinstance(card, Card) else Card.parse(card) for card in known}
    return [leak for leak in _walk(_decoded(frame), "") if leak.card not in allowed]


def _decoded(frame: object) -> object:
    if isinstance(frame, bytes):
        frame = frame.decode("utf-8", errors="replace")
    if isinstance(frame, str):
        try:
            return json.loads(frame)
        except json.JSONDecodeError:
            return frame
    return frame


def _walk(value: object, path: str) -> Iterator[Leak]:
    if isinstance(value, str):
        for card in cards_in(value):
            yield Leak(path or "text", card)
    elif isinstance(value, dict):
        for key, item in value.items():
            key_text = str(key)
            for card in cards_in(key_text):
                yield Leak(f"{path}.{{{key_text}}}", card)
            yield from _walk(item, f"{path}.{key_text}" if path else key_text)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _walk(item, f"{path}[{index}]")


def known_to(hand: Hand, position: int | None) -> set[Card]:
    """What the player at ``position`` (None: an observer) may know of ``hand`` now: his own
    cards as dealt (discards included), face-up cards, the boards and every shown hand."""
    known: set[Card] = set()
    for event in hand.events:
        match event:
            case ev.DealHole(player, cards, face_up) if face_up or player == position:
                known.update(card for card in cards if card is not None)
            case ev.DealBoard(cards) | ev.Show(_, cards):
                known.update(card for card in cards if card is not None)
    return known
