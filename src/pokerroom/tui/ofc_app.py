"""The OFC table: Open-Face Chinese Pineapple against bots in the terminal (O-1 … O-7).

Keys: ``1``-``9`` or ``←``/``→`` choose one of your dealt cards, ``t``/``m``/``b``
set it on the top, middle or bottom row, ``x`` discards it, ``s`` surrenders
(only before your first card is set, O-5), ``n`` deals the next hand,
``q`` quits — the session stays open and ``pokerroom ofc --resume`` goes on, in the
middle of a hand too — and ``e`` ends the session between hands. Cards once set
never move (O-2), so there is no undo. An illegal key shows why and changes nothing.
The screen is built from the human's view only: bots' unset cards, discards and
Fantasyland rows stay hidden until the round ends (X-4, O-2, O-4). A save that fails
(the session played on in another terminal, say) or a bot that fails ends the app with
a one-line message, never a traceback: Textual's shows the frames' locals, the deck too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Header, RichLog, Static

from pokerroom.bots.ofc import OfcBot, apply_decision
from pokerroom.cards import Card
from pokerroom.errors import PokerroomError
from pokerroom.ofc import OfcError, OfcHand, Row, Session
from pokerroom.ofc.words import result_lines
from pokerroom.table.wording import counted, plain
from pokerroom.tui.ofc_render import cards_line, table_lines, task_line

HandListener = Callable[[OfcHand, tuple[int, ...]], object]
"""Called after every change with the hand and the session seat of each position: a hand
in progress (to save it for a resume) or a finished one, already added to the session."""


class OfcApp(App[str | None]):
    """One OFC session: a human in session seat ``human``, bots in the other seats.

    :meth:`run` returns None, or the one-line reason the table had to stop.
    """

    CSS = "#table { height: auto; } #log { height: 1fr; }"
    AUTO_FOCUS = None
    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        Binding("t", "set_row('top')", "Top"),
        Binding("m", "set_row('middle')", "Middle"),
        Binding("b", "set_row('bottom')", "Bottom"),
        Binding("x", "discard", "Discard"),
        Binding("left", "move(-1)", "Previous card", show=False),
        Binding("right", "move(1)", "Next card", show=False),
        Binding("s", "surrender", "Surrender", show=False),
        Binding("n", "next_hand", "Next hand"),
        Binding("e", "end_session", "End session"),
        Binding("q", "quit", "Quit"),
        *[Binding(str(i), f"choose({i})", show=False) for i in range(1, 10)],
    ]

    def __init__(
        self,
        session: Session,
        names: Sequence[str],
        bots: Mapping[int, OfcBot],
        *,
        human: int = 0,
        hands: int | None = None,
        on_change: HandListener | None = None,
        on_end: Callable[[], object] | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.names = list(names)
        """By session seat."""
        self.bots = bots
        self.human = human
        self.hands = hands
        """Hands to play; None: until the player ends the session (``e``)."""
        self.on_change = on_change
        self.on_end = on_end
        """Called when the player ends the session (``e``); ``q`` leaves it open."""
        self.hand: OfcHand | None = None
        self.seats: tuple[int, ...] = ()
        """The session seat of each position in the current hand."""
        self.selected = 0
        self.message = ""
        self.stopped: str | None = None
        """Why the table stopped (a failed save or bot); no key acts any more."""
        self._dealt: tuple[Card, ...] = ()

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static(id="table", markup=False)
            yield Static(id="cards", markup=False)
            yield Static(id="status", markup=False)
            yield RichLog(id="log", wrap=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "pokerroom — Open-Face Chinese Pineapple"
        self._start_hand()

    # ------------------------------------------------------------------ flow

    @property
    def over(self) -> bool:
        """Whether every hand asked for has been played."""
        return self.hands is not None and self.session.hands_played >= self.hands

    @property
    def _me(self) -> int:
        """The human's position in the current hand."""
        return self.seats.index(self.human)

    def _start_hand(self) -> None:
        """Deal the next hand, or go on with the session's hand in progress (resumed).

        The result of a finished hand is on the table until the next deal, then in
        the log: on the screen once, never twice.
        """
        if self.hand is not None and self.hand.is_over:
            log = self.query_one("#log", RichLog)
            for line in self._result_lines():
                log.write(line)
        self.hand = self.session.hand or self.session.start_hand()
        self.seats = tuple(self.session.seat_of(p) for p in range(self.hand.players))
        self._advance()

    def _advance(self) -> None:
        """Let the bots set their cards until the human must act or the hand is over."""
        hand = self.hand
        assert hand is not None
        failed = None
        while hand.to_act is not None and self.seats[hand.to_act] != self.human:
            player = hand.to_act
            seat = self.seats[player]
            try:
                apply_decision(hand, player, self.bots[seat].decide(hand.view(player)))
            except Exception as error:  # its text may name the bot's cards
                failed = f"bot {self.names[seat]} failed ({type(error).__name__})"
                break
        if hand.is_over:
            self.session.finish_hand()
        on_change = self.on_change  # after every action: q never loses a card set
        if on_change is not None and not self._saved(lambda: on_change(hand, self.seats)):
            return
        if failed is not None:  # what was played is saved; the bot cannot go on
            self._stop(failed)
            return
        self._redraw()

    def _saved(self, save: Callable[[], object]) -> bool:
        """Run a storage callback; if it fails, stop with its reason and return False.

        Our errors say what happened (a stale terminal: run ``pokerroom ofc --resume``);
        any other, a database's say, is named by its type alone: its text may hold the
        hand's actions, every unset card (X-4).
        """
        try:
            save()
        except PokerroomError as error:
            self._stop(str(error))
            return False
        except Exception as error:
            self._stop(f"the OFC session could not be saved ({type(error).__name__})")
            return False
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts once the table has stopped."""
        return self.stopped is None

    def _stop(self, message: str) -> None:
        """Leave the table: :meth:`run` returns ``message`` and the command prints it."""
        self.stopped = message
        self.exit(message)

    def _result_lines(self) -> list[str]:
        hand = self.hand
        assert hand is not None and hand.result is not None
        names = [self.names[seat] for seat in self.seats]
        totals = [self.session.totals[seat] for seat in self.seats]
        return result_lines(hand.result, names, totals, self.session.hands_played)

    def _redraw(self) -> None:
        hand = self.hand
        assert hand is not None
        me = self._me
        view = hand.view(me)  # only what the human may see
        pending = view.pending
        if not set(pending) <= set(self._dealt):  # a new deal: start at its first card
            self.selected = 0
        self._dealt = pending
        self.selected = min(self.selected, max(len(pending) - 1, 0))
        names = [self.names[seat] for seat in self.seats]
        totals = [self.session.totals[seat] for seat in self.seats]
        order = sorted(range(hand.players), key=lambda p: self.seats[p])
        number = self.session.hands_played + (not hand.is_over)
        of = f" of {self.hands}" if self.hands is not None else ""
        lines = [f"hand {number}{of}", "", *table_lines(view, names, totals, order)]
        if hand.is_over:
            lines += self._result_lines()
        self.query_one("#table", Static).update("\n".join(lines))
        mine = hand.to_act == me
        self.query_one("#cards", Static).update(cards_line(pending, self.selected) if mine else "")
        if mine:
            status = task_line(hand.to_place, hand.to_discard, len(pending))
        elif self.over:
            status = f"session over after {counted(self.session.hands_played, 'hand')} — q: quit"
        else:
            status = "hand over — n: next hand, q: quit (resume later), e: end the session"
        text = f"{status}\n{self.message}" if self.message else status
        self.query_one("#status", Static).update(text)

    def _refuse(self, message: str) -> None:
        """Say why a key did nothing, in words (rule IDs are for developers); no change."""
        self.message = plain(message)
        self._redraw()

    def _my_card(self) -> Card | None:
        """The selected dealt card when it is the human's turn; else say why not."""
        hand = self.hand
        if hand is None or hand.is_over:
            self._refuse("the hand is over: n deals the next one")
            return None
        pending = hand.pending(self._me)
        if hand.to_act != self._me or not pending:
            self._refuse("wait for your cards")
            return None
        return pending[self.selected]

    def _apply(self, act: Callable[[], None]) -> None:
        try:
            act()
        except OfcError as error:  # O-1, O-2, O-5: say what is allowed, change nothing
            self._refuse(str(error))
            return
        self.message = ""
        self._advance()

    # --------------------------------------------------------------- actions

    def action_choose(self, number: int) -> None:
        hand = self.hand
        count = 0 if hand is None or hand.to_act != self._me else len(hand.pending(self._me))
        if not 1 <= number <= count:
            choice = f"1-{count}" if count > 1 else "1" if count else "none now"
            self._refuse(f"no card {number}: you hold {count} cards to set ({choice})")
            return
        self.selected = number - 1
        self.message = ""
        self._redraw()

    def action_move(self, step: int) -> None:
        if self._dealt:
            self.selected = (self.selected + step) % len(self._dealt)
            self._redraw()

    def action_set_row(self, row: str) -> None:
        card = self._my_card()
        hand = self.hand
        if card is not None and hand is not None:
            self._apply(lambda: hand.place(self._me, card, Row(row)))

    def action_discard(self) -> None:
        card = self._my_card()
        hand = self.hand
        if card is not None and hand is not None:
            self._apply(lambda: hand.discard(self._me, card))

    def action_surrender(self) -> None:
        hand = self.hand
        if hand is not None:
            self._apply(lambda: hand.surrender(self._me))

    def action_next_hand(self) -> None:
        hand = self.hand
        if hand is None or not hand.is_over:
            self._refuse("finish this hand first")
        elif self.over:
            played = "the hand is" if self.hands == 1 else f"all {self.hands} hands are"
            self._refuse(f"{played} played: q quits")
        else:
            self.message = ""
            self._start_hand()

    def action_end_session(self) -> None:
        """End the session for good; only between hands, so that no hand is left unscored."""
        hand = self.hand
        if hand is not None and not hand.is_over:
            self._refuse("finish this hand first; q quits and pokerroom ofc --resume goes on")
            return
        on_end = self.on_end  # a session of --hands that is over has ended itself
        if self.over or on_end is None or self._saved(on_end):
            self.exit()
