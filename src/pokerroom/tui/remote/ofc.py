"""An OFC Pineapple table of a server (``kind: "ofc"`` frames), played in the terminal.

Drawn with the local OFC table's drawing (:mod:`pokerroom.tui.ofc_render`): every player's
three rows, your cards still to set, the task. The server takes a whole deal in one
``place`` (O-2, O-4), so the cards are set here first and sent together: ``1``-``9`` or
``←``/``→`` choose a card, ``t``/``m``/``b`` set it on the top, middle or bottom row, ``x``
discards it, ``u`` undoes the last, Enter sends the deal; ``s`` surrenders the hand
before your first card is set (O-5). ``e`` takes a seat (type its
number, or Enter for the first free one: the poker table's seat box and its refusals,
:mod:`pokerroom.tui.remote.seating`) and ``g`` leaves (before the first deal), ``n``
deals (the host), ``z`` sits out or back in, ``?`` keys, ``q`` quits. Only what the
frame holds is drawn (X-4): another player's discards are counted, a Fantasyland board
stays hidden until the round ends (O-4). At 80×24 three players' rows, your cards, the
task and every key fit (the footer compact, each player's discards on his name line).
Each settled hand's points, fouls and royalties (O-5 … O-7) end the hand's log.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, RichLog, Static

from pokerroom.cards import Card
from pokerroom.i18n import N_, gettext
from pokerroom.ofc import Row
from pokerroom.protocol.frames import OfcSeatFrame, OfcTableFrame
from pokerroom.tui.bindings import translated_bindings
from pokerroom.tui.ofc_render import (
    OfcSeat,
    cards_line,
    no_card,
    row_full,
    seat_lines,
    settled_line,
    task_line,
)
from pokerroom.tui.remote import seating
from pokerroom.tui.remote.clock import ServerClock
from pokerroom.tui.remote.hand_log import Logged, unwritten
from pokerroom.tui.remote.view import TABLE_STATUS_WORDS, seat_label_name, seat_name
from pokerroom.tui.render import clock_line, next_hand_line

Send = Callable[[dict[str, object]], Awaitable[None]]
ROWS = ("top", "middle", "bottom")
DISCARD = "discard"
OVER = N_("hand {number} over:")
"""The log line that opens a settled hand's result (:mod:`pokerroom.ofc.words`)."""
KEYS_HELP = N_(
    "keys: 1-9 or ←/→ choose a card · t top · m middle · b bottom · x discard · u undo · "
    "Enter send the deal · s surrender (before your first card) · e take a seat · "
    "g leave · n deal (host) · z sit out / sit in · ? keys · q quit"
)


