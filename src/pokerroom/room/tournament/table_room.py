"""One table of a web tournament: the tournament's hands at that table, as a live room.

:class:`TournamentTableRoom` is a :class:`~pokerroom.room.seam.Room` on
:class:`~pokerroom.room.live.LiveRoom`'s hand machinery (shot clock and time banks
A-18, pre-actions X-3, show or muck P-5, the draw): people act through the same messages
as at a home or cash table, bots act at once. It never seats or deals by itself — the
tournament's floor seats its players (T-4 … T-8) and the run deals its hands with the
level's blinds and antes (T-10); the room plays each hand, tells whoever listens to
finished hands (the server's hand archive, as at every live room: ``/hands``, the downloads
and the replayer show a tournament's hands too) and tells the tournament it is over. Its
snapshot adds the tournament header (``tournament``) and, for a player the floor moved to
another table, ``you.moved_to``: the room he now sits in.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING

from pokerroom.bots.base import Bot
from pokerroom.bots.registry import make_bot
from pokerroom.bots.tournament_bot import TournamentBot
from pokerroom.i18n import gettext
from pokerroom.protocol import client as msg
from pokerroom.protocol.frames import GameFrame, TableFrame
from pokerroom.room.clock import ShotClock
from pokerroom.room.live import LiveRoom, Seating
from pokerroom.room.occupants import Occupant
from pokerroom.room.results import hand_result
from pokerroom.room.seam import Outcome, User
from pokerroom.room.seated import no
from pokerroom.room.snapshot import game_frame
from pokerroom.room.tournament.apart import BotSeat, Finished, Offer
from pokerroom.room.tournament.broadcast import hand_frame
from pokerroom.room.tournament.journal import Journal, journaled
from pokerroom.room.tournament.roles import may_direct_event
from pokerroom.table.away import kill_dead_hands
from pokerroom.tournament.timed.run import DealtHand

if TYPE_CHECKING:
    from pokerroom.room.tournament.event import RoomTournament


class TournamentTableRoom(LiveRoom):
    """Table ``number`` of ``owner``; see the module docstring."""

    kind = "tournament"
    hand_ended_at: float | None = None
    """Server time the last hand's pot was awarded (T-17: a dispute's time runs from it)."""

    def __init__(
        self,
        room_id: str,
        owner: RoomTournament,
        number: int,
        *,
        table_size: int,
        clock: ShotClock,
        grace: float,
    ) -> None:
        super().__init__(room_id, table_size=table_size, clock=clock, grace=grace, pause=0.0)
        self.owner = owner
        self.number = number
        self.dealt: DealtHand | None = None
        self.moved_away: dict[int, str] = {}
        """User id → the room the floor moved him to from here (T-6 … T-8)."""
        self.dirty = False
        """Changed by the tournament since the hub last heard of it (another table's hand,
        a move, a level): the next tick reports it."""
        self.offers: dict[int, Offer] = {}
        """Apart: the hands the director offered and the table has not taken yet, by number."""
        self.taken = 0
        """Apart: the number of the last hand taken."""
        self.applied = 0
        """Apart: the serial of the last input of the table's own journal made here."""
        self.applied_at: float | None = None
        """Apart: that input's time (a table taken over is given the time left then)."""
        self.finished: Finished | None = None
        """Apart: the last hand played out, for the director to record."""
        self.own_bots: dict[str, Bot] = {}
        """Apart: the bots that play here, by entrant (each learns from this table's hands)."""
        self.own_journal: Journal | None = None
        """Apart: this table's own journal, where this process owns the table."""

    def __getstate__(self) -> dict[str, object]:
        """Its own journal is this process's tie to the database: a checkpoint has none."""
        return {**super().__getstate__(), "own_journal": None}

    # ------------------------------------------------------------ the Room API

    @property
    def journal(self) -> Journal | None:
        """The tournament's: a table's calls are kept with the tournament's, in one order;
        apart, the table's own (:mod:`.apart`)."""
        return self.own_journal if self.owner.apart else self.owner.journal

    @journaled
    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        return super().handle(sender, message, now)

    @journaled
    def presence(self, user: User, connected: bool, now: float) -> bool:
        return super().presence(user, connected, now)

    def moderates(self, user: User | None) -> bool:
        """The tournament's director (its creator, a director, an admin) moderates its
        tables' chat."""
        return may_direct_event(user, self.owner.creator, self.owner.directors)

    def public_snapshot(self) -> TableFrame:
        frame = super().public_snapshot()
        self._tournament_part(frame, None)
        return frame

    def snapshot_over(self, shared: TableFrame, viewer: User | None) -> TableFrame:
        frame = super().snapshot_over(shared, viewer)
        if viewer is None:
            return frame
        frame.pop("tournament", None)  # his own, in the same place
        frame.pop("broadcast", None)
        self._tournament_part(frame, viewer)
        if viewer.id in self.moved_away:
            frame["you"] = {**frame["you"], "moved_to": self.moved_away[viewer.id]}
        return frame

    def _tournament_part(self, frame: TableFrame, viewer: User | None) -> None:
        """The tournament's header and broadcast as ``viewer`` sees them (T-23)."""
        header = self.owner.header(viewer)
        header["table"] = self.number
        header["dispute"] = self.owner.dispute_offer(self, viewer)
        frame["tournament"] = header
        broadcast = self.owner.broadcasting.frame(self.owner, self, viewer)
        if broadcast is not None:
            frame["broadcast"] = broadcast

    @journaled
    def tick(self, now: float) -> bool:
        if not self.owner.apart:  # apart, the director's owner ticks the director
            self.owner.advance(now)
        changed = super().tick(now)
        if self.dirty:
            self.dirty = False
            return True
        return changed

    def shift_clock(self, seconds: float) -> None:
        """A restart's downtime charged to nobody: a dispute's minute on a break too (T-17)."""
        super().shift_clock(seconds)
        if self.hand_ended_at is not None:
            self.hand_ended_at += seconds

    def deadline(self) -> float | None:
        if self.dirty:
            return 0.0  # the hub looks at once
        times = [super().deadline()]
        if not self.owner.apart:
            times.append(self.owner.next_deadline())
        known = [t for t in times if t is not None]
        return min(known) if known else None

    # ------------------------------------------------- what the snapshot shows

    def game_frame(self) -> GameFrame:
        variant, limit, level = self.owner.game_at(self.dealt)
        return game_frame(
            variant,
            limit,
            small_blind=level.small_blind or level.small_bet,
            big_blind=level.big_blind or level.big_bet,
            ante=level.ante,
        )

    def marks(self) -> tuple[int | None, int | None, int | None]:
        dealt = self.dealt
        if dealt is None or dealt.hand.config.variant.stud:
            return None, None, None
        blinds = dealt.blinds
        return blinds.button, blinds.small_blind, blinds.big_blind

    def stack_of(self, seat: int) -> int:
        """The tournament's count; in the pause after a hand, before the run takes the
        hand into the count, what the hand left (its result is on the table already)."""
        hand, dealt, run = self.hand, self.dealt, self.owner.run
        pausing = self.hand_done and run is not None and run.playing(self.number)
        if pausing and hand is not None and dealt is not None and seat in dealt.seats:
            return hand.stacks[dealt.seats.index(seat)]
        return self.owner.chips_of(self.occupants[seat].name)

    def dealt_names(self) -> tuple[str, ...]:
        """The players dealt into the hand being played (or the last), by position."""
        return self._names()

    def is_away(self, seat: int) -> bool:
        return self.occupants[seat].sitting_out

    # ------------------------------------------------------------ messages

    def _seating(self, sender: User, message: Seating, now: float) -> Outcome:
        match message:
            case msg.SitOut():
                return self._sit_out(sender, out=True)
            case msg.SitIn():
                return self._sit_out(sender, out=False)
        return no(  # T-4 … T-8: the floor seats a tournament
            gettext(
                "{type} is not for a tournament table: the floor draws and moves the "
                "seats; register on the tournament's page, and sit_out or sit_in here"
            ).format(type=message.type),
            "tournament",
        )

    def _sit_out(self, sender: User, *, out: bool) -> Outcome:
        occupant = self._away_change(sender, out=out)
        if isinstance(occupant, Outcome):
            return occupant
        occupant.sitting_out = out  # H-9: away from the next deal, his hand dealt and killed
        return Outcome(True)

    # -------------------------------------------------------------- the hands

    def deal(self, dealt: DealtHand, now: float) -> None:
        """The run dealt a hand here: play it (H-9, H-11: an away player's hand is killed)."""
        hand = dealt.hand
        self.dealt = dealt
        self._dealt(hand, dealt.seats, self.hand_number + 1, now)
        away = {p for p in range(hand.players) if self.hand_occupants[p].away(now, self.grace)}
        kill_dead_hands(hand, away)
        self.dirty = True
        self._drive(now)

    @journaled
    def take(self, number: int, now: float) -> bool:
        """Apart: play hand ``number`` the director offered (:mod:`.apart`), once and in
        order (False: taken before; :class:`LookupError`: this copy of the director has not
        offered it yet, so read the director further first). The players dealt in here
        before keep their own seats (sitting out, connection) with the director's count of
        their banks; the others sit as the offer has them; each bot is this table's own."""
        if number <= self.taken:
            return False
        offer = self.offers.get(number)
        if offer is None or number != self.taken + 1:
            raise LookupError(f"hand {number} of table {self.number} is not offered here yet")
        self.taken = number
        for old in [n for n in self.offers if n <= number]:
            del self.offers[old]
        dealt = offer.dealt
        if dealt is None:  # the floor broke this table
            self.occupants, self.status, self.dirty = {}, "closed", True
            return True
        here = {occupant.name: occupant for occupant in self.hand_occupants}
        seated: dict[int, Occupant] = {}
        for position, (seat, arriving) in enumerate(zip(dealt.seats, offer.occupants, strict=True)):
            occupant = here.get(arriving.name)
            if occupant is None:
                occupant = copy.copy(arriving)
            occupant.banks = arriving.banks
            bot_seat = offer.bots.get(position)
            if bot_seat is not None:
                occupant.bot = self._own_bot(arriving.name, bot_seat)
            seated[seat] = occupant
        self.occupants = seated
        self.deal(dealt, now)
        return True

    def take_offered(self, now: float) -> int:
        """Apart: take every step the director offered and the table has not taken, in
        order (each its own journaled :meth:`take`); how many."""
        taken = 0
        while self.taken + 1 in self.offers:
            self.take(self.taken + 1, now)
            taken += 1
        return taken

    def _own_bot(self, name: str, seat: BotSeat) -> Bot:
        bot = self.own_bots.get(name)
        if bot is None:
            bot = self.own_bots[name] = make_bot(seat.kind, seat.seed)
        if isinstance(bot, TournamentBot):
            bot.pressure = seat.pressure
        return bot

    def _next_hand(self, now: float) -> None:
        """The tournament deals (:meth:`deal`); a table never does by itself."""

    def _resume_if_held(self, now: float) -> None:
        """A tournament table never waits for its players: away hands are dealt and killed."""

    def _timed_out(self, position: int) -> None:
        self.hand_occupants[position].sitting_out = True  # A-18, H-9: until he sits in

    def _end_hand(self, now: float) -> None:
        hand, dealt = self.hand, self.dealt
        assert hand is not None and dealt is not None
        changes = {
            seat: after - before
            for seat, before, after in zip(
                dealt.seats, hand.config.stacks, hand.stacks, strict=True
            )
        }
        busted = [seat for seat, after in zip(dealt.seats, hand.stacks, strict=True) if not after]
        self._finished(dealt)  # the hand archive keeps it, as every live room's
        self._keep_result(hand_result(self, hand, self.hand_number, changes, busted))
        self.status = "pause"
        self.dirty = True
        self.hand_ended_at = now
        if not self.owner.apart:
            self.owner.hand_over(self, hand, now)
            return
        seats = {o.name: (o.banks, o.sitting_out) for o in self.hand_occupants}
        people = any(occupant.user is not None for occupant in self.hand_occupants)
        tape = hand_frame(self, hand)
        self.finished = Finished(self.taken, hand, now, people, seats, tape, self._names())
        if self.owner.on_finished is not None:
            self.owner.on_finished(self)
