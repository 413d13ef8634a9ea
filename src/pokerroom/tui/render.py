"""Text for the terminal table, built from one seat's view only (X-4).

Pure functions, so what a player can see is testable without a terminal. The
seats sit around an oval, seat 1 at the bottom and the others clockwise; the
board and the pot are in the middle.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView
from pokerroom.evaluate.high import HighHand
from pokerroom.table.seating import MAX_SEATS, Blinds

HIDDEN = "[##]"
WIDTH, HEIGHT = 96, 17
BOX = 22


def cards_text(cards: Sequence[Card | None]) -> str:
    """Known cards as text, unknown ones as a card back."""
    return " ".join(str(card) if card is not None else HIDDEN for card in cards)


@dataclass(frozen=True, slots=True)
class SeatLabel:
    seat: int
    name: str
    role: str
    chips: int
    bet: int
    cards: str
    status: str
    to_act: bool

    def lines(self) -> list[str]:
        marker = ">" if self.to_act else " "
        top = f"{marker}{self.seat} {self.name}"[:BOX]
        middle = f"{self.chips} {self.role}".strip()
        bottom = self.status or (f"bet {self.bet}  " if self.bet else "") + self.cards
        return [top, middle, bottom[:BOX]]


def seat_labels(
    view: HandView,
    seats: Sequence[int],
    names: dict[int, str],
    blinds: Blinds,
    hide_own: bool = False,
) -> list[SeatLabel]:
    """Every seat as the viewer sees it: role, chips, bet this round, cards, status."""
    labels = []
    for position, seat in sorted(enumerate(seats), key=lambda pair: pair[1]):
        role = [
            tag
            for tag, at in (
                ("BTN", blinds.button),
                ("SB", blinds.small_blind),
                ("BB", blinds.big_blind),
            )
            if seat == at
        ]
        status = "folded" if view.folded[position] else ""
        if not view.folded[position] and view.stacks[position] == 0:
            status = f"all-in {cards_text(view.hole[position])}"
        cards = view.hole[position]
        if position == view.viewer and hide_own:
            cards = (None,) * len(cards)
        labels.append(
            SeatLabel(
                seat,
                names[seat],
                "/".join(role),
                view.stacks[position],
                view.committed[position],
                cards_text(cards),
                status,
                view.to_act == position,
            )
        )
    return labels


def _place(canvas: list[list[str]], row: int, column: int, text: str) -> None:
    column = max(0, min(column, WIDTH - len(text)))
    for offset, char in enumerate(text):
        canvas[row][column + offset] = char


def oval(labels: Sequence[SeatLabel], centre: Sequence[str]) -> str:
    """Seat boxes around an ellipse, clockwise from the bottom; ``centre`` lines inside."""
    canvas = [[" "] * WIDTH for _ in range(HEIGHT)]
    for row in range(2, HEIGHT - 2):  # the rail
        y = (row - HEIGHT / 2 + 0.5) / (HEIGHT / 2 - 2)
        x = math.sqrt(max(0.0, 1 - y * y)) * (WIDTH / 2 - BOX - 2)
        _place(canvas, row, int(WIDTH / 2 - x), "(")
        _place(canvas, row, int(WIDTH / 2 + x), ")")
    for label in labels:
        angle = math.pi / 2 + 2 * math.pi * (label.seat - 1) / MAX_SEATS
        column = int(WIDTH / 2 + math.cos(angle) * (WIDTH / 2 - BOX / 2) - BOX / 2)
        row = int(HEIGHT / 2 + math.sin(angle) * (HEIGHT / 2 - 2) - 1)
        for offset, text in enumerate(label.lines()):
            _place(canvas, max(0, min(row + offset, HEIGHT - 1)), column, text)
    for offset, text in enumerate(centre):
        _place(canvas, HEIGHT // 2 - 1 + offset, WIDTH // 2 - len(text) // 2, text)
    return "\n".join("".join(row).rstrip() for row in canvas)


def board_lines(view: HandView) -> list[str]:
    names = ("upper", "lower")
    boards = [
        (f"{names[i]}: " if len(view.boards) > 1 else "") + (cards_text(board) or "no board yet")
        for i, board in enumerate(view.boards)
    ]
    pot = f"pot {view.pot}"
    all_in = any(not out and not chips for out, chips in zip(view.folded, view.stacks, strict=True))
    if len(view.pots) > 1 and all_in:  # P-1: main and side pots once someone is all-in
        pot += (
            " ("
            + ", ".join(
                f"{'main' if i == 0 else f'side {i}'} {amount}"
                for i, amount in enumerate(view.pots)
            )
            + ")"
        )
    return [*boards, pot]


def presets(view: HandView) -> list[tuple[str, int]]:
    """Bet presets inside the legal range: min, ½ pot, ⅔ pot, pot, all-in (A-7 totals)."""
    legal = view.legal
    if legal is None or legal.raise_min is None or legal.raise_max is None:
        return []
    if legal.raise_sizes:
        return [(str(size), size) for size in legal.raise_sizes]
    me = view.viewer
    assert me is not None
    owed = (legal.call or view.committed[me]) - view.committed[me]
    base = max(view.committed) if owed else 0
    after_call = view.pot + owed
    wanted = [
        ("min", legal.raise_min),
        ("1/2 pot", base + after_call // 2),
        ("2/3 pot", base + 2 * after_call // 3),
        ("pot", base + after_call),
        ("all-in", legal.raise_max),
    ]
    seen: set[int] = set()
    result = []
    for name, amount in wanted:
        clamped = max(legal.raise_min, min(amount, legal.raise_max))
        if clamped not in seen:
            seen.add(clamped)
            result.append((name, clamped))
    return result


def options_line(view: HandView) -> str:
    """What the player may do now, with the legal amounts (the keys are in the footer)."""
    return "   |   ".join(view.legal.describe()) if view.legal is not None else ""


def showdown_lines(
    events: Sequence[ev.Event], names: Sequence[str], values: dict[int, int]
) -> list[str]:
    """Who showed what, the winning hands named, and who won how much (P-2, P-6)."""
    lines = []
    for event in events:
        if isinstance(event, ev.Show) and None not in event.cards:
            value = values.get(event.player)
            named = f" — {HighHand(value).describe()}" if value else ""
            lines.append(f"  {names[event.player]} shows {cards_text(event.cards)}{named}")
        elif isinstance(event, ev.Muck):
            lines.append(f"  {names[event.player]} mucks")
    won: dict[int, int] = {}
    for event in events:
        if isinstance(event, ev.Award):
            won[event.player] = won.get(event.player, 0) + event.amount
    lines += [f"  {names[player]} wins {amount}" for player, amount in won.items()]
    return lines
