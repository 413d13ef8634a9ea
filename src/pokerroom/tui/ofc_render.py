"""Text for the OFC table, built from one player's view only (X-4, O-2, O-4).

Pure functions, so what a player can see is testable without a terminal. Every
player's three rows are drawn top row first, free places as ``__``; a player in
Fantasyland shows no row until the round ends (O-4), and nobody's unset cards or
discards but the viewer's own are ever drawn (O-2).

>>> from pokerroom.ofc import OfcHand
>>> view = OfcHand(2, seed=1).view(1)
>>> print("\\n".join(player_lines(view, 0, "Ann", total=0)))
> Ann   total +0
    top     __ __ __
    middle  __ __ __ __ __
    bottom  __ __ __ __ __
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card
from pokerroom.ofc import ROW_SIZES, Board, DiscardCard, Row
from pokerroom.ofc.game import PlayerView

FREE = "__"
SHOWN_ROWS = (Row.TOP, Row.MIDDLE, Row.BOTTOM)
"""Drawn as the board is laid out on the table: the short top row first."""
ROW_KEYS = {Row.TOP: "t", Row.MIDDLE: "m", Row.BOTTOM: "b"}


def row_text(cards: Sequence[Card], size: int) -> str:
    return " ".join([*(str(card) for card in cards), *[FREE] * (size - len(cards))])


def board_lines(board: Board) -> list[str]:
    return [f"    {row.value:<7} {row_text(board.row(row), ROW_SIZES[row])}" for row in SHOWN_ROWS]


def player_lines(
    view: PlayerView, position: int, name: str, *, total: int, button: bool = False
) -> list[str]:
    """One player's name, marks and rows, as ``view.player`` may see them."""
    marks = [name]
    if button:
        marks.append("button")
    if view.fantasy[position]:
        marks.append("FANTASYLAND")
    marker = ">" if view.to_act == position else " "
    lines = [f"{marker} {' · '.join(marks)}   total {total:+d}"]
    board = view.boards[position]
    if view.surrendered[position]:
        lines.append("    surrendered")  # O-5
    elif board is None:  # O-4: a fantasy hand stays hidden until the round ends
        lines.append("    sets 13 of 14 cards after the others, hidden until the round ends")  # O-4
    else:
        lines += board_lines(board)
    if position != view.player and view.result is None:
        thrown = sum(isinstance(e, DiscardCard) and e.player == position for e in view.events)
        if thrown:  # O-2: discards are face down; only how many is known
            lines.append(f"    {thrown} discarded face down")
    elif position == view.player and view.discards:
        lines.append(f"    your discards: {' '.join(str(card) for card in view.discards)}")
    return lines


def table_lines(
    view: PlayerView,
    names: Sequence[str],
    totals: Sequence[int],
    order: Sequence[int],
) -> list[str]:
    """Every player's block in ``order`` (positions); names and totals are by position."""
    button = len(names) - 1  # O-3: the last position is the button
    lines: list[str] = []
    for position in order:
        lines += player_lines(
            view, position, names[position], total=totals[position], button=position == button
        )
        lines.append("")
    return lines


def cards_line(pending: Sequence[Card], selected: int) -> str:
    """The viewer's own dealt cards, numbered from 1, the selected one in ``>…<``."""
    parts = [
        f">{i + 1} {card}<" if i == selected else f" {i + 1} {card} "
        for i, card in enumerate(pending)
    ]
    return "your cards: " + " ".join(parts) if parts else ""


def task_line(to_place: int, to_discard: int, cards: int) -> str:
    """What the viewer must do now, and the keys for it (O-2, O-4)."""
    task = f"set {to_place}" + (f", discard {to_discard}" if to_discard else "")
    keys = "1" if cards == 1 else f"1-{min(cards, 9)}"
    rows = "/".join(ROW_KEYS.values())
    discard = ", x discards it" if to_discard else ""
    return (
        f"your turn: {task} — choose a card ({keys}, ←/→), "
        f"{rows} sets it top/middle/bottom{discard}"
    )
