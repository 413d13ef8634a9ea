"""The terminal table as a client of a server: one server table, played through a link.

Same screen and keys as ``pokerroom play`` (:mod:`pokerroom.tui.table_screen`): ``f`` fold,
``c`` check or call, ``r`` bet or raise (type the total, Enter), ``m``/``h``/``t``/
``p``/``a`` presets, ``b`` bring in, ``1``-``5`` mark cards and ``d`` draw, ``s``/``x`` show
or muck (P-5), ``?`` keys, ``q`` (or Ctrl+C) quit. Not your turn, a betting round on:
pre-actions (X-3) ``k`` check/fold, ``j`` check, ``l`` call any, ``o`` fold to any bet (the
same key again clears it). ``z`` sits out or back in (H-9); ``n`` deals the first hand of a
home game you host. Seats: ``e`` takes one (type the seat, or Enter for the first free one;
at a cash table the buy-in first, then the seat: ``150`` or ``150 4``), ``g`` gets up and
leaves, and at a cash table ``u`` tops up between hands and ``w`` posts a big blind instead
of waiting for one (again: wait). ``i`` types a chat line (Enter sends it; ``?`` lists
it, the footer has no room); the table's chat is written into the log as it comes
(:mod:`pokerroom.tui.remote.chat`). At a hot-seat table (``pokerroom play --humans 2``,
:class:`~pokerroom.client.hot_seat.HotSeatLink`) ``space`` shows the cards of the player
asked to take the keyboard. The footer lists the keys that work now; the legal
actions are buttons too, and so are ``y``/``o`` (run it twice or once). An OFC table
(``kind: "ofc"``) is played on its own screen (:mod:`pokerroom.tui.remote.ofc`).

Everything drawn comes from the frames the server built for this viewer (X-4); a typed
bet, buy-in or top-up is checked against the frame's range first and refused in the
server's words, nothing sent.
A tournament move (``you.moved_to``) asks ``open_table`` for the new table's link (without
one, the link follows the move itself); nothing of the table left is drawn after it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Input, RichLog, Static

from pokerroom.client.hot_seat import HotSeatLink
from pokerroom.client.link import TableLink
from pokerroom.i18n import (
    N_,
    Language,
    Vocabulary,
    current_language,
    gettext,
    ngettext,
    use_language,
)
from pokerroom.protocol.frames import OfcTableFrame, TableFrame
from pokerroom.table.run_twice import prompt_words
from pokerroom.table.vocabulary import chips_text
from pokerroom.table.wording import FOLD_WHEN_FREE
from pokerroom.tui.bindings import translated_bindings
from pokerroom.tui.layout import MIN_HEIGHT, draw_table
from pokerroom.tui.remote import chat, seating, view
from pokerroom.tui.remote.clock import ServerClock
from pokerroom.tui.remote.hand_log import Logged, unwritten
from pokerroom.tui.remote.ofc import RemoteOfcScreen
from pokerroom.tui.render import result_line
from pokerroom.tui.table_screen import (
    AMOUNT_PROMPT,
    BET_BINDINGS,
    BET_KEYS_HELP,
    RESERVED_ROWS,
    TABLE_CSS,
    bet_buttons,
    table_widgets,
)

OpenTable = Callable[[str], Awaitable[TableLink]]
"""The link to another table of the same server, by its room id (a tournament move)."""
REMOTE_KEYS_HELP = N_(
    "not your turn: k check/fold · j check · l call any · "
    "o fold to any bet (again: clear) · z sit out / sit in · n deal (host) · "
    "e take a seat · g leave · u top up · w post the big blind / wait · v straddle · "
    "i chat · ? keys · q quit"
)


def keys_help() -> str:
    """What ``?`` writes in the log: every key of a server's table."""
    return f"{gettext(BET_KEYS_HELP)} · {gettext(REMOTE_KEYS_HELP)}"


