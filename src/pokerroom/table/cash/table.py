"""A cash table as online rooms run one: players come and go, buy in, top up and sit out.

The same shape as :class:`~pokerroom.table.series.Series`: :meth:`CashTable.start_hand`
deals an :class:`~pokerroom.engine.Hand`, :meth:`CashTable.finish_hand` applies it
and returns a :class:`CashHandRecord`. Between the two the table only takes the
players' seat requests; a hand in progress is never changed by them.

Seat rules (decisions where the rules are silent, as online rooms play):

- **Sit down** on a free seat with a buy-in inside the range; any other amount is
  refused and nothing changes. In a blinds game a new player waits for the big
  blind or posts one to play at once (:mod:`pokerroom.table.cash.markers`); Stud
  and the bomb pot have no blinds, so he is dealt the next hand.
- **Sit out**: from the next hand he is not dealt in (not even dead, unlike a
  tournament's away seat, H-9). When the big blind passes his seat while he is
  out he has *missed his blinds*: coming back he waits for the big blind, or posts
  the big blind live and the small blind dead. A player left without chips is
  dealt nothing until he tops up, and misses his blinds as if he sat out.
- **Top up** between hands, up to the maximum buy-in; never while he is in a hand
  (H-2, table stakes). A player not in the hand being played may top up.
- **Leave**: at once between hands (his chips leave with him); from a hand he is
  in, his seat is freed at the hand's end with what he has then.

>>> table = CashTable(CashSettings(small_blind=1, big_blind=2, seats=6), seed=4)
>>> for seat, name in ((1, "Ann"), (3, "Bob"), (5, "Cy")):
...     table.sit(seat, name, 200)
>>> hand = table.start_hand()
>>> while hand.phase == "bet":
...     hand.check_or_call()
>>> record = table.finish_hand(hand)
>>> sum(record.stacks_after.values())
600
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field

from pokerroom.deck import Deck, DeckOrder
from pokerroom.engine import Hand, HandConfig, Options
from pokerroom.errors import UsageError
from pokerroom.i18n import N_
from pokerroom.said import Said
from pokerroom.table.cash.markers import Plan, SeatState, plan_hand
from pokerroom.table.cash.rake import RakeTaken, take_rake
from pokerroom.table.cash.settings import CashSettings
from pokerroom.table.cash.wording import buy_in_refusal, top_up_refusal
from pokerroom.table.seating import Blinds, positions
from pokerroom.table.straddle import NO_STRADDLES, straddle_amount, straddle_position


@dataclass
class CashSeat:
    """One occupied seat."""

    name: str
    chips: int
    sitting_out: bool = False
    waiting: bool = False
    """Waiting for the big blind: new, or back after missing his blinds."""
    posts: bool = False
    """While waiting: post a big blind to play at once instead."""
    missed: bool = False
    """The big blind passed him while he sat out: the small blind is owed dead too."""
    leaving: bool = False
    """Leaves when the hand he is in ends."""
    straddles: bool = False
    """His standing choice: straddle whenever the table's straddle comes to him."""

    @property
    def can_play(self) -> bool:
        return self.chips > 0 and not self.sitting_out and not self.leaving

    @property
    def owes(self) -> bool:
        """Waiting for the big blind, or owing a post to play before it."""
        return self.waiting or self.missed


@dataclass(frozen=True, slots=True)
class CashHandRecord:
    """What one hand did to the table; seats are the table's seat numbers."""

    number: int
    button: int
    small_blind: int | None
    big_blind: int
    seats: tuple[int, ...]
    """The seats dealt in, in the engine's position order (the button last)."""
    names: tuple[str, ...]
    """The players' names in that order (for the hand history)."""
    posts: dict[int, int]
    """Live big blinds posted to come in, by seat."""
    dead: dict[int, int]
    """Dead small blinds posted with them, by seat (missed blinds)."""
    stacks_before: dict[int, int]
    stacks_after: dict[int, int]
    rake: RakeTaken
    """P-9: what the house took; ``rake.by_position`` goes to ``write_phh(..., rake=)``."""
    cashed_out: dict[int, int]
    """Seats freed at the hand's end (a player who left during it) and the chips he took."""
    straddle: int | None = None
    """The seat that straddled, if any (:mod:`pokerroom.table.straddle`)."""


