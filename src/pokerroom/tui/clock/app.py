"""The clock screen as a Textual app: huge digits for the time left, the rest in big clear lines.

The digits grow with the terminal (:mod:`pokerroom.tui.clock.big_digits`). The app polls its
feed a few times a second and redraws; at each level change or break it flashes the screen
and rings the terminal's bell (a terminal that has no bell stays silent). A standalone clock
(from a regulation file) is driven from the keyboard through the clock's own director
methods (T-20): ``space`` pause or resume, ``b`` an unscheduled break, ``+`` / ``-`` a
minute more or less, ``n`` the next level now (the time left is removed), ``u`` undo the
last of these; ``?`` lists the keys, ``q`` quits. A refused action is one line at the
bottom and changes nothing. A clock that follows the director's console only shows.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal
from textual.css.query import NoMatches
from textual.widgets import Footer, Static

from pokerroom.errors import PokerroomError
from pokerroom.i18n import N_, gettext
from pokerroom.said import error_words
from pokerroom.table.wording import plain
from pokerroom.tournament.clock import Clock, ClockState
from pokerroom.tournament.clock.events import ClockEvent
from pokerroom.tournament.clockface.feed import ClockFeed
from pokerroom.tournament.clockface.lines import (
    bets_line,
    break_line,
    field_lines,
    heading,
    next_line,
    prize_lines,
)
from pokerroom.tournament.clockface.snapshot import ClockSnapshot, Phase, snapshot
from pokerroom.tournament.regulation import Regulation, in_regulation_language
from pokerroom.tui.bindings import translate_bindings
from pokerroom.tui.clock.big_digits import BigTime

REFRESH_SECONDS = 0.25
FLASH_SECONDS = 1.5
CALLED_BREAK_MINUTES = 10
"""An unscheduled break (``b``) runs this long; ``+`` / ``-`` lengthen or shorten it."""
MINUTE = 60.0
DRIVING_ACTIONS = frozenset(
    {"pause_resume", "call_break", "add_minute", "remove_minute", "skip", "undo"}
)
KEYS_HELP = N_(
    "keys: space pause/resume · b break of 10 min · + / - one minute more/less · "
    "n next level now · u undo · ? keys · q quit"
)
WATCH_KEYS_HELP = N_("keys: ? keys · q quit (the director's console runs this clock)")


class ClockApp(App[None]):
    """A full-screen clock from ``feed``; with ``clock`` (a standalone clock) the keys drive it."""

    CSS = """
    Screen { align: center top; }
    #title { width: 100%; text-align: center; text-style: bold; color: $text-muted; }
    #heading { width: 100%; text-align: center; text-style: bold; margin-top: 1; }
    #time { width: auto; }
    #time.paused { color: $warning; }
    #time.break { color: $success; }
    #bets { width: 100%; text-align: center; text-style: bold; margin-top: 1; }
    #next, #break { width: 100%; text-align: center; }
    #chip-up { width: 100%; text-align: center; text-style: bold reverse; color: $warning; }
    #panels { height: 1fr; margin-top: 1; }
    #field, #prizes { width: 1fr; padding: 0 2; }
    #status { width: 100%; height: 1; color: $text-muted; }
    Screen.flash { background: $accent; }
    """
    AUTO_FOCUS = None
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        Binding("space", "pause_resume", N_("Pause"), key_display=N_("space")),
        Binding("b", "call_break", N_("Break")),
        Binding("plus", "add_minute", N_("+1 min"), key_display="+"),
        Binding("equals_sign", "add_minute", show=False),
        Binding("minus", "remove_minute", N_("-1 min"), key_display="-"),
        Binding("n", "skip", N_("Next")),
        Binding("u", "undo", N_("Undo")),
        Binding("question_mark", "keys", N_("Keys"), key_display="?"),
        Binding("q", "quit", N_("Quit")),
    ]

    def __init__(self, feed: ClockFeed, clock: Clock | None = None) -> None:
        super().__init__()
        self.feed = feed
        self.clock = clock
        """The standalone clock the keys act on; None when the screen only follows."""
        self.shown: ClockSnapshot | None = None
        self.message = ""
        self.feed_error = ""
        self.regulation: Regulation | None = None
        """The regulation last read: the screen speaks its ``language`` (else the process's)."""
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="heading")
        with Center():
            yield BigTime(id="time")
        yield Static(id="bets")
        yield Static(id="next")
        yield Static(id="break")
        yield Static(id="chip-up")
        with Horizontal(id="panels"):
            yield Static(id="field")
            yield Static(id="prizes")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.tick()
        self.set_interval(REFRESH_SECONDS, self.tick)

    def on_resize(self) -> None:
        """A bigger or smaller terminal: the digits take the size that now fits."""
        self.query_one("#time", BigTime).refresh(layout=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that drive the clock exist only on a standalone clock."""
        if action in DRIVING_ACTIONS:
            return self.clock is not None
        return True

    # ----- drawing

    def tick(self) -> None:
        """Read the feed and redraw; a level change or a break flashes and rings."""
        before = self.shown
        try:
            reading = self.feed.poll()
            self.regulation = reading.regulation
            with self._words():
                self.shown = snapshot(reading)
        except PokerroomError as error:  # a feed that cannot be read keeps the last frame
            self.message = self.feed_error = error_words(error)
        else:
            if self.feed_error and self.message == self.feed_error:
                self.message = ""  # read again: the old complaint no longer holds
            self.feed_error = ""
        try:
            with self._words():
                self._draw()
        except NoMatches:  # the refresh timer fired while the app closes its screen
            return
        if before is not None and self.shown is not None and before.segment != self.shown.segment:
            self.announce()

    def announce(self) -> None:
        """A level or break begins: the screen flashes and the terminal rings its bell."""
        self.bell()
        self.screen.add_class("flash")
        self.set_timer(FLASH_SECONDS, lambda: self.screen.remove_class("flash"))

    def _words(self) -> AbstractContextManager[None]:
        """The clock's own words: in its regulation's language, else the process's."""
        if self.regulation is None:
            return nullcontext()
        return in_regulation_language(self.regulation)

    def _draw(self) -> None:
        self.query_one("#status", Static).update(self.message)
        shot = self.shown
        if shot is None:
            return
        self.query_one("#title", Static).update(f"{shot.title} · {shot.game}")
        self.query_one("#heading", Static).update(heading(shot))
        time = self.query_one("#time", BigTime)
        time.update(shot.digits)
        time.set_class(shot.paused, "paused")
        on_break = shot.phase in (Phase.BREAK, Phase.UNSCHEDULED_BREAK)
        time.set_class(on_break and not shot.paused, "break")
        self.query_one("#bets", Static).update(bets_line(shot))
        self.query_one("#next", Static).update(next_line(shot))
        self.query_one("#break", Static).update(break_line(shot))
        chip_up = self.query_one("#chip-up", Static)
        chip_up.update(shot.chip_up or "")
        chip_up.display = shot.chip_up is not None
        self.query_one("#field", Static).update("\n".join(field_lines(shot.field)))
        prizes = self.query_one("#prizes", Static)
        rows = prizes.content_region.height or len(shot.prizes.prizes if shot.prizes else ()) + 2
        prizes.update("\n".join(prize_lines(shot.prizes, rows)))

    def _say(self, message: str) -> None:
        self.message = plain(message)  # the rule IDs a refusal cites are for developers
        self.query_one("#status", Static).update(self.message)

    # ----- the director's keys (standalone clock only)

    def _drive(self, act: Callable[[Clock, ClockState], ClockEvent], said: str = "") -> None:
        """Do one director's action on the standalone clock and say what it did."""
        if self.clock is None:
            return
        try:
            event = act(self.clock, self.clock.state())
        except PokerroomError as error:  # a refused action changes nothing (T-20)
            self._say(error_words(error))
            return
        self._say(said + event.describe())
        self.tick()

    def action_pause_resume(self) -> None:
        self._drive(lambda clock, state: clock.resume() if state.paused else clock.pause())

    def action_call_break(self) -> None:
        self._drive(lambda clock, _: clock.call_break(CALLED_BREAK_MINUTES))

    def action_add_minute(self) -> None:
        """A minute more for the level or break; before the start, the start a minute later."""
        self._drive(
            lambda clock, state: clock.add_time(MINUTE) if state.started else clock.delay_start(1)
        )

    def action_remove_minute(self) -> None:
        self._drive(lambda clock, _: clock.remove_time(MINUTE))

    def action_skip(self) -> None:
        """The next level (or the end of the break) now: the time left then is removed."""
        self._drive(lambda clock, _: clock.next_level_now(), said=gettext("next now: "))

    def action_undo(self) -> None:
        if self.clock is None:
            return
        try:
            undone = self.clock.undo()
        except PokerroomError as error:
            self._say(error_words(error))
            return
        self._say(gettext("undone: {action}").format(action=undone.describe()))
        self.tick()

    def action_keys(self) -> None:
        self._say(gettext(KEYS_HELP if self.clock is not None else WATCH_KEYS_HELP))