KEYS_HELP = f"{BET_KEYS_HELP} · {REMOTE_KEYS_HELP}"
"""Every key, in English (the log has :func:`keys_help`, in the viewer's language)."""
PREACTION_KEYS = {"check_fold": "k", "check": "j", "call_any": "l", "fold_any": "o"}


@dataclass(frozen=True, slots=True)
class _Widgets:
    """The screen's parts, kept from mounting on (a redraw never looks them up)."""

    header: Static
    info: Static
    table: Static
    buttons: Horizontal
    amount: Input
    status: Static
    log: RichLog


class RemoteTableApp(App[None]):
    """One table of a server, as its frames show it to this viewer."""

    CSS = TABLE_CSS + " #header { height: auto; }"
    AUTO_FOCUS = None  # keys go to the table; the amount box takes focus only for a raise
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        *BET_BINDINGS,
        *[
            Binding(key, f"preaction('{kind}')", view.PREACTION_KEY_WORDS[kind])
            for kind, key in PREACTION_KEYS.items()
        ],
        Binding("z", "away('sit_out')", N_("Away")),
        Binding("z", "away('sit_in')", N_("Back in")),
        Binding("n", "start", N_("Deal")),
        Binding("e", "seat_box('sit')", N_("Take a seat")),
        Binding("g", "leave", N_("Leave")),
        Binding("u", "seat_box('top_up')", N_("Top up")),
        Binding("w", "post(True)", N_("Post BB")),
        Binding("w", "post(False)", N_("Wait for BB")),
        Binding("v", "straddle(True)", N_("Straddle")),
        Binding("v", "straddle(False)", N_("Stop straddling")),
        Binding(
            "i", "chat", N_("Chat"), show=False
        ),  # the footer is full at 80 columns: ? lists it
        Binding("space", "reveal", N_("Show my cards")),
        Binding("question_mark", "keys", N_("Keys"), key_display="?"),
        Binding("q", "quit", N_("Quit")),
        Binding("ctrl+c", "quit", N_("Quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        link: TableLink,
        *,
        open_table: OpenTable | None = None,
        title: str | None = None,
        clock: ServerClock | None = None,
        first: Sequence[Mapping[str, object]] = (),
    ) -> None:
        super().__init__()
        self.language: Language = current_language()
        """The language the table speaks to this viewer: the process's when it started."""
        self.vocabulary: Vocabulary = "club"
        """The rule book's words: a home game's («Фолд») once its first frame says so."""
        with self._speaking():
            self._bindings = translated_bindings(self._merged_bindings or self._bindings)
        self.link = link
        self.open_table = open_table
        self.table_title = title if title is not None else gettext("pokerroom — online")
        self.clock = clock or ServerClock()
        self.first = list(first)
        """Messages sent as soon as the table opens (``pokerroom connect --seat``)."""
        self.frame: TableFrame | None = None
        self.frames: list[Mapping[str, object]] = []
        """Every frame received, in order (the leak check reads them)."""
        self.message = ""
        """The status line's second line: a refusal, the link's state, a notice."""
        self.link_down = False
        """The link is reconnecting: its line stays up, whatever is typed, until it is back."""
        self.marked: set[int] = set()
        self.logged: Logged = (0, 0)
        """The hand whose log is written, and how many of its lines."""
        self.results_logged: int | None = None
        """The newest finished hand in the log (None: no frame of this table yet)."""
        self.notice: str | None = None
        self.fold_asked: str | None = None
        """The turn at which a fold was asked to be confirmed (a check was free)."""
        self.over_logged = False
        self.ended = ""
        """Why the link ended (its ``closed`` notice: "the table was closed by its host")."""
        self.moves: list[str] = []
        """The rooms a tournament moved you to, in order."""
        self.typing = "raise"
        """What the amount box is asking for: ``raise``, ``sit`` or ``top_up``."""
        self.ofc: RemoteOfcScreen | None = None
        """The OFC screen, once the table's first frame said it is an OFC table."""
        self.on_end_session: Callable[[], None] | None = None
        """Ends an OFC session between hands (``e`` at a terminal's own table); None: no key."""
        self.chat_logged: int | None = None
        """The newest chat line written to the log (None: none yet)."""

    @contextlib.contextmanager
    def _speaking(self) -> Iterator[None]:
        """Word what follows in the viewer's language and the table's vocabulary."""
        with use_language(self.language, self.vocabulary):
            yield

    async def _process_messages(self, *args: Any, **kwargs: Any) -> None:
        """Run the app in the viewer's language: every widget's task copies it."""
        with self._speaking():
            await super()._process_messages(*args, **kwargs)

    def _learn_vocabulary(self, kind: object) -> None:
        """A home game's table speaks the home game's words: the keys are worded again."""
        vocabulary: Vocabulary = "home" if kind == "home" else "club"
        if vocabulary != self.vocabulary:
            self.vocabulary = vocabulary
            with self._speaking():
                self._bindings = translated_bindings(self._merged_bindings or self._bindings)

    def compose(self) -> ComposeResult:
        yield Vertical(Static(id="header", markup=False), *table_widgets())
        yield Footer(compact=True)  # every key of a cash decision in 80 columns

    def on_mount(self) -> None:
        self.widgets = _Widgets(
            self.query_one("#header", Static),
            self.query_one("#info", Static),
            self.query_one("#table", Static),
            self.query_one("#buttons", Horizontal),
            self.query_one("#raise", Input),
            self.query_one("#status", Static),
            self.query_one("#log", RichLog),
        )
        self.title = self.table_title
        self.widgets.status.update(gettext("connecting …"))
        self.widgets.header.display = False
        self.set_interval(0.5, self._tick)
        self.run_worker(self._follow(), name="link")

    def on_resize(self, event: events.Resize) -> None:
        self._redraw()

    # ------------------------------------------------------------ the link

    async def _follow(self) -> None:
        """Read frames until the link ends. A move (``you.moved_to``) leaves the table: its
        frame's notice is all that is shown of it (the old table's next hand is not his),
        then the new table's frames come over the link ``open_table`` opens, or over the
        same link when it follows the move itself."""
        for message in self.first:
            await self.link.send(message)
        while True:
            target = None
            async with contextlib.aclosing(self.link.frames()) as frames:  # ended on a move
                async for frame in frames:
                    target = _moved_to(frame)
                    if target is None:
                        self._receive(frame)
                        continue
                    with self._speaking():
                        self._leave_for(target, cast(TableFrame, frame))
                    if self.open_table is not None:
                        break
            if target is None or self.open_table is None:
                with self._speaking():
                    why = self.ended or gettext("the connection to the table has closed")
                    self.message = gettext("{why} — q to quit").format(why=why)
                    self._redraw()
                return
            await self.link.close()
            self.link = await self.open_table(target)

    def _leave_for(self, target: str, frame: TableFrame) -> None:
        """The floor moved him to ``target``: say so; the new table starts a fresh log."""
        notice = frame["you"]["notice"]
        if notice and notice != self.notice:
            self.widgets.log.write(notice)
        self.message = notice or ""
        self.moves.append(target)
        self.widgets.log.write(gettext("— you move to table {table} —").format(table=target))
        self.frame = None
        self.notice = None
        self.logged = (0, 0)
        self.results_logged = None
        self.chat_logged = None
        self._redraw()

    def _receive(self, frame: Mapping[str, object]) -> None:
        if frame.get("type") == "table":
            self._learn_vocabulary(frame.get("kind"))
        with self._speaking():
            self._receive_frame(frame)

    def _receive_frame(self, frame: Mapping[str, object]) -> None:
        self.frames.append(frame)
        kind = frame.get("type")
        if kind == "table" and frame.get("kind") == "ofc":
            self._receive_ofc(cast(OfcTableFrame, frame))
            return
        if kind == "table":
            table = cast(TableFrame, frame)
            now = frame.get("now")
            if isinstance(now, int | float):
                self.clock.sync(float(now))
            if table["you"]["decision"] != "draw":
                self.marked = set()
            self.frame = table
            self._write_log(table)
        elif kind in ("error", "link", "saving"):  # saving: the room cannot save, or can again
            self.message = str(frame.get("message", ""))
            if kind == "link":
                self.link_down = frame.get("state") == "reconnecting"
            if kind == "link" and frame.get("state") == "closed":
                self.ended = self.message
            if self.ofc is not None:
                self.ofc.say(self.message)
                return
        self._redraw()

    def _receive_ofc(self, frame: OfcTableFrame) -> None:
        now = frame.get("now")
        if isinstance(now, int | float):
            self.clock.sync(float(now))
        if self.ofc is None:
            self.ofc = RemoteOfcScreen(self._send, self.clock, self.on_end_session)
            self.push_screen(self.ofc)
        self.ofc.receive(frame)

    async def _send(self, message: dict[str, object]) -> None:
        if not self.link_down:  # a key pressed while cut off is sent once the link is back
            self.message = ""
        await self.link.send(message)

    # ------------------------------------------------------------------- log

    def _write_log(self, frame: TableFrame) -> None:
        """The hand as this viewer saw it, each finished hand's changes, notices (X-3)."""
        log = self.widgets.log
        hand = frame["hand"]
        if hand is not None:
            fresh, self.logged = unwritten(self.logged, hand["number"], hand["log"])
            for line in fresh:
                log.write(line)
        results = frame["results"]
        newest = results[0]["number"] if results else 0
        if self.results_logged is not None:  # the hands before you came are not news
            for result in reversed(results):
                if result["number"] > self.results_logged:
                    log.write(result_line(result["number"], self._changes(frame, result)))
        self.results_logged = max(newest, self.results_logged or 0)
        notice = frame["you"]["notice"]
        if notice and notice != self.notice:
            log.write(notice)
            self.message = notice
        self.notice = notice
        said, self.chat_logged = chat.unwritten(frame.get("chat"), self.chat_logged)
        for line in said:
            log.write(line)
        if frame["status"] == "over" and frame["standings"] and not self.over_logged:
            self.over_logged = True
            played = frame["hands_played"]
            log.write(
                ngettext(
                    "series over after {count} hand:", "series over after {count} hands:", played
                ).format(count=played)
            )
            for standing in frame["standings"]:
                chips = chips_text(standing["chips"])
                log.write(f"  {standing['place']}. {standing['name']} ({chips})")

    @staticmethod
    def _changes(frame: TableFrame, result: Mapping[str, object]) -> list[tuple[str, int]]:
        names = {
            seat["seat"]: seat["name"] or view.seat_name(seat["seat"]) for seat in frame["seats"]
        }
        if frame["you"]["seat"] is not None:
            names[frame["you"]["seat"]] = gettext("You")  # as the hand log addresses you
        changes = cast(list[dict[str, int]], result["changes"])
        return [(names[c["seat"]], c["change"]) for c in changes if c["change"]]

    # ---------------------------------------------------------------- screen

    def _tick(self) -> None:
        """A-18: the shot clock, the pause and the level count down between frames."""
        frame = self.frame
        if frame is None:
            return
        hand, header = frame["hand"], frame.get("tournament")
        if (
            (hand is not None and hand["clock"] is not None)
            or frame["next_hand_at"] is not None
            or (header is not None and header["deadline"] is not None)
        ):
            self._redraw(keys=False)

    def _redraw(self, *, keys: bool = True) -> None:
        """The whole screen from the last frame; ``keys`` also the buttons and the footer
        (a countdown between frames changes neither)."""
        with self._speaking():
            self._draw(keys=keys)

    def _draw(self, *, keys: bool) -> None:
        frame = self.frame
        if frame is None:
            if self.message:
                self._put(self.widgets.status, self.message)
            return
        hand = frame["hand"]
        header = frame.get("tournament")
        level_left = None if header is None else self.clock.left(header["deadline"])
        lines = view.header_lines(frame, level_left)
        box = self.widgets.header
        box.display = bool(lines)
        self._put(box, "\n".join(lines))
        self._put(self.widgets.info, view.info_line(frame))
        clock = None if hand is None else hand["clock"]
        left = None if clock is None else self.clock.left(clock["deadline"])
        labels = view.seat_labels(frame)
        centre = view.centre(frame, left)
        width, height = self.size.width, self.size.height
        rows = max(MIN_HEIGHT, min(18, height - RESERVED_ROWS - len(lines)))
        you = frame["you"]["seat"]
        table = draw_table(labels, centre, len(frame["seats"]), width, rows, you)
        self._put(self.widgets.table, table)
        if keys:
            self._show_buttons(frame)
        pause_left = self.clock.left(frame["next_hand_at"])
        status = view.status_line(frame, self.marked, pause_left)
        if self.message:
            status = f"{status}\n{self.message}"
        self._put(self.widgets.status, status)
        if keys:
            self.refresh_bindings()

    def _put(self, box: Static, text: str) -> None:
        """Write ``text`` into ``box``; the layout is redone only when its height changes
        (the clock ticking rewrites the table twice a second)."""
        before = str(box.content)
        if text != before:
            box.update(text, layout=text.count("\n") != before.count("\n"))

    def _show_buttons(self, frame: TableFrame) -> None:
        row = self.widgets.buttons
        decision = frame["you"]["decision"]
        actions = frame["you"]["actions"] if decision == "act" else None
        wanted = []
        if decision == "run_twice":
            words = prompt_words()
            wanted = [
                Button(words["agree"], name="do-twice", compact=True),
                Button(words["decline"], name="do-once", compact=True),
            ]
        if actions is not None:
            presets = [(p["name"], p["amount"]) for p in actions["presets"]]
            wanted = bet_buttons(
                fold=actions["fold"],
                check=actions["check"],
                call=actions["call"],
                bring_in=actions["bring_in"],
                presets=presets,
            )
        shown = [str(button.label) for button in row.query(Button)]
        if shown != [str(button.label) for button in wanted]:
            row.remove_children()
            row.mount(*wanted)

    def screen_text(self) -> str:
        """Everything the screen says now: the hand in play, then the log."""
        if self.ofc is not None:
            return self.ofc.screen_text()
        return f"{self.table_text()}\n{self.log_text()}"

    def table_text(self) -> str:
        """What the screen says of the hand in play: header, game line, table, buttons,
        status; the log, which keeps the hands before, is apart (X-4 is checked per hand)."""
        boxes = self.widgets
        parts = [str(box.content) for box in (boxes.header, boxes.info, boxes.table, boxes.status)]
        parts += [str(button.label) for button in self.query(Button)]
        return "\n".join(parts)

    def log_text(self) -> str:
        """The log: this hand's lines and the results of the hands before it."""
        return "\n".join(strip.text for strip in self.widgets.log.lines)

    # ------------------------------------------------------------- the keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that work now are active, and only they are in the footer."""
        if action in ("quit", "keys"):
            return True
        if action == "reveal":
            return isinstance(self.link, HotSeatLink) and self.link.waiting is not None
        frame = self.frame
        if frame is None:
            return False
        if action == "chat":
            return chat.may_chat(frame.get("chat"))
        you = frame["you"]
        decision = you["decision"]
        if action in ("mark", "draw"):
            return decision == "draw"
        if action == "show":
            return decision == "show"
        if action == "muck":
            return decision == "show" and you["may_muck"]
        if action == "run_twice":
            return decision == "run_twice"
        if action == "preaction":
            kind = parameters[0]
            return kind in you["preactions"] or you["preaction"] == kind
        if action == "away":
            return self._away_key_works(frame, parameters[0])
        if action in ("seat_box", "leave", "post"):
            return seating.key_works(frame, action, parameters)
        if action == "straddle":
            choice = you.get("straddle")
            return choice is not None and choice["on"] != parameters[0]
        if action == "start":
            seated = sum(seat["name"] is not None for seat in frame["seats"])
            return frame["status"] == "waiting" and you["host"] and seated >= 2
        actions = you["actions"]
        if decision != "act" or actions is None:
            return False
        return _bet_key_works(frame, action, parameters)

    @staticmethod
    def _away_key_works(frame: TableFrame, wanted: object) -> bool:
        seat = frame["you"]["seat"]
        if seat is None or frame["status"] == "over":
            return False
        away = frame["seats"][seat - 1]["away"]
        return wanted == ("sit_in" if away else "sit_out")

    async def _act(self, action: str, amount: int | None = None) -> None:
        frame = self.frame
        if frame is None or frame["hand"] is None or frame["you"]["decision"] != "act":
            return
        message: dict[str, object] = {"type": "act", "action": action}
        if amount is not None:
            message["amount"] = amount
        message["turn"] = frame["hand"]["turn"]
        await self._send(message)

    async def _bet(self, amount: int) -> None:
        """Bet, raise or complete to ``amount``, checked against the frame's range first."""
        frame = self.frame
        actions = None if frame is None else frame["you"]["actions"]
        if actions is None:
            return
        refused = view.raise_refusal(actions, amount)
        if refused is not None:
            self.message = refused
            self._redraw()
            return
        sized = actions["raise_to"]
        assert sized is not None
        await self._act(sized["word"], amount)

    async def action_fold(self) -> None:
        frame = self.frame
        actions = None if frame is None else frame["you"]["actions"]
        hand = None if frame is None else frame["hand"]
        free = actions is not None and actions["check"]
        if free and hand is not None and self.fold_asked != hand["turn"]:
            self.fold_asked = hand["turn"]  # a free check: asked once, f again folds
            self.message = gettext(FOLD_WHEN_FREE)
            self._redraw()
            return
        await self._act("fold")

    async def action_check_call(self, _: str = "") -> None:
        """Check when nothing is owed, else call (the footer names which)."""
        actions = None if self.frame is None else self.frame["you"]["actions"]
        if actions is not None:
            await self._act("check" if actions["check"] else "call")

    async def action_bring_in(self) -> None:
        await self._act("bring_in")

    async def action_preset(self, name: str) -> None:
        """Bet or raise by a preset: min, ½ pot, ⅔ pot, pot, all-in (the largest allowed)."""
        amount = None if self.frame is None else view.key_presets(self.frame).get(name)
        if amount is not None:
            await self._bet(amount)

    def action_raise(self, _: str = "") -> None:
        """Open the amount box: type the total to bet or raise to (A-7)."""
        box = self.widgets.amount
        box.styles.display = "block"
        box.value = ""
        box.focus()

    def action_seat_box(self, typing: str) -> None:
        """Open the box for a seat (and a buy-in) or a top-up; it says what to type."""
        if self.frame is None:
            return
        box = self.widgets.amount
        self.typing = typing
        box.placeholder = seating.prompt(self.frame, typing)
        box.styles.display = "block"
        box.value = ""
        box.focus()

    def action_chat(self) -> None:
        """Open the box for one chat line."""
        box = self.widgets.amount
        self.typing = "chat"
        box.placeholder = gettext(chat.PROMPT)
        box.styles.display = "block"
        box.value = ""
        box.focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        box = self.widgets.amount
        box.styles.display = "none"
        box.placeholder = gettext(AMOUNT_PROMPT)
        self.set_focus(None)
        typing, self.typing = self.typing, "raise"
        if typing == "chat":
            if event.value.strip():
                await self._send({"type": "chat", "text": event.value})
            return
        if typing != "raise":
            await self._seat_request(typing, event.value)
            return
        try:
            amount = int(event.value.strip())
        except ValueError:
            self.message = gettext("{typed} is not a whole number of chips").format(
                typed=repr(event.value)
            )
            self._redraw()
            return
        await self._bet(amount)

    async def _seat_request(self, typing: str, typed: str) -> None:
        """A typed seat, buy-in or top-up: refused here in the server's words, or sent."""
        frame = self.frame
        if frame is None:
            return
        read = seating.message(frame, typing, typed)
        if isinstance(read, str):
            self.message = read
            self._redraw()
            return
        await self._send(read)

    async def action_leave(self) -> None:
        """Get up: at once between hands, or (a cash table) when your hand ends."""
        await self._send({"type": "leave"})

    async def action_post(self, post: bool) -> None:
        """Cash: post a big blind to play the next hand, or wait for it again."""
        await self._send({"type": "post", "post": post})

    async def action_straddle(self, on: bool) -> None:
        """Straddle whenever the straddle comes to your seat, or stop (from the next deal)."""
        await self._send({"type": "straddle", "straddle": on})

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.name or ""
        if button == "do-fold":
            await self.action_fold()
        elif button in ("do-check", "do-call"):
            await self.action_check_call()
        elif button == "do-bring":
            await self.action_bring_in()
        elif button.startswith("do-raise-"):
            await self._bet(int(button.removeprefix("do-raise-")))
        elif button in ("do-twice", "do-once"):
            await self.action_run_twice(button == "do-twice")

    def action_mark(self, index: int) -> None:
        if self.frame is not None and index <= len(view.my_cards(self.frame)):
            self.marked ^= {index}
            self._redraw()

    async def action_draw(self) -> None:
        """Throw away the marked cards (none: stand pat), V-8."""
        if self.frame is None or self.frame["you"]["decision"] != "draw":
            return
        cards = view.my_cards(self.frame)
        chosen = [str(cards[i - 1]) for i in sorted(self.marked) if cards[i - 1] is not None]
        self.marked = set()
        await self._send({"type": "draw", "cards": chosen})

    async def action_show(self) -> None:
        await self._send({"type": "show"})

    async def action_muck(self) -> None:
        await self._send({"type": "muck"})

    async def action_run_twice(self, agree: bool) -> None:
        """Everyone all-in before the river is asked: run the rest of the board twice?"""
        await self._send({"type": "run_twice", "agree": agree})

    async def action_preaction(self, kind: str) -> None:
        """X-3: choose a pre-action, or clear the one chosen."""
        chosen = None if self.frame is None else self.frame["you"]["preaction"]
        await self._send({"type": "preaction", "kind": "clear" if chosen == kind else kind})

    async def action_away(self, which: str) -> None:
        """H-9: sit out from the next deal, or come back."""
        await self._send({"type": which})

    async def action_start(self) -> None:
        await self._send({"type": "start"})

    def action_reveal(self) -> None:
        """Hot seat: the player asked to take the keyboard has it; his cards may show."""
        if isinstance(self.link, HotSeatLink):
            self.link.reveal()

    def action_keys(self) -> None:
        self.widgets.log.write(keys_help())

    async def on_unmount(self) -> None:
        """However the app ends (``q``, Ctrl+C, Ctrl+Q), the link closes with it."""
        await self.link.close()

    async def action_quit(self) -> None:
        """Leave the table: the link closes; the seat stays until the server says otherwise."""
        await self.link.close()
        self.exit()


def _moved_to(frame: Mapping[str, object]) -> str | None:
    """The room a table frame sends this viewer to (T-6 … T-8), if another."""
    if frame.get("type") != "table":
        return None
    moved = cast(TableFrame, frame)["you"].get("moved_to")
    return moved if moved is not None and moved != frame.get("room") else None


def _bet_key_works(frame: TableFrame, action: str, parameters: tuple[object, ...]) -> bool:
    actions = frame["you"]["actions"]
    assert actions is not None
    sized = actions["raise_to"]
    if action == "fold":
        return actions["fold"]
    if action == "check_call":
        return actions["check"] if parameters == ("check",) else actions["call"] is not None
    if action == "bring_in":
        return actions["bring_in"] is not None
    if action == "raise":
        return sized is not None and parameters == (sized["word"],)  # bet, raise, complete
    if action == "preset":
        return str(parameters[0]) in view.key_presets(frame)
    return False
