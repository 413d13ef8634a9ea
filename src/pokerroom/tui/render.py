"""Text for the terminal table, built from one seat's view only (X-4).

Pure functions, so what a player can see is testable without a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card
from pokerroom.engine.views import HandView
from pokerroom.table.seating import Blinds

HIDDEN = "[##]"


def cards_text(cards: Sequence[Card | None]) -> str:
    """Known cards as text, unknown ones as a card back."""
    return " ".join(str(card) if card is not None else HIDDEN for card in cards)


def seat_lines(
    view: HandView,
    seats: Sequence[int],
    names: dict[int, str],
    blinds: Blinds,
    hide_own: bool = False,
) -> list[str]:
    """One line per seat in seat order: marker, seat, name, role, chips, bet, cards as seen."""
    lines = []
    for position, seat in sorted(enumerate(seats), key=lambda pair: pair[1]):
        role = []
        if seat == blinds.button:
            role.append("BTN")
        if seat == blinds.small_blind:
            role.append("SB")
        if seat == blinds.big_blind:
            role.append("BB")
        status = "folded" if view.folded[position] else ""
        if not view.folded[position] and view.stacks[position] == 0:
            status = "all-in"
        cards = view.hole[position]
        if position == view.viewer and hide_own:
            cards = (None,) * len(cards)
        marker = ">" if view.to_act == position else " "
        lines.append(
            f"{marker} seat {seat:>2}  {names[seat]:<12} {'/'.join(role):<7} "
            f"{view.stacks[position]:>6}  bet {view.committed[position]:>4}  "
            f"{cards_text(cards):<20} {status}"
        )
    return lines


def board_line(view: HandView) -> str:
    boards = ["  ".join(cards_text(board) or "-" for board in view.boards)]
    return f"board: {boards[0] or '-'}    pot: {view.pot}"


def options_line(view: HandView) -> str:
    """The keys that work now, with the legal amounts."""
    legal = view.legal
    if legal is None:
        return ""
    keys = []
    if legal.fold:
        keys.append("[f]old")
    if legal.check:
        keys.append("[c]heck")
    if legal.call is not None:
        keys.append(f"[c]all {legal.call}")
    if legal.bring_in is not None:
        keys.append(f"[b]ring in {legal.bring_in}")
    if legal.raise_min is not None and legal.raise_max is not None:
        word = "bet" if legal.bet else "raise"
        sizes = (
            " or ".join(map(str, legal.raise_sizes))
            if legal.raise_sizes
            else f"{legal.raise_min}-{legal.raise_max}"
        )
        keys.append(f"[r] {word} {sizes}")
        keys.append(f"[a]ll-in {legal.raise_max}")
    return "   ".join(keys)
