"""What every terminal table shares, local or on a server: the widgets, the betting keys
and the buttons with exact amounts, so both tables look and answer the same."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, Input, RichLog, Static

from pokerroom.amounts import amount_text

RESERVED_ROWS = 10
"""Rows kept for the game line, buttons, status, footer and at least five lines of log."""
TABLE_CSS = (
    "#table { height: auto; } #log { height: 1fr; min-height: 3; } "
    "#raise { display: none; } #buttons { height: 1; } "
    "Button { min-width: 4; margin: 0 1 0 0; }"
)
BET_BINDINGS = [
    Binding("f", "fold", "Fold"),
    Binding("c", "check_call('check')", "Check"),
    Binding("c", "check_call('call')", "Call"),
    Binding("b", "bring_in", "Bring in"),
    Binding("r", "raise('bet')", "Bet"),
    Binding("r", "raise('raise')", "Raise"),
    Binding("r", "raise('complete')", "Complete"),  # V-5: Stud's third street
    Binding("m", "preset('min')", "Min"),
    Binding("h", "preset('½ pot')", "½"),
    Binding("t", "preset('⅔ pot')", "⅔"),
    Binding("p", "preset('pot')", "Pot"),
    Binding("a", "preset('all-in')", "All-in"),
    Binding("1", "mark(1)", "Mark", key_display="1-5"),
    *[Binding(str(i), f"mark({i})", show=False) for i in range(2, 6)],
    Binding("d", "draw", "Draw"),
    Binding("s", "show", "Show"),
    Binding("x", "muck", "Muck"),
    Binding("y", "run_twice(True)", "Run it twice"),
    Binding("o", "run_twice(False)", "Run once"),
]
"""The keys of a hand: betting with presets, the draw, show or muck (P-5)."""
BET_KEYS_HELP = (
    "keys: f fold · c check/call · r bet, raise or complete (type the total) · m min · h ½ pot · "
    "t ⅔ pot · p pot · a all-in (the largest bet allowed) · b bring in · 1-5 mark, d draw · "
    "s show · x muck · y run it twice · o run once"
)


def table_widgets() -> ComposeResult:
    """Game line, table, buttons, amount box, status line and log, top to bottom."""
    yield Static(id="info", markup=False)
    yield Static(id="table", markup=False)
    yield Horizontal(id="buttons")
    yield Input(placeholder="bet or raise to …", id="raise")
    yield Static(id="status", markup=False)
    yield RichLog(id="log", wrap=True)


def bet_buttons(
    *,
    fold: bool,
    check: bool,
    call: int | None,
    bring_in: int | None,
    presets: Sequence[tuple[str, int]],
) -> list[Button]:
    """The legal actions as buttons with their exact amounts, then the bet presets."""
    buttons = []
    if fold:
        buttons.append(Button("Fold", name="do-fold", compact=True))
    if check:
        buttons.append(Button("Check", name="do-check", compact=True))
    if call is not None:
        buttons.append(Button(f"Call {amount_text(call)}", name="do-call", compact=True))
    if bring_in is not None:
        buttons.append(Button(f"Bring in {amount_text(bring_in)}", name="do-bring", compact=True))
    for name, amount in presets:
        label = f"{name} {amount_text(amount)}"
        buttons.append(Button(label, name=f"do-raise-{amount}", compact=True))
    return buttons
