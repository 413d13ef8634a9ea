"""An OFC Pineapple table on the web: 2-3 players, people and bots, hand after hand (O-1 … O-7).

:class:`OfcRoom` is a :class:`pokerroom.room.seam.Room` over :class:`pokerroom.ofc.Session`,
the game model the terminal OFC table plays, with the terminal's bots
(:data:`pokerroom.bots.ofc.OFC_BOTS`). Players take seats while the table waits; the host
starts (or it starts once every seat is taken). Each hand deals five, then four rounds
of three (set two, discard one, O-2), Fantasyland last (O-4); a player sends his whole
part of a deal in one ``place`` message. The settlement (fouls, royalties, points by
pair, O-5 … O-7) goes to the hand log and the results; the next hand is dealt after a
short pause, the button moved (O-3).

The shot clock (A-18): each deal gets ``seconds`` plus a ``countdown``, then a time bank
if one is left. The terminal table has no clock, so when the time is up the room sets
the cards as the sensible bot would, says so in the hand log, and the player is away:
his cards are set that way at once until he sits in (as a home table sits out a player
who timed out). A dropped connection is away after the grace period (H-11).

*Decisions*: the session has no end unless ``max_hands`` is given (the host closes the
table); with nobody present but bots, the next hand waits ("held"), so an empty table
does not deal forever.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Mapping
from typing import final

from pokerroom.bots.ofc import OFC_BOTS, OfcDecision, apply_decision
from pokerroom.chat import RoomChat
from pokerroom.chat.frames import chat_frame
from pokerroom.i18n import Vocabulary, gettext
from pokerroom.ofc import OfcError, OfcHand, Session, SurrenderError
from pokerroom.ofc.words import result_lines, your_refusal
from pokerroom.ofc_choices import MAX_PLAYERS, MIN_PLAYERS
from pokerroom.protocol import client as msg
from pokerroom.protocol.chat_frames import ChatFrame
from pokerroom.protocol.frames import OfcResultFrame, OfcTableFrame
from pokerroom.room.chatting import CHAT_MESSAGES, table_chat_outcome
from pokerroom.room.clock import ShotClock
from pokerroom.room.occupants import Occupant
from pokerroom.room.ofc.placing import Refused, decision_for
from pokerroom.room.ofc.results import result_frame
from pokerroom.room.ofc.snapshot import build, over
from pokerroom.room.seam import PROTOCOL_VERSION, Outcome, User
from pokerroom.room.seated import SeatedRoom, no
from pokerroom.room.worded import Worded, every_language, for_viewer

TIMEOUT_BOT = "sensible"
"""Whose choice sets the cards of a player whose time ran out."""
REMEMBERED_IDS = 256
KEPT_RESULTS = 5


class OfcTurn:
    """One deal waiting on one person, and when his time is up (A-18)."""

    __slots__ = ("countdown_from", "deadline", "key", "position")

    def __init__(
        self, key: tuple[int, int, int], deadline: float | None, countdown_from: float | None
    ) -> None:
        self.key = key
        """(hand number, events so far, position): a new key is a new deal to set."""
        self.position = key[2]
        self.deadline = deadline
        self.countdown_from = countdown_from


class OfcRoom(SeatedRoom[OfcTurn]):
    """One OFC table; see the module docstring. ``bots`` puts an OFC bot of a style of
    :data:`~pokerroom.bots.ofc.OFC_BOTS` in a seat (1-``seats``)."""

    kind = "ofc"

    def __init__(
        self,
        room_id: str,
        *,
        seats: int = 2,
        host: int | None = None,
        bots: Mapping[int, str] | None = None,
        clock: ShotClock | None = None,
        grace: float = 30.0,
        pause: float = 6.0,
        seed: int | None = None,
        max_hands: int | None = None,
    ) -> None:
        if not MIN_PLAYERS <= seats <= MAX_PLAYERS:  # O-2
            sizes = f"{MIN_PLAYERS} or {MAX_PLAYERS} seats, got {seats}"  # machine words
            raise ValueError(f"an OFC table has {sizes}")  # machine words: the lobby checks first
        self._id = room_id
        self.table_size = seats
        self.host = host
        self.clock = ShotClock() if clock is None else clock
        self.grace = grace
        self.pause = pause
        self.seed = seed
        self.max_hands = max_hands
        self.status = "waiting"
        self.occupants: dict[int, Occupant] = {}
        for seat, style in (bots or {}).items():
            if not 1 <= seat <= seats:
                where = f"seat {seat} is not at this table"  # machine words: the lobby checks
                raise ValueError(f"{where}: seats are 1-{seats}")  # machine words
            if style not in OFC_BOTS:
                styles = ", ".join(OFC_BOTS)
                raise ValueError(f"unknown OFC bot {style!r}; styles: {styles}")  # machine words
            name = f"Bot {seat}"  # machine words: a name given at creation (data)
            self.occupants[seat] = Occupant(name, None, style=style)
        self.session: Session | None = None
        self.seat_order: list[int] = []
        """Room seats in session-seat order (session seat ``i`` is ``seat_order[i]``)."""
        self.hand: OfcHand | None = None
        """The hand being played, or the last one (shown until the next deal)."""
        self.hand_number = 0
        self.hand_done = False
        self.hand_seats: tuple[int, ...] = ()
        """The room seat of each position of the hand being played (or the last)."""
        self.turn: OfcTurn | None = None
        self.next_hand_at: float | None = None
        self.notes: list[tuple[int, Worded[str] | str]] = []
        """The room's public lines for this hand's log: (events so far, line)."""
        self.notices: dict[int, Worded[str] | str] = {}
        self.result_frames: list[OfcResultFrame] = []
        self.worded_results: list[Worded[OfcResultFrame]] = []
        """The same results in every language (:mod:`pokerroom.room.worded`)."""
        """The last hands' results, newest first."""
        self._seen_ids: dict[int, deque[str]] = {}
        self.chat = RoomChat()
        """The table's chat (:mod:`pokerroom.room.chatting`)."""
        self.on_hand_finished: Callable[[OfcHand, tuple[int, ...]], None] | None = None
        """Told of each hand as it is settled, with its room seats (a terminal saves it)."""

    @classmethod
    def playing(
        cls,
        room_id: str,
        session: Session,
        people: Mapping[int, User],
        bots: Mapping[int, str],
        names: Mapping[int, str],
        *,
        pause: float = 4.0,
        max_hands: int | None = None,
    ) -> OfcRoom:
        """A terminal's table that plays ``session`` (new or resumed) from :meth:`go_on`:
        session seat ``i`` is room seat ``i + 1``, a person's (``people``) or a bot's
        (``bots``: its style), named by ``names``. No deal is timed: the terminal's OFC
        table never had a clock."""
        seats = len(session.totals)
        room = cls(room_id, seats=seats, clock=ShotClock(timed=False), pause=pause)
        room.seed, room.max_hands, room.session = session.seed, max_hands, session
        for seat in range(1, seats + 1):
            user = people.get(seat)
            user_id = None if user is None else user.id
            room.occupants[seat] = Occupant(names[seat], user_id, style=bots.get(seat))
        room.seat_order, room.status = sorted(room.occupants), "pause"
        return room

    def go_on(self, now: float) -> None:
        """Go on with the session: its hand in progress (resumed) at its last deal, else
        the next hand dealt now."""
        session = self.session
        assert session is not None
        hand = session.hand
        if hand is None:
            self._next_hand(now)
            return
        self.hand, self.hand_done, self.status = hand, False, "playing"
        self.hand_number = session.hands_played + 1
        self.hand_seats = tuple(self.seat_order[session.seat_of(p)] for p in range(hand.players))
        self._drive(now)

    def __setstate__(self, state: dict[str, object]) -> None:
        """A checkpoint from before tables chatted gets an empty chat."""
        self.__dict__.update(state)
        self.__dict__.setdefault("chat", RoomChat())
        self.__dict__.setdefault("worded_results", [])
        self.__dict__.setdefault("on_hand_finished", None)

    vocabulary: Vocabulary = "club"
    """Whose words the table speaks (OFC has no rule book of its own among the seeds)."""

    def results_shown(self) -> list[OfcResultFrame]:
        """The last hands' results in the current language (the frame's viewer's)."""
        if len(self.worded_results) != len(self.result_frames):  # kept before: as they were
            return list(self.result_frames)
        return [for_viewer(said) for said in self.worded_results]

    # ------------------------------------------------------------ the Room API

    @property
    def hands_played(self) -> int:
        return 0 if self.session is None else self.session.hands_played

    @final
    def snapshot(self, viewer: User | None) -> OfcTableFrame:
        return self.snapshot_over(self.public_snapshot(), viewer)

    def public_snapshot(self) -> OfcTableFrame:
        """The table as a signed-out observer sees it, shared by the observers."""
        frame = build(self, None)
        frame["chat"] = self._chat(None)
        return frame

    def snapshot_over(self, shared: OfcTableFrame, viewer: User | None) -> OfcTableFrame:
        """``viewer``'s whole frame: a new mapping, sharing ``shared``'s unchanged values."""
        if viewer is None:
            return shared.copy()
        frame = over(self, shared, viewer)
        frame["chat"] = self._chat(viewer)
        return frame

    def _chat(self, viewer: User | None) -> ChatFrame:
        return chat_frame(
            self.chat,
            None if viewer is None else viewer.id,
            seated=viewer is not None and self.seat_of_user(viewer.id) is not None,
            moderator=self.moderates(viewer),
            all_in=False,  # OFC plays for points: nobody is ever all-in
        )

    def moderates(self, user: User | None) -> bool:
        """Whether ``user`` moderates the table's chat: its host, or an admin."""
        return user is not None and (self.hosts(user.id) or user.has("admin"))

    def shift_clock(self, seconds: float) -> None:
        """Move every time the room keeps ``seconds`` later (a restarted server's downtime
        is charged to nobody, A-18, H-11), the chat's mutes too."""
        self.chat.shift(seconds)
        turn = self.turn
        if turn is not None and turn.deadline is not None and turn.countdown_from is not None:
            turn.deadline += seconds
            turn.countdown_from += seconds
        if self.next_hand_at is not None:
            self.next_hand_at += seconds
        for occupant in self.occupants.values():
            if occupant.gone_at is not None:
                occupant.gone_at += seconds

    # ------------------------------------------------------------- lookups

    def position_of(self, seat: int) -> int | None:
        """The position of a room seat in the current (or last) hand, or None."""
        if self.hand is None or seat not in self.hand_seats:
            return None
        return self.hand_seats.index(seat)

    def hosts(self, user: int) -> bool:
        return self.host == user or (self.host is None and self.seat_of_user(user) is not None)

    def turn_token(self) -> str:
        hand = self.hand
        return f"{self.hand_number}.{len(hand.events)}" if hand is not None else "0.0"

    def deciding_seat(self) -> int | None:
        """The seat whose cards the hand waits for, or None."""
        hand = self.hand
        if hand is None or hand.to_act is None:
            return None
        return self.hand_seats[hand.to_act]

    def total_of(self, seat: int) -> int:
        if self.session is None or seat not in self.seat_order:
            return 0
        return self.session.totals[self.seat_order.index(seat)]

    def _auto(self, occupant: Occupant, now: float) -> bool:
        """Whether the room sets this seat's cards at once: a bot, or a player away."""
        return occupant.style is not None or occupant.away(now, self.grace)

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
        if sender is not None:
            seen = self._seen_ids.setdefault(sender.id, deque(maxlen=REMEMBERED_IDS))
            if message.id in seen:
                return no(
                    gettext(
                        "message {ref} was already received; every message needs a new id"
                    ).format(ref=repr(message.id)),
                    "replayed",
                )
            seen.append(message.id)
        if isinstance(message, CHAT_MESSAGES):  # signed-in observers chat too
            return table_chat_outcome(self, sender, message, now, all_in=False)
        if sender is None:
            return no(
                gettext("observers only watch: sign in and take a seat to play"), "not_seated"
            )
        match message:
            case msg.Place():
                return self._place(sender, message, now)
            case msg.Surrender():
                return self._surrender(sender, message, now)
            case msg.Sit(seat=seat, buy_in=None, post=False):
                return self._sit(sender, seat, now)
            case msg.Sit():
                return no(gettext("an OFC table plays for points: sit names a seat only"), "buy_in")
            case msg.Leave():
                return self._leave(sender)
            case msg.Start():
                return self._start(sender, now)
            case msg.SitOut():
                return self._sit_out(sender, out=True, now=now)
            case msg.SitIn():
                return self._sit_out(sender, out=False, now=now)
        return no(
            gettext(
                "{message} is not played at an OFC table; send place with your cards "
                "(each to top, middle or bottom) and your discard"
            ).format(message=message.type),
            "not_ofc",
        )

    def _place(self, sender: User, message: msg.Place, now: float) -> Outcome:
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return no(gettext("you have no seat at this table; observers only watch"), "not_seated")
        hand = self.hand
        if hand is None or hand.to_act is None:
            return no(gettext("no hand is being played now"), "no_hand")
        position = self.position_of(seat)
        if position != hand.to_act:
            who = self.occupants[self.hand_seats[hand.to_act]].name
            return no(
                gettext("it is {name}'s turn to set cards, not yours (O-2, O-3)").format(name=who),
                "out_of_turn",
            )
        if message.turn is not None and message.turn != self.turn_token():
            return no(
                gettext(
                    "that placement was for an earlier moment ({then}); the table has "
                    "moved on to {now}: place again"
                ).format(then=message.turn, now=self.turn_token()),
                "stale",
            )
        decision = decision_for(hand, position, message.cards, message.discard)
        if isinstance(decision, Refused):
            return no(decision.message, decision.code)
        try:
            apply_decision(hand, position, decision)  # checked whole: all or nothing
        except OfcError as error:
            return no(str(error), "placement")
        self._drive(now)
        return Outcome(True)

    def _surrender(self, sender: User, message: msg.Surrender, now: float) -> Outcome:
        """O-5: a player gives up the hand before setting any card, his turn or not (the
        rule names only the cards), and pays 2 to each opponent who plays on."""
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return no(gettext("you have no seat at this table; observers only watch"), "not_seated")
        hand, position = self.hand, self.position_of(seat)
        if hand is None or self.hand_done or position is None:
            return no(gettext("no hand is being played now"), "no_hand")
        if message.turn is not None and message.turn.split(".")[0] != str(self.hand_number):
            return no(
                gettext(
                    "that surrender was for an earlier hand ({then}); this is hand {number}"
                ).format(then=message.turn, number=self.hand_number),
                "stale",
            )
        try:
            hand.surrender(position)
        except SurrenderError as error:
            return no(your_refusal(error, position), "surrender")
        name = self.occupants[seat].name
        self.notes.append(
            (
                len(hand.events),
                every_language(
                    self.vocabulary,
                    lambda: gettext(
                        "{name} surrenders and pays 2 points to each opponent who plays on"
                    ).format(name=name),
                ),
            )
        )
        self._drive(now)
        return Outcome(True)

    def _sit(self, sender: User, seat: int, now: float) -> Outcome:
        started = gettext("the table has started: its players were seated at the start")
        outcome = self._seat_before_start(sender, seat, started)
        if outcome.changed and len(self.occupants) == self.table_size:
            self._begin(now)
        return outcome

    def _leave(self, sender: User) -> Outcome:
        started = gettext(
            "the table has started and you play on; sit_out to have your cards set for "
            "you (the bot's choice)"
        )
        return self._unseat_before_start(sender, started)

    def _start(self, sender: User, now: float) -> Outcome:
        if self.status != "waiting":
            return no(gettext("the table has already started"), "started")
        if not self.hosts(sender.id):
            return no(gettext("only the host starts the table"), "not_host")
        if len(self.occupants) < MIN_PLAYERS:
            return no(
                gettext("OFC needs {least} or {most} players; {count} seated").format(
                    least=MIN_PLAYERS, most=MAX_PLAYERS, count=len(self.occupants)
                ),
                "players",
            )
        self._begin(now)
        return Outcome(True)

    def _sit_out(self, sender: User, *, out: bool, now: float) -> Outcome:
        occupant = self._away_change(sender, out=out)
        if isinstance(occupant, Outcome):
            return occupant
        occupant.sitting_out = out
        if out and self.hand is not None and not self.hand_done:
            self._drive(now)  # his deal, if it is his turn, is set for him now
        else:
            self._resume_if_held(now)
        return Outcome(True)

    # -------------------------------------------------------------- the hands

    def _begin(self, now: float) -> None:
        """Seat the session's players in seat order and deal its first hand."""
        self.seat_order = sorted(self.occupants)
        self.session = Session(len(self.seat_order), seed=self.seed)
        self._next_hand(now)

    def _present(self, now: float) -> int:
        return sum(
            1
            for seat in self.seat_order
            if self.occupants[seat].user is not None
            and not self.occupants[seat].away(now, self.grace)
        )

    def _resume_if_held(self, now: float) -> None:
        if self.status == "held" and self._present(now) >= 1:
            self.status = "pause"
            self.next_hand_at = now + self.pause

    def _next_hand(self, now: float) -> None:
        session = self.session
        assert session is not None
        self.next_hand_at = None
        if self.max_hands is not None and session.hands_played >= self.max_hands:
            self.status = "over"
            return
        if self._present(now) < 1:
            self.status = "held"
            return
        hand = session.start_hand()
        self.hand, self.hand_done, self.status = hand, False, "playing"
        self.hand_number = session.hands_played + 1
        self.hand_seats = tuple(self.seat_order[session.seat_of(p)] for p in range(hand.players))
        self.notes = []
        self._drive(now)

    def _drive(self, now: float) -> None:
        """Let bots and away players' stand-ins set cards until a person must; then set the
        clock for his deal, or settle the hand."""
        hand = self.hand
        assert hand is not None
        while hand.to_act is not None:
            occupant = self.occupants[self.hand_seats[hand.to_act]]
            if not self._auto(occupant, now):
                break
            self._set_for(hand.to_act, occupant.style or TIMEOUT_BOT)
        if hand.to_act is None:
            self.turn = None
            if not self.hand_done:
                self.hand_done = True
                self._end_hand(now)
            return
        key = (self.hand_number, len(hand.events), hand.to_act)
        if self.turn is None or self.turn.key != key:
            clock = self.clock
            if not clock.timed:
                self.turn = OfcTurn(key, None, None)
            else:
                self.turn = OfcTurn(key, now + clock.seconds + clock.countdown, now + clock.seconds)

    def _set_for(self, position: int, style: str) -> None:
        """Set the position's deal as a bot of ``style`` would (O-2, O-4); the bot sees only
        that position's own view (X-4)."""
        hand = self.hand
        assert hand is not None
        decision: OfcDecision = OFC_BOTS[style](self._bot_seed(position)).decide(
            hand.view(position)
        )
        apply_decision(hand, position, decision)

    def _bot_seed(self, position: int) -> int | None:
        """The same choice on a replay: from the room's seed, the seat, the hand and how
        many cards the seat has set (one count per deal)."""
        if self.seed is None or self.hand is None:
            return None
        seat = self.hand_seats[position]
        turn = f"{self.seed} {seat} {self.hand_number} {len(self.hand.board(position))}"
        return int.from_bytes(hashlib.blake2b(turn.encode(), digest_size=8).digest())

    def _time_out(self, turn: OfcTurn, now: float) -> None:
        """A-18: a time bank if one is left; else the cards are set by the bot's choice,
        said in the log, and the player is away until he sits in."""
        hand = self.hand
        assert hand is not None
        occupant = self.occupants[self.hand_seats[turn.position]]
        if occupant.banks > 0 and turn.deadline is not None:
            occupant.banks -= 1
            turn.deadline += self.clock.bank_seconds
            turn.countdown_from = turn.deadline - self.clock.countdown
            return
        name = occupant.name
        self.notes.append(
            (
                len(hand.events),
                every_language(
                    self.vocabulary,
                    lambda: gettext(
                        "{name}'s time ran out: his cards were set by the {bot} "
                        "bot's choice; he is away until he sits in"
                    ).format(name=name, bot=TIMEOUT_BOT),
                ),
            )
        )
        if occupant.user is not None:
            self.notices[occupant.user] = every_language(
                self.vocabulary,
                lambda: gettext(
                    "your time ran out and your cards were set for you; sit in to play on"
                ),
            )
        occupant.sitting_out = True
        self._drive(now)

    def _end_hand(self, now: float) -> None:
        session, hand = self.session, self.hand
        assert session is not None and hand is not None
        result = session.finish_hand()
        names = [self.occupants[seat].name for seat in self.hand_seats]
        totals = [self.total_of(seat) for seat in self.hand_seats]
        number, seats = self.hand_number, self.hand_seats

        def framed() -> OfcResultFrame:
            lines = result_lines(result, names, totals, number)
            return result_frame(number, seats, names, result, lines)

        self.result_frames.insert(0, framed())
        del self.result_frames[KEPT_RESULTS:]
        self.worded_results.insert(0, every_language(self.vocabulary, framed))
        del self.worded_results[KEPT_RESULTS:]
        self.status = "pause"
        self.next_hand_at = now + self.pause
        if self.max_hands is not None and session.hands_played >= self.max_hands:
            self.status = "over"
            self.next_hand_at = None
        if self.on_hand_finished is not None:
            self.on_hand_finished(hand, seats)
