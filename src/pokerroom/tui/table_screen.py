"""What every terminal table shares, local or on a server: the widgets, the betting keys
and the buttons with exact amounts, so both tables look and answer the same."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, Input, RichLog, Static

from pokerroom.amounts import amount_text
from pokerroom.i18n import N_, gettext

RESERVED_ROWS = 10
"""Rows kept for the game line, buttons, status, footer and at least five lines of log."""
TABLE_CSS = (
    "#table { height: auto; } #log { height: 1fr; min-height: 3; } "
    "#raise { display: none; } #buttons { height: 1; } "
    "Button { min-width: 4; margin: 0 1 0 0; }"
)
BET_BINDINGS = [
    Binding("f", "fold", N_("Fold")),
    Binding("c", "check_call('check')", N_("Check")),
    Binding("c", "check_call('call')", N_("Call")),
    Binding("b", "bring_in", N_("Bring in")),
    Binding("r", "raise('bet')", N_("Bet")),
    Binding("r", "raise('raise')", N_("Raise")),
    Binding("r", "raise('complete')", N_("Complete")),  # V-5: Stud's third street
    Binding("m", "preset('min')", N_("Min")),
    Binding("h", "preset('½ pot')", "½"),
    Binding("t", "preset('⅔ pot')", "⅔"),
    Binding("p", "preset('pot')", N_("Pot")),
    Binding("a", "preset('all-in')", N_("All-in")),
    Binding("1", "mark(1)", N_("Mark"), key_display="1-5"),
    *[Binding(str(i), f"mark({i})", show=False) for i in range(2, 6)],
    Binding("d", "draw", N_("Draw")),
    Binding("s", "show", N_("Show")),
    Binding("x", "muck", N_("Muck")),
    Binding("y", "run_twice(True)", N_("Run it twice")),
    Binding("o", "run_twice(False)", N_("Run once")),
]
"""The keys of a hand: betting with presets, the draw, show or muck (P-5). Their
descriptions are marked for the catalogues and worded by
:func:`pokerroom.tui.bindings.translated_bindings`."""
BET_KEYS_HELP = N_(
    "keys: f fold · c check/call · r bet, raise or complete (type the total) · m min · h ½ pot · "
    "t ⅔ pot · p pot · a all-in (the largest bet allowed) · b bring in · 1-5 mark, d draw · "
    "s show · x muck · y run it twice · o run once"
)
AMOUNT_PROMPT = N_("bet or raise to …")


def table_widgets() -> ComposeResult:
    """Game line, table, buttons, amount box, status line and log, top to bottom."""
    yield Static(id="info", markup=False)
    yield Static(id="table", markup=False)
    yield Horizontal(id="buttons")
    yield Input(placeholder=gettext(AMOUNT_PROMPT), id="raise")
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
        buttons.append(Button(gettext("Fold"), name="do-fold", compact=True))
    if check:
        buttons.append(Button(gettext("Check"), name="do-check", compact=True))
    if call is not None:
        label = gettext("Call {amount}").format(amount=amount_text(call))
        buttons.append(Button(label, name="do-call", compact=True))
    if bring_in is not None:
        label = gettext("Bring in {amount}").format(amount=amount_text(bring_in))
        buttons.append(Button(label, name="do-bring", compact=True))
    for name, amount in presets:
        label = f"{preset_name(name)} {amount_text(amount)}"
        buttons.append(Button(label, name=f"do-raise-{amount}", compact=True))
    return buttons


PRESET_NAMES = {"min": N_("min"), "pot": N_("pot"), "all-in": N_("all-in")}
"""The bet presets' names people read (½ pot, 2.5× stay signs); the keys use the codes."""


def preset_name(name: str) -> str:
    """A preset's name on its button: ``min``, ``½ pot``, ``pot``, ``all-in``, ``3×``."""
    if name in PRESET_NAMES:
        return gettext(PRESET_NAMES[name])
    if name.endswith(" pot"):
        return gettext("{fraction} pot").format(fraction=name.removesuffix(" pot"))
    return name
