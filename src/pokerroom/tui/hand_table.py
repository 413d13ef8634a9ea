"""The terminal table's hand at play: keys, buttons, presets, shot clock and show/muck.

:class:`HandTableApp` plays one engine hand at a time with bots in some seats and people
in others; what a hand belongs to (a home series, a tournament table) is its subclass's:
which seat a position sits in, the names, the stakes line, what happens when a hand ends
and how the next one comes. Keys: ``f`` fold, ``c`` check or call, ``r`` bet or raise
(type the total, Enter), ``m``/``h``/``t``/``p``/``a`` bet the minimum, ½ pot, ⅔ pot, the
pot or all-in (the largest bet allowed), ``b`` bring in, ``1``-``5`` mark cards and ``d``
draw, ``s``/``x`` show or muck at showdown (P-5), ``y``/``o`` run it twice or once when
everyone is all-in before the river at a table that offers it, ``n`` next hand,
``space`` show the cards of the player whose turn it is (hot seat), ``?`` list the keys,
``q`` quit. A shot clock counts down each bet (A-18): when it runs out the player checks
if he can, else folds (``club``: folds), and the log says so. The screen is built from the
acting human's view only: bots' cards stay hidden unless shown at showdown (X-4); the hand
log is what every player at the table saw.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Input, RichLog, Static

from pokerroom.amounts import amount_text
from pokerroom.bots import Bot, play_hand, tell_hand_over
from pokerroom.cards import card_face
from pokerroom.engine import Action, Hand, IllegalAction, Limit
from pokerroom.engine.views import HandView, view_of
from pokerroom.i18n import N_, Vocabulary, current_language, gettext, use_language
from pokerroom.table.presets import preset_amounts, presets
from pokerroom.table.run_twice import AGREE, DECLINE, QUESTION, RunTwiceVote, asked
from pokerroom.table.seating import Blinds
from pokerroom.table.showdown import must_ask, settle_showdown, shown_hand_names
from pokerroom.table.story import Story, Words, tell
from pokerroom.table.wording import FOLD_WHEN_FREE, refusal, said_text
from pokerroom.tui.bindings import translated_bindings
from pokerroom.tui.layout import MIN_HEIGHT, draw_table
from pokerroom.tui.render import (
    SHOWDOWN_PROMPT,
    board_lines,
    clock_line,
    draw_line,
    hand_title,
    options_line,
)
from pokerroom.tui.seats import seat_labels
from pokerroom.tui.table_screen import (
    BET_BINDINGS,
    BET_KEYS_HELP,
    RESERVED_ROWS,
    TABLE_CSS,
    bet_buttons,
    table_widgets,
)

MORE_KEYS_HELP = N_("n next hand · space show my cards (hot seat) · ? keys · q quit")


def keys_help() -> str:
    """What ``?`` writes in the log: every key of the table."""
    return f"{gettext(BET_KEYS_HELP)} · {gettext(MORE_KEYS_HELP)}"


class HandTableApp(App[None]):
    """One table's hands; humans sit in ``humans`` (seat numbers), bots in the others."""

    CSS = TABLE_CSS
    AUTO_FOCUS = None  # keys go to the table; the amount box takes focus only for a raise
    reserved_rows = RESERVED_ROWS
    """Rows kept off the table drawing (more with a header above it)."""
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        *BET_BINDINGS,
        Binding("space", "reveal", N_("Show my cards")),
        Binding("n", "next_hand", N_("Next hand")),
        Binding("question_mark", "keys", N_("Keys"), key_display="?"),
        Binding("q", "quit", N_("Quit")),
    ]

    def __init__(
        self,
        humans: set[int],
        bots: Mapping[int, Bot],
        *,
        hot_seat: bool = False,
        hand: Hand | None = None,
        clock: int | None = 30,
        countdown: int = 10,
        auto_muck: bool = False,
        vocabulary: Vocabulary = "club",
    ) -> None:
        super().__init__()
        self.vocabulary: Vocabulary = vocabulary
        """The rule book's words the table speaks (``home``: «Фолд», ``club``: «Пас»)."""
        with use_language(current_language(), vocabulary):
            self._bindings = translated_bindings(self._bindings)
        self.clock = clock
        """Seconds to decide before the countdown (A-18); None for no clock."""
        self.countdown = countdown
        self.auto_muck = auto_muck
        """P-5: muck a human's hand that cannot win without asking him."""
        self.seconds_left: int | None = None
        self.humans = humans
        self.bots = bots
        self.hot_seat = hot_seat
        self.hand = hand
        self._told: Hand | None = None
        """The last hand whose end the bots were shown (they learn from each once)."""
        self.marked: set[int] = set()
        self.revealed_for: int | None = None
        self.message = ""
        self.fold_asked: tuple[int, int] | None = None
        """The decision (hand, events so far) at which a fold was asked to be confirmed."""
        self.timeouts: set[int] = set()
        """Indices of the current hand's events the shot clock made (A-18)."""
        self.logged = 0
        """Lines of the current hand's story already in the log."""
        self.vote: RunTwiceVote | None = None
        """The people's answers to run it twice (bots agree), while the hand waits."""
        self.bottom_seat: int | None = None
        """The seat drawn at the bottom in the middle: the last human whose view was shown."""

    async def _process_messages(self, *args: Any, **kwargs: Any) -> None:
        """Run the app in the language it was started in, with the table's vocabulary:
        every widget's task copies this context, so all the screen says is in it."""
        with use_language(current_language(), self.vocabulary):
            await super()._process_messages(*args, **kwargs)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield from self._above_table()
            yield from table_widgets()
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        if self.hand is not None:
            self._redraw()

    # --------------------------------------------------- what the subclass says

    def _above_table(self) -> ComposeResult:
        """Widgets above the game line (a tournament's header); none by default."""
        yield from ()

    def _seat_of(self, position: int) -> int:
        """The seat of an engine position in the hand being played."""
        raise NotImplementedError

    def _seat_name(self, seat: int) -> str:
        raise NotImplementedError

    def _hand_number(self) -> int:
        """The number of the hand being played, from 1."""
        raise NotImplementedError

    def _table_size(self) -> int:
        raise NotImplementedError

    def _info_line(self, hand: Hand) -> str:
        """The game line above the table: hand number and stakes."""
        raise NotImplementedError

    def _marks(self, hand: Hand) -> Blinds | None:
        """The button and blinds to mark (None: none, as in Stud)."""
        raise NotImplementedError

    def _after_play(self, hand: Hand) -> None:
        """Called after every round of play (a hand that ended included), before the redraw."""
        raise NotImplementedError

    def _done_status(self) -> str:
        """The status line once the hand is over."""
        raise NotImplementedError

    def _may_deal_next(self) -> bool:
        """Whether ``n`` works once the hand is over."""
        raise NotImplementedError

    def _time_bank(self) -> int | None:
        """A-18: seconds of a time bank to use now the shot clock ran out (None: no bank)."""
        return None

    # ------------------------------------------------------------------ flow

    def _start_clock(self) -> None:
        """Each second: the shot clock (when there is one) and run it twice's 10 s."""
        self.set_interval(1, self._tick)

    @property
    def _actor(self) -> int | None:
        hand = self.hand
        if hand is None:
            return None
        if hand.phase == "bet":
            return hand.to_act
        if hand.phase == "draw":
            return hand.to_draw
        if hand.phase == "runs":
            waiting = self.vote.waiting if self.vote is not None else ()
            return waiting[0] if waiting else None
        return hand.next_to_show

    def _human_to_act(self) -> int | None:
        actor = self._actor
        if actor is None or self._seat_of(actor) not in self.humans:
            return None
        return actor

    def _settle_showdown(self, hand: Hand) -> None:
        """P-5: bots show or muck as the room would; a human who may muck is asked."""
        settle_showdown(
            hand, lambda p: self._seat_of(p) in self.humans and must_ask(hand, self.auto_muck)
        )

    def _advance(self) -> None:
        """Let bots act until a human must decide or the hand is over; then redraw."""
        hand = self.hand
        assert hand is not None
        bots = {
            p: self.bots[self._seat_of(p)]
            for p in range(hand.players)
            if self._seat_of(p) not in self.humans
        }
        names = [self._seat_name(self._seat_of(p)) for p in range(hand.players)]
        play_hand(hand, bots, names)
        if hand.phase == "runs" and self.vote is None:
            self.vote = RunTwiceVote.ask(asked(hand), now=time.monotonic())
            for position in self.vote.waiting:
                if position in bots:
                    self.vote.answer(position, agree=True)  # a bot agrees
        self._settle_showdown(hand)
        if hand.phase == "done" and self._told is not hand:
            self._told = hand
            tell_hand_over(hand, bots, names)
        self._log_story()
        self._after_play(hand)
        self._redraw()

    # ------------------------------------------------------------------- log

    def _words(self) -> Words:
        """Positions' names; a lone human (not hot seat) is addressed as "You"."""
        hand = self.hand
        assert hand is not None
        names = [self._seat_name(self._seat_of(p)) for p in range(hand.players)]
        mine = [p for p in range(hand.players) if self._seat_of(p) in self.humans]
        you = mine[0] if len(mine) == 1 and not self.hot_seat else None
        return Words(names, you, amount_text, card_face)

    def _story(self, view: HandView) -> Story:
        hand = self.hand
        assert hand is not None
        return tell(
            view.events,
            self._words(),
            hand.config.stacks,
            self.timeouts,
            boards=len(hand.boards),
            hand_names=shown_hand_names(hand),
        )

    def _log_hand_start(self) -> None:
        self.logged = 0
        self.timeouts = set()
        self.query_one("#log", RichLog).write(hand_title(self._hand_number()))

    def _log_story(self) -> None:
        """Write the hand's new actions and deals: what every player at the table saw (X-4)."""
        hand = self.hand
        assert hand is not None
        lines = self._story(view_of(hand, None)).lines
        log = self.query_one("#log", RichLog)
        for line in lines[self.logged :]:
            log.write(line)
        self.logged = len(lines)

    # ---------------------------------------------------------------- screen

    def _viewer(self) -> int | None:
        """Whose cards the screen shows: the acting human, else the only human seated."""
        actor = self._human_to_act()
        if actor is not None:
            return actor
        hand = self.hand
        assert hand is not None
        seated = [p for p in range(hand.players) if self._seat_of(p) in self.humans]
        return seated[0] if len(seated) == 1 else None

    def _hidden(self, viewer: int | None) -> bool:
        """Hot seat: the player to act has not yet asked to see his cards."""
        return self.hot_seat and viewer is not None and self.revealed_for != viewer

    def _redraw(self) -> None:
        hand = self.hand
        assert hand is not None
        viewer = self._viewer()
        view = view_of(hand, viewer)
        hide = self._hidden(viewer)
        seats = [self._seat_of(p) for p in range(hand.players)]
        names = {seat: self._seat_name(seat) for seat in seats}
        variant = hand.config.variant
        self.query_one("#info", Static).update(self._info_line(hand))
        marks = None if variant.stud else self._marks(hand)
        story = self._story(view)
        blinds = bool(hand.config.blinds)
        labels = seat_labels(view, seats, names, story, marks, blinds=blinds, hide_own=hide)
        pots = [pot.amount for pot in hand.pots_in_middle]  # P-1, A-16: as players read them
        centre = board_lines(view, pots, has_board=any(s.board for s in variant.streets))
        if self.seconds_left is not None and self._human_to_act() is not None:
            centre.append(clock_line(self.seconds_left))
        width, height = self.size.width, self.size.height
        rows = max(MIN_HEIGHT, min(18, height - self.reserved_rows))
        if viewer is not None:
            self.bottom_seat = self._seat_of(viewer)
        elif not self.humans:  # watching a table: seat 1 at the bottom
            self.bottom_seat = None
        you = self.bottom_seat or min(self.humans, default=None)
        table = draw_table(labels, centre, self._table_size(), width, rows, you)
        self.query_one("#table", Static).update(table)
        self._show_buttons(view if not hide else None)
        self.query_one("#status", Static).update(self._status(view, viewer, hide))
        self.refresh_bindings()

    def _status(self, view: HandView, viewer: int | None, hide: bool) -> str:
        hand = self.hand
        assert hand is not None
        if hide and viewer is not None:
            name = self._seat_name(self._seat_of(viewer))
            status = gettext("pass the keyboard to {name} and press space").format(name=name)
        elif hand.phase == "done":
            status = self._done_status()
        elif hand.phase == "draw" and self._human_to_act() is not None:
            status = draw_line(view.hole[viewer] if viewer is not None else (), self.marked)
        elif hand.phase == "showdown" and self._human_to_act() is not None:
            status = gettext(SHOWDOWN_PROMPT)
        elif hand.phase == "runs" and self.vote is not None:
            left = max(0, round(self.vote.deadline - time.monotonic()))
            status = gettext("{question} y {agree} · o {decline} ({left} s)").format(
                question=gettext(QUESTION),
                agree=gettext(AGREE).lower(),
                decline=gettext(DECLINE).lower(),
                left=left,
            )
        else:
            legal = view.legal
            options = legal.describe(amount_text) if legal is not None else []
            status = options_line([said_text(option) for option in options])
        return f"{status}\n{self.message}" if self.message else status

    def _show_buttons(self, view: HandView | None) -> None:
        """The legal actions as buttons with their exact amounts (and the bet presets)."""
        row = self.query_one("#buttons", Horizontal)
        row.remove_children()
        if view is not None and self.vote is not None and self._human_to_act() is not None:
            row.mount(
                Button(gettext(AGREE), name="do-twice", compact=True),
                Button(gettext(DECLINE), name="do-once", compact=True),
            )
            return
        if view is None or view.legal is None:
            return
        legal = view.legal
        buttons = bet_buttons(
            fold=legal.fold,
            check=legal.check,
            call=legal.call,
            bring_in=legal.bring_in,
            presets=presets(view),
        )
        row.mount(*buttons)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that work now are active, and only they are in the footer."""
        hand = self.hand
        if hand is None or action in ("quit", "keys"):
            return True
        actor = self._human_to_act()
        hidden = self._hidden(actor)
        if action == "reveal":
            return actor is not None and hidden
        if action == "next_hand":
            return hand.phase == "done" and self._may_deal_next()
        if actor is None or hidden:
            return False
        if hand.phase == "draw":
            return action in ("mark", "draw")
        if hand.phase == "showdown":
            return action in ("show", "muck")
        if hand.phase == "runs":
            return action == "run_twice"
        if hand.phase != "bet":
            return False
        return self._bet_key_works(hand, action, parameters)

    def _bet_key_works(self, hand: Hand, action: str, parameters: tuple[object, ...]) -> bool:
        legal = hand.legal_actions()
        can_raise = legal.raise_min is not None
        if action == "fold":
            return legal.fold
        if action == "check_call":
            return legal.check if parameters == ("check",) else legal.call is not None
        if action == "bring_in":
            return legal.bring_in is not None
        if action == "raise":  # the footer names it: bet, raise, or complete (V-5)
            word = "complete" if legal.complete else "bet" if legal.bet else "raise"
            return can_raise and parameters == (word,)
        if action == "preset" and can_raise:
            if hand.config.limit is not Limit.FIXED_LIMIT:
                return True
            player = legal.player  # fixed-limit: one size; all-in only when it is the stack
            everything = hand.committed[player] + hand.stacks[player]
            return parameters == ("min",) or (
                parameters == ("all-in",) and legal.raise_max == everything
            )
        return False

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
        elif button in ("do-twice", "do-once"):
            self.action_run_twice(button == "do-twice")

    def _tick(self) -> None:
        """A-18: count down the decision; at zero a time bank extends it if there is one,
        else the timeout action is taken."""
        actor = self._human_to_act()
        hand = self.hand
        if hand is not None and hand.phase == "runs" and self.vote is not None:
            if self.vote.runs_at(time.monotonic()) is not None:  # silence: the board runs once
                self._choose_runs(1)
            else:
                self._redraw()
            return
        if actor is None or hand is None or hand.phase != "bet" or self.clock is None:
            self.seconds_left = None
            return
        if self.seconds_left is None:
            self.seconds_left = self.clock + self.countdown
        self.seconds_left -= 1
        if self.seconds_left <= 0:
            bank = self._time_bank()
            if bank is not None:
                self.seconds_left = bank
                self._redraw()
                return
            self.seconds_left = None
            self.timeouts.add(len(hand.events))
            self._do(hand.timeout_action(), force=True)
            return
        self._redraw()

    def _do(self, action: Action, *, force: bool = False) -> None:
        actor = self._human_to_act()
        hand = self.hand
        if actor is None or hand is None or hand.phase != "bet":
            return
        if self._hidden(actor) and not force:
            return
        try:
            hand.act(action, actor)
        except IllegalAction as error:  # say what is allowed, change nothing
            self.message = refusal(error, actor)
            self._redraw()
            return
        self.message = ""
        self.seconds_left = None
        self._advance()

    # --------------------------------------------------------------- actions

    def action_fold(self) -> None:
        hand = self.hand
        free = (
            hand is not None
            and hand.phase == "bet"
            and self._human_to_act() is not None
            and hand.legal_actions().check
        )
        if free and hand is not None and self.fold_asked != (id(hand), len(hand.events)):
            self.fold_asked = (id(hand), len(hand.events))  # asked once; f again folds
            self.message = gettext(FOLD_WHEN_FREE)
            self._redraw()
            return
        self._do(Action.fold())

    def action_check_call(self, _: str = "") -> None:
        """Check when nothing is owed, else call (the footer names which)."""
        hand = self.hand
        if hand is None or hand.phase != "bet":
            return
        self._do(Action.check() if hand.legal_actions().check else Action.call())

    def action_bring_in(self) -> None:
        self._do(Action.bring_in())

    def action_preset(self, name: str) -> None:
        """Bet or raise by a preset: min, ½ pot, ⅔ pot, pot, all-in (the largest allowed)."""
        actor = self._human_to_act()
        hand = self.hand
        if actor is None or hand is None or hand.phase != "bet":
            return
        amount = preset_amounts(view_of(hand, actor)).get(name)
        if amount is not None:
            self._do(Action.raise_to(amount))

    def action_raise(self, _: str = "") -> None:
        """Open the amount box: type the total to bet or raise to (A-7)."""
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
            self.message = gettext("{typed} is not a whole number of chips").format(
                typed=repr(event.value)
            )
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

    def _showdown_choice(self, show: bool) -> None:
        """P-5: the human due to show decides; the last live hand of a pot must show."""
        actor = self._human_to_act()
        hand = self.hand
        if actor is None or hand is None or hand.phase != "showdown":
            return
        try:
            if show:
                hand.show(actor)
            else:
                hand.muck(actor)
        except IllegalAction as error:
            self.message = refusal(error, actor)
            self._redraw()
            return
        self.message = ""
        self._advance()

    def action_run_twice(self, agree: bool) -> None:
        """The asked player's answer; everyone agreeing runs it twice, a refusal once."""
        actor = self._human_to_act()
        vote = self.vote
        if actor is None or vote is None or self._hidden(actor):
            return
        runs = vote.answer(actor, agree=agree)
        if runs is None:
            self._redraw()
            return
        self._choose_runs(runs)

    def _choose_runs(self, runs: int) -> None:
        hand = self.hand
        assert hand is not None
        self.vote = None
        hand.choose_runs(runs)
        self._advance()

    def action_show(self) -> None:
        self._showdown_choice(show=True)

    def action_muck(self) -> None:
        self._showdown_choice(show=False)

    def action_reveal(self) -> None:
        self.revealed_for = self._human_to_act()
        self._redraw()

    def action_keys(self) -> None:
        self.query_one("#log", RichLog).write(keys_help())
