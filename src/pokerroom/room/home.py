"""A home-series table on the web: seats owned by users, bots, the clock, and the hands.

:class:`HomeRoom` is a :class:`pokerroom.room.seam.Room`: pure and deterministic, told who
sent what and what time it is. Players take seats while the table is waiting; the host
starts the series (or it starts by itself once every seat is taken) and from then on the
seats are the series' players (H-2: nobody joins or re-buys). Each hand is a
:class:`~pokerroom.table.series.Series` hand: bots act at once, people act through
:meth:`HomeRoom.handle` or have their pre-action sent for them (X-3), the shot clock acts
for whoever runs out of time (A-18), and away seats are dealt and killed (H-9, H-11).
A short pause shows each hand's result before the next is dealt. The hand itself is
played by :class:`~pokerroom.room.live.LiveRoom`, which a cash table shares.
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerroom.bots import Bot
from pokerroom.bots.registry import bot_kinds, make_bot
from pokerroom.engine import Hand
from pokerroom.i18n import gettext, ngettext
from pokerroom.protocol import client as msg
from pokerroom.protocol.frames import GameFrame, StandingFrame, StraddleYouFrame
from pokerroom.room.clock import ShotClock
from pokerroom.room.live import LiveRoom, Seating
from pokerroom.room.occupants import Occupant
from pokerroom.room.results import hand_result
from pokerroom.room.seam import Outcome, User
from pokerroom.room.seated import no
from pokerroom.room.snapshot import game_frame
from pokerroom.table.away import kill_dead_hands
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.table.straddle import choice_refusal


class HomeRoom(LiveRoom):
    """One home-series table; see the module docstring.

    ``seats`` is the table size; ``bots`` puts a bot of a
    :func:`~pokerroom.bots.registry.bot_kinds` style in a seat; ``host`` is the user who
    may start the series (None: any seated player); ``grace`` is how long a dropped
    connection may last before the player is away for the next deal (H-11); ``pause`` the
    seconds between hands.
    """

    kind = "home"

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
        self.settings = settings or SeriesSettings()
        most = min(10, self.settings.variant.max_players)
        if not 2 <= seats <= most:
            sizes = f"2 to {most} seats, got {seats} (V-0)"  # machine words
            game = self.settings.variant.name
            raise ValueError(f"a {game} table has {sizes}")  # machine words: the lobby checks first
        super().__init__(room_id, table_size=seats, clock=clock, grace=grace, pause=pause)
        self.host = host
        self.seed = seed
        self.max_hands = max_hands
        for seat, style in (bots or {}).items():
            self._check_seat_number(seat)
            if style not in bot_kinds():
                styles = ", ".join(bot_kinds())
                raise ValueError(f"unknown bot style {style!r}; styles: {styles}")  # machine words
            bot = make_bot(style, None if seed is None else seed + seat)
            name = f"Bot {seat}"  # machine words: a name given at creation (data)
            self.occupants[seat] = Occupant(name, None, bot, style)
        self.straddlers: set[int] = set()
        """Room seats whose player straddles whenever the straddle comes to him."""
        self.series: Series | None = None
        self.seat_order: list[int] = []
        """Room seats in series-seat order (series seat ``i + 1`` is ``seat_order[i]``)."""

    @classmethod
    def playing(
        cls,
        room_id: str,
        series: Series,
        people: Mapping[int, User],
        bots: Mapping[int, tuple[str, Bot]],
        *,
        clock: ShotClock | None = None,
        pause: float = 4.0,
        auto_muck: bool = False,
    ) -> HomeRoom:
        """A table that plays ``series`` (a terminal's, new or resumed) from
        :meth:`go_on`: each series seat is the room seat of the same number, a person's
        (``people``) or a bot's (``bots``: its style and the bot); ``auto_muck`` mucks the
        people's losing hands at showdown unasked (P-5)."""
        room = cls(room_id, settings=series.settings, seats=len(series.seats), clock=clock)
        room.seed, room.max_hands, room.pause = series.seed, series.max_hands, pause
        for seat, player in series.seats.items():
            user = people.get(seat)
            if user is not None:
                room.occupants[seat] = Occupant(
                    player.name, user.id, banks=room.clock.banks, auto_muck=auto_muck
                )
            else:
                style, bot = bots[seat]
                room.occupants[seat] = Occupant(player.name, None, bot, style)
        room.series, room.seat_order = series, sorted(room.occupants)
        room.status = "pause"
        return room

    def go_on(self, now: float, hand: Hand | None = None) -> None:
        """Go on with the series: ``hand`` at its last decision (a resumed hand in
        progress), else the next hand dealt now."""
        series = self.series
        assert series is not None
        if hand is None:
            self._next_hand(now)
            return
        seats = tuple(self.seat_order[series.seat_of(p) - 1] for p in range(hand.players))
        self._dealt(hand, seats, series.hands_played + 1, now)
        self._drive(now)

    # ------------------------------------------------- what the snapshot shows

    def game_frame(self) -> GameFrame:
        settings = self.settings
        return game_frame(
            settings.variant,
            settings.limit,
            small_blind=settings.small_blind,
            big_blind=settings.big_blind,
            ante=settings.ante,
            mixed=settings.mixed,
            straddle=settings.straddle,
            run_it_twice=settings.run_it_twice,
        )

    def straddle_choice(self, seat: int) -> StraddleYouFrame | None:
        mode = self.settings.straddle
        return None if mode == "off" else {"mode": mode, "on": seat in self.straddlers}

    def marks(self) -> tuple[int | None, int | None, int | None]:
        """The button, small blind and big blind seats (H-5 … H-7); none in Stud."""
        series = self.series
        marks = None if series is None else series.current or series.blinds
        if marks is None or self.settings.variant.stud:
            return None, None, None
        order = self.seat_order
        small = marks.small_blind_poster(list(range(1, len(order) + 1)))
        blinds = self.hand is not None and bool(self.hand.config.blinds)
        return (
            order[marks.button - 1],
            order[small - 1] if blinds and small is not None else None,
            order[marks.big_blind - 1] if blinds else None,
        )

    def stack_of(self, seat: int) -> int:
        if self.series is None or seat not in self.seat_order:
            return self.settings.stack
        return self.series.seats[self.seat_order.index(seat) + 1].chips

    def is_away(self, seat: int) -> bool:
        return self.occupants[seat].sitting_out

    def is_out(self, seat: int) -> bool:
        series = self.series
        return (
            series is not None
            and seat in self.seat_order
            and series.seats[self.seat_order.index(seat) + 1].out_after is not None
        )

    def hosts(self, user: int) -> bool:
        return self.host == user or (self.host is None and self.seat_of_user(user) is not None)

    def standings(self) -> list[StandingFrame]:
        series = self.series
        if series is None or self.status != "over":
            return []
        return [
            {
                "place": standing.place,
                "seat": self.seat_order[standing.seat - 1],
                "name": standing.name,
                "chips": standing.chips,
            }
            for standing in series.standings()
        ]

    @property
    def hands_played(self) -> int:
        return 0 if self.series is None else self.series.hands_played

    # ------------------------------------------------------------ messages

    def _seating(self, sender: User, message: Seating, now: float) -> Outcome:
        match message:
            case msg.Sit(seat=seat, buy_in=None, post=False):
                return self._sit(sender, seat, now)
            case msg.Sit():
                return no(
                    gettext(
                        "a home series gives every player the same stack: sit names a seat only"
                    ),
                    "buy_in",
                )
            case msg.Leave():
                return self._leave(sender)
            case msg.Start():
                return self._start(sender, now)
            case msg.SitOut():
                return self._sit_out(sender, out=True, now=now)
            case msg.SitIn():
                return self._sit_out(sender, out=False, now=now)
            case msg.Straddle(straddle=wanted):
                return self._straddle(sender, wanted)
        return no(  # top_up, post: a cash table's
            gettext(
                "{message} is for cash tables: a home series has no buy-ins or posts (H-2)"
            ).format(message=message.type),
            "not_cash",
        )

    def _sit(self, sender: User, seat: int, now: float) -> Outcome:
        started = gettext("the series has started: its players were seated at the start")  # H-2
        outcome = self._seat_before_start(sender, seat, started)
        if outcome.changed and len(self.occupants) == self.table_size:
            self._begin(now)
        return outcome

    def _leave(self, sender: User) -> Outcome:
        started = gettext(  # H-2; H-9: an away seat is dealt and killed
            "the series has started and you play it to the end; "
            "sit_out to be away from the next hand"
        )
        seat = self.seat_of_user(sender.id)
        outcome = self._unseat_before_start(sender, started)
        if outcome.changed:
            self.pending.pop(sender.id, None)
            self.straddlers.discard(seat or 0)
        return outcome

    def _start(self, sender: User, now: float) -> Outcome:
        if self.status != "waiting":
            return no(gettext("the series has already started"), "started")
        if self.host is not None and sender.id != self.host:
            return no(gettext("only the host starts the series"), "not_host")
        if self.host is None and self.seat_of_user(sender.id) is None:
            return no(gettext("take a seat first: a seated player starts the series"), "not_seated")
        if len(self.occupants) < 2:
            seated = len(self.occupants)
            return no(
                ngettext(
                    "a series needs 2 players or more; {count} seated",
                    "a series needs 2 players or more; {count} seated",
                    seated,
                ).format(count=seated),
                "players",
            )
        self._begin(now)
        return Outcome(True)

    def _sit_out(self, sender: User, *, out: bool, now: float) -> Outcome:
        occupant = self._away_change(sender, out=out)
        if isinstance(occupant, Outcome):
            return occupant
        occupant.sitting_out = out  # H-11: from the next deal; a hand dealt to you plays on
        if not out:
            self._resume_if_held(now)
        return Outcome(True)

    def _straddle(self, sender: User, wanted: bool) -> Outcome:
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return no(gettext("you have no seat at this table: take one to straddle"), "not_seated")
        refused = choice_refusal(self.settings.straddle, seat in self.straddlers, wanted)
        if refused is not None:
            return no(refused, "straddle")
        if wanted:  # from the next deal on
            self.straddlers.add(seat)
        else:
            self.straddlers.discard(seat)
        return Outcome(True)

    def _check_seat_number(self, seat: int) -> None:
        if not 1 <= seat <= self.table_size:
            where = f"seat {seat} is not at this table"  # machine words: the lobby checks first
            raise ValueError(f"{where}: seats are 1-{self.table_size}")  # machine words

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
        series.straddlers = {self.seat_order.index(s) + 1 for s in self.straddlers}
        hand = series.start_hand(auto_showdown=False)
        seats = tuple(self.seat_order[series.seat_of(p) - 1] for p in range(hand.players))
        self._dealt(hand, seats, series.hands_played + 1, now)
        away = {p for p in range(hand.players) if self.hand_occupants[p].away(now, self.grace)}
        kill_dead_hands(hand, away)  # H-9: dealt, killed, what they posted stays in
        self._drive(now)

    def _timed_out(self, position: int) -> None:
        self.hand_occupants[position].sitting_out = True  # until he sits in

    def _end_hand(self, now: float) -> None:
        hand, series = self.hand, self.series
        assert hand is not None and series is not None
        record = series.finish_hand(hand)
        self._finished(record)
        order = self.seat_order
        changes = {
            order[seat - 1]: after - record.stacks_before[seat]
            for seat, after in record.stacks_after.items()
        }
        eliminated = [order[seat - 1] for seat in record.eliminated]
        self._keep_result(hand_result(self, hand, record.number, changes, eliminated))
        if series.is_over:
            self.status = "over"
            return
        self.status = "pause"
        self.next_hand_at = now + self.pause
