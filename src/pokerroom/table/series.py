"""The home series of seed 001 (H-1 … H-8): hands in a row until one player has every chip.

A :class:`Series` seats players, moves the button and blinds by the dead-button
rule (:mod:`pokerroom.table.seating`), builds each hand for the engine, and after
the hand applies the result: stacks, eliminations (H-2) and the places they earn.
It can stop on time, ranking by chips with ties as draws (H-3).

>>> from pokerroom.deck import Deck
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
from dataclasses import dataclass, field

from pokerroom.cards import ALL_CARDS
from pokerroom.deck import Deck
from pokerroom.engine import HOLDEM, Hand, HandConfig, Limit, Options, Variant
from pokerroom.errors import UsageError
from pokerroom.table.seating import MAX_SEATS, Blinds, first_blinds, next_blinds, positions


@dataclass(frozen=True, slots=True)
class SeriesSettings:
    """H-1 defaults: No-limit Hold'em, 200 chips, blinds 1/2, no ante, blinds never rise.

    Games without blinds use the same numbers: Stud antes and brings in the small
    blind with the big blind as small bet; the bomb pot antes the big blind.
    """

    variant: Variant = HOLDEM
    limit: Limit = Limit.NO_LIMIT
    stack: int = 200
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    profile: str = "home"
    mixed: bool = False
    """B-6: alternate fixed-limit and pot-limit hands, starting with fixed-limit."""
    orbit: int = 0
    """B-6: hands per structure; 0 means one orbit, as many hands as players seated."""


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
    seats: dict[int, _Seat] = field(init=False)
    blinds: Blinds | None = field(init=False, default=None)
    hands_played: int = field(init=False, default=0)
    stopped: bool = field(init=False, default=False)
    _rng: random.Random = field(init=False)
    limit: Limit = field(init=False)
    """The structure of the hand being played (B-6 switches it in a mixed series)."""
    _hands_in_structure: int = field(init=False, default=0)
    current: Blinds | None = field(init=False, default=None)
    """The markers of the hand being played."""

    def __post_init__(self) -> None:
        variant = self.settings.variant
        if not 2 <= len(self.names) <= min(MAX_SEATS, variant.max_players):
            raise UsageError(
                f"a {variant.name} series seats 2 to {min(MAX_SEATS, variant.max_players)} "
                f"players, got {len(self.names)} (H-1, V-0)"
            )
        self.options = Options.profile(self.settings.profile)
        if self.seed is None:  # kept, so a saved series can be dealt again and resumed
            self.seed = secrets.randbits(64)
        self._rng = random.Random(self.seed)
        self.hand_seed: int | None = None
        """The seed of the current hand's deck (C-3)."""
        self.seats = {
            number: _Seat(name, self.settings.stack)
            for number, name in enumerate(self.names, start=1)
        }
        self.limit = Limit.FIXED_LIMIT if self.settings.mixed else self.settings.limit

    @property
    def seated(self) -> list[int]:
        """Seats of players who still have chips."""
        return [seat for seat, player in self.seats.items() if player.chips > 0]

    @property
    def is_over(self) -> bool:
        return self.stopped or len(self.seated) <= 1

    def _first_button(self) -> int:
        """H-4: at random (home), on the last seat (club), or by high card (sport, C-2)."""
        seated = self.seated
        if self.settings.profile == "club":
            return max(seated)
        if self.settings.profile == "sport":
            cards = self._rng.sample(ALL_CARDS, len(seated))
            return max(zip(cards, seated, strict=True), key=lambda pair: pair[0].index)[1]
        return self._rng.choice(seated)

    def start_hand(self, *, auto_showdown: bool = True) -> Hand:
        """Deal the next hand: markers moved by H-5 … H-7, a fresh shuffle (C-3).

        ``auto_showdown=False`` leaves show or muck to the players (P-5), as at the table.
        """
        if self.is_over:
            raise UsageError("the series is over; no more hands can be dealt")
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
            marks = first_blinds(seated, self._first_button())
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
            stacks=tuple(self.seats[seat].chips for seat in order),
            min_bet=settings.big_blind,
            blinds=tuple(blinds),
            antes=(ante,) * len(order) if ante else (),
            bring_in=bring_in,
            options=self.options,
        )
        self.current = marks
        self._order = order
        self.hand_seed = self._rng.getrandbits(64)
        return Hand(config, Deck(rng=random.Random(self.hand_seed)), auto_showdown=auto_showdown)

    def seat_of(self, position: int) -> int:
        """The seat of an engine position in the hand being played."""
        return self._order[position]

    def finish_hand(self, hand: Hand) -> HandRecord:
        """Apply a finished hand: stacks, eliminations (H-2), the markers for the next hand."""
        if hand.phase != "done" or self.current is None:
            raise UsageError("the hand is not finished yet")
        marks = self.current
        before = {seat: self.seats[seat].chips for seat in self._order}
        self.hands_played += 1
        eliminated = []
        for position, seat in enumerate(self._order):
            player = self.seats[seat]
            player.chips = hand.stacks[position]
            if player.chips == 0:
                player.out_after = self.hands_played
                player.stack_before_bust = before[seat]
                eliminated.append(seat)
        self.blinds = marks
        self.current = None
        return HandRecord(
            number=self.hands_played,
            button=marks.button,
            small_blind=marks.small_blind_poster(list(before)),
            big_blind=marks.big_blind,
            stacks_before=before,
            stacks_after={seat: self.seats[seat].chips for seat in self._order},
            eliminated=tuple(eliminated),
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
