"""The director's console as a Textual app: tabs for the desk, tables, clock, discipline,
money and the log; one key per action, a one-line prompt for what it needs.

Every action goes through the :class:`LiveDesk`, which saves it at once. A refused action
is one line in the status bar and changes nothing. ``1`` … ``6`` switch tabs; ``?`` lists
the keys; ``escape`` drops a prompt; ``q`` quits (everything is saved already).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Footer, Input, Static, TabbedContent, TabPane

from pokerroom.errors import PokerroomError
from pokerroom.i18n import N_, _, pgettext
from pokerroom.said import error_words
from pokerroom.table.wording import plain
from pokerroom.tournament.live.action_words import action_text
from pokerroom.tournament.live.console_tabs import TAB_TITLES, TABS
from pokerroom.tournament.live.desk import LiveDesk, what_done
from pokerroom.tournament.live.printouts import write_printouts
from pokerroom.tournament.money.deal import Deal, DealMethod
from pokerroom.tui.bindings import translate_bindings
from pokerroom.tui.director import commands
from pokerroom.tui.director.commands import Prompt
from pokerroom.tui.director.views import (
    clock_view,
    desk_view,
    discipline_view,
    log_view,
    method_text,
    money_view,
    tables_view,
)
from pokerroom.tui.director.wording import KEYS_HELP, PROMPT_KEYS, header_line

REFRESH_SECONDS = 0.5
MINUTE = 60.0


class DirectorApp(App[None]):
    """The live director's console over one :class:`LiveDesk`."""

    CSS = """
    #header { height: 1; background: $boost; text-style: bold; }
    TabbedContent { height: 1fr; }
    TabPane { padding: 0 1; }
    #status { height: auto; max-height: 3; color: $warning; }
    #prompt { height: 1; border: none; padding: 0 1; display: none; }
    #prompt.asking { display: block; }
    """
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None
    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        *(Binding(str(n), f"tab('{name}')", name, show=False) for n, name in enumerate(TABS, 1)),
        Binding("r", "ask('register')", N_("Register")),
        Binding("e", "ask('re_enter')", N_("Re-entry"), show=False),
        Binding("y", "ask('rebuy')", N_("Re-buy"), show=False),
        Binding("a", "ask('add_on')", N_("Add-on"), show=False),
        Binding("d", "draw", N_("Draw")),
        Binding("w", "print_seats", N_("Print seats"), show=False),
        Binding("x", "ask('bust')", N_("Bust")),
        Binding("b", "ask('button')", N_("Button"), show=False),
        Binding("c", "confirm", N_("Moves done")),
        Binding("s", "start", N_("Start"), show=False),
        Binding("space", "pause_resume", N_("Pause"), key_display=N_("space")),
        Binding("k", "ask('break')", N_("Break"), show=False),
        Binding("plus", "minute(1)", "+1", show=False),
        Binding("minus", "minute(-1)", "-1", show=False),
        Binding("l", "ask('level')", N_("Level"), show=False),
        Binding("n", "ask('insert_level')", N_("Insert level"), show=False),
        Binding("m", "ask('remove_level')", N_("Remove level"), show=False),
        Binding("p", "ask('penalty')", N_("Penalty"), show=False),
        Binding("h", "ask('hand')", N_("Hand"), show=False),
        Binding("o", "ask('protest')", N_("Protest"), show=False),
        Binding("v", "ask('decide')", N_("Ruling"), show=False),
        Binding("i", "ask('icm')", N_("ICM"), show=False),
        Binding("j", "ask('chop')", N_("Chop"), show=False),
        Binding("g", "agree", N_("Agree"), show=False),
        Binding("f", "finish", N_("Pay"), show=False),
        Binding("u", "undo", N_("Undo")),
        Binding("question_mark", "keys", N_("Keys"), key_display="?"),
        Binding("q", "quit", N_("Quit")),
    ]

    def __init__(
        self,
        desk: LiveDesk,
        *,
        tournament_id: int | None = None,
        print_dir: Path | None = None,
    ) -> None:
        super().__init__()
        self.desk = desk
        self.tournament_id = tournament_id
        self.print_dir = Path() if print_dir is None else print_dir
        self.asking: Prompt | None = None
        self.offer: Deal | None = None
        self.message = _("? lists the keys · everything is saved as you go")
        translate_bindings(self, {"Draw": pgettext("seat draw", "Draw")})

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with TabbedContent(*(_(TAB_TITLES[name]) for name in TABS), id="tabs"):
            for name in TABS:
                with TabPane(_(TAB_TITLES[name]), id=name), VerticalScroll():
                    yield Static(id=f"{name}-view")
        yield Static(id="status")
        yield Input(id="prompt", disabled=True)
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()
        self.set_interval(REFRESH_SECONDS, self.redraw)

    # ----- drawing

    def redraw(self) -> None:
        try:
            self._draw()
        except NoMatches:  # the refresh timer fired while the app closes its screen
            return

    def _draw(self) -> None:
        desk = self.desk
        self.query_one("#header", Static).update(header_line(desk, self.tournament_id))
        views: dict[str, Callable[[], str]] = {
            "desk": lambda: desk_view(desk),
            "tables": lambda: tables_view(desk),
            "clock": lambda: clock_view(desk),
            "discipline": lambda: discipline_view(desk),
            "money": lambda: money_view(desk, self.offer),
            "log": lambda: log_view(desk),
        }
        for name, view in views.items():
            self.query_one(f"#{name}-view", Static).update(view())
        self.query_one("#status", Static).update(self.message)

    def say(self, message: str) -> None:
        self.message = plain(message.splitlines()[0]) if message else ""  # IDs: for developers
        self.redraw()

    def show(self, tab: str) -> None:
        self.query_one("#tabs", TabbedContent).active = tab

    # ----- doing

    def attempt(self, act: Callable[[], str]) -> None:
        """One action; a refusal is one line and changes nothing."""
        try:
            said = act()
        except PokerroomError as error:
            self.say(error_words(error))
            return
        self.say(said)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While a prompt is open, the keys type into it."""
        return self.asking is None

    def action_tab(self, name: str) -> None:
        self.show(name)

    def action_ask(self, what: str) -> None:
        prompt = PROMPTS.get(what) or self._deal_prompt(DealMethod(DEAL_METHODS[what]))
        self.asking = prompt
        field = self.query_one("#prompt", Input)
        label = _(prompt.label)
        field.placeholder = label
        field.value = ""
        field.add_class("asking")
        field.disabled = False
        field.focus()
        self.say(label + _(PROMPT_KEYS))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        prompt = self.asking
        self._close_prompt()
        if prompt is not None:
            text = event.value.strip()
            self.attempt(lambda: prompt.answer(self.desk, text))

    def key_escape(self) -> None:
        if self.asking is not None:
            self._close_prompt()
            self.say(_("dropped; nothing changed"))

    def _close_prompt(self) -> None:
        self.asking = None
        field = self.query_one("#prompt", Input)
        field.remove_class("asking")
        field.value = ""
        field.disabled = True
        self.set_focus(None)

    def action_draw(self) -> None:
        self.attempt(lambda: what_done(self.desk.draw()))
        if self.desk.drawn:
            self.show("tables")

    def action_print_seats(self) -> None:
        """T-4 on paper: the seat cards and the list by table, to files to print."""

        def write() -> str:
            cards, tables = write_printouts(
                self.desk.tournament, self.print_dir, self.tournament_id
            )
            return _("to print: seat cards in {cards}, the list by table in {tables}").format(
                cards=cards, tables=tables
            )

        self.attempt(write)

    def action_confirm(self) -> None:
        self.attempt(lambda: what_done(self.desk.confirm_moves()))

    def action_start(self) -> None:
        self.attempt(lambda: what_done(self.desk.start_clock()))

    def action_pause_resume(self) -> None:
        state = self.desk.clock_state()
        paused = state is not None and state.paused
        self.attempt(lambda: what_done(self.desk.resume() if paused else self.desk.pause()))

    def action_minute(self, sign: int) -> None:
        desk = self.desk
        self.attempt(
            lambda: what_done(desk.add_time(MINUTE) if sign > 0 else desk.remove_time(MINUTE))
        )

    def action_agree(self) -> None:
        offer = self.offer
        if offer is None:
            self.say(_("no deal offered: press i (ICM) or j (chip chop) and type the chip counts"))
            return
        self.attempt(lambda: what_done(self.desk.agree_deal(offer)))
        self.offer = None
        self.redraw()

    def action_finish(self) -> None:
        self.attempt(lambda: what_done(self.desk.finish()))
        self.show("money")

    def action_undo(self) -> None:
        self.attempt(
            lambda: _("undone: {action}").format(action=action_text(self.desk.undo().what))
        )

    def action_keys(self) -> None:
        self.say(_(KEYS_HELP))

    def _deal_prompt(self, method: DealMethod) -> Prompt:
        label = DEAL_LABELS[method.value]
        return Prompt(label, lambda _desk, text: self.make_offer(method, text))

    def make_offer(self, method: DealMethod, text: str) -> str:
        self.offer = commands.offer(self.desk, method, text)
        self.show("money")
        return _("{method} deal offered: press g if every player agrees").format(
            method=method_text(method)
        )


def _register(desk: LiveDesk, text: str) -> str:
    return what_done(desk.register(text))


DEAL_LABELS = {
    "icm": N_("icm deal: NAME=CHIPS for every player left"),
    "chip-chop": N_("chip-chop deal: NAME=CHIPS for every player left"),
}
DEAL_METHODS = {"icm": "icm", "chop": "chip-chop"}

PROMPTS: dict[str, Prompt] = {
    "register": Prompt(N_("Register: the player's name"), _register),
    "re_enter": Prompt(N_("Re-entry for: name"), lambda d, t: what_done(d.re_enter(t))),
    "rebuy": Prompt(N_("Re-buy for: name"), lambda d, t: what_done(d.rebuy(t))),
    "add_on": Prompt(N_("Add-on for: name"), lambda d, t: what_done(d.add_on(t))),
    "bust": Prompt(N_("Bust-out: TABLE SEAT[:STACK] … (e.g. 3 7:4000 2:6500)"), commands.bust),
    "button": Prompt(N_("Button: TABLE SEAT"), commands.button),
    "break": Prompt(N_("Unscheduled break: minutes (10)"), commands.minutes_break),
    "level": Prompt(N_("Edit level: NUMBER SMALL BIG ANTE MINUTES"), commands.edit_level),
    "insert_level": Prompt(
        N_("Insert level: NUMBER SMALL BIG ANTE MINUTES"), commands.insert_level
    ),
    "remove_level": Prompt(N_("Remove level: NUMBER"), commands.remove_level),
    "penalty": Prompt(N_("Penalty: PLAYER CLAUSE (e.g. Ann 7.1.13)"), commands.penalty),
    "hand": Prompt(N_("A hand was dealt at: TABLE"), commands.hand_dealt),
    "protest": Prompt(N_("Protest: PENALTY PLAYER TEXT"), commands.protest),
    "decide": Prompt(N_("Ruling: PROTEST upheld|overturned"), commands.decide),
}
