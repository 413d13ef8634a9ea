"""The home series of seed 001 (H-1 … H-8): hands in a row until one player has every chip.

A :class:`Series` seats players, moves the button and blinds by the dead-button
rule (:mod:`pokerroom.table.seating`), builds each hand for the engine, and after
the hand applies the result: stacks, eliminations (H-2) and the places they earn.
It can stop on time or after a number of hands, ranking by chips with ties as
draws (H-3); both limits belong to the series, so a resumed series keeps them.

C-3: without a seed every hand's deck is a fresh shuffle from the operating
system's secure source, and nothing kept predicts the next hand's cards; with a
seed (tests, ``--seed``) the whole series is reproducible from it.

>>> from pokerroom.deck import Deck, DeckOrder
>>> series = Series(["Ann", "Bob", "Cy"], seed=3)
>>> hand = series.start_hand()
>>> while hand.phase == "bet":
...     hand.check_or_call()
>>> record = series.finish_hand(hand)
>>> sum(record.stacks_after.values())
600
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerroom.deck import Deck, DeckOrder
from pokerroom.engine import HOLDEM, Hand, HandConfig, Limit, Options, Variant
from pokerroom.errors import UsageError
from pokerroom.game_choices import game_name
from pokerroom.i18n import N_, Vocabulary, gettext, vocabulary_of_profile
from pokerroom.table.seating import (
    MAX_SEATS,
    Blinds,
    draw_first_button,
    first_blinds,
    next_blinds,
    positions,
)
from pokerroom.table.straddle import NO_STRADDLES, check_mode, straddle_amount, straddle_position

MAX_SECONDS = 366 * 24 * 3600
"""H-3: the longest playing time a series can be given, a year."""


def usual_limit(variant: Variant) -> Limit:
    """The structure a game is dealt in unless the players choose another.

    Stud is fixed-limit (V-5) and so is Draw, as in card rooms; Omaha, Hi-Lo and
    the bomb pot are pot-limit (V-2: "PL is the most common"); Hold'em no-limit (H-1).

    >>> from pokerroom.engine import VARIANTS
    >>> [usual_limit(VARIANTS[code]).value for code in ("holdem", "omaha", "stud", "draw")]
    ['no-limit', 'pot-limit', 'fixed-limit', 'fixed-limit']
    """
    if variant.stud or variant.code == "draw":
        return Limit.FIXED_LIMIT
    if variant.code.startswith(("omaha", "bomb-pot")):
        return Limit.POT_LIMIT
    return Limit.NO_LIMIT


@dataclass(frozen=True, slots=True)
class SeriesSettings:
    """H-1 defaults: No-limit Hold'em, 200 chips, blinds 1/2, no ante, blinds never rise.

    Games without blinds use the same numbers: Stud antes and brings in the small
    blind with the big blind as small bet; the bomb pot antes the big blind.
    Without a ``limit`` the game is dealt in its :func:`usual_limit` (Stud
    fixed-limit, V-5).

    >>> from pokerroom.engine import VARIANTS
    >>> SeriesSettings(VARIANTS["stud"]).limit
    <Limit.FIXED_LIMIT: 'fixed-limit'>
    """

    variant: Variant = HOLDEM
    limit: Limit = None  # type: ignore[assignment]  # None: the usual one, set on creation
    stack: int = 200
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    profile: str = "home"
    mixed: bool = False
    """B-6: alternate fixed-limit and pot-limit hands, starting with fixed-limit."""
    orbit: int = 0
    """B-6: hands per structure; 0 means one orbit, as many hands as players seated."""
    smallest_chip: int = 1
    """P-3: pots are split down to this chip."""
    straddle: str = "off"
    """The voluntary straddle: ``off``, ``utg`` or ``button`` (:mod:`pokerroom.table.straddle`)."""
    run_it_twice: bool = False
    """The host lets players all-in before the river run the board twice if all agree."""

    @property
    def vocabulary(self) -> Vocabulary:
        """The words of the rule book this table plays by: ``home`` (seed 001: «Фолд»,
        «Рейз») or ``club`` (seeds 000, 002: «Пас», «Рэйз»); an interface words the
        table inside ``use_language(language, settings.vocabulary)``."""
        return vocabulary_of_profile(self.profile)

    def __post_init__(self) -> None:
        if self.limit is None:
            object.__setattr__(self, "limit", usual_limit(self.variant))
        blinds_game = not self.variant.stud and self.variant.boards == 1
        check_mode(self.straddle, blinds_game=blinds_game)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What one hand did to the series (the JSON line of ``pokerroom play --json``)."""

    number: int
    button: int
    small_blind: int | None
    big_blind: int
    stacks_before: dict[int, int]
    stacks_after: dict[int, int]
    eliminated: tuple[int, ...]
    straddle: int | None = None
    """The seat that straddled, if any (:mod:`pokerroom.table.straddle`)."""


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    name: str
    place: int
    chips: int


