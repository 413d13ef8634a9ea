"""What every live web table shares: the Room API, the hand driven to each decision, the
shot clock and time banks (A-18), pre-actions (X-3), show or muck (P-5) and the draw.

:class:`LiveRoom` is the common part of :class:`~pokerroom.room.home.HomeRoom` and
:class:`~pokerroom.room.cash.CashRoom`. A subclass owns its table model (a series, a
cash table): it seats players (``_seating``), deals (``_next_hand``, which calls
:meth:`LiveRoom._dealt`), settles each finished hand (``_end_hand``) and says what the
snapshot shows of its seats between hands. Everything a hand needs in between lives here.

Each finished hand is told to :attr:`LiveRoom.on_hand_finished` when it is set (a
:class:`FinishedHand`, with its complete PHH document): the server's hand archive listens
there (:mod:`pokerroom.web.archive`) and keeps every hand. The room itself keeps only the
last :data:`KEPT_HANDS` in :attr:`LiveRoom.hands`, so neither a long-played table's memory
nor its checkpoints grow with the hands played: the table page shows the last
:data:`KEPT_RESULTS` results, the replayer reads the archive, and a resume replays inputs.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar, final

from pokerroom.amounts import amount_text
from pokerroom.bots.base import tell_hand_over
from pokerroom.cards import Card
from pokerroom.chat import RoomChat
from pokerroom.chat.frames import chat_frame
from pokerroom.engine import Hand, IllegalAction
from pokerroom.engine.views import view_of
from pokerroom.history.phh.writing import write_phh
from pokerroom.i18n import N_, Vocabulary, gettext, vocabulary_of_profile
from pokerroom.protocol import client as msg
from pokerroom.protocol.chat_frames import ChatFrame
from pokerroom.protocol.frames import (
    GameFrame,
    ResultFrame,
    StandingFrame,
    StraddleYouFrame,
    TableFrame,
)
from pokerroom.room import preactions
from pokerroom.room.betting import action_for, sized_word, timeout_action
from pokerroom.room.chatting import CHAT_MESSAGES, table_chat_outcome
from pokerroom.room.clock import ShotClock, Turn, bank_allowed, new_turn
from pokerroom.room.occupants import Occupant
from pokerroom.room.seam import PROTOCOL_VERSION, Outcome, User
from pokerroom.room.seated import SeatedRoom, no
from pokerroom.room.shared_chat import SharedChat
from pokerroom.room.snapshot import over, public
from pokerroom.room.stories import Stories
from pokerroom.room.worded import Worded, every_language, for_viewer
from pokerroom.said import error_words
from pokerroom.table.run_twice import RunTwiceVote, asked
from pokerroom.table.showdown import may_muck, room_choice, settle_showdown
from pokerroom.table.wording import refusal

REMEMBERED_IDS = 256
"""Message ids kept per user to refuse a replayed message."""
KEPT_RESULTS = 5
KEPT_HANDS = 20
"""Finished hands a room keeps in memory (and in its checkpoints); the archive has all."""

Seating = (
    msg.Sit | msg.Leave | msg.Start | msg.SitOut | msg.SitIn | msg.TopUp | msg.Post | msg.Straddle
)
"""The messages about seats rather than hands: each kind of room answers them its own way."""
RecordT = TypeVar("RecordT")
WAITS_FOR = {
    "act": N_("the table waits for you to act, not to {kind}"),
    "draw": N_("the table waits for you to draw, not to {kind}"),
    "show": N_("the table waits for you to show or muck, not to {kind}"),
}
"""What the table waits for from a player asked to do something else (by the turn's kind)."""


@dataclass(frozen=True, slots=True)
class FinishedHand(Generic[RecordT]):
    """One hand played at the table, for the archive and the downloads; tuples are by
    engine position (the button last)."""

    record: RecordT
    """The table model's record (a series' ``HandRecord``, a cash table's)."""
    number: int
    seats: tuple[int, ...]
    """The room seat of each position."""
    users: tuple[int | None, ...]
    """The user id of each position (None: a bot)."""
    names: tuple[str, ...]
    results: tuple[int, ...]
    """Chips won or lost by each position, net of the rake."""
    rake: int
    """What the house took (P-9)."""
    phh: str
    """The complete PHH document, every card in it: never for one player's eyes (X-4)."""


class LiveRoom(SeatedRoom[Turn]):
    """A live table of ``table_size`` seats; see the module docstring."""

    kind: str
    """The snapshot's ``kind``: ``home`` or ``cash``."""

    def __init__(
        self, room_id: str, *, table_size: int, clock: ShotClock | None, grace: float, pause: float
    ) -> None:
        self._id = room_id
        self.table_size = table_size
        self.clock = ShotClock() if clock is None else clock
        self.grace = grace
        self.pause = pause
        self.host: int | None = None
        self.status = "waiting"
        self.occupants: dict[int, Occupant] = {}
        self.hand: Hand | None = None
        self.hand_number = 0
        self.hand_done = False
        self.hand_seats: tuple[int, ...] = ()
        """The room seat of each engine position of the hand being played (or the last)."""
        self.hand_occupants: tuple[Occupant, ...] = ()
        """Who was dealt each position: a seat may change hands after the hand ends."""
        self.turn: Turn | None = None
        self.next_hand_at: float | None = None
        self.timeouts: set[int] = set()
        """Indices of the current hand's events the shot clock made (A-18)."""
        self.banks_used: dict[int, int] = {}
        """Time banks used this hand, by position (002 6.4.12)."""
        self.pending: dict[int, preactions.Pending] = {}
        """Pre-actions by user id (X-3)."""
        self.vote: RunTwiceVote | None = None
        """The players' answers to run it twice, while the hand waits for them."""
        self.notices: dict[int, Worded[str] | str] = {}
        self.result_frames: list[ResultFrame] = []
        """The last hands' results, newest first (worded as the hand ended)."""
        self.worded_results: list[Worded[ResultFrame]] = []
        """The same in every language (:mod:`pokerroom.room.worded`)."""
        self.stories = Stories()
        """Each viewer's log of the hand, told as it grows (for the snapshots)."""
        self._seen_ids: dict[int, deque[str]] = {}
        self.hands: deque[FinishedHand[Any]] = deque(maxlen=KEPT_HANDS)
        """The last hands finished here, oldest first."""
        self.on_hand_finished: Callable[[FinishedHand[Any]], None] | None = None
        """Told of each finished hand (the server saves it there)."""
        self.chat = RoomChat()
        """The table's chat (:mod:`pokerroom.room.chatting`)."""
        self.shared_chat = SharedChat()
        """Its frame for the viewers who read it alike, built once per change."""

    def __getstate__(self) -> dict[str, object]:
        """A copy (a saved table's checkpoint) keeps the table, not who listens to it: the
        server attaches its hand archive again when it lists the table."""
        return {**self.__dict__, "on_hand_finished": None}

    def __setstate__(self, state: dict[str, object]) -> None:
        """A checkpoint from before tables chatted gets an empty chat."""
        self.__dict__.update(state)
        self.__dict__.setdefault("chat", RoomChat())
        self.__dict__.setdefault("worded_results", [])
        self.__dict__.setdefault("shared_chat", SharedChat())

    @property
    def vocabulary(self) -> Vocabulary:
        """Whose poker words the table speaks: its rule book's (a home game's, a club's)."""
        settings = getattr(self, "settings", None)
        return vocabulary_of_profile(str(getattr(settings, "profile", "club")))

    def results_shown(self) -> list[ResultFrame]:
        """The last hands' results in the current language (the frame's viewer's)."""
        if len(self.worded_results) != len(self.result_frames):  # kept before: as they were
            return list(self.result_frames)
        return [for_viewer(said) for said in self.worded_results]

    # ------------------------------------------------------------ the Room API

    @final
    def snapshot(self, viewer: User | None) -> TableFrame:
        """Built in the two steps the hub shares between viewers: a kind of table adds to
        :meth:`public_snapshot` and :meth:`snapshot_over`, never here."""
        return self.snapshot_over(self.public_snapshot(), viewer)

    def public_snapshot(self) -> TableFrame:
        """The table as a signed-out observer sees it, shared by every viewer."""
        frame = public(self)
        frame["chat"] = self._chat(None)
        return frame

    def snapshot_over(self, shared: TableFrame, viewer: User | None) -> TableFrame:
        """``viewer``'s whole frame from the ``shared`` one: a new mapping, whose values
        are ``shared``'s own objects where he sees the same (they are never changed: a kind
        of table that adds a viewer's part replaces a value, it does not edit it)."""
        if viewer is None:
            return shared.copy()
        frame = over(self, shared, viewer)
        seat = frame["you"]["seat"]
        choice = None if seat is None else self.straddle_choice(seat)
        if choice is not None:
            frame["you"]["straddle"] = choice
        frame["chat"] = self._chat_over(shared, viewer)
        return frame

    def _chat_over(self, shared: TableFrame, viewer: User) -> ChatFrame:
        """``viewer``'s chat: a moderator's his own, else built once over ``shared`` for
        every viewer who reads what he does (:mod:`pokerroom.room.shared_chat`)."""
        if self.moderates(viewer):
            return self._chat(viewer)
        seated = self.seat_of_user(viewer.id) is not None
        plain = self.shared_chat.frame(
            shared, self.chat, viewer.id, seated, lambda: self._chat(viewer)
        )
        return self._chat(viewer) if plain is None else plain

    def _chat(self, viewer: User | None) -> ChatFrame:
        seated = viewer is not None and self.seat_of_user(viewer.id) is not None
        return chat_frame(
            self.chat,
            None if viewer is None else viewer.id,
            seated=seated,
            moderator=self.moderates(viewer),
            all_in=self.chat.switches.quiet_all_in and self.someone_all_in(),  # else unread
        )

    def shift_clock(self, seconds: float) -> None:
        """Move every time the room keeps ``seconds`` later: the shot clock and time banks
        (A-18), the pause before the next hand, the grace of a dropped connection (H-11)
        and the chat's mutes, so that a restarted server's downtime is charged to nobody."""
        self.chat.shift(seconds)
        turn = self.turn
        if turn is not None and turn.deadline is not None:
            turn.deadline += seconds
        if turn is not None and turn.countdown_from is not None:
            turn.countdown_from += seconds
        if self.next_hand_at is not None:
            self.next_hand_at += seconds
        for occupant in self.occupants.values():
            if occupant.gone_at is not None:
                occupant.gone_at += seconds

    # ------------------------------------------------------------- lookups

    def seat_at(self, position: int) -> int:
        """The room seat of an engine position in the hand being played (or the last)."""
        return self.hand_seats[position]

    def position_of(self, seat: int) -> int | None:
        """The engine position of a room seat in the current hand, or None if its
        occupant was not dealt in (X-4: a newcomer never gets the last hand's cards)."""
        seats = self.hand_seats
        if self.hand is None or seat not in seats:
            return None
        position = seats.index(seat)  # a seat is dealt in once a hand
        return position if self.hand_occupants[position] is self.occupants.get(seat) else None

    def decider(self) -> tuple[int, str] | None:
        """Whose decision the hand waits for, and which kind: ``act``, ``draw`` or ``show``."""
        hand = self.hand
        if hand is None:
            return None
        if hand.phase == "bet" and hand.to_act is not None:
            return hand.to_act, "act"
        if hand.phase == "draw" and hand.to_draw is not None:
            return hand.to_draw, "draw"
        if hand.phase == "showdown" and hand.next_to_show is not None:
            return hand.next_to_show, "show"
        if hand.phase == "runs":
            waiting = self.asked_to_run_twice() if self.vote is not None else asked(hand)
            return (waiting[0], "run_twice") if waiting else None
        return None

    def asked_to_run_twice(self) -> tuple[int, ...]:
        """The positions whose answer to run it twice the table waits for (all at once)."""
        return () if self.vote is None else self.vote.waiting

    def turn_token(self) -> str:
        hand = self.hand
        return f"{self.hand_number}.{len(hand.events)}" if hand is not None else "0.0"

    # ------------------------------------------------- what the snapshot shows

    @abstractmethod
    def game_frame(self) -> GameFrame:
        """The game and stakes."""

    @abstractmethod
    def marks(self) -> tuple[int | None, int | None, int | None]:
        """The button, small blind and big blind seats (H-5 … H-7), None where there is none."""

    @abstractmethod
    def stack_of(self, seat: int) -> int:
        """The chips of an occupied seat when it is not in a hand being played."""

    @abstractmethod
    def is_away(self, seat: int) -> bool:
        """Whether the occupied ``seat`` sits out (H-9)."""

    def is_out(self, seat: int) -> bool:
        """Whether the seat's player is eliminated (a series, H-2)."""
        return False

    def hosts(self, user: int) -> bool:
        """Whether ``user`` may use the host's controls."""
        return False

    def moderates(self, user: User | None) -> bool:
        """Whether ``user`` moderates the table's chat: its host, or an admin."""
        return user is not None and (self.hosts(user.id) or user.has("admin"))

    def someone_all_in(self) -> bool:
        """Whether a player of the hand being played has put all his chips in (for the
        chat's all-in quiet switch: collusion, 002 §7)."""
        hand = self.hand
        return (
            hand is not None
            and not self.hand_done
            and any(s == 0 and not f for s, f in zip(hand.stacks, hand.folded, strict=True))
        )

    def standings(self) -> list[StandingFrame]:
        return []

    def straddle_choice(self, seat: int) -> StraddleYouFrame | None:
        """A seated player's straddle choice where the host allows straddles, else None."""
        return None

    @property
    def hands_played(self) -> int:
        return 0

    # ------------------------------------------------------------ messages

    def _dispatch(self, sender: User | None, message: msg.ClientMessage, now: float) -> Outcome:
        if isinstance(message, msg.Hello):
            if message.v != PROTOCOL_VERSION:
                return no(
                    gettext("this table speaks protocol {version}, not {sent}").format(
                        version=PROTOCOL_VERSION, sent=message.v
                    ),
                    "version",
                )
            return Outcome(False)
        if sender is not None and self._replayed(sender.id, message.id):
            return no(
                gettext("message {ref} was already received; every message needs a new id").format(
                    ref=repr(message.id)
                ),
                "replayed",
            )
        if isinstance(message, CHAT_MESSAGES):  # signed-in observers chat too
            return table_chat_outcome(self, sender, message, now, all_in=self.someone_all_in())
        if sender is None:
            return no(
                gettext("observers only watch: sign in and take a seat to play"), "not_seated"
            )
        match message:
            case msg.Act():
                return self._act(sender, message, now)
            case msg.Preaction(kind=kind):
                return self._preaction(sender, kind)
            case msg.Show():
                return self._showdown(sender, show=True, now=now)
            case msg.Muck():
                return self._showdown(sender, show=False, now=now)
            case msg.Draw(cards=cards):
                return self._draw(sender, cards, now)
            case msg.RunTwice(agree=agree):
                return self._run_twice(sender, agree=agree, now=now)
            case msg.Director():
                return no(
                    gettext("a director's message goes to the tournament, not to a table"),
                    "lobby",
                )
            case msg.Place():
                return no(gettext("place sets OFC cards: this table deals poker hands"), "not_ofc")
            case msg.Surrender():
                return no(gettext("surrender gives up an OFC hand: at this table, fold"), "not_ofc")
        return self._seating(sender, message, now)

    @abstractmethod
    def _seating(self, sender: User, message: Seating, now: float) -> Outcome:
        """Sit, leave, start, sit out or in, top up, post: the room's own seat rules."""

    def _replayed(self, user: int, message_id: str) -> bool:
        seen = self._seen_ids.setdefault(user, deque(maxlen=REMEMBERED_IDS))
        if message_id in seen:
            return True
        seen.append(message_id)
        return False

    def _mine(self, sender: User, kind: str) -> tuple[Hand, int] | Outcome:
        """The hand and position when the table waits on ``sender`` for ``kind``; else why not."""
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return no(gettext("you have no seat at this table; observers only watch"), "not_seated")
        hand, decider = self.hand, self.decider()
        if hand is None or decider is None:
            return no(gettext("no hand is being played now"), "no_hand")
        position, waiting_for = decider
        if waiting_for == "run_twice":
            return no(
                gettext("everyone is all-in: the table waits for the answers to run it twice"),
                "wrong_phase",
            )
        if self.position_of(seat) != position:
            who = self.hand_occupants[position].name
            turn = (
                gettext("it is {name}'s turn, not yours; choose a pre-action instead")
                if waiting_for == "act"
                else gettext("it is {name}'s turn, not yours")
            )
            return no(turn.format(name=who), "out_of_turn")
        if waiting_for != kind:
            return no(gettext(WAITS_FOR[waiting_for]).format(kind=kind), "wrong_phase")
        return hand, position

    def _act(self, sender: User, message: msg.Act, now: float) -> Outcome:
        mine = self._mine(sender, "act")
        if isinstance(mine, Outcome):
            return mine
        hand, position = mine
        if message.turn is not None and message.turn != self.turn_token():
            return no(
                gettext(
                    "that action was for an earlier moment ({then}); the table has moved "
                    "on to {now}: decide again"
                ).format(then=message.turn, now=self.turn_token()),
                "stale",
            )
        legal = hand.legal_actions()
        sized = sized_word(hand)
        word = message.action
        if word in msg.AMOUNT_ACTIONS and sized is not None and word != sized:
            options = ", ".join(legal.describe(amount_text))
            return no(
                gettext("you may not {action} now; you may: {options}").format(
                    action=word, options=options
                ),
                "not_allowed",
            )
        action = action_for(word, message.amount)
        try:
            hand.act(action, position)
        except IllegalAction as error:
            code = "amount" if word in msg.AMOUNT_ACTIONS and sized is not None else "not_allowed"
            return no(refusal(error, position), code)
        self.pending.pop(sender.id, None)
        self._drive(now)
        return Outcome(True)

    def _preaction(self, sender: User, kind: str) -> Outcome:
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return no(gettext("you have no seat at this table"), "not_seated")
        if kind == "clear":
            if self.pending.pop(sender.id, None) is None:
                return no(gettext("you have no pre-action to clear"), "no_preaction")
            return Outcome(True)
        hand, position = self.hand, self.position_of(seat)
        if hand is None or position is None or self.hand_done:
            return no(gettext("pre-actions are for a hand being played"), "no_hand")
        if hand.phase == "bet" and hand.to_act == position:
            return no(gettext("it is your turn: act now"), "your_turn")
        allowed = preactions.offered(hand, position)
        if kind not in allowed:
            choices = ", ".join(allowed) if allowed else gettext("none now")
            return no(
                gettext("pre-action {kind} is not available; available: {choices}").format(
                    kind=kind, choices=choices
                ),
                "preaction",
            )
        self.pending[sender.id] = preactions.Pending(
            kind, self.hand_number, hand.street, max(hand.committed)
        )
        return Outcome(True)

    def _showdown(self, sender: User, *, show: bool, now: float) -> Outcome:
        mine = self._mine(sender, "show")
        if isinstance(mine, Outcome):
            return mine
        hand, position = mine
        try:
            if show:
                hand.show(position)
            else:
                hand.muck(position)
        except IllegalAction as error:  # P-5: the last live hand of a pot must show
            return no(refusal(error, position), "must_show")
        self._drive(now)
        return Outcome(True)

    def _run_twice(self, sender: User, *, agree: bool, now: float) -> Outcome:
        """P-10: an answer to run it twice; all must agree in time, one refusal runs it once."""
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return no(gettext("you have no seat at this table; observers only watch"), "not_seated")
        hand, vote, position = self.hand, self.vote, self.position_of(seat)
        if hand is None or vote is None or hand.phase != "runs" or position is None:
            return no(gettext("nobody is asked to run it twice now"), "no_vote")
        if position not in vote.players:
            return no(
                gettext("only the players still in the hand are asked to run it twice"),
                "not_asked",
            )
        try:
            runs = vote.answer(position, agree=agree)
        except ValueError as error:
            return no(error_words(error), "answered")
        if runs is not None:
            self._choose_runs(runs)
        self._drive(now)
        return Outcome(True)

    def _choose_runs(self, runs: int) -> None:
        hand = self.hand
        assert hand is not None
        self.vote = None
        hand.choose_runs(runs)

    def _vote_settled(self, now: float) -> bool:
        """Ask the players all-in to run it twice (once); the room answers for a bot (yes)
        and a seat whose player left (no). True when the answers decide the runs."""
        hand = self.hand
        assert hand is not None
        if self.vote is None:
            self.vote = RunTwiceVote.ask(asked(hand), now=now)
        vote = self.vote
        for position in vote.waiting:
            occupant = self.hand_occupants[position]
            if vote.runs is None and self._acts_itself(occupant):
                vote.answer(position, agree=occupant.bot is not None)
        runs = vote.runs
        if runs is None:
            return False
        self._choose_runs(runs)
        return True

    def _draw(self, sender: User, tokens: list[str], now: float) -> Outcome:
        mine = self._mine(sender, "draw")
        if isinstance(mine, Outcome):
            return mine
        hand, position = mine
        held = hand.hole[position]
        cards = [Card.parse(token) for token in tokens]
        strangers = [str(card) for card in cards if card not in held]
        if strangers:
            yours = " ".join(str(card) for card in held)
            return no(
                gettext("you do not hold {cards}; your cards: {yours}").format(
                    cards=" ".join(strangers), yours=yours
                ),
                "not_in_hand",
            )
        try:
            hand.draw(cards, position)
        except IllegalAction as error:
            return no(refusal(error, position), "not_allowed")
        self._drive(now)
        return Outcome(True)

    # -------------------------------------------------------------- the hands

    @abstractmethod
    def _end_hand(self, now: float) -> None:
        """Settle the finished hand with the table model and plan the next."""

    @abstractmethod
    def _timed_out(self, position: int) -> None:
        """A-18: the clock acted for ``position``; as online rooms do, he sits out."""

    def _acts_itself(self, occupant: Occupant) -> bool:
        """Whether the room decides for this seat at once (a bot; a cash player who left)."""
        return occupant.bot is not None

    def _dealt(self, hand: Hand, seats: tuple[int, ...], number: int, now: float) -> None:
        """A new hand is dealt to ``seats`` (by position): reset the hand's state."""
        self.hand, self.hand_done, self.status = hand, False, "playing"
        self.hand_seats = seats
        self.hand_occupants = tuple(self.occupants[seat] for seat in seats)
        self.hand_number = number
        self.timeouts, self.banks_used, self.pending = set(), {}, {}
        self.vote = None

    def _drive(self, now: float) -> None:
        """Let bots, pre-actions and the room act until a person must decide; then set the
        clock for that decision, or end the hand."""
        hand = self.hand
        assert hand is not None
        while (decider := self.decider()) is not None:
            self._drop_stale_preactions()
            position, kind = decider
            if kind == "run_twice":
                if self._vote_settled(now):
                    continue
                break
            occupant = self.hand_occupants[position]
            if self._acts_itself(occupant):
                self._auto_moves(hand, position, kind, occupant)
                continue
            if kind == "show" and (
                hand.shown[position] is not None or not may_muck(hand, position)
            ):
                hand.show(position)  # A-17 or P-5: nothing to decide
                continue
            if kind == "show" and occupant.mucks_losers() and room_choice(hand) == "muck":
                hand.muck(position)  # P-5: his standing choice
                continue
            if kind == "act" and self._preaction_acts(hand, position, occupant):
                continue
            break
        self._drop_stale_preactions()
        if hand.phase == "done":
            self.turn = None
            if not self.hand_done:
                self.hand_done = True
                self.pending = {}
                self._show_bots_the_end(hand)
                self._end_hand(now)
            return
        decider = self.decider()
        assert decider is not None
        key = (self.hand_number, len(hand.events), *decider)
        if self.turn is None or self.turn.key != key:
            self.turn = new_turn(self.clock, key, now)
            if self.vote is not None:  # one time for all the answers
                self.turn.deadline, self.turn.countdown_from = self.vote.deadline, self.vote.opened

    def _names(self) -> tuple[str, ...]:
        """The players' names by position in the hand being played."""
        return tuple(occupant.name for occupant in self.hand_occupants)

    def _show_bots_the_end(self, hand: Hand) -> None:
        """Bots that learn their opponents see the finished hand from their own seats."""
        bots = {p: o.bot for p, o in enumerate(self.hand_occupants) if o.bot is not None}
        tell_hand_over(hand, bots, self._names())

    def _auto_moves(self, hand: Hand, position: int, kind: str, occupant: Occupant) -> None:
        """A bot's decision; for a seat without a bot, what the clock would do."""
        bot = occupant.bot
        if kind == "show":
            settle_showdown(hand, lambda p: not self._acts_itself(self.hand_occupants[p]))
            return
        view = view_of(hand, position, self._names())
        if kind == "draw":
            hand.draw([] if bot is None else bot.discard(view), position)
            return
        if bot is None:
            hand.act(timeout_action(hand), position)
            return
        try:
            hand.act(bot.decide(view), position)
        except IllegalAction:
            hand.act(timeout_action(hand), position)

    def _preaction_acts(self, hand: Hand, position: int, occupant: Occupant) -> bool:
        """X-3: send the pending pre-action of the player to act, if it still applies."""
        user = occupant.user
        pending = self.pending.pop(user, None) if user is not None else None
        if pending is None:
            return False
        action = preactions.decision(pending, hand)
        if action is None:
            return False
        hand.act(action, position)
        return True

    def _drop_stale_preactions(self) -> None:
        """X-3: a pre-action whose situation changed (a new bet) is discarded, and its
        owner told why."""
        hand = self.hand
        for user, pending in list(self.pending.items()):
            seat = self.seat_of_user(user)
            position = None if seat is None else self.position_of(seat)
            gone = (
                "you left"  # machine words: the room's English check; the notice words it
                if hand is None or position is None
                else preactions.why_gone(pending, hand, self.hand_number, position)
            )
            if gone is not None:
                del self.pending[user]
                if pending.kind == "check" and gone.startswith("the bet"):
                    self.notices[user] = every_language(
                        self.vocabulary, partial(self._cancelled_notice, pending, position)
                    )

    def _cancelled_notice(self, pending: preactions.Pending, position: int | None) -> str:
        hand = self.hand
        gone = (
            gettext("you left")
            if hand is None or position is None
            else preactions.why_gone(pending, hand, self.hand_number, position, worded=True)
        )
        return gettext("your pre-action check was cancelled: {why}").format(why=gone)

    def _time_out(self, turn: Turn, now: float) -> None:
        """A-18: a time bank if one may be used, else the timeout acts for the player."""
        hand = self.hand
        assert hand is not None
        position = turn.position
        occupant = self.hand_occupants[position]
        if turn.kind == "run_twice":  # silence is a refusal: the board is run once
            self._choose_runs(1)
            self._drive(now)
            return
        if turn.kind == "show":
            if room_choice(hand) == "muck":
                hand.muck(position)
            else:
                hand.show(position)
            self._drive(now)
            return
        used = self.banks_used.get(position, 0)
        if occupant.banks > 0 and bank_allowed(hand, used) and turn.deadline is not None:
            occupant.banks -= 1
            self.banks_used[position] = used + 1
            turn.deadline += self.clock.bank_seconds
            turn.countdown_from = turn.deadline - self.clock.countdown
            return
        self.timeouts.add(len(hand.events))
        if turn.kind == "draw":
            hand.draw([], position)  # stands pat
        else:
            hand.act(timeout_action(hand), position)
        self._timed_out(position)
        if occupant.user is not None:
            self.pending.pop(occupant.user, None)
        self._drive(now)

    def _finished(self, record: RecordT, rake: Sequence[int] | None = None) -> None:
        """Keep the hand just finished (``rake``: what each position paid, P-9) and tell
        whoever listens."""
        hand = self.hand
        assert hand is not None
        names = tuple(occupant.name for occupant in self.hand_occupants)
        paid = tuple(rake) if rake is not None else (0,) * hand.players
        finished = FinishedHand(
            record,
            number=self.hand_number,
            seats=self.hand_seats,
            users=tuple(occupant.user for occupant in self.hand_occupants),
            names=names,
            results=tuple(
                after - before - fee
                for after, before, fee in zip(hand.stacks, hand.config.stacks, paid, strict=True)
            ),
            rake=sum(paid),
            phh=write_phh(hand, names, rake=rake),
        )
        self.hands.append(finished)
        if self.on_hand_finished is not None:
            self.on_hand_finished(finished)

    def _keep_result(self, result: ResultFrame) -> None:
        self.result_frames.insert(0, result)
        del self.result_frames[KEPT_RESULTS:]
        hand = self.hand
        self.worded_results.insert(
            0, every_language(self.vocabulary, partial(_result_in_language, result, hand))
        )
        del self.worded_results[KEPT_RESULTS:]


def _result_in_language(result: ResultFrame, hand: Hand | None) -> ResultFrame:
    """``result`` with its winning hands named in the current language (the engine words
    them as they are read: :attr:`Hand.result <pokerroom.engine.hand.Hand.result>`)."""
    if hand is None or hand.phase != "done":
        return result
    names = [winner.hand for pot in hand.result for winner in pot.winners]
    if len(names) != len(result["winners"]):
        return result
    return {
        **result,
        "winners": [
            {**winner, "hand": name} for winner, name in zip(result["winners"], names, strict=True)
        ],
    }