@dataclass
class CashTable:
    """A cash table; seats are numbered 1 … ``settings.seats`` clockwise."""

    settings: CashSettings = field(default_factory=CashSettings)
    seed: int | None = None
    """Only for a reproducible table (tests); None: every deck a secure shuffle (C-3)."""
    seats: dict[int, CashSeat] = field(init=False, default_factory=dict)
    markers: Blinds | None = field(init=False, default=None)
    """The markers of the hand being played or the last one."""
    hands_played: int = field(init=False, default=0)
    current: Hand | None = field(init=False, default=None)
    deck: Deck | None = field(init=False, default=None)
    hand_seed: int | None = field(init=False, default=None)
    _order: tuple[int, ...] = field(init=False, default=())
    _posted: frozenset[int] = field(init=False, default=frozenset())
    _stacks_before: dict[int, int] = field(init=False, default_factory=dict)
    _posts: dict[int, int] = field(init=False, default_factory=dict)
    _dead: dict[int, int] = field(init=False, default_factory=dict)
    straddled: int | None = field(init=False, default=None)
    """The seat that straddled the hand being played or the last one, if any."""

    def __post_init__(self) -> None:
        # C-3: the first button and every deck from the secure source unless seeded
        self._rng = secrets.SystemRandom() if self.seed is None else random.Random(self.seed)
        self.options = Options.profile(
            self.settings.profile,
            smallest_chip=self.settings.smallest_chip,
            run_it_twice=self.settings.run_it_twice,
        )

    # ------------------------------------------------------------ seat requests

    def sit(self, seat: int, name: str, buy_in: int, *, post: bool = False) -> None:
        """Take a free seat with a buy-in in the range; wait for the big blind or ``post``."""
        settings = self.settings
        if type(seat) is not int or not 1 <= seat <= settings.seats:
            raise UsageError(
                Said(
                    N_("seat {seat} is not at this table: seats are 1 to {seats}"),
                    seat=repr(seat),
                    seats=settings.seats,
                )
            )
        if seat in self.seats:
            raise UsageError(
                Said(
                    N_("seat {seat} is taken; free seats: {free}"),
                    seat=seat,
                    free=self._free_seats(),
                )
            )
        if not name or any(player.name == name for player in self.seats.values()):
            raise UsageError(
                Said(N_("{name} cannot sit: a player sits at one seat of a table"), name=repr(name))
            )
        refused = buy_in_refusal(settings.min_buy_in, settings.max_buy_in, buy_in)
        if refused is not None:
            raise UsageError(refused)
        waiting = settings.blinds_game and self.markers is not None
        self.seats[seat] = CashSeat(name, buy_in, waiting=waiting, posts=post)

    def sit_out(self, seat: int) -> None:
        """Not dealt in from the next hand on (a hand he is in plays on)."""
        self._seat(seat).sitting_out = True

    def sit_in(self, seat: int, *, post: bool = False) -> None:
        """Back in: dealt the next hand, or, having missed his blinds, wait or ``post``."""
        player = self._seat(seat)
        player.sitting_out = False
        player.posts = post

    def choose_post(self, seat: int, post: bool) -> None:
        """While waiting for the big blind: post one to play at once, or wait again."""
        self._seat(seat).posts = post

    def choose_straddle(self, seat: int, straddle: bool) -> None:
        """His standing choice: straddle whenever the straddle comes to him, or not."""
        player = self._seat(seat)
        if self.settings.straddle == "off":
            raise UsageError(NO_STRADDLES)
        player.straddles = straddle

    def top_up(self, seat: int, chips: int) -> None:
        """Add chips between hands, up to the maximum buy-in (H-2: never in a hand)."""
        player = self._seat(seat)
        if self.current is not None and seat in self._order:
            raise UsageError(
                Said(
                    N_("{name} is in a hand: chips can be added only between hands (H-2)"),
                    name=player.name,
                )
            )
        refused = top_up_refusal(self.settings.max_buy_in, player.chips, chips, player.name)
        if refused is not None:
            raise UsageError(refused)
        player.chips += chips

    def leave(self, seat: int) -> int | None:
        """Leave with his chips: at once (returns them) or, in a hand, at its end (None)."""
        player = self._seat(seat)
        if self.current is not None and seat in self._order:
            player.leaving = True
            return None
        del self.seats[seat]
        return player.chips

    def _seat(self, seat: int) -> CashSeat:
        player = self.seats.get(seat)
        if player is None or player.leaving:
            taken = ", ".join(str(s) for s in sorted(self.seats)) or Said(N_("none"))
            raise UsageError(
                Said(
                    N_("nobody sits at seat {seat}; seats taken: {taken}"),
                    seat=repr(seat),
                    taken=taken,
                )
            )
        return player

    def _free_seats(self) -> str:
        free = [str(s) for s in range(1, self.settings.seats + 1) if s not in self.seats]
        return ", ".join(free) or Said(N_("none"))

    # ------------------------------------------------------------------ hands

    def _plan(self) -> Plan | None:
        states = {
            seat: SeatState(player.can_play, player.owes, player.posts)
            for seat, player in self.seats.items()
        }
        return plan_hand(
            self.markers,
            states,
            size=self.settings.seats,
            posted_last=self._posted,
            choose=self._rng.choice,
        )

    def can_deal(self) -> bool:
        """Whether two players are ready: a table with fewer deals nothing."""
        return self.current is None and self._plan() is not None

    def start_hand(self, dealt: DeckOrder | None = None, *, auto_showdown: bool = True) -> Hand:
        """Deal the next hand (markers by :mod:`~pokerroom.table.cash.markers`).

        ``dealt`` deals a saved hand in progress again, its cards in their saved order.
        """
        if self.current is not None:
            raise UsageError(Said(N_("a hand is being played; finish it before dealing the next")))
        plan = self._plan()
        if plan is None:
            raise UsageError(Said(N_("fewer than two players are ready to play: no hand is dealt")))
        if self.settings.blinds_game:
            for seat in plan.missed:
                self.seats[seat].missed = True
        config = self._config(plan)
        if dealt is not None:
            self.deck = Deck.again(dealt)
        elif self.seed is not None:
            self.hand_seed = self._rng.getrandbits(64)
            self.deck = Deck(rng=random.Random(self.hand_seed))
        else:
            self.deck = Deck()
        self.current = Hand(config, self.deck, auto_showdown=auto_showdown)
        return self.current

    def _config(self, plan: Plan) -> HandConfig:
        settings = self.settings
        markers = plan.markers
        order = tuple(positions(markers, list(plan.dealt), settings.seats))
        small_poster = markers.small_blind_poster(order)
        self._posts = dict.fromkeys(sorted(plan.posters), settings.big_blind)
        self._dead = {
            seat: settings.small_blind for seat in sorted(plan.posters) if self.seats[seat].missed
        }
        blinds = [
            settings.big_blind
            if seat == markers.big_blind
            else settings.small_blind
            if seat == small_poster
            else -self._posts.get(seat, 0)  # a live post (negative: HandConfig)
            for seat in order
        ]
        stacks = [self.seats[seat].chips for seat in order]
        may = straddle_position(
            blinds, big_blind=settings.big_blind, stacks=stacks, mode=settings.straddle
        )
        self.straddled = None
        if may is not None and self.seats[order[may]].straddles:  # his standing choice
            blinds[may] = straddle_amount(settings.big_blind)
            self.straddled = order[may]
        antes = [settings.ante + self._dead.get(seat, 0) for seat in order]
        bring_in = 0
        variant = settings.variant
        if variant.stud:  # V-5: antes and a bring-in of the small blind's size, no blinds
            blinds, bring_in = [], settings.small_blind
            antes = [settings.ante or settings.small_blind] * len(order)
        elif variant.boards > 1:  # V-4: everyone antes the big blind, no blinds
            blinds, antes = [], [settings.ante or settings.big_blind] * len(order)
        for seat in plan.dealt:  # dealt in: whatever he waited for is settled
            player = self.seats[seat]
            player.waiting = player.posts = player.missed = False
        self.markers = markers
        self._order = order
        self._posted = plan.posters
        self._stacks_before = {seat: self.seats[seat].chips for seat in order}
        return HandConfig(
            variant=variant,
            limit=settings.limit,
            stacks=tuple(self._stacks_before.values()),
            min_bet=settings.big_blind,
            blinds=tuple(blinds),
            antes=tuple(antes) if any(antes) else (),
            bring_in=bring_in,
            options=self.options,
        )

    def seat_of(self, position: int) -> int:
        """The seat of an engine position in the hand being played or the last one."""
        return self._order[position]

    @property
    def order(self) -> tuple[int, ...]:
        """The seats of the hand being played or the last one, in position order."""
        return self._order

    def finish_hand(self, hand: Hand) -> CashHandRecord:
        """Apply a finished hand: the rake (P-9), the stacks, the seats freed at its end."""
        if hand is not self.current or hand.phase != "done":
            raise UsageError(  # the caller's mistake: no player can cause it
                "the hand is not finished yet, or not this table's hand"  # machine words
            )
        markers = self.markers
        assert markers is not None
        rake = take_rake(hand, self.settings.rake)
        after = {
            seat: hand.stacks[position] - rake.by_position[position]
            for position, seat in enumerate(self._order)
        }
        names = tuple(self.seats[seat].name for seat in self._order)
        cashed_out: dict[int, int] = {}
        for seat, chips in after.items():
            player = self.seats[seat]
            player.chips = chips
            if player.leaving:
                cashed_out[seat] = self.seats.pop(seat).chips
        self.hands_played += 1
        self.current = None
        return CashHandRecord(
            number=self.hands_played,
            button=markers.button,
            small_blind=markers.small_blind_poster(self._order)
            if self.settings.blinds_game
            else None,
            big_blind=markers.big_blind,
            seats=self._order,
            names=names,
            posts=dict(self._posts),
            dead=dict(self._dead),
            stacks_before=dict(self._stacks_before),
            stacks_after=after,
            rake=rake,
            cashed_out=cashed_out,
            straddle=self.straddled,
        )
