"""A home-series table on the web: seats owned by users, bots, the clock, and the hands.

:class:`HomeRoom` is a :class:`pokerroom.web.seam.Room`: pure and deterministic, told who
sent what and what time it is. Players take seats while the table is waiting; the host
starts the series (or it starts by itself once every seat is taken) and from then on the
seats are the series' players (H-2: nobody joins or re-buys). Each hand is a
:class:`~pokerroom.table.series.Series` hand: bots act at once, people act through
:meth:`HomeRoom.handle` or have their pre-action sent for them (X-3), the shot clock acts
for whoever runs out of time (A-18), and away seats are dealt and killed (H-9, H-11).
A short pause shows each hand's result before the next is dealt.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from pokerroom.bots import BOTS
from pokerroom.cards import Card
from pokerroom.engine import Hand, IllegalAction
from pokerroom.engine.views import view_of
from pokerroom.table.away import kill_dead_hands
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.table.showdown import may_muck, room_choice, settle_showdown
from pokerroom.table.wording import refusal
from pokerroom.web.protocol import client as msg
from pokerroom.web.protocol.frames import ResultFrame, TableFrame
from pokerroom.web.room import preactions
from pokerroom.web.room.betting import action_for, sized_word, timeout_action
from pokerroom.web.room.clock import ShotClock, Turn, bank_allowed, new_turn
from pokerroom.web.room.occupants import Occupant
from pokerroom.web.room.results import hand_result
from pokerroom.web.room.snapshot import build
from pokerroom.web.seam import PROTOCOL_VERSION, Outcome, User

REMEMBERED_IDS = 256
"""Message ids kept per user to refuse a replayed message."""
KEPT_RESULTS = 5


class HomeRoom:
    """One home-series table; see the module docstring.

    ``seats`` is the table size; ``bots`` puts a bot of a :data:`pokerroom.bots.BOTS`
    style in a seat; ``host`` is the user who may start the series (None: any seated
    player); ``grace`` is how long a dropped connection may last before the player is
    away for the next deal (H-11); ``pause`` the seconds between hands.
    """

    def __init__(
        self,
        room_id: str,
        *,
        settings: SeriesSettings | None = None,
        seats: int = 6,
        host: int | None = None,
        bots: Mapping[int, str] | None = None,
        clock: ShotClock | None = None,
        grace: float = 30.0,
        pause: float = 4.0,
        seed: int | None = None,
        max_hands: int | None = None,
    ) -> None:
        self._id = room_id
        self.settings = settings or SeriesSettings()
        most = min(10, self.settings.variant.max_players)
        if not 2 <= seats <= most:
            raise ValueError(
                f"a {self.settings.variant.name} table has 2 to {most} seats, got {seats} (V-0)"
            )
        self.table_size = seats
        self.host = host
        self.clock = ShotClock() if clock is None else clock
        self.grace = grace
        self.pause = pause
        self.seed = seed
        self.max_hands = max_hands
        self.occupants: dict[int, Occupant] = {}
        for seat, style in (bots or {}).items():
            self._check_seat_number(seat)
            if style not in BOTS:
                raise ValueError(f"unknown bot style {style!r}; styles: {', '.join(BOTS)}")
            bot = BOTS[style](None if seed is None else seed + seat)
            self.occupants[seat] = Occupant(f"Bot {seat}", None, bot, style)
        self.status = "waiting"
        self.series: Series | None = None
        self.seat_order: list[int] = []
        """Room seats in series-seat order (series seat ``i + 1`` is ``seat_order[i]``)."""
        self.hand: Hand | None = None
        self.hand_number = 0
        self.hand_done = False
        self.turn: Turn | None = None
        self.next_hand_at: float | None = None
        self.timeouts: set[int] = set()
        """Indices of the current hand's events the shot clock made (A-18)."""
        self.banks_used: dict[int, int] = {}
        """Time banks used this hand, by position (002 6.4.12)."""
        self.pending: dict[int, preactions.Pending] = {}
        """Pre-actions by user id (X-3)."""
        self.notices: dict[int, str] = {}
        self.result_frames: list[ResultFrame] = []
        """The last hands' results, newest first."""
        self._seen_ids: dict[int, deque[str]] = {}

    # ------------------------------------------------------------ the Room API

    @property
    def id(self) -> str:
        return self._id

    def snapshot(self, viewer: User | None) -> TableFrame:
        return build(self, viewer)

    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        """Apply one client message (see :mod:`pokerroom.web.protocol.client`)."""
        try:
            parsed = msg.parse_message(message)
        except msg.ProtocolError as error:
            return Outcome(False, error.message, error.code)
        timed = self.tick(now)  # what the clock did before this message arrived
        outcome = self._dispatch(sender, parsed, now)
        if outcome.changed and sender is not None:
            self.notices.pop(sender.id, None)  # he has acted since he was told
        if timed and not outcome.changed:
            return Outcome(True, outcome.error, outcome.code)
        return outcome

    def tick(self, now: float) -> bool:
        changed = False
        for _ in range(1000):  # bounded: each pass acts once or stops
            turn = self.turn
            if turn is not None and turn.deadline is not None and now >= turn.deadline:
                self._time_out(turn, now)
            elif self.next_hand_at is not None and now >= self.next_hand_at:
                self._next_hand(now)
            else:
                break
            changed = True
        return changed

    def deadline(self) -> float | None:
        times = [self.next_hand_at]
        if self.turn is not None:
            times.append(self.turn.deadline)
        known = [t for t in times if t is not None]
        return min(known) if known else None

    def presence(self, user: User, connected: bool, now: float) -> bool:
        occupant = self._occupant_of(user.id)
        if occupant is None or occupant.connected == connected:
            return False
        occupant.connected = connected
        occupant.gone_at = None if connected else now
        if connected:
            self._resume_if_held(now)
        return True

    # ------------------------------------------------------------- lookups

    def seat_of_user(self, user: int) -> int | None:
        return next((s for s, o in self.occupants.items() if o.user == user), None)

    def _occupant_of(self, user: int) -> Occupant | None:
        seat = self.seat_of_user(user)
        return None if seat is None else self.occupants[seat]

    def seat_at(self, position: int) -> int:
        """The room seat of an engine position in the hand being played (or the last)."""
        assert self.series is not None
        return self.seat_order[self.series.seat_of(position) - 1]

    def position_of(self, seat: int) -> int | None:
        """The engine position of a room seat in the current hand, or None if not dealt in."""
        hand = self.hand
        if hand is None:
            return None
        return next((p for p in range(hand.players) if self.seat_at(p) == seat), None)

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
        return None

    def turn_token(self) -> str:
        hand = self.hand
        return f"{self.hand_number}.{len(hand.events)}" if hand is not None else "0.0"

    # ------------------------------------------------------------ messages

    def _dispatch(self, sender: User | None, message: msg.ClientMessage, now: float) -> Outcome:
        if isinstance(message, msg.Hello):
            if message.protocol != PROTOCOL_VERSION:
                return _no(
                    f"this table speaks protocol {PROTOCOL_VERSION}, not {message.protocol}",
                    "version",
                )
            return Outcome(False)
        if sender is None:
            return _no("observers only watch: sign in and take a seat to play", "not_seated")
        if self._replayed(sender.id, message.id):
            return _no(
                f"message {message.id!r} was already received; every message needs a new id",
                "replayed",
            )
        match message:
            case msg.Sit(seat=seat):
                return self._sit(sender, seat, now)
            case msg.Leave():
                return self._leave(sender)
            case msg.Start():
                return self._start(sender, now)
            case msg.SitOut():
                return self._sit_out(sender, out=True, now=now)
            case msg.SitIn():
                return self._sit_out(sender, out=False, now=now)
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
        raise AssertionError(message)  # pragma: no cover - every message type is matched

    def _replayed(self, user: int, message_id: str) -> bool:
        seen = self._seen_ids.setdefault(user, deque(maxlen=REMEMBERED_IDS))
        if message_id in seen:
            return True
        seen.append(message_id)
        return False

    def _free_seats(self) -> str:
        free = [str(s) for s in range(1, self.table_size + 1) if s not in self.occupants]
        return ", ".join(free) if free else "none"

    def _sit(self, sender: User, seat: int, now: float) -> Outcome:
        if self.status != "waiting":
            return _no(  # H-2: nobody joins a series once it is dealt
                "the series has started: its players were seated at the start", "started"
            )
        mine = self.seat_of_user(sender.id)
        if mine is not None:
            return _no(f"you already sit in seat {mine}; leave it first", "seated")
        if seat > self.table_size:
            return _no(
                f"this table has seats 1-{self.table_size}; free: {self._free_seats()}", "seat"
            )
        if seat in self.occupants:
            return _no(f"seat {seat} is taken; free: {self._free_seats()}", "seat_taken")
        self.occupants[seat] = Occupant(sender.name, sender.id, banks=self.clock.banks)
        if len(self.occupants) == self.table_size:
            self._begin(now)
        return Outcome(True)

    def _leave(self, sender: User) -> Outcome:
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return _no("you have no seat at this table", "not_seated")
        if self.status != "waiting":
            return _no(  # H-2; H-9: an away seat is dealt and killed
                "the series has started and you play it to the end; "
                "sit_out to be away from the next hand",
                "started",
            )
        del self.occupants[seat]
        self.pending.pop(sender.id, None)
        return Outcome(True)

    def _start(self, sender: User, now: float) -> Outcome:
        if self.status != "waiting":
            return _no("the series has already started", "started")
        if self.host is not None and sender.id != self.host:
            return _no("only the host starts the series", "not_host")
        if self.host is None and self.seat_of_user(sender.id) is None:
            return _no("take a seat first: a seated player starts the series", "not_seated")
        if len(self.occupants) < 2:
            return _no(f"a series needs 2 players or more; {len(self.occupants)} seated", "players")
        self._begin(now)
        return Outcome(True)

    def _sit_out(self, sender: User, *, out: bool, now: float) -> Outcome:
        occupant = self._occupant_of(sender.id)
        if occupant is None:
            return _no("you have no seat at this table", "not_seated")
        if occupant.sitting_out == out:
            already = "sitting out; sit_in to play" if out else "playing; sit_out to be away"
            return _no(f"you are already {already}", "sitting_out" if out else "sitting_in")
        occupant.sitting_out = out  # H-11: from the next deal; a hand dealt to you plays on
        if not out:
            self._resume_if_held(now)
        return Outcome(True)

    def _mine(self, sender: User, kind: str) -> tuple[Hand, int] | Outcome:
        """The hand and position when the table waits on ``sender`` for ``kind``; else why not."""
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return _no("you have no seat at this table; observers only watch", "not_seated")
        hand, decider = self.hand, self.decider()
        if hand is None or decider is None:
            return _no("no hand is being played now", "no_hand")
        position, waiting_for = decider
        if self.seat_at(position) != seat:
            who = self.occupants[self.seat_at(position)].name
            extra = "; choose a pre-action instead" if waiting_for == "act" else ""
            return _no(f"it is {who}'s turn, not yours{extra}", "out_of_turn")
        if waiting_for != kind:
            wanted = {"act": "act", "draw": "draw", "show": "show or muck"}[waiting_for]
            return _no(f"the table waits for you to {wanted}, not to {kind}", "wrong_phase")
        return hand, position

    def _act(self, sender: User, message: msg.Act, now: float) -> Outcome:
        mine = self._mine(sender, "act")
        if isinstance(mine, Outcome):
            return mine
        hand, position = mine
        if message.turn is not None and message.turn != self.turn_token():
            return _no(
                f"that action was for an earlier moment ({message.turn}); the table has moved "
                f"on to {self.turn_token()}: decide again",
                "stale",
            )
        legal = hand.legal_actions()
        sized = sized_word(hand)
        word = message.action
        if word in msg.AMOUNT_ACTIONS and sized is not None and word != sized:
            return _no(
                f"you may not {word} now; you may: {', '.join(legal.describe())}", "not_allowed"
            )
        action = action_for(word, message.amount)
        try:
            hand.act(action, position)
        except IllegalAction as error:
            code = "amount" if word in msg.AMOUNT_ACTIONS and sized is not None else "not_allowed"
            return _no(refusal(error, position), code)
        self.pending.pop(sender.id, None)
        self._drive(now)
        return Outcome(True)

    def _preaction(self, sender: User, kind: str) -> Outcome:
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return _no("you have no seat at this table", "not_seated")
        if kind == "clear":
            if self.pending.pop(sender.id, None) is None:
                return _no("you have no pre-action to clear", "no_preaction")
            return Outcome(True)
        hand, position = self.hand, self.position_of(seat)
        if hand is None or position is None or self.hand_done:
            return _no("pre-actions are for a hand being played", "no_hand")
        if hand.phase == "bet" and hand.to_act == position:
            return _no("it is your turn: act now", "your_turn")
        allowed = preactions.offered(hand, position)
        if kind not in allowed:
            choices = ", ".join(allowed) if allowed else "none now"
            return _no(f"pre-action {kind} is not available; available: {choices}", "preaction")
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
            return _no(refusal(error, position), "must_show")
        self._drive(now)
        return Outcome(True)

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
            return _no(f"you do not hold {' '.join(strangers)}; your cards: {yours}", "not_in_hand")
        try:
            hand.draw(cards, position)
        except IllegalAction as error:
            return _no(refusal(error, position), "not_allowed")
        self._drive(now)
        return Outcome(True)

    def _check_seat_number(self, seat: int) -> None:
        if not 1 <= seat <= self.table_size:
            raise ValueError(f"seat {seat} is not at this table: seats are 1-{self.table_size}")

    # -------------------------------------------------------------- the hands

    def _begin(self, now: float) -> None:
        """Seat the series' players in seat order and deal its first hand."""
        self.seat_order = sorted(self.occupants)
        names = [self.occupants[seat].name for seat in self.seat_order]
        self.series = Series(names, self.settings, seed=self.seed, max_hands=self.max_hands)
        self.status = "pause"
        self._next_hand(now)

    def _present(self, now: float) -> int:
        assert self.series is not None
        return sum(
            1
            for seat in self.series.seated
            if not self.occupants[self.seat_order[seat - 1]].away(now, self.grace)
        )

    def _resume_if_held(self, now: float) -> None:
        if self.status == "held" and self._present(now) >= 2:
            self.status = "pause"
            self.next_hand_at = now + self.pause

    def _next_hand(self, now: float) -> None:
        """Deal the next hand (H-11: away is decided now), or hold with fewer than two here."""
        series = self.series
        assert series is not None
        self.next_hand_at = None
        if series.is_over:
            self.status = "over"
            return
        if self._present(now) < 2:
            self.status = "held"
            return
        hand = series.start_hand(auto_showdown=False)
        self.hand, self.hand_done, self.status = hand, False, "playing"
        self.hand_number = series.hands_played + 1
        self.timeouts, self.banks_used, self.pending = set(), {}, {}
        away = {
            p for p in range(hand.players) if self.occupants[self.seat_at(p)].away(now, self.grace)
        }
        kill_dead_hands(hand, away)  # H-9: dealt, killed, what they posted stays in
        self._drive(now)

    def _drive(self, now: float) -> None:
        """Let bots, pre-actions and the room act until a person must decide; then set the
        clock for that decision, or end the hand."""
        hand = self.hand
        assert hand is not None
        while (decider := self.decider()) is not None:
            self._drop_stale_preactions()
            position, kind = decider
            occupant = self.occupants[self.seat_at(position)]
            if occupant.bot is not None:
                self._bot_moves(hand, position, kind, occupant)
                continue
            if kind == "show" and (
                hand.shown[position] is not None or not may_muck(hand, position)
            ):
                hand.show(position)  # A-17 or P-5: nothing to decide
                continue
            if kind == "act" and self._preaction_acts(hand, position, occupant):
                continue
            break
        self._drop_stale_preactions()
        if hand.phase == "done":
            self.turn = None
            if not self.hand_done:
                self._end_hand(now)
            return
        decider = self.decider()
        assert decider is not None
        key = (self.hand_number, len(hand.events), *decider)
        if self.turn is None or self.turn.key != key:
            self.turn = new_turn(self.clock, key, now)

    def _bot_moves(self, hand: Hand, position: int, kind: str, occupant: Occupant) -> None:
        bot = occupant.bot
        assert bot is not None
        if kind == "show":
            settle_showdown(hand, lambda p: self.occupants[self.seat_at(p)].bot is None)
            return
        view = view_of(hand, position)
        if kind == "draw":
            hand.draw(bot.discard(view), position)
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
                "you left"
                if hand is None or position is None
                else preactions.why_gone(pending, hand, self.hand_number, position)
            )
            if gone is not None:
                del self.pending[user]
                if pending.kind == "check" and gone.startswith("the bet"):
                    self.notices[user] = f"your pre-action check was cancelled: {gone}"

    def _time_out(self, turn: Turn, now: float) -> None:
        """A-18: a time bank if one may be used, else the timeout acts for the player."""
        hand = self.hand
        assert hand is not None
        position = turn.position
        occupant = self.occupants[self.seat_at(position)]
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
        occupant.sitting_out = True  # decision: as online rooms do, until he sits in
        if occupant.user is not None:
            self.pending.pop(occupant.user, None)
        self._drive(now)

    def _end_hand(self, now: float) -> None:
        hand, series = self.hand, self.series
        assert hand is not None and series is not None
        self.hand_done = True
        self.pending = {}
        record = series.finish_hand(hand)
        self.result_frames.insert(0, hand_result(self, hand, record))
        del self.result_frames[KEPT_RESULTS:]
        if series.is_over:
            self.status = "over"
            return
        self.status = "pause"
        self.next_hand_at = now + self.pause


def _no(message: str, code: str) -> Outcome:
    return Outcome(False, message, code)
