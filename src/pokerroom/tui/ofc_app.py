"""The OFC table: Open-Face Chinese Pineapple against bots in the terminal (O-1 … O-7).

Keys: ``1``-``9`` or ``←``/``→`` choose one of your dealt cards, ``t``/``m``/``b``
set it on the top, middle or bottom row, ``x`` discards it, ``u`` undoes the last card
set this deal and Enter confirms the deal, as at the web table: only then are the cards
set, and once set they never move (O-2). ``s`` surrenders (only before your first card
is set, O-5), ``n`` deals the next hand, ``q`` quits — the session stays open and
``pokerroom ofc --resume`` goes on, in the middle of a hand too — and ``e`` ends the
session between hands. The footer lists only the keys that act now; a key that cannot
act as pressed shows why and changes nothing.
The screen is built from the human's view only: bots' unset cards, discards and
Fantasyland rows stay hidden until the round ends (X-4, O-2, O-4). A save that fails
(the session played on in another terminal, say) or a bot that fails ends the app with
a one-line message, never a traceback: Textual's shows the frames' locals, the deck too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Header, RichLog, Static

from pokerroom.bots.ofc import OfcBot, OfcDecision, apply_decision
from pokerroom.cards import Card
from pokerroom.errors import PokerroomError
from pokerroom.i18n import N_, current_language, gettext, ngettext, use_language
from pokerroom.ofc import OfcError, OfcHand, Row, Session
from pokerroom.ofc.words import refusal_text, result_lines
from pokerroom.table.wording import plain
from pokerroom.tui.bindings import translated_bindings
from pokerroom.tui.ofc_render import (
    SHOWN_ROWS,
    cards_line,
    row_name,
    settled_lines,
    table_lines,
    task_line,
)

HandListener = Callable[[OfcHand, tuple[int, ...]], object]
"""Called after every change with the hand and the session seat of each position: a hand
in progress (to save it for a resume) or a finished one, already added to the session."""


class OfcApp(App[str | None]):
    """One OFC session: a human in session seat ``human``, bots in the other seats.

    :meth:`run` returns None, or the one-line reason the table had to stop.
    """

    CSS = "#table { height: auto; } #log { height: 1fr; }"
    AUTO_FOCUS = None
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        Binding("t", "set_row('top')", N_("Top")),
        Binding("m", "set_row('middle')", N_("Middle")),
        Binding("b", "set_row('bottom')", N_("Bottom")),
        Binding("x", "discard", N_("Discard")),
        Binding("u", "undo", N_("Undo")),
        Binding("enter", "confirm", N_("Confirm")),
        Binding("left", "move(-1)", N_("Previous card"), show=False),
        Binding("right", "move(1)", N_("Next card"), show=False),
        Binding("s", "surrender", N_("Surrender"), show=False),
        Binding("n", "next_hand", N_("Next hand")),
        Binding("e", "end_session", N_("End session")),
        Binding("q", "quit", N_("Quit")),
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
        self._bindings = translated_bindings(self._bindings)
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
        """Which of :meth:`unplanned` is chosen."""
        self.plan: list[tuple[Card, Row | None]] = []
        """This deal's cards set here (a row, or None: discarded), in order; sent on Enter."""
        self.message = ""
        self.stopped: str | None = None
        """Why the table stopped (a failed save or bot); no key acts any more."""
        self._dealt: tuple[Card, ...] = ()

    async def _process_messages(self, *args: Any, **kwargs: Any) -> None:
        """Run the app in the language it was started in (OFC has one vocabulary)."""
        with use_language(current_language()):
            await super()._process_messages(*args, **kwargs)

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static(id="table", markup=False)
            yield Static(id="cards", markup=False)
            yield Static(id="status", markup=False)
            yield RichLog(id="log", wrap=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = gettext("pokerroom — Open-Face Chinese Pineapple")
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
                failed = gettext("bot {name} failed ({error})").format(
                    name=self.names[seat], error=type(error).__name__
                )
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
            self._stop(
                gettext("the OFC session could not be saved ({error})").format(
                    error=type(error).__name__
                )
            )
            return False
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that act now are active and in the footer; none once stopped."""
        hand = self.hand
        if self.stopped is not None or hand is None:
            return False
        placing = not hand.is_over and hand.to_act == self._me
        to_place, to_discard = self.left()
        if action in ("choose", "move"):
            return placing and bool(self.unplanned())
        if action == "set_row":
            return placing and to_place > 0
        if action == "discard":
            return placing and to_discard > 0
        if action == "undo":
            return placing and bool(self.plan)
        if action == "confirm":
            return placing and (to_place, to_discard) == (0, 0)
        if action == "next_hand":
            return hand.is_over and not self.over
        if action == "end_session":
            return hand.is_over
        return True

    def unplanned(self) -> tuple[Card, ...]:
        """The human's dealt cards not yet set or discarded here."""
        hand = self.hand
        if hand is None or hand.is_over:
            return ()
        planned = {card for card, _ in self.plan}
        return tuple(card for card in hand.pending(self._me) if card not in planned)

    def left(self) -> tuple[int, int]:
        """Cards still to set on rows, and to discard, in this deal, after the plan."""
        hand = self.hand
        if hand is None or hand.is_over or hand.to_act != self._me:
            return 0, 0
        discarded = sum(row is None for _, row in self.plan)
        return hand.to_place - (len(self.plan) - discarded), hand.to_discard - discarded

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
        if not {card for card, _ in self.plan} <= set(pending):  # a new deal: nothing set
            self.plan = []
        if not set(pending) <= set(self._dealt):  # a new deal: start at its first card
            self.selected = 0
        self._dealt = pending
        unplanned = self.unplanned()
        self.selected = min(self.selected, max(len(unplanned) - 1, 0))
        names = [self.names[seat] for seat in self.seats]
        totals = [self.session.totals[seat] for seat in self.seats]
        order = sorted(range(hand.players), key=lambda p: self.seats[p])
        number = self.session.hands_played + (not hand.is_over)
        if self.hands is not None:
            title = gettext("hand {number} of {hands}").format(number=number, hands=self.hands)
        else:
            title = gettext("hand {number}").format(number=number)
        lines = [title]
        if hand.is_over:  # the boards a line each: the whole result fits 80×24
            lines += [*settled_lines(view, names, totals, order), *self._result_lines()]
        else:
            lines += ["", *table_lines(view, names, totals, order, self.plan)]
        self.query_one("#table", Static).update("\n".join(lines))
        mine = hand.to_act == me and not hand.is_over
        self.query_one("#cards", Static).update(
            cards_line(unplanned, self.selected) if mine else ""
        )
        self.query_one("#status", Static).update(self._status_text(mine, len(unplanned)))
        self.refresh_bindings()

    def _status_text(self, mine: bool, unplanned: int) -> str:
        hand = self.hand
        assert hand is not None
        if mine:
            to_place, to_discard = self.left()
            if (to_place, to_discard) == (0, 0):
                status = gettext("your deal is set — Enter confirms it, u undoes the last card")
            else:
                undo = " · " + gettext("u undo") if self.plan else ""
                status = task_line(to_place, to_discard, unplanned) + undo
        elif not hand.is_over:
            status = gettext("the others set their cards")
        elif self.over:
            played = self.session.hands_played
            status = ngettext(
                "session over after {count} hand — q: quit",
                "session over after {count} hands — q: quit",
                played,
            ).format(count=played)
        else:
            status = gettext("hand over — n: next hand, q: quit (resume later), e: end the session")
        return f"{status}\n{self.message}" if self.message else status

    def _refuse(self, message: str) -> None:
        """Say why a key did nothing, in words (rule IDs are for developers); no change."""
        self.message = plain(message)
        self._redraw()

    def _apply(self, act: Callable[[], None]) -> None:
        try:
            act()
        except OfcError as error:  # O-1, O-2, O-5: say what is allowed, change nothing
            self._refuse(refusal_text(error, self._me))
            return
        self.message = ""
        self.plan = []
        self._advance()

    # --------------------------------------------------------------- actions

    def action_choose(self, number: int) -> None:
        count = len(self.unplanned())
        if not 1 <= number <= count:
            self._refuse(no_card(number, count))
            return
        self.selected = number - 1
        self.message = ""
        self._redraw()

    def action_move(self, step: int) -> None:
        count = len(self.unplanned())
        if count:
            self.selected = (self.selected + step) % count
            self._redraw()

    def action_set_row(self, row: str) -> None:
        """Set the chosen card on ``row`` here; nothing is final before Enter (O-1)."""
        hand = self.hand
        assert hand is not None
        board = hand.board(self._me)
        free = {r: board.free(r) - sum(p == r for _, p in self.plan) for r in SHOWN_ROWS}
        if free[Row(row)] <= 0:
            self._refuse(row_full(row, {r.value: count for r, count in free.items()}))
            return
        self._plan_card(Row(row))

    def action_discard(self) -> None:
        self._plan_card(None)

    def _plan_card(self, row: Row | None) -> None:
        unplanned = self.unplanned()
        self.plan.append((unplanned[self.selected], row))
        self.message = ""
        self._redraw()

    def action_undo(self) -> None:
        """Take back the last card set this deal: it is chosen again."""
        card, _ = self.plan.pop()
        self.message = ""
        self.selected = self.unplanned().index(card)
        self._redraw()

    def action_confirm(self) -> None:
        """Send the whole deal, checked whole (O-1, O-2): only now are the cards set."""
        hand = self.hand
        assert hand is not None
        placements = tuple((card, row) for card, row in self.plan if row is not None)
        discards = [card for card, row in self.plan if row is None]
        decision = OfcDecision(placements, discards[0] if discards else None)
        self._apply(lambda: apply_decision(hand, self._me, decision))

    def action_surrender(self) -> None:
        hand = self.hand
        if hand is not None:
            self._apply(lambda: hand.surrender(self._me))

    def action_next_hand(self) -> None:
        self.message = ""
        self._start_hand()

    def action_end_session(self) -> None:
        """End the session for good; only between hands, so that no hand is left unscored."""
        on_end = self.on_end  # a session of --hands that is over has ended itself
        if self.over or on_end is None or self._saved(on_end):
            self.exit()


def no_card(number: int, count: int) -> str:
    """Why key ``number`` chose nothing: the cards to set are numbered 1 … ``count``."""
    choice = f"1-{count}" if count > 1 else "1"
    return ngettext(
        "no card {number}: you hold {count} card to set ({choice})",
        "no card {number}: you hold {count} cards to set ({choice})",
        count,
    ).format(number=number, count=count, choice=choice)


def row_full(row: str, free: Mapping[str, int]) -> str:
    """Why a card cannot go on ``row``, and the places still open on each row (O-1)."""
    room = ", ".join(f"{row_name(name)} {count}" for name, count in free.items())
    return gettext("the {row} row is full; open places: {places}").format(
        row=row_name(row), places=room
    )
