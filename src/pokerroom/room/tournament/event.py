"""A tournament in the room layer (the web server and the terminal host it): registration,
the start, the clock, and its tables.

:class:`RoomTournament` is made from a regulation by a director or a host. Before the start
players register and unregister (the director library's :class:`Tournament` takes each
entry and refuses what the regulation does not allow, T-3); the creator (or a director)
starts it, or it starts at its set time, or (a sit & go) as its last seat is taken, bots
filling the field up to the number asked; a recurring sit & go opens the next one as it
starts (:attr:`RoomTournament.on_start`). Then a
:class:`~pokerroom.tournament.timed.run.TimedRun` runs it (an Olympic regulation: a
:class:`~pokerroom.tournament.timed.olympic.TimedOlympicRun`, stage by stage, each table
down to one winner, T-9): its floor seats and moves the players (T-4 … T-8), its clock
sets the levels (T-10), and each hand it deals goes to that table's
:class:`~pokerroom.room.tournament.table_room.TournamentTableRoom`,
where people act through the table protocol and bots at once. Late registration and
re-entry go through the same run while the regulation allows (T-11, T-19).

It is also a :class:`~pokerroom.room.seam.Room` itself — the tournament's own lobby, which
the hub ticks: its snapshot is the ``tournament`` frame of ``/tournaments/<id>``, and its
clock starts a tournament at its set time. Times are the server clock's (the hub's
``now``); the tournament clock is the time since the start less the director's pauses
(T-16): while paused no hand is dealt and the level's time stands still; hands being
played finish.

Decisions where the seed is silent (README "Tournaments on the web"):

- A table where a person was dealt in shows the finished hand for ``pause`` seconds before
  the next; a table of bots only takes the run's simulated time for it.
- A player who times out (A-18) sits out until he sits in; an away player is dealt and his
  hand killed (H-9, H-11). Re-buys and add-ons are taken for everyone while allowed, as at
  the terminal; a re-entry is the person's own choice (the bots always re-enter).
- Every table's header refreshes on busts, entries, levels and breaks; a player's place by
  chips refreshes whenever his own table changes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.engine import Hand, HandConfig, Limit, Variant
from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext, ngettext, number_text
from pokerroom.protocol.client import Director, ProtocolError, parse_message
from pokerroom.protocol.frames import (
    BroadcastHandFrame,
    DisputeOfferFrame,
    TournamentFrame,
    TournamentHeaderFrame,
)
from pokerroom.room.clock import ShotClock
from pokerroom.room.notices import Notice
from pokerroom.room.occupants import Occupant
from pokerroom.room.seam import Outcome, User
from pokerroom.room.tournament import directing, views
from pokerroom.room.tournament.apart import (
    BotSeat,
    LastHand,
    NoHand,
    Offer,
    finished_from_json,
    offered,
)
from pokerroom.room.tournament.broadcast import Broadcasting, hand_frame
from pokerroom.room.tournament.disputes import DisputedTable, Disputes, offer
from pokerroom.room.tournament.journal import Journal, journaled
from pokerroom.room.tournament.roles import may_direct_event
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.room.tournament.words import place_text, status_text
from pokerroom.tournament.american import ACTION_SECONDS, HAND_SECONDS, decisions
from pokerroom.tournament.clock.events import BreakStarted, LevelStarted
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import BustOut, Entered, EntryKind, Seated, TournamentEvent, Won
from pokerroom.tournament.lobby import prize_now
from pokerroom.tournament.olympic_run import check_olympic
from pokerroom.tournament.regulation.model import Regulation, TournamentFormat
from pokerroom.tournament.seating.moves import MoveReason
from pokerroom.tournament.standing import Standing
from pokerroom.tournament.structure import Level
from pokerroom.tournament.timed.olympic import TimedOlympicRun
from pokerroom.tournament.timed.run import DealtHand, TimedRun

BOT_KIND = "tournament"
EPSILON = 1e-6
"""The run is moved a hair past the clock reading, so a deadline met is met exactly."""
MOVE_WORDS = {
    MoveReason.BALANCE: N_("to balance the tables"),
    MoveReason.BREAK: N_("because your table broke"),
    MoveReason.FINAL_TABLE: N_("to the final table"),
    MoveReason.DIRECTOR: N_("by the director"),
    MoveReason.STAGE: N_("to the next stage"),
}


def shot_clock_of(regulation: Regulation, seconds: float | None = None) -> ShotClock:
    """A-18: the regulation's shot clock and time banks, else the web table's own (or
    ``seconds`` per decision, the terminal's ``--clock``; 0: none)."""
    shot = regulation.shot_clock
    if shot is None and seconds is not None:
        return ShotClock(seconds=seconds) if seconds else ShotClock(timed=False)
    if shot is None:
        return ShotClock()
    banks = shot.time_banks
    return ShotClock(
        seconds=shot.seconds,
        countdown=shot.countdown,
        banks=banks.count,
        bank_seconds=banks.seconds,
    )


class RoomTournament:
    """One tournament of the server; see the module docstring."""

    player_run = False
    """Made by a plain account (no ``director`` or ``admin`` role): the lobby says so, for
    its director is one of the players' own (a tournament saved before this was known
    gets it from its creator's roles when resumed)."""
    bot_kinds: tuple[str, ...] = (BOT_KIND,)
    speed = 1.0
    decision_seconds: float | None = None
    auto_muck = False
    """These four are set in ``__init__``; here for tournaments checkpointed before."""
    club: int | None = None
    """The club whose members alone may enter it (None: open to all); set by its server."""
    directors: frozenset[int] = frozenset()
    """The club's owner and directors: they direct it too (T-16); its server keeps them
    current as roles change."""
    apart = False
    on_offer: Callable[[TournamentTableRoom], None] | None = None
    on_finished: Callable[[TournamentTableRoom], None] | None = None
    on_table: Callable[[TournamentTableRoom], None] | None = None
    """These four are set in ``__init__``; here for tournaments checkpointed before."""

    def __init__(
        self,
        tournament_id: str,
        regulation: Regulation,
        *,
        creator: User,
        name: str | None = None,
        fill_to: int = 0,
        start_at: float | None = None,
        seed: int | None = None,
        grace: float = 30.0,
        pause: float = 3.0,
        player_run: bool = False,
        start_when_full: bool = False,
        recurs: bool = False,
        bot_kinds: Sequence[str] = (BOT_KIND,),
        speed: float = 1.0,
        decision_seconds: float | None = None,
        auto_muck: bool = False,
        apart: bool = False,
    ) -> None:
        if regulation.format is TournamentFormat.OLYMPIC:
            check_olympic(regulation)  # T-9: a fixed field
        cap = regulation.max_entries
        if fill_to and not 2 <= fill_to <= (cap or 1000):
            raise UsageError(
                gettext("bots fill the field up to 2-{most} entrants, not {given}").format(
                    most=cap or 1000, given=fill_to
                )
            )
        if start_when_full and cap is None:
            raise UsageError(
                gettext(
                    "{name} sets no max_entries, so it is never full: "
                    "a sit & go that starts when full needs its number of seats"
                ).format(name=repr(regulation.name))
            )
        if recurs and not start_when_full:
            raise UsageError(gettext("only a sit & go that starts when full recurs"))
        self._id = tournament_id
        self.regulation = regulation
        self.name = name or regulation.name
        self.creator = creator.id
        self.fill_to = fill_to
        self.player_run = player_run
        self.start_at = start_at
        self.start_when_full = start_when_full
        """A sit & go: it starts as the last seat (``max_entries``) is taken."""
        self.recurs = recurs
        """A new one like it opens when this one starts (:attr:`on_start`)."""
        self.seed = random.randrange(2**32) if seed is None else seed
        self.bot_kinds = tuple(bot_kinds)
        """The bots' kinds, dealt to the bots in turn (the terminal's ``--bots``)."""
        self.speed = speed
        """How many times faster than the server's the tournament clock runs (levels,
        breaks, the bots' own tables); the shot clocks keep the server's (the terminal's
        ``--speed``)."""
        self.grace = grace
        self.pause = pause
        self.decision_seconds = decision_seconds
        self.clock = shot_clock_of(regulation, decision_seconds)
        self.auto_muck = auto_muck
        """The people's losing hands are mucked at showdown unasked (P-5)."""
        self.apart = apart
        """Its tables are played apart, each with its own journal (:mod:`.apart`)."""
        self.offers_made: dict[int, tuple[int, HandConfig | None]] = {}
        """Apart: the number and the game of the last step offered to each table (no game:
        its closing)."""
        self.hands_done: dict[int, int] = {}
        """Apart: the number of the last hand each table played out, as recorded."""
        self.last_hands: dict[int, LastHand] = {}
        """Apart: each table's last hand as recorded, until its next is offered (T-17)."""
        self.broadcasting = Broadcasting(regulation.broadcast)
        """T-23: the broadcast table and its delayed hands."""
        self.registration = Tournament(regulation)
        """The entries before the start, taken and checked by the director library."""
        self.users: dict[str, int] = {}
        """Entrant name → user id (bots have none)."""
        self.bot_accounts: set[str] = set()
        """Entrants whose account has the role ``bot``: shown as bots (docs/bots.md)."""
        self.run: TimedRun | None = None
        self.bots: BotPlayers | None = None
        self.rooms: dict[int, TournamentTableRoom] = {}
        self.occupants: dict[str, Occupant] = {}
        self.started_at: float | None = None
        self.paused_at: float | None = None
        self.paused_for = 0.0
        self.now = 0.0
        """The latest server time the tournament was told."""
        self.notice: str | None = None
        """Why the set start did not happen, for the page."""
        self.announcement: str | None = None
        """The director's last announcement, on every table (:mod:`.directing`)."""
        self.dirty = False
        self.on_change: Callable[[RoomTournament], None] | None = None
        """Told after every change (the server lists new tables and the lobby line)."""
        self.journal: Journal | None = None
        """Sees every call that may change the tournament (:mod:`.saving`)."""
        self.on_start: Callable[[RoomTournament], None] | None = None
        """Told once it has started (the server opens the next one of a recurring sit & go);
        left unset while a restarted server replays the start."""
        self.on_offer: Callable[[TournamentTableRoom], None] | None = None
        """Apart: told when a table is offered a hand (its owner takes it)."""
        self.on_finished: Callable[[TournamentTableRoom], None] | None = None
        """Apart: told when a table played its hand out (the director's owner records it)."""
        self.on_table: Callable[[TournamentTableRoom], None] | None = None
        """Apart: told when the floor opens a table while this process runs the tournament
        (the table's own journal is opened for it)."""

    # ----------------------------------------------------------- the Room API

    @property
    def id(self) -> str:
        return self._id

    def snapshot(self, viewer: User | None) -> Mapping[str, object]:
        return self.lobby(viewer)

    @journaled
    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        """A ``director`` message (T-16, :mod:`.directing`); the lobby takes no other."""
        if message.get("type") == "director":
            try:
                parsed = parse_message(message)
            except ProtocolError as error:
                return Outcome(False, error.message, error.code)
            assert isinstance(parsed, Director)
            return directing.direct(self, sender, parsed, now)
        return Outcome(
            False,
            gettext(
                "the tournament's lobby takes no table messages: register at {url}, "
                "play at your table"
            ).format(url=self.url),
            "tournament_lobby",
        )

    @journaled
    def tick(self, now: float) -> bool:
        self.advance(now)
        changed, self.dirty = self.dirty, False
        return changed

    def deadline(self) -> float | None:
        if self.dirty:
            return 0.0
        if self.status == "registering":
            return self.start_at
        return self.next_deadline()

    def presence(self, user: User, connected: bool, now: float) -> bool:
        return False

    # ------------------------------------------------------------- the state

    @property
    def url(self) -> str:
        return f"/tournaments/{self._id}"

    @property
    def status(self) -> str:
        run = self.run
        if run is None:
            return "registering"
        if run.over:
            return "finished"
        if self.paused_at is not None:
            return "paused"
        return "break" if run.tournament.on_break else "running"

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def log(self) -> Tournament:
        """The tournament's log: the registrations before the start, the run's after."""
        return self.registration if self.run is None else self.run.tournament

    def clock_time(self, now: float) -> float:
        """The tournament clock at server time ``now``: since the start, less the pauses."""
        if self.started_at is None:
            return 0.0
        upto = now if self.paused_at is None else self.paused_at
        return max(0.0, upto - self.started_at - self.paused_for) * self.speed

    def next_deadline(self) -> float | None:
        """When the run next has something to do, on the server clock."""
        run = self.run
        if run is None or self.paused_at is not None or self.started_at is None:
            return None
        at = run.next_at()
        if at is None:
            return None
        deadline = self.started_at + self.paused_for + at / self.speed
        while self.clock_time(deadline) < at:  # a float's rounding short of due at a speed
            deadline = math.nextafter(deadline, math.inf)
        return deadline

    # ------------------------------------------------------------ disputes (T-17)

    _disputes: Disputes | None = None

    @property
    def disputes(self) -> Disputes:
        """The disputes filed and their rulings (made on first use: older saves have none)."""
        if self._disputes is None:
            self._disputes = Disputes()
        return self._disputes

    @property
    def on_break(self) -> bool:
        return self.run is not None and self.run.tournament.on_break

    def dispute_offer(
        self, room: TournamentTableRoom, viewer: User | None
    ) -> DisputeOfferFrame | None:
        """T-17: the hand ``viewer`` may dispute at ``room`` now, if any."""
        name = None if viewer is None else self.name_of(viewer)
        offered = offer(self._disputed(room), name, self.on_break)
        if offered is None or name is None or self.disputes.has(room.number, offered["hand"], name):
            return None
        return offered

    @journaled
    def dispute(self, user: User | None, table: int, text: str, now: float) -> str:
        """T-17: ``user`` disputes the last hand at ``table``; the director's console shows
        it with the hand's history. Refused in one line when it is not his or too late."""
        self.advance(now)  # a next hand due by now has started: the right has ended
        room = self.rooms.get(table)
        if room is None:
            raise UsageError(
                gettext("there is no table {table} in {name}").format(table=table, name=self.name)
            )
        name = None if user is None else self.name_of(user)
        filed = self.disputes.file(
            self._disputed(room), name, text, on_break=self.on_break, now=now
        )
        room.dirty = True  # his table's frame no longer offers it
        self._changed()
        return gettext(
            "hand {hand} at table {table} disputed (dispute {number}): the director will rule on it"
        ).format(hand=filed.hand, table=filed.table, number=filed.number)

    def _disputed(self, room: TournamentTableRoom) -> DisputedTable:
        """The table's last hand as a dispute reads it: apart, as the director recorded it
        (the same on every copy), else the table's own."""
        if not self.apart:
            return room
        return self.last_hands.get(room.number) or NoHand(room.number)

    def name_of(self, user: User) -> str | None:
        return next((name for name, uid in self.users.items() if uid == user.id), None)

    def chips_of(self, player: str) -> int:
        record = self.log().players.get(player)
        return 0 if record is None else record.chips

    def game_at(self, dealt: DealtHand | None) -> tuple[Variant, Limit, Level]:
        """The game and level of the hand dealt (before the first: level 1's)."""
        if dealt is not None:
            config = dealt.hand.config
            return config.variant, config.limit, dealt.level
        spec = self.regulation.game.at_level(1)
        return spec.variant, spec.limit, self.regulation.levels[0]

    # ---------------------------------------------------- registration (T-3)

    @journaled
    def register(self, user: User, now: float) -> str:
        """Register, late-register or re-enter ``user``; what was done, in words. A refusal
        is the director library's one line (:class:`UsageError`) and changes nothing."""
        if user.has("guest"):
            raise UsageError(
                gettext("a guest plays the game he was invited to; sign up to play here")
            )
        self.advance(now)
        name = self.name_of(user) or user.name
        self._check_name(name, user)
        if self.run is None:
            if name in self.registration.players:
                raise UsageError(
                    gettext("you are already registered in {name}").format(name=self.name)
                )
            self.registration.enter(name, at=0)
            self.users[name] = user.id
            self._note_bot_account(name, user)
            self._changed()
            if (  # T-3: a sit & go's seats are its max_entries
                self.start_when_full
                and len(self.registration.players) == self.regulation.max_entries
            ):
                registered = gettext("you are registered in {name}").format(name=self.name)
                return f"{registered}; {self.start(None, now)}"
            return gettext("you are registered in {name}").format(name=self.name)
        record = self.run.tournament.players.get(name)
        kind = EntryKind.ENTRY if record is None else EntryKind.RE_ENTRY
        if record is None:
            self.users[name] = user.id
            self._note_bot_account(name, user)
            self.occupants[name] = Occupant(
                name,
                user.id,
                banks=self.clock.banks,
                bot_account=user.has("bot"),
                auto_muck=self.auto_muck,
            )
        before = len(self.run.tournament.events)
        try:
            self.run.enter(name, kind, self.clock_time(now) + EPSILON)
        except UsageError:
            if record is None:
                del self.users[name], self.occupants[name]
                self.bot_accounts.discard(name)
            raise
        self._after_run(before)
        if kind is EntryKind.RE_ENTRY:
            return gettext("you re-entered")
        return gettext("you are registered late")

    @journaled
    def unregister(self, user: User, now: float) -> str:
        self.advance(now)
        name = self.name_of(user)
        if name is None or name not in self.registration.players:
            raise UsageError(gettext("you are not registered in {name}").format(name=self.name))
        if self.run is not None:
            raise UsageError(gettext("the tournament has started: entries are final (T-3)"))
        kept = [e for e in self.registration.events if getattr(e, "player", None) != name]
        self.registration = Tournament.from_events(self.regulation, kept)
        del self.users[name]
        self.bot_accounts.discard(name)
        self._changed()
        return gettext("you are no longer registered in {name}").format(name=self.name)

    def _note_bot_account(self, name: str, user: User) -> None:
        if user.has("bot"):
            self.bot_accounts.add(name)

    def _check_name(self, name: str, user: User) -> None:
        """An entrant's name is his own: a bot's or another account's is not taken over."""
        if name in self.log().players and self.users.get(name) != user.id:
            raise UsageError(
                gettext("another entrant is called {name}; nobody takes over an entry").format(
                    name=repr(name)
                )
            )

    # ------------------------------------------------------ start and clock

    def may_start(self, user: User | None) -> bool:
        return may_direct_event(user, self.creator, self.directors)

    @journaled
    def start(self, user: User | None, now: float) -> str:
        """The creator or a director starts it (None: its set time came)."""
        if user is not None and not self.may_start(user):
            raise UsageError(gettext("only the tournament's creator or a director starts it"))
        if self.run is not None:
            raise UsageError(gettext("the tournament has already started"))
        self._fill_with_bots()
        players = list(self.registration.players)
        if len(players) < 2:
            raise UsageError(
                gettext("a tournament needs 2 entrants or more; {count} registered").format(
                    count=len(players)
                )
            )
        self.bots = BotPlayers(list(self.bot_kinds), players, self.seed)
        for player in players:
            user_id = self.users.get(player)
            person = user_id is not None
            self.occupants[player] = Occupant(
                player,
                user_id,
                style=None if person else BOT_KIND,
                banks=self.clock.banks if person else 0,
                bot_account=player in self.bot_accounts,
                auto_muck=person and self.auto_muck,
            )
        self.started_at = self.now = now
        olympic = self.regulation.format is TournamentFormat.OLYMPIC
        run = TimedOlympicRun if olympic else TimedRun  # T-9: stage by stage
        self.run = run(
            self.regulation, players, self, random.Random(self.seed), listener=self._hear
        )
        self.start_at = None
        self._after_run(0)
        self.advance(now)
        if self.recurs and self.on_start is not None:
            self.on_start(self)
        return ngettext(
            "{name} has started: {count} entrant",
            "{name} has started: {count} entrants",
            len(players),
        ).format(name=self.name, count=len(players))

    def _fill_with_bots(self) -> None:
        """Bots up to ``fill_to`` entrants (within the regulation's cap)."""
        cap = self.regulation.max_entries or self.fill_to
        wanted = min(self.fill_to, cap) - len(self.registration.players)
        number = 0
        while wanted > 0:
            number += 1
            name = f"Bot {number}"  # machine words: a name given at creation (data)
            if name not in self.registration.players:
                self.registration.enter(name, at=0)
                wanted -= 1

    @journaled
    def mark_broadcast(self, user: User | None, table: int | None, now: float) -> str:
        """T-23: a director marks the broadcast table (None: back to the regulation's)."""
        self._check_director(user)
        self.advance(now)
        tables = sorted(n for n, room in self.rooms.items() if room.occupants)
        if table is not None and table not in tables:
            listed = ", ".join(map(str, tables)) or gettext("none yet")
            raise UsageError(
                gettext(
                    "table: one of the tables in play ({listed}), or blank; got {table}"
                ).format(listed=listed, table=table)
            )
        if table is not None and not self.regulation.observers:
            raise UsageError(gettext("this tournament takes no observers: nothing to broadcast"))
        self.broadcasting.mark(table)
        self._changed(every_table=True)
        shown = self.broadcasting.table(self)
        if shown is None:
            return gettext("no table is broadcast now")
        return gettext("table {number} is broadcast").format(number=shown)

    @journaled
    def pause_clock(self, user: User | None, now: float) -> str:
        """T-16: the director stops the clock; no hand is dealt until he resumes it."""
        self._check_director(user)
        self.advance(now)
        if self.run is None or self.run.over:
            raise UsageError(
                gettext("the tournament is {status}: its clock is not running").format(
                    status=status_text(self.status)
                )
            )
        if self.paused_at is not None:
            raise UsageError(gettext("the clock is already paused; resume it"))
        self.paused_at = now
        self._changed(every_table=True)
        return gettext("the clock is paused")

    @journaled
    def resume_clock(self, user: User | None, now: float) -> str:
        self._check_director(user)
        if self.paused_at is None:
            raise UsageError(gettext("the clock is not paused"))
        self.paused_for += now - self.paused_at
        self.paused_at = None
        self.advance(now)
        self._changed(every_table=True)
        return gettext("the clock runs again")

    def _check_director(self, user: User | None) -> None:
        if not may_direct_event(user, self.creator, self.directors):
            raise UsageError(
                gettext("only a tournament director pauses or resumes the clock (T-16)")
            )

    @journaled
    def advance(self, now: float) -> None:
        """Let the tournament's time act up to server time ``now``."""
        self.now = max(self.now, now)
        if self.run is None:
            if self.start_at is not None and now >= self.start_at:
                try:
                    self.start(None, now)
                except UsageError as error:  # worded for each reader (:mod:`.notices`)
                    count = len(self.registration.players)
                    why = (
                        Notice(
                            N_("a tournament needs 2 entrants or more; {count} registered"),
                            count=count,
                        )
                        if count < 2
                        else str(error)
                    )
                    notice = Notice(N_("not started at its time: {error}"), error=why)
                    self.start_at, self.notice = None, notice
                    self._changed()
            return
        if self.paused_at is None and not self.run.over:
            before = len(self.run.tournament.events)
            self.run.advance(self.clock_time(now) + EPSILON)
            self._after_run(before)

    # ------------------------------------------------- the run's tables

    def deal(self, dealt: DealtHand) -> None:
        """:class:`~pokerroom.tournament.timed.run.Tables`: a hand dealt at a table."""
        if self._sync() and self.on_change is not None:
            self.on_change(self)  # a table made for this hand is listed (its hands kept) first
        room = self.rooms[dealt.table]
        assert self.bots is not None
        if self.apart:
            self._offer(room, dealt)
            return
        bots = self.bots.bots_for(dealt.hand, dealt.players)
        for seat, bot in zip(dealt.seats, bots, strict=True):
            occupant = room.occupants[seat]
            if occupant.user is None:
                occupant.bot, occupant.style = bot, BOT_KIND
        room.deal(dealt, self.now)

    def _offer(self, room: TournamentTableRoom, dealt: DealtHand) -> None:
        """Apart: the hand goes to the table as an offer its owner takes (:mod:`.apart`)."""
        assert self.bots is not None
        number = self.offers_made.get(room.number, (0, None))[0] + 1
        self.offers_made[room.number] = number, dealt.hand.config
        self.last_hands.pop(room.number, None)  # T-17: the next hand started
        seats = self.bots.seats_apart(dealt.hand, dealt.players, room.number, number)
        bots = {
            position: BotSeat(*seats[position])
            for position, player in enumerate(dealt.players)
            if self.occupants[player].user is None
        }
        room.offers[number] = offered(number, dealt, self.occupants, bots)
        room.dirty = True
        if self.on_offer is not None:
            self.on_offer(room)

    @journaled
    def hand_done(self, table: int, record: Mapping[str, Any], now: float) -> bool:
        """Apart: ``table`` played its offered hand out (``record``: its
        :func:`~.apart.finished_to_json`); the run takes it as from a table of its own.
        Recorded once: the same hand again (or one never offered) changes nothing and says
        False; a record that does not replay is refused in one line."""
        run, room, offer = self.run, self.rooms.get(table), self.offers_made.get(table)
        if run is None or room is None or offer is None or not run.playing(table):
            return False
        number, config = offer
        if record.get("number") != number or number == self.hands_done.get(table):
            return False
        assert config is not None  # a table's closing is never played
        finished = finished_from_json(record, config)
        self.hands_done[table] = number
        self.last_hands[table] = LastHand(table, number, finished.hand, finished.at, finished.names)
        self.now = max(self.now, now)
        for name, (banks, out) in finished.seats.items():
            occupant = self.occupants.get(name)
            if occupant is not None:
                occupant.banks, occupant.sitting_out = banks, out
        self._hand_ended(room, finished.hand, finished.at, finished.people, finished.tape)
        self.advance(now)
        return True

    def re_enters(self, player: str) -> bool:
        return player not in self.users

    def see_standing(self, standing: Standing) -> None:
        if self.bots is not None:
            self.bots.see_standing(standing)

    def hand_over(self, room: TournamentTableRoom, hand: Hand, now: float) -> None:
        """A table's hand is over: a table people played on shows it for ``pause``
        seconds, a bots' table takes the run's simulated time."""
        people = any(occupant.user is not None for occupant in room.hand_occupants)
        self._hand_ended(room, hand, now, people, hand_frame(room, hand))

    def _hand_ended(
        self,
        room: TournamentTableRoom,
        hand: Hand,
        now: float,
        people: bool,
        tape: BroadcastHandFrame,
    ) -> None:
        run = self.run
        assert run is not None
        self.broadcasting.taped(room.number, tape)
        if people:
            at = self.clock_time(max(now, self.now)) + self.pause * self.speed
        else:
            at = run.now + HAND_SECONDS + ACTION_SECONDS * decisions(hand)
        run.hand_over(room.number, hand, at)

    def _hear(self, event: TournamentEvent) -> None:
        """The run's listener: moves and busts are news for the people concerned."""
        if self.run is None:
            return  # the draw at the start: the tables are seated from the floor
        if isinstance(event, Seated):
            self._moved(event)
        elif isinstance(event, BustOut):
            self._busted(event)
        if isinstance(event, BustOut | Entered | LevelStarted | BreakStarted | Won):
            self._changed(every_table=True)
        if isinstance(event, LevelStarted):
            self._add_banks(event.level.number)

    def _moved(self, event: Seated) -> None:
        move = event.move
        user = self.users.get(move.player)
        if user is None:
            return
        self._sync()
        target = self.rooms[move.target.table]
        # Worded again for the reader when his frame is built (:mod:`.notices`).
        where = Notice(
            N_("table {table} seat {seat}"), table=move.target.table, seat=move.target.seat
        )
        source = move.source
        if source is None or source.table == move.target.table:
            target.notices[user] = Notice(N_("your seat: {where}"), where=where)
            return
        reason = MOVE_WORDS.get(move.reason)
        words = f"({move.reason.value})" if reason is None else Notice(reason)
        old = self.rooms[source.table]
        old.moved_away[user] = target.id
        old.notices[user] = Notice(N_("you move {why}: now at {where}"), why=words, where=where)
        old.dirty = True
        target.notices[user] = Notice(
            N_("you moved here from table {table} {why}"), table=source.table, why=words
        )

    def _busted(self, event: BustOut) -> None:
        user = self.users.get(event.player)
        if user is None:
            return
        prize = prize_now(self.log(), event.place, tied_from=event.tied_from, tied=event.tied)
        money = (
            Notice(N_("prize {amount}"), amount=partial(number_text, prize))
            if prize
            else Notice(N_("no prize"))
        )
        for room in self.rooms.values():
            if any(o.user == user for o in room.hand_occupants):
                room.notices[user] = Notice(
                    N_(
                        "you are out in {place} place: {money}; "
                        "stay to watch, or re-enter if the tournament allows it"
                    ),
                    place=partial(place_text, event.place),
                    money=money,
                )

    def _add_banks(self, level: int) -> None:
        """A-18: the banks the regulation adds to every person still in at a level."""
        shot = self.regulation.shot_clock
        if shot is None:
            return
        added = sum(banks for at, banks in shot.time_banks.added if at == level)
        log = self.log()
        for name, occupant in self.occupants.items():
            record = log.players.get(name)
            if added and occupant.user is not None and record is not None and record.place is None:
                occupant.banks += added

    def _after_run(self, events_before: int) -> None:
        """Seat the tables as the floor left them; the lobby changed if the log grew."""
        self._sync()
        assert self.run is not None
        if len(self.run.tournament.events) != events_before:
            self._changed()

    def _sync(self) -> bool:
        """Every table room seats whom the floor seats there now (T-4 … T-8); whether a
        new table room was made for it."""
        run = self.run
        assert run is not None
        on_floor = set()
        made = False
        for view in run.floor.tables():
            on_floor.add(view.number)
            made = made or view.number not in self.rooms
            room = self._room(view.number, view.size)
            if self.apart:
                continue  # a table seats its own at each hand it takes (:mod:`.apart`)
            wanted = {seat: self.occupants[name] for seat, name in view.seats}
            if wanted != room.occupants:
                room.occupants, room.dirty = wanted, True
                for occupant in wanted.values():
                    if occupant.user is not None:
                        room.moved_away.pop(occupant.user, None)
        for number, room in self.rooms.items():
            if self.apart:
                self._close_apart(room, broken=number not in on_floor)
            elif number not in on_floor and room.occupants and not run.playing(number):
                room.occupants, room.status, room.dirty = {}, "closed", True
        return made

    def _close_apart(self, room: TournamentTableRoom, *, broken: bool) -> None:
        """Apart: a table the floor broke is offered its closing as its next step, which
        its own journal takes as it takes a hand (:mod:`.apart`); once."""
        number = room.number
        last, config = self.offers_made.get(number, (0, None))
        if not broken or config is None or self.run is None or self.run.playing(number):
            return
        self.offers_made[number] = last + 1, None
        room.offers[last + 1] = Offer(last + 1, None, (), {})
        room.dirty = True
        if self.on_offer is not None:
            self.on_offer(room)

    def _room(self, number: int, size: int, *, opened: bool = True) -> TournamentTableRoom:
        room = self.rooms.get(number)
        if room is None:
            room = TournamentTableRoom(
                f"{self._id}.t{number}",
                self,
                number,
                table_size=size,
                clock=self.clock,
                grace=self.grace,
            )
            self.rooms[number] = room
            if opened and self.apart and self.journal is not None and self.on_table is not None:
                self.on_table(room)
        room.table_size = max(size, room.table_size) if room.hand is not None else size
        return room

    def table(self, number: int) -> TournamentTableRoom:
        """Table ``number``, made if the floor has not opened it here yet: apart, a table's
        journal may be replayed before the director's that opened it (:mod:`.apart`)."""
        room = self.rooms.get(number)
        if room is None:
            return self._room(number, self.regulation.table_size, opened=False)
        return room

    def directed(self) -> None:
        """A director acted (:mod:`.directing`): the tables seated as the floor left them,
        every table's header fresh."""
        self._sync()
        self._changed(every_table=True)

    def _changed(self, *, every_table: bool = False) -> None:
        self.dirty = True
        if every_table:
            for room in self.rooms.values():
                room.dirty = True
        if self.on_change is not None:
            self.on_change(self)

    # ---------------------------------------------------------- what is shown

    def header(self, viewer: User | None) -> TournamentHeaderFrame:
        """The tournament header of a table for ``viewer`` (his place; public numbers)."""
        return views.header(self, viewer)

    def lobby(self, viewer: User | None) -> TournamentFrame:
        """The ``tournament`` frame: the page's and ``/api/tournaments/<id>``'s."""
        return views.lobby(self, viewer)

    def table_of(self, viewer: User | None) -> str | None:
        """The room ``viewer`` sits in now, if any."""
        if viewer is None:
            return None
        for room in self.rooms.values():
            if room.seat_of_user(viewer.id) is not None:
                return room.id
        return None
