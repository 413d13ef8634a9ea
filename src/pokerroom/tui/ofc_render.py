"""Text for the OFC table, built from one player's view only (X-4, O-2, O-4).

Pure functions of what the table's frame holds, so what a player can see is testable
without a terminal. Every player's three rows are drawn top row first, free places as
``__``; a player in Fantasyland shows no row until the round ends (O-4), and another
player's discards are only counted (O-2).

>>> print("\\n".join(seat_lines(OfcSeat("Ann", 0, {Row.TOP: (), Row.MIDDLE: (), Row.BOTTOM: ()}))))
  Ann   total +0
    top     __ __ __
    middle  __ __ __ __ __
    bottom  __ __ __ __ __
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pokerroom.cards import Card, card_face
from pokerroom.i18n import N_, gettext, ngettext
from pokerroom.ofc import ROW_SIZES, Row

FREE = "__"
SHOWN_ROWS = (Row.TOP, Row.MIDDLE, Row.BOTTOM)
"""Drawn as the board is laid out on the table: the short top row first."""
ROW_KEYS = {Row.TOP: "t", Row.MIDDLE: "m", Row.BOTTOM: "b"}
ROW_NAMES = {Row.TOP: N_("top"), Row.MIDDLE: N_("middle"), Row.BOTTOM: N_("bottom")}
"""The rows as people name them (the codes ``top`` … stay in frames and saved hands)."""
ROW_WIDTH = 7
"""The rows' names are written in a column this wide, so the cards line up."""


def row_name(row: Row | str) -> str:
    """A row's name in the current language: «верх», «середина», «низ»."""
    return gettext(ROW_NAMES[Row(row)])


def row_text(cards: Sequence[Card], size: int) -> str:
    return " ".join([*(card_face(card) for card in cards), *[FREE] * (size - len(cards))])


def board_lines(rows: Mapping[Row, Sequence[Card]]) -> list[str]:
    """The three rows, top first, free places as ``__``."""
    return [
        f"    {row_name(row):<{ROW_WIDTH}} {row_text(rows[row], ROW_SIZES[row])}"
        for row in SHOWN_ROWS
    ]


@dataclass(frozen=True, slots=True)
class OfcSeat:
    """One player's block as its viewer may see it, from an engine view or a server frame."""

    name: str
    total: int
    rows: Mapping[Row, Sequence[Card]] | None
    """None while a Fantasyland board is hidden (O-4)."""
    acting: bool = False
    button: bool = False
    fantasy: bool = False
    surrendered: bool = False
    thrown: int = 0
    """Another player's face-down discards: only how many (O-2)."""
    discards: Sequence[Card] = ()
    """The viewer's own discards."""


def seat_lines(seat: OfcSeat) -> list[str]:
    """One player's name, marks and discards, then his rows."""
    marks = [seat.name]
    if seat.button:
        marks.append(gettext("button"))
    if seat.fantasy:
        marks.append(gettext("FANTASYLAND"))
    marker = ">" if seat.acting else " "
    total = gettext("total {points}").format(points=f"{seat.total:+d}")
    head = f"{marker} {' · '.join(marks)}   {total}"
    if seat.thrown:  # O-2: discards are face down; only how many is known
        head += " · " + ngettext(
            "{count} discarded face down", "{count} discarded face down", seat.thrown
        ).format(count=seat.thrown)
    elif seat.discards:
        cards = " ".join(card_face(card) for card in seat.discards)
        head += " · " + gettext("your discards: {cards}").format(cards=cards)
    lines = [head]  # the discards on the name line: three players' blocks fit 80×24
    if seat.surrendered:
        lines.append("    " + gettext("surrendered"))  # O-5
    elif seat.rows is None:  # O-4: a fantasy hand stays hidden until the round ends
        lines.append(
            "    " + gettext("sets 13 of 14 cards after the others, hidden until the round ends")
        )
    else:
        lines += board_lines(seat.rows)
    return lines


def settled_line(name: str, total: int, rows: Mapping[Row, Sequence[Card]] | None) -> str:
    """A finished hand's board on one line (top / middle / bottom; None: surrendered, O-5),
    so that three players' boards and the whole result fit 80×24 together."""
    if rows is None:
        cards = gettext("surrendered")
    else:
        cards = " / ".join(" ".join(map(str, rows[row])) for row in SHOWN_ROWS)
    points = gettext("total {points}").format(points=f"{total:+d}")
    return f"  {name}   {points} · {cards}"


def cards_line(pending: Sequence[Card], selected: int) -> str:
    """The viewer's own dealt cards, numbered from 1, the selected one in ``>…<``."""
    parts = [
        f">{i + 1} {card_face(card)}<" if i == selected else f" {i + 1} {card_face(card)} "
        for i, card in enumerate(pending)
    ]
    return gettext("your cards: {cards}").format(cards=" ".join(parts)) if parts else ""


def task_line(to_place: int, to_discard: int, cards: int) -> str:
    """What the viewer must do now, and the keys for it (O-2, O-4)."""
    if to_discard:
        task = gettext("set {placed}, discard {discarded}").format(
            placed=to_place, discarded=to_discard
        )
    else:
        task = gettext("set {placed}").format(placed=to_place)
    keys = "1" if cards == 1 else f"1-{min(cards, 9)}"
    rows = "/".join(ROW_KEYS.values())
    if to_discard:
        how = gettext("{keys} sets it top/middle/bottom, x discards it")
    else:
        how = gettext("{keys} sets it top/middle/bottom")
    return gettext("your turn: {task} — choose a card ({choice}, ←/→), {how}").format(
        task=task, choice=keys, how=how.format(keys=rows)
    )


def no_card(number: int, count: int) -> str:
    """Why key ``number`` chose nothing: the cards to set are numbered 1 … ``count``."""
    choice = f"1-{count}" if count > 1 else "1"
    return ngettext(
        "no card {number}: you hold {count} card to set ({choice})",
        "no card {number}: you hold {count} cards to set ({choice})",
        count,
    ).format(number=number, count=count, choice=choice)


def row_full(row: str, free: Mapping[str, int]) -> str:
    """Why a card cannot go on ``row``, and the places still open on each row (O-1)."""
    room = ", ".join(f"{row_name(name)} {count}" for name, count in free.items())
    return gettext("the {row} row is full; open places: {places}").format(
        row=row_name(row), places=room
    )