@dataclass
class _Seat:
    name: str
    chips: int
    out_after: int | None = None
    """Hand number after which the player busted (H-2)."""
    stack_before_bust: int = 0


@dataclass
class Series:
    """A running series; seats are 1 … 10 in the order players were given."""

    names: list[str]
    settings: SeriesSettings = field(default_factory=SeriesSettings)
    seed: int | None = None
    """Only for a reproducible series; None: every deck a secure shuffle (C-3)."""
    max_hands: int | None = None
    """H-3: stop after this hand; None: no limit."""
    seconds_left: float | None = None
    """H-3: the playing time left; the clock runs only while the series is played."""
    seats: dict[int, _Seat] = field(init=False)
    blinds: Blinds | None = field(init=False, default=None)
    hands_played: int = field(init=False, default=0)
    stopped: bool = field(init=False, default=False)
    _rng: random.Random = field(init=False)
    deck: Deck | None = field(init=False, default=None)
    """The deck of the hand being played or the last one."""
    limit: Limit = field(init=False)
    """The structure of the hand being played (B-6 switches it in a mixed series)."""
    _hands_in_structure: int = field(init=False, default=0)
    current: Blinds | None = field(init=False, default=None)
    """The markers of the hand being played."""
    straddlers: set[int] = field(init=False, default_factory=set)
    """Seats that straddle whenever the table's straddle comes to them (their standing choice)."""
    straddled: int | None = field(init=False, default=None)
    """The seat that straddled the hand being played or the last one, if any."""

    def __post_init__(self) -> None:
        variant = self.settings.variant
        if not 2 <= len(self.names) <= min(MAX_SEATS, variant.max_players):
            raise UsageError(
                gettext(
                    N_("a {game} series seats 2 to {most} players, got {count} (H-1, V-0)")
                ).format(
                    game=game_name(variant.code),
                    most=min(MAX_SEATS, variant.max_players),
                    count=len(self.names),
                )
            )
        self._check_limits()
        self.options = Options.profile(
            self.settings.profile,
            smallest_chip=self.settings.smallest_chip,
            run_it_twice=self.settings.run_it_twice,
        )
        # C-3: the first button and every deck from the secure source unless seeded
        self._rng = secrets.SystemRandom() if self.seed is None else random.Random(self.seed)
        self.hand_seed: int | None = None
        """The seed of the current hand's deck in a seeded series (C-3); None otherwise."""
        self._deadline = None if self.seconds_left is None else time.monotonic() + self.seconds_left
        self.seats = {
            number: _Seat(name, self.settings.stack)
            for number, name in enumerate(self.names, start=1)
        }
        self.limit = Limit.FIXED_LIMIT if self.settings.mixed else self.settings.limit

    def _check_limits(self) -> None:
        if self.max_hands is not None and self.max_hands < 1:
            raise UsageError(
                gettext(N_("a series plays at least 1 hand, got a limit of {hands}")).format(
                    hands=self.max_hands
                )
            )
        if self.seconds_left is not None and not 0 <= self.seconds_left <= MAX_SECONDS:
            raise UsageError(
                gettext(N_("a series plays 0 to {most} minutes, got {minutes}")).format(
                    most=MAX_SECONDS // 60, minutes=self.seconds_left / 60
                )
            )

    @property
    def seated(self) -> list[int]:
        """Seats of players who still have chips."""
        return [seat for seat, player in self.seats.items() if player.chips > 0]

    @property
    def is_over(self) -> bool:
        return self.stopped or len(self.seated) <= 1

    def keep_limits(self, max_hands: int | None, seconds_left: float | None) -> None:
        """H-3: the limits of a resumed series, set once its hands are replayed; one that
        has played its last hand is over, one out of time stops after its next hand."""
        self.max_hands = max_hands
        self.seconds_left = seconds_left
        self._deadline = None if seconds_left is None else time.monotonic() + seconds_left
        self._check_limits()
        if max_hands is not None and self.hands_played >= max_hands:
            self.stop()

    def time_left(self) -> float | None:
        """Seconds of playing time left (H-3), None without a time limit."""
        if self._deadline is None:
            return None
        return max(self._deadline - time.monotonic(), 0.0)

    def choose_straddle(self, seat: int, straddle: bool) -> None:
        """A player's standing choice: straddle whenever the straddle comes to him, or not."""
        if self.settings.straddle == "off":
            raise UsageError(gettext(NO_STRADDLES))
        if seat not in self.seats:
            raise UsageError(
                gettext(N_("seat {seat} is not in this series: seats are 1 to {most}")).format(
                    seat=seat, most=len(self.seats)
                )
            )
        if straddle:
            self.straddlers.add(seat)
        else:
            self.straddlers.discard(seat)

    def _first_button(self) -> int:
        """H-4: at random (home), on the last seat (club), or by high card (sport, C-2)."""
        return draw_first_button(self.settings.profile, self.seated, self._rng)

    def start_hand(
        self,
        dealt: DeckOrder | None = None,
        *,
        auto_showdown: bool = True,
        first_button: int | None = None,
    ) -> Hand:
        """Deal the next hand: markers moved by H-5 … H-7, a fresh shuffle (C-3).

        ``dealt`` deals a saved hand in progress again, its cards in their saved order;
        ``auto_showdown=False`` leaves show or muck to the players (P-5), as at the table;
        ``first_button`` is the first hand's button when it was drawn before (H-4).
        """
        config = self._next_config(first_button)
        if self.seed is not None:
            self.hand_seed = self._rng.getrandbits(64)
            self.deck = Deck(rng=random.Random(self.hand_seed))
        else:
            self.deck = Deck() if dealt is None else Deck.again(dealt)
        return Hand(config, self.deck, auto_showdown=auto_showdown)

    def replay_record(self, record: HandRecord, seats: Sequence[int]) -> None:
        """Go on past a hand played before, from its record alone: no cards are dealt.

        The markers are moved as :meth:`start_hand` moves them (and a seeded series
        draws the same numbers), so the series goes on exactly as it would have; the
        record must match them, and its stacks become the series' stacks.
        """
        first = None if self.seed is not None or self.blinds is not None else record.button
        if first is not None and first not in self.seated:
            raise UsageError(f"hand {record.number} has its button on an empty seat {first}")
        self._next_config(first_button=first)  # H-4: the first button was drawn, not redrawn
        self.straddled = record.straddle
        if self.seed is not None:
            self.hand_seed = self._rng.getrandbits(64)
        marks = self.current
        assert marks is not None
        before = {seat: self.seats[seat].chips for seat in self._order}
        follows = (
            record.number == self.hands_played + 1
            and list(seats) == self._order
            and (record.button, record.big_blind) == (marks.button, marks.big_blind)
            and record.small_blind == marks.small_blind_poster(list(before))
            and record.stacks_before == before
        )
        after = record.stacks_after
        chips_kept = (
            set(after) == set(before)
            and sum(after.values()) == sum(before.values())
            and min(after.values()) >= 0
        )
        if not (follows and chips_kept):
            raise UsageError(f"hand {record.number} does not follow from the hands before it")
        self._finish(dict(record.stacks_after))

    def first_button_of(self, seats: Sequence[int]) -> int | None:
        """The button of a first hand dealt to ``seats`` (by position), as drawn then (H-4);
        None once the series has dealt, or for seats no button deals in that order."""
        if self.blinds is not None:
            return None
        seated = self.seated
        return next(
            (b for b in seated if positions(first_blinds(seated, b), seated) == list(seats)),
            None,
        )

    def _next_config(self, first_button: int | None = None) -> HandConfig:
        """The next hand's markers (H-5 … H-7), structure (B-6) and config, not yet dealt;
        ``first_button`` is the first hand's button when it was drawn before (H-4)."""
        if self.is_over:
            raise UsageError(gettext(N_("the series is over; no more hands can be dealt")))
        seated = self.seated
        if self.settings.mixed:  # B-6, interpretation: switch after every orbit
            length = self.settings.orbit or len(seated)
            if self._hands_in_structure >= length:
                self.limit = (
                    Limit.POT_LIMIT if self.limit is Limit.FIXED_LIMIT else Limit.FIXED_LIMIT
                )
                self._hands_in_structure = 0
            self._hands_in_structure += 1
        if self.blinds is None:
            button = self._first_button() if first_button is None else first_button
            marks = first_blinds(seated, button)
        else:
            marks = next_blinds(self.blinds, seated)
        order = positions(marks, seated)
        settings = self.settings
        small_poster = marks.small_blind_poster(seated)
        blinds = [
            settings.big_blind
            if seat == marks.big_blind
            else settings.small_blind
            if seat == small_poster
            else 0
            for seat in order
        ]
        stacks = tuple(self.seats[seat].chips for seat in order)
        may = straddle_position(
            blinds, big_blind=settings.big_blind, stacks=stacks, mode=settings.straddle
        )
        self.straddled = None
        if may is not None and order[may] in self.straddlers:  # his standing choice
            blinds[may] = straddle_amount(settings.big_blind)
            self.straddled = order[may]
        variant = settings.variant
        ante = settings.ante
        bring_in = 0
        if variant.stud:  # V-5: antes and a bring-in of the small blind's size, no blinds
            blinds, ante, bring_in = [], ante or settings.small_blind, settings.small_blind
        elif variant.boards > 1:  # V-4: everyone antes the big blind, no blinds
            blinds, ante = [], ante or settings.big_blind
        config = HandConfig(
            variant=variant,
            limit=self.limit,
            stacks=stacks,
            min_bet=settings.big_blind,
            blinds=tuple(blinds),
            antes=(ante,) * len(order) if ante else (),
            bring_in=bring_in,
            options=self.options,
        )
        self.current = marks
        self._order = order
        return config

    def seat_of(self, position: int) -> int:
        """The seat of an engine position in the hand being played."""
        return self._order[position]

    def finish_hand(self, hand: Hand) -> HandRecord:
        """Apply a finished hand: stacks, eliminations (H-2), the markers for the next hand."""
        if hand.phase != "done" or self.current is None:
            raise UsageError(gettext(N_("the hand is not finished yet")))
        return self._finish(
            {seat: hand.stacks[position] for position, seat in enumerate(self._order)}
        )

    def _finish(self, after: dict[int, int]) -> HandRecord:
        """The hand's stacks applied, eliminations (H-2), and the limits checked (H-3)."""
        marks = self.current
        assert marks is not None
        before = {seat: self.seats[seat].chips for seat in self._order}
        self.hands_played += 1
        eliminated = []
        for seat in self._order:
            player = self.seats[seat]
            player.chips = after[seat]
            if player.chips == 0:
                player.out_after = self.hands_played
                player.stack_before_bust = before[seat]
                eliminated.append(seat)
        self.blinds = marks
        self.current = None
        out_of_hands = self.max_hands is not None and self.hands_played >= self.max_hands
        if out_of_hands or self.time_left() == 0:
            self.stop()  # H-3
        return HandRecord(
            number=self.hands_played,
            button=marks.button,
            small_blind=marks.small_blind_poster(list(before)),
            big_blind=marks.big_blind,
            stacks_before=before,
            stacks_after={seat: self.seats[seat].chips for seat in self._order},
            eliminated=tuple(eliminated),
            straddle=self.straddled,
        )

    def stop(self) -> None:
        """H-3: stop on time; the standings then rank by chips."""
        self.stopped = True

    def standings(self) -> list[Standing]:
        """Places: by chips while playing (H-3, ties share a place); busted players by when
        they busted, later is better, and in one hand by the larger stack before it (H-2)."""

        def key(seat: int) -> tuple[int, int, int]:
            player = self.seats[seat]
            if player.chips > 0:
                return (1, player.chips, 0)
            assert player.out_after is not None
            return (0, player.out_after, player.stack_before_bust)

        ordered = sorted(self.seats, key=key, reverse=True)
        result: list[Standing] = []
        for index, seat in enumerate(ordered):
            tied = result and key(ordered[index - 1]) == key(seat)
            place = result[-1].place if tied else index + 1
            player = self.seats[seat]
            result.append(Standing(seat, player.name, place, player.chips))
        return result
