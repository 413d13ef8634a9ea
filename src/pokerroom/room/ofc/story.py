"""An OFC hand's log in words, told from one viewer's events only (X-4, O-2, O-4).

One line per turn: who was dealt how many cards, and what he set on which row. Another
player's dealt and discarded cards arrive hidden (``None``) and are only counted; a
Fantasyland hand's cards stay hidden until the round ends (O-4). ``notes`` are the room's
own public lines (the clock ran out), each after the event it followed.

>>> from pokerroom.ofc import OfcHand
>>> hand = OfcHand(2, seed=1)
>>> hand_lines(hand.view(1).events, ["Ann", "Bob"], ())
['Ann is dealt 5 cards']
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.i18n import N_, gettext, ngettext
from pokerroom.ofc import DealCards, DiscardCard, PlaceCard, Row
from pokerroom.ofc.game import Event

SHOWN_ROWS = (Row.TOP, Row.MIDDLE, Row.BOTTOM)


ROW_WORDS = {
    Row.TOP: N_("top"),
    Row.MIDDLE: N_("middle"),
    Row.BOTTOM: N_("bottom"),
}
"""The rows as the log names them."""


def _turn_line(name: str, deal: DealCards, moves: Sequence[Event]) -> str:
    known = all(card is not None for card in deal.cards)
    count = len(deal.cards)
    if known:
        cards = " ".join(str(card) for card in deal.cards)
        dealt = (
            gettext("{name} is dealt in Fantasyland {cards}")
            if deal.fantasy
            else gettext("{name} is dealt {cards}")
        ).format(name=name, cards=cards)
    elif deal.fantasy:
        dealt = ngettext(
            "{name} is dealt {count} card in Fantasyland",
            "{name} is dealt {count} cards in Fantasyland",
            count,
        ).format(name=name, count=count)
    else:
        dealt = ngettext(
            "{name} is dealt {count} card", "{name} is dealt {count} cards", count
        ).format(name=name, count=count)
    rows: dict[Row, list[str]] = {row: [] for row in SHOWN_ROWS}
    hidden = discarded = 0
    thrown: list[str] = []
    for move in moves:
        if isinstance(move, PlaceCard):
            if move.card is None or move.row is None:
                hidden += 1
            else:
                rows[move.row].append(str(move.card))
        elif isinstance(move, DiscardCard):
            discarded += 1
            if move.card is not None:
                thrown.append(str(move.card))
    parts = [f"{gettext(ROW_WORDS[row])} {' '.join(cards)}" for row, cards in rows.items() if cards]
    if hidden:  # O-4: a fantasy hand is set face down until the round ends
        parts.append(
            ngettext(
                "{count} card face down until the round ends",
                "{count} cards face down until the round ends",
                hidden,
            ).format(count=hidden)
        )
    if thrown:
        parts.append(gettext("discards {cards}").format(cards=" ".join(thrown)))
    elif discarded:  # O-2: a discard is face down; only that there was one is known
        parts.append(gettext("discards 1 face down"))
    if not parts:
        return dealt
    return gettext("{dealt}; sets {parts}").format(dealt=dealt, parts=", ".join(parts))


def hand_lines(
    events: Sequence[Event], names: Sequence[str], notes: Sequence[tuple[int, str]]
) -> list[str]:
    """The log of ``events`` (one viewer's), ``names`` by position; ``notes`` as (number
    of events when it was said, line)."""
    told: list[tuple[int, int, str]] = []
    index = 0
    while index < len(events):
        event = events[index]
        if not isinstance(event, DealCards):
            index += 1
            continue
        start = index
        index += 1
        moves: list[Event] = []
        while index < len(events) and not isinstance(events[index], DealCards):
            move = events[index]
            if not isinstance(move, DealCards) and move.player == event.player:
                moves.append(move)
            index += 1
        told.append((start, 0, _turn_line(names[event.player], event, moves)))
    told += [(at, 1, line) for at, line in notes]
    return [line for _, _, line in sorted(told, key=lambda item: (item[0], item[1]))]
