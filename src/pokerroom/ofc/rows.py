"""The three rows of an OFC board and the fouling rule (O-1, E-9).

>>> board = Board.of("As Ad Ac 2s 2d", "Ks Kd 3c 4s 5d", "Qs Qd 7c")
>>> is_fouled(board)
False
>>> is_fouled(Board.of("Ks Kd 3c 4s 5d", "As Ad Ac 2s 2d", "Qs Qd 7c"))
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from pokerroom.cards import Card, format_cards, parse_cards
from pokerroom.errors import CardCountError
from pokerroom.evaluate.high import HighHand, evaluate_high
from pokerroom.evaluate.toprow import TopRow, evaluate_top_row
from pokerroom.i18n.marker import N_
from pokerroom.ofc.errors import IllegalPlacementError, RowFullError


class Row(enum.StrEnum):
    """The rows, strongest first as O-1 requires them to hold."""

    BOTTOM = "bottom"
    MIDDLE = "middle"
    TOP = "top"


def row_named(row: object) -> Row:
    """The row ``row`` names (a Row, or ``"bottom"``, ``"middle"``, ``"top"``), or O-1's error."""
    if isinstance(row, Row):
        return row
    if isinstance(row, str) and row.strip().lower() in set(Row):
        return Row(row.strip().lower())
    raise IllegalPlacementError(
        N_("unknown row {row}; the rows are {rows} (O-1)"),
        row=repr(row),
        rows=", ".join(r.value for r in Row),
    )


ROW_SIZES: dict[Row, int] = {Row.BOTTOM: 5, Row.MIDDLE: 5, Row.TOP: 3}
_FULL = {
    Row.BOTTOM: N_("the bottom row already holds {size} cards; open rows: {rows}"),
    Row.MIDDLE: N_("the middle row already holds {size} cards; open rows: {rows}"),
    Row.TOP: N_("the top row already holds {size} cards; open rows: {rows}"),
}
_FULL_NONE_OPEN = {
    Row.BOTTOM: N_("the bottom row already holds {size} cards; open rows: none"),
    Row.MIDDLE: N_("the middle row already holds {size} cards; open rows: none"),
    Row.TOP: N_("the top row already holds {size} cards; open rows: none"),
}
"""O-1: a full row refused, by the row (each row its own message: «нижний ряд»)."""
BOARD_SIZE = sum(ROW_SIZES.values())


@dataclass(frozen=True, slots=True)
class Board:
    """One player's set cards; immutable, so cards once set never move (O-2)."""

    bottom: tuple[Card, ...] = ()
    middle: tuple[Card, ...] = ()
    top: tuple[Card, ...] = ()

    @classmethod
    def of(cls, bottom: str, middle: str, top: str) -> Board:
        """A board from card text, for tests and examples."""
        return cls(tuple(parse_cards(bottom)), tuple(parse_cards(middle)), tuple(parse_cards(top)))

    def row(self, row: Row) -> tuple[Card, ...]:
        return {Row.BOTTOM: self.bottom, Row.MIDDLE: self.middle, Row.TOP: self.top}[row]

    def free(self, row: Row) -> int:
        """Places still open on ``row``."""
        return ROW_SIZES[row] - len(self.row(row))

    def cards(self) -> tuple[Card, ...]:
        return self.bottom + self.middle + self.top

    def __len__(self) -> int:
        return len(self.bottom) + len(self.middle) + len(self.top)

    @property
    def complete(self) -> bool:
        return len(self) == BOARD_SIZE

    def with_card(self, row: Row, card: Card) -> Board:
        """This board with ``card`` added to ``row``; a full row is refused (O-1)."""
        if self.free(row) <= 0:
            open_rows = [r.value for r in Row if self.free(r) > 0]
            if not open_rows:
                raise RowFullError(_FULL_NONE_OPEN[row], size=ROW_SIZES[row])
            raise RowFullError(_FULL[row], size=ROW_SIZES[row], rows=", ".join(open_rows))
        return replace(self, **{row.value: (*self.row(row), card)})

    def __str__(self) -> str:
        return " / ".join(f"{r.value}: {format_cards(self.row(r))}" for r in Row)


def _require_complete(board: Board) -> None:
    if not board.complete:
        raise CardCountError(f"a finished board holds 13 cards, got {len(board)}: {board}")


def top_value(board: Board) -> TopRow:
    return evaluate_top_row(board.top)


def _key(hand: HighHand) -> tuple[int, tuple[int, ...]]:
    return int(hand.category), tuple(int(r) for r in hand.ranks)


def is_fouled(board: Board) -> bool:
    """O-1: dead unless bottom ≥ middle ≥ top; the top is compared by E-9's key."""
    _require_complete(board)
    bottom, middle = evaluate_high(board.bottom), evaluate_high(board.middle)
    if middle > bottom:
        return True
    # E-9: the top row never makes a straight or flush; missing kickers rank lowest.
    return top_value(board).five_card_key() > _key(middle)


def compare_row(row: Row, mine: Board, theirs: Board) -> int:
    """+1, 0 or -1: who wins ``row`` between two live finished boards (O-5, E-1, E-9)."""
    if row is Row.TOP:
        top_a, top_b = top_value(mine), top_value(theirs)
        return (top_a > top_b) - (top_a < top_b)
    hand_a, hand_b = evaluate_high(mine.row(row)), evaluate_high(theirs.row(row))
    return (hand_a > hand_b) - (hand_a < hand_b)
