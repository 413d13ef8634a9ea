"""The terminal table: play the home series against bots, or hot seat at one keyboard.

Keys: ``f`` fold, ``c`` check or call, ``r`` bet or raise (type the total, Enter),
``m``/``h``/``t``/``p``/``a`` bet the minimum, ½ pot, ⅔ pot, the pot or all-in,
``b`` bring in, ``1``-``5`` mark cards and ``d`` draw, ``n`` next hand, ``space``
show the cards of the player whose turn it is (hot seat), ``q`` quit. The same
choices are buttons. A shot clock counts down each decision (A-18): when it runs
out the player checks if he can, else folds (``club``: folds).
The screen is built from the acting human's view only: bots' cards stay hidden
unless shown at showdown (X-4).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Header, Input, RichLog, Static

from pokerroom.bots import Bot, play_hand
from pokerroom.engine import Action, Hand, IllegalAction
from pokerroom.engine.views import HandView, view_of
from pokerroom.errors import PokerroomError
from pokerroom.table.series import HandRecord, Series
from pokerroom.tui.render import (
    board_lines,
    options_line,
    oval,
    presets,
    seat_labels,
    showdown_lines,
)

HandListener = Callable[[Series, Hand, HandRecord | None], None]


class TableApp(App[None]):
    """One series at one table; humans sit in ``humans`` (seat numbers)."""

    CSS = (
        "#table { height: auto; } #log { height: 1fr; } #raise { display: none; } "
        "#buttons { height: 3; } Button { min-width: 10; margin: 0 1 0 0; }"
    )
    AUTO_FOCUS = None  # keys go to the table; the amount box takes focus only for a raise
    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        Binding("f", "fold", "Fold"),
        Binding("c", "check_call", "Check/Call"),
        Binding("r", "raise", "Raise"),
        Binding("a", "preset('all-in')", "All-in"),
        Binding("m", "preset('min')", "Min", show=False),
        Binding("h", "preset('1/2 pot')", "Half pot", show=False),
        Binding("t", "preset('2/3 pot')", "2/3 pot", show=False),
        Binding("p", "preset('pot')", "Pot", show=False),
        Binding("b", "bring_in", "Bring in", show=False),
        Binding("d", "draw", "Draw", show=False),
        Binding("n", "next_hand", "Next hand"),
        Binding("space", "reveal", "Show my cards", show=False),
        Binding("q", "quit", "Quit"),
        *[Binding(str(i), f"mark({i})", show=False) for i in range(1, 6)],
    ]

    def __init__(
        self,
        series: Series,
        humans: set[int],
        bots: dict[int, Bot],
        *,
        hot_seat: bool = False,
        deadline: float | None = None,
        on_change: HandListener | None = None,
        hand: Hand | None = None,
        clock: int | None = 30,
        countdown: int = 10,
    ) -> None:
        super().__init__()
        self.clock = clock
        """Seconds to decide before the countdown (A-18); None for no clock."""
        self.countdown = countdown
        self.seconds_left: int | None = None
        self.series = series
        self.humans = humans
        self.bots = bots
        self.hot_seat = hot_seat
        self.deadline = deadline
        self.on_change = on_change
        self.hand = hand
        self.marked: set[int] = set()
        self.revealed_for: int | None = None
        self.message = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static(id="table", markup=False)
            yield Horizontal(id="buttons")
            yield Input(placeholder="bet or raise to …", id="raise")
            yield Static(id="status", markup=False)
            yield RichLog(id="log", wrap=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "pokerroom — home series"
        if self.hand is None:
            self.hand = self.series.start_hand()
        if self.clock is not None:
            self.set_interval(1, self._tick)
        self._advance()

    # ------------------------------------------------------------------ flow

    @property
    def _actor(self) -> int | None:
        hand = self.hand
        if hand is None:
            return None
        return (
            hand.to_act if hand.phase == "bet" else hand.to_draw if hand.phase == "draw" else None
        )

    def _human_to_act(self) -> int | None:
        actor = self._actor
        if actor is None or self.series.seat_of(actor) not in self.humans:
            return None
        return actor

    def _advance(self) -> None:
        """Let bots act until a human must decide or the hand is over; then redraw."""
        hand = self.hand
        assert hand is not None
        bots = {
            p: self.bots[self.series.seat_of(p)]
            for p in range(hand.players)
            if self.series.seat_of(p) not in self.humans
        }
        play_hand(hand, bots)
        if hand.phase == "showdown":
            hand.auto_showdown()
        if hand.phase == "done" and self.series.current is not None:
            record = self.series.finish_hand(hand)
            self._log_result(record)
            if self.deadline is not None and time.monotonic() >= self.deadline:
                self.series.stop()  # H-3
            if self.on_change:
                self.on_change(self.series, hand, record)
        elif self.on_change:
            self.on_change(self.series, hand, None)
        self._redraw()

    def _log_result(self, record: HandRecord) -> None:
        log = self.query_one("#log", RichLog)
        changes = [
            f"{self.series.seats[seat].name} {after - record.stacks_before[seat]:+d}"
            for seat, after in record.stacks_after.items()
            if after != record.stacks_before[seat]
        ]
        hand = self.hand
        assert hand is not None
        names = [self.series.seats[self.series.seat_of(p)].name for p in range(hand.players)]
        values = {
            p: hand.config.variant.showdown.high(
                [c for c in hand.hole[p] if c], [c for c in hand.board if c]
            )
            for p in range(hand.players)
            if hand.shown[p] is not None
            and None not in hand.hole[p]
            and len(hand.hole[p]) + len(hand.board) >= 5
        }
        for line in showdown_lines(hand.events, names, values):
            log.write(line)
        log.write(f"hand {record.number}: " + ", ".join(changes))
        for seat in record.eliminated:
            log.write(f"  {self.series.seats[seat].name} is eliminated")
        if self.series.is_over:
            log.write("series over:")
            for s in self.series.standings():
                log.write(f"  {s.place}. {s.name} ({s.chips} chips)")

    def _viewer(self) -> int | None:
        """Whose cards the screen shows: the acting human, else the only human seated."""
        actor = self._human_to_act()
        if actor is not None:
            return actor
        hand = self.hand
        assert hand is not None
        seated = [p for p in range(hand.players) if self.series.seat_of(p) in self.humans]
        return seated[0] if len(seated) == 1 else None

    def _redraw(self) -> None:
        hand = self.hand
        assert hand is not None
        viewer = self._viewer()
        view = view_of(hand, viewer)
        hide = self.hot_seat and viewer is not None and self.revealed_for != viewer
        marks = self.series.current or self.series.blinds
        assert marks is not None
        seats = [self.series.seat_of(p) for p in range(hand.players)]
        names = {seat: self.series.seats[seat].name for seat in seats}
        settings = self.series.settings
        header = (
            f"hand {self.series.hands_played + (hand.phase != 'done')}   "
            f"blinds {settings.small_blind}/{settings.big_blind}"
        )
        centre = [header, *board_lines(view)]
        if self.seconds_left is not None and self._human_to_act() is not None:
            centre.append(f"time {self.seconds_left}s")
        lines = [oval(seat_labels(view, seats, names, marks, hide_own=hide), centre)]
        if hand.phase == "draw" and viewer is not None and not hide:
            lines.append("discard: " + (" ".join(str(i) for i in sorted(self.marked)) or "none"))
        self._show_buttons(view if not hide else None)
        self.query_one("#table", Static).update("\n".join(lines))
        if hide and viewer is not None:
            name = self.series.seats[self.series.seat_of(viewer)].name
            status = f"pass the keyboard to {name} and press space"
        elif hand.phase == "done":
            status = "series over — q to quit" if self.series.is_over else "n: next hand"
        elif hand.phase == "draw":
            status = "1-5 mark cards to discard, d to draw"
        else:
            status = options_line(view)
        text = f"{status}\n{self.message}" if self.message else status
        self.query_one("#status", Static).update(text)

    def _show_buttons(self, view: HandView | None) -> None:
        """The legal actions as buttons with their exact amounts (and the bet presets)."""
        row = self.query_one("#buttons", Horizontal)
        row.remove_children()
        if view is None or view.legal is None:
            return
        legal = view.legal
        buttons = []
        if legal.fold:
            buttons.append(Button("Fold", name="do-fold"))
        if legal.check:
            buttons.append(Button("Check", name="do-check"))
        if legal.call is not None:
            buttons.append(Button(f"Call {legal.call}", name="do-call"))
        if legal.bring_in is not None:
            buttons.append(Button(f"Bring in {legal.bring_in}", name="do-bring"))
        for name, amount in presets(view):
            buttons.append(Button(f"{name} {amount}", name=f"do-raise-{amount}"))
        row.mount(*buttons)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.name or ""
        if button == "do-fold":
            self.action_fold()
        elif button in ("do-check", "do-call"):
            self.action_check_call()
        elif button == "do-bring":
            self.action_bring_in()
        elif button.startswith("do-raise-"):
            self._do(Action.raise_to(int(button.removeprefix("do-raise-"))))

    def _tick(self) -> None:
        """A-18: count down the decision; at zero the timeout action is taken."""
        actor = self._human_to_act()
        hand = self.hand
        if actor is None or hand is None or hand.phase != "bet" or self.clock is None:
            self.seconds_left = None
            return
        if self.seconds_left is None:
            self.seconds_left = self.clock + self.countdown
        self.seconds_left -= 1
        if self.seconds_left <= 0:
            self.seconds_left = None
            self._do(hand.timeout_action(), force=True)
            return
        self._redraw()

    def _do(self, action: Action, *, force: bool = False) -> None:
        actor = self._human_to_act()
        hand = self.hand
        if actor is None or hand is None or hand.phase != "bet":
            return
        if self.hot_seat and self.revealed_for != actor and not force:
            return
        try:
            hand.act(action, actor)
        except IllegalAction as error:  # say what is allowed, change nothing
            self.message = str(error)
            self._redraw()
            return
        self.message = ""
        self.seconds_left = None
        self._advance()

    # --------------------------------------------------------------- actions

    def action_fold(self) -> None:
        self._do(Action.fold())

    def action_check_call(self) -> None:
        hand = self.hand
        if hand is None or hand.phase != "bet":
            return
        self._do(Action.check() if hand.legal_actions().check else Action.call())

    def action_bring_in(self) -> None:
        self._do(Action.bring_in())

    def action_preset(self, name: str) -> None:
        """Bet or raise by a preset: min, ½ pot, ⅔ pot, pot, all-in."""
        actor = self._human_to_act()
        hand = self.hand
        if actor is None or hand is None or hand.phase != "bet":
            return
        amounts = dict(presets(view_of(hand, actor)))
        if name in amounts:
            self._do(Action.raise_to(amounts[name]))

    def action_raise(self) -> None:
        if self._human_to_act() is None:
            return
        box = self.query_one("#raise", Input)
        box.styles.display = "block"
        box.value = ""
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        box = self.query_one("#raise", Input)
        box.styles.display = "none"
        self.set_focus(None)
        try:
            amount = int(event.value.strip())
        except ValueError:
            self.message = f"{event.value!r} is not a whole number of chips"
            self._redraw()
            return
        self._do(Action.raise_to(amount))

    def action_mark(self, index: int) -> None:
        if self.hand is not None and self.hand.phase == "draw" and self._human_to_act() is not None:
            self.marked ^= {index}
            self._redraw()

    def action_draw(self) -> None:
        actor = self._human_to_act()
        hand = self.hand
        if actor is None or hand is None or hand.phase != "draw":
            return
        cards = [hand.hole[actor][i - 1] for i in sorted(self.marked)]
        self.marked = set()
        hand.draw(cards, actor)
        self._advance()

    def action_reveal(self) -> None:
        self.revealed_for = self._human_to_act()
        self._redraw()

    def action_next_hand(self) -> None:
        hand = self.hand
        if hand is None or hand.phase != "done" or self.series.is_over:
            return
        try:
            self.hand = self.series.start_hand()
        except PokerroomError as error:
            self.message = str(error)
            self._redraw()
            return
        self.revealed_for = None
        self._advance()
