"""What every live table of the web shares, whatever it deals: its seats, its players'
connections and the loop that lets the clock act.

A poker table (:class:`~pokerroom.room.live.LiveRoom`) and an OFC table
(:class:`~pokerroom.room.ofc.room.OfcRoom`) differ in what a hand is and what a
message does; they answer the seat, connection and clock questions the same way, here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Generic, Protocol, TypeVar

from pokerroom.i18n import gettext, pgettext
from pokerroom.protocol import client as msg
from pokerroom.room.chatting import CHAT_MESSAGES
from pokerroom.room.clock import ShotClock
from pokerroom.room.occupants import Occupant
from pokerroom.room.seam import Outcome, User
from pokerroom.room.worded import Worded


class Timed(Protocol):
    """A decision on the clock: when it runs out (None: it does not)."""

    @property
    def deadline(self) -> float | None: ...


TurnT = TypeVar("TurnT", bound=Timed)


def no(message: str, code: str) -> Outcome:
    """A refusal: one line that says what was wrong and what is allowed; nothing changed."""
    return Outcome(False, message, code)


class SeatedRoom(ABC, Generic[TurnT]):
    """Seats with their occupants, a turn on the clock and a pause before the next hand.

    A subclass sets ``_id``, ``occupants``, ``notices``, ``turn`` and ``next_hand_at`` in
    its constructor and says what a message, a timeout and the next hand do."""

    _id: str
    table_size: int
    occupants: dict[int, Occupant]
    """Seat number → who sits there."""
    notices: dict[int, Worded[str] | str]
    """User id → a line he is told until he acts (a cancelled pre-action, a timeout)."""
    turn: TurnT | None
    next_hand_at: float | None
    status: str
    """``waiting`` until the first deal, then what the table is doing."""
    clock: ShotClock

    @property
    def id(self) -> str:
        return self._id

    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        """Apply one client message (see :mod:`pokerroom.protocol.client`)."""
        try:
            parsed = msg.parse_message(message)
        except msg.ProtocolError as error:
            return Outcome(False, error.message, error.code)
        timed = self.tick(now)  # what the clock did before this message arrived
        outcome = self._dispatch(sender, parsed, now)
        acted = outcome.changed and not isinstance(parsed, CHAT_MESSAGES)
        if acted and sender is not None:
            self.notices.pop(sender.id, None)  # he has acted since he was told (not chatted)
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
        times = [self.next_hand_at, None if self.turn is None else self.turn.deadline]
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

    def seat_of_user(self, user: int) -> int | None:
        for seat, occupant in self.occupants.items():  # a loop: asked per viewer per change
            if occupant.user == user:
                return seat
        return None

    def _away_change(self, sender: User, *, out: bool) -> Occupant | Outcome:
        """The sender's seat, when sitting out (``out``) or back in would change it; else
        the refusal (no seat here, or already so)."""
        occupant = self._occupant_of(sender.id)
        if occupant is None:
            return no(gettext("you have no seat at this table"), "not_seated")
        if occupant.sitting_out == out:
            already = (
                gettext("you are already sitting out; sit_in to play")
                if out
                else gettext("you are already playing; sit_out to be away")
            )
            return no(already, "sitting_out" if out else "sitting_in")
        return occupant

    def _occupant_of(self, user: int) -> Occupant | None:
        seat = self.seat_of_user(user)
        return None if seat is None else self.occupants[seat]

    def _free_seats(self) -> str:
        free = [str(s) for s in range(1, self.table_size + 1) if s not in self.occupants]
        return ", ".join(free) if free else pgettext("free seats", "none")

    def _seat_before_start(self, sender: User, seat: int, started: str) -> Outcome:
        """H-2: a table seated before its first deal, and not after (``started`` says so)."""
        if self.status != "waiting":
            return no(started, "started")
        refused = self._seat_refused(sender, seat)
        if refused is not None:
            return refused
        self.occupants[seat] = Occupant(
            sender.name, sender.id, banks=self.clock.banks, bot_account=sender.has("bot")
        )
        return Outcome(True)

    def _unseat_before_start(self, sender: User, started: str) -> Outcome:
        """Leave a seat before the first deal; afterwards ``started`` says what to do."""
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return no(gettext("you have no seat at this table"), "not_seated")
        if self.status != "waiting":
            return no(started, "started")
        del self.occupants[seat]
        return Outcome(True)

    def _seat_refused(self, sender: User, seat: int) -> Outcome | None:
        """Why ``sender`` may not sit in ``seat`` (he sits already, no such seat, taken)."""
        mine = self.seat_of_user(sender.id)
        if mine is not None:
            return no(
                gettext("you already sit in seat {seat}; leave it first").format(seat=mine),
                "seated",
            )
        if seat > self.table_size:
            free = self._free_seats()
            return no(
                gettext("this table has seats 1-{last}; free: {free}").format(
                    last=self.table_size, free=free
                ),
                "seat",
            )
        if seat in self.occupants:
            free = self._free_seats()
            return no(
                gettext("seat {seat} is taken; free: {free}").format(seat=seat, free=free),
                "seat_taken",
            )
        return None

    @abstractmethod
    def _dispatch(self, sender: User | None, message: msg.ClientMessage, now: float) -> Outcome:
        """What one parsed message does at this kind of table."""

    @abstractmethod
    def _time_out(self, turn: TurnT, now: float) -> None:
        """The clock ran out on ``turn`` (A-18)."""

    @abstractmethod
    def _next_hand(self, now: float) -> None:
        """The pause is over: deal (or wait, if the table cannot)."""

    @abstractmethod
    def _resume_if_held(self, now: float) -> None:
        """A player came back (sat in, reconnected): deal again if the table was waiting."""