class RemoteOfcScreen(Screen[None]):
    """One OFC table as its frames show it to this viewer."""

    CSS = (
        "#ofc-table { height: auto; } #ofc-log { height: 1fr; min-height: 1; } "
        "#ofc-seat { display: none; }"
    )
    AUTO_FOCUS = None
    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        Binding("t", "set_row('top')", N_("Top")),
        Binding("m", "set_row('middle')", N_("Middle")),
        Binding("b", "set_row('bottom')", N_("Bottom")),
        Binding("x", "set_row('discard')", N_("Discard")),
        Binding("u", "undo", N_("Undo")),
        Binding("enter", "confirm", N_("Send")),
        Binding("s", "surrender", N_("Surrender")),
        Binding("left", "move(-1)", N_("Previous card"), show=False),
        Binding("right", "move(1)", N_("Next card"), show=False),
        *[Binding(str(i), f"choose({i})", show=False) for i in range(1, 10)],
        Binding("e", "sit", N_("Take a seat")),
        Binding("e", "end_session", N_("End session")),
        Binding("g", "leave", N_("Leave")),
        Binding("n", "start", N_("Deal")),
        Binding("z", "away('sit_out')", N_("Away")),
        Binding("z", "away('sit_in')", N_("Back in")),
        Binding("question_mark", "keys", N_("Keys"), key_display="?"),
    ]

    def __init__(
        self, send: Send, clock: ServerClock, on_end: Callable[[], None] | None = None
    ) -> None:
        super().__init__()
        self.on_end = on_end
        """Ends the session between hands (a terminal's own table, ``e``); None: no key."""
        self._bindings = translated_bindings(self._bindings)
        self.send = send
        self.clock = clock
        self.frame: OfcTableFrame | None = None
        self.plan: list[tuple[str, str]] = []
        """This deal's cards set here so far, in order: (card, row or ``discard``)."""
        self.plan_turn: str | None = None
        self.selected = 0
        self.message = ""
        self.logged: Logged = (0, 0)
        self.results_logged: set[int] = set()
        self.first_result: int | None = None
        self.ready = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="ofc-table", markup=False)
            yield Static(id="ofc-cards", markup=False)
            yield Input(id="ofc-seat")
            yield Static(id="ofc-status", markup=False)
            yield RichLog(id="ofc-log", wrap=True)
        yield Footer(compact=True)  # every key of a cash decision in 80 columns

    def on_mount(self) -> None:
        self.ready = True
        self.set_interval(0.5, self._tick)
        if self.frame is not None:
            self._write_log(self.frame)
        self._redraw()

    # ---------------------------------------------------------------- frames

    def receive(self, frame: OfcTableFrame) -> None:
        you = frame["you"]
        turn = None if frame["hand"] is None else frame["hand"]["turn"]
        if you["decision"] != "place" or turn != self.plan_turn:
            self.plan, self.selected = [], 0  # a new deal (or none): nothing set here yet
        self.plan_turn = turn
        self.frame = frame
        if self.ready:
            self._write_log(frame)
            self._redraw()

    def say(self, message: str) -> None:
        """A refusal or the link's state, on the status line."""
        self.message = message
        if self.ready:
            self._redraw()

    def _write_log(self, frame: OfcTableFrame) -> None:
        log = self.query_one("#ofc-log", RichLog)
        hand = frame["hand"]
        if hand is not None:
            fresh, self.logged = unwritten(self.logged, hand["number"], hand["log"])
            for line in fresh:
                log.write(line)
                over = {said.format(number=hand["number"]) for said in (OVER, gettext(OVER))}
                if line in over:  # the hand's result is in its log (as the server words it)
                    self.results_logged.add(hand["number"])
        results = frame["results"]
        if self.first_result is None:  # the hands before you came are not news
            self.first_result = results[0]["number"] if results else 0
        for result in reversed(results):
            number = result["number"]
            if number > self.first_result and number not in self.results_logged:
                self.results_logged.add(number)
                for line in result["lines"]:
                    log.write(line)
        notice = frame["you"]["notice"]
        if notice:
            self.message = notice

    # ---------------------------------------------------------------- screen

    def _tick(self) -> None:
        frame = self.frame
        if frame is not None and (
            frame["next_hand_at"] is not None
            or (frame["hand"] is not None and frame["hand"]["clock"] is not None)
        ):
            self._redraw()

    def pending(self) -> list[str]:
        """Your dealt cards not yet set here."""
        if self.frame is None:
            return []
        planned = {card for card, _ in self.plan}
        return [card for card in self.frame["you"]["cards"] if card not in planned]

    def _redraw(self) -> None:
        frame = self.frame
        if frame is None or not self.ready:
            return
        hand = frame["hand"]
        head = frame["game"]["stakes"]
        if hand is not None:
            head = gettext("hand {number} · {stakes}").format(number=hand["number"], stakes=head)
        seats = [self._seat(frame, s) for s in frame["seats"] if s["name"] is not None]
        lines = [head]
        if hand is not None and hand["deal"] is None:  # over: its result in the log fits 80×24
            lines += ["", *(settled_line(s.name, s.total, _shown(s)) for s in seats)]
        for seat in seats if hand is None or hand["deal"] is not None else ():
            lines += ["", *seat_lines(seat)]  # one blank line between: three fit 80×24
        clock = None if hand is None else hand["clock"]
        left = None if clock is None else self.clock.left(clock["deadline"])
        if clock is not None and left is not None:
            name = frame["seats"][clock["seat"] - 1]["name"] or seat_name(clock["seat"])
            mine = clock["seat"] == frame["you"]["seat"]
            lines.append(clock_line(left) if mine else clock_line(left, name))
        self._put("#ofc-table", "\n".join(lines))
        pending = self.pending()
        self.selected = min(self.selected, max(len(pending) - 1, 0))
        placing = frame["you"]["decision"] == "place"
        cards = [Card.parse(token) for token in pending]
        self._put("#ofc-cards", cards_line(cards, self.selected) if placing else "")
        status = self._status(frame)
        self._put("#ofc-status", f"{status}\n{self.message}" if self.message else status)
        self.refresh_bindings()

    def _put(self, selector: str, text: str) -> None:
        box = self.query_one(selector, Static)
        if str(box.content) != text:
            box.update(text)

    def _seat(self, frame: OfcTableFrame, seat: OfcSeatFrame) -> OfcSeat:
        hand = frame["hand"]
        board = seat["board"]
        rows = None
        if board is not None:
            rows = {Row(row): [Card.parse(token) for token in board[row]] for row in ROWS}  # type: ignore[literal-required]
        elif not seat["in_hand"]:  # waiting for a deal: empty rows, not O-4's hidden hand
            rows = {Row(row): [] for row in ROWS}
        discards: list[str] = []
        if seat["you"]:
            discards = list(frame["you"]["discards"])
            for card, row in self.plan:  # set here, not sent yet: drawn on your rows
                if row == DISCARD:
                    discards.append(card)
                elif rows is not None:
                    rows[Row(row)].append(Card.parse(card))
        return OfcSeat(
            seat_label_name(seat["name"], seat["bot_account"]) or seat_name(seat["seat"]),
            seat["total"],
            rows,
            acting=hand is not None and hand["to_act"] == seat["seat"],
            button=seat["button"],
            fantasy=seat["fantasy"],
            surrendered=seat["surrendered"],
            thrown=0 if seat["you"] else seat["discarded"],
            discards=[Card.parse(card) for card in discards],
        )

    def _left(self, frame: OfcTableFrame) -> tuple[int, int]:
        """Cards still to set on rows, and to discard, in this deal."""
        you = frame["you"]
        discarded = sum(row == DISCARD for _, row in self.plan)
        return you["to_place"] - (len(self.plan) - discarded), you["to_discard"] - discarded

    def _status(self, frame: OfcTableFrame) -> str:
        you = frame["you"]
        if you["decision"] == "place":
            to_place, to_discard = self._left(frame)
            if not to_place and not to_discard:
                return gettext("your deal is set — Enter sends it, u undoes the last card")
            undo = " · " + gettext("u undo") if self.plan else ""
            return task_line(to_place, to_discard, len(self.pending())) + undo
        status = frame["status"]
        hand = frame["hand"]
        words = gettext(OFC_STATUS_WORDS[status]) if status in OFC_STATUS_WORDS else ""
        if status == "pause":
            left = self.clock.left(frame["next_hand_at"])
            words = next_hand_line(left) if left else gettext("next hand soon")
        elif hand is not None and hand["to_act"] is not None:
            name = frame["seats"][hand["to_act"] - 1]["name"]
            words = gettext("{name} sets cards").format(name=name)
        if you["seat"] is None:
            words = (
                gettext("watching · {status}").format(status=words)
                if words
                else gettext("watching")
            )
            if self.check_action("sit", ()):
                words += " · " + gettext("e: take a seat")
        elif frame["seats"][you["seat"] - 1]["away"]:
            words += " · " + gettext("you sit out (z: sit in)")
        elif status == "waiting" and you["host"]:
            words += " — " + gettext("n: deal the first hand")
        if self.check_action("end_session", ()):
            words += " · " + gettext("e: end the session")
        return words

    def screen_text(self) -> str:
        """Everything the screen says now: the rows, your cards, the status and the log."""
        parts = [str(self.query_one(s, Static).content) for s in ("#ofc-table", "#ofc-cards")]
        parts.append(str(self.query_one("#ofc-status", Static).content))
        parts += [strip.text for strip in self.query_one("#ofc-log", RichLog).lines]
        return "\n".join(parts)

    # ------------------------------------------------------------- the keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that work now are active, and only they are in the footer."""
        frame = self.frame
        if action == "keys":
            return True
        if frame is None:
            return False
        you = frame["you"]
        placing = you["decision"] == "place"
        if action in ("choose", "move"):
            return placing and bool(self.pending())
        if action == "set_row":
            to_place, to_discard = self._left(frame)
            if parameters == (DISCARD,):
                return placing and to_discard > 0 and bool(self.pending())
            return placing and to_place > 0 and bool(self.pending())
        if action == "undo":
            return placing and bool(self.plan)
        if action == "confirm":
            return placing and self._left(frame) == (0, 0)
        if action == "surrender":
            return you["may_surrender"]
        if action == "sit":
            return seating.may_sit(frame)
        if action == "end_session":
            return self.on_end is not None and frame["status"] in ("pause", "held")
        if action == "leave":
            return you["seat"] is not None and frame["status"] == "waiting"
        if action == "start":
            seated = sum(seat["name"] is not None for seat in frame["seats"])
            return frame["status"] == "waiting" and you["host"] and seated >= 2
        if action == "away":
            seat = you["seat"]
            if seat is None or frame["status"] in ("over", "waiting"):
                return False
            return parameters[0] == ("sit_in" if frame["seats"][seat - 1]["away"] else "sit_out")
        return True

    def action_choose(self, number: int) -> None:
        count = len(self.pending())
        if not 1 <= number <= count:
            self.message = no_card(number, count)
        else:
            self.selected, self.message = number - 1, ""
        self._redraw()

    def action_move(self, step: int) -> None:
        count = len(self.pending())
        if count:
            self.selected = (self.selected + step) % count
            self._redraw()

    def action_set_row(self, row: str) -> None:
        """Set the chosen card on ``row`` (or discard it) here; nothing is sent yet (O-1)."""
        frame, pending = self.frame, self.pending()
        if frame is None or not pending:
            return
        if row != DISCARD:
            taken = sum(planned == row for _, planned in self.plan)
            if frame["you"]["free"][row] - taken <= 0:
                free = {
                    r: frame["you"]["free"][r] - sum(p == r for _, p in self.plan) for r in ROWS
                }
                self.message = row_full(row, free)
                self._redraw()
                return
        self.plan.append((pending[self.selected], row))
        self.message = ""
        self._redraw()

    def action_undo(self) -> None:
        if self.plan:
            card, _ = self.plan.pop()
            self.selected = self.pending().index(card)
            self._redraw()

    async def action_confirm(self) -> None:
        """Send the whole deal in one ``place`` (the server checks it whole, O-2)."""
        frame = self.frame
        if frame is None or frame["hand"] is None or self._left(frame) != (0, 0):
            return
        message: dict[str, object] = {
            "type": "place",
            "cards": {card: row for card, row in self.plan if row != DISCARD},
            "turn": frame["hand"]["turn"],
        }
        discard = [card for card, row in self.plan if row == DISCARD]
        if discard:
            message["discard"] = discard[0]
        self.message = ""
        await self.send(message)

    async def action_surrender(self) -> None:
        """Give up this hand (O-5): the server refuses it once a card of yours is set."""
        frame = self.frame
        if frame is None or frame["hand"] is None:
            return
        self.message = ""
        await self.send({"type": "surrender", "turn": frame["hand"]["turn"]})

    def action_sit(self) -> None:
        """Open the seat box; it names the free seats (Enter: the first of them)."""
        if self.frame is None:
            return
        box = self.query_one("#ofc-seat", Input)
        box.placeholder = seating.prompt(self.frame, "sit")
        box.display = True
        box.value = ""
        box.focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """The typed seat: refused here in the server's words (nothing sent), or sent."""
        event.stop()  # the app's own box (a bet) is not asked
        event.input.display = False
        self.set_focus(None)
        if self.frame is None:
            return
        read = seating.message(self.frame, "sit", event.value)
        if isinstance(read, str):
            self.say(read)
            return
        self.message = ""
        await self.send(read)

    async def action_leave(self) -> None:
        await self.send({"type": "leave"})

    def action_end_session(self) -> None:
        if self.on_end is not None:
            self.on_end()

    async def action_start(self) -> None:
        await self.send({"type": "start"})

    async def action_away(self, which: str) -> None:
        await self.send({"type": which})

    def action_keys(self) -> None:
        self.query_one("#ofc-log", RichLog).write(gettext(KEYS_HELP))


OFC_STATUS_WORDS = {
    "waiting": TABLE_STATUS_WORDS["waiting"],
    "held": N_("the next hand waits for a player to come back"),
    "over": N_("the session is over — q to quit"),
}
"""What an OFC table waits for, by its ``status``."""


def _shown(seat: OfcSeat) -> Mapping[Row, Sequence[Card]] | None:
    """A finished board's rows; None for a player who surrendered (O-5)."""
    return None if seat.surrendered else seat.rows
